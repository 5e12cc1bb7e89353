package mpi;

import java.net.InetAddress;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.BsendArena;
import org.hympj.comm.data.Compound;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.ReductionOps;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.events.CallEvents;
import org.hympj.comm.events.CallTotals;
import org.hympj.comm.events.RankEvent;
import org.hympj.comm.match.MatchingEngine;
import org.hympj.comm.match.RankActivity;
import org.hympj.comm.match.ThreadOperations;
import org.hympj.comm.runtime.Bootstrap;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;
import org.hympj.comm.io.ParallelFile;
import org.hympj.comm.rma.BufferAddresses;
import org.hympj.comm.rma.Window;
import org.hympj.comm.runtime.Job;
import org.hympj.comm.runtime.LauncherJoin;
import org.hympj.comm.runtime.RankRuntime;

/**
 * The entry point of the mpiJava 1.2 API: initialisation, the predefined communicators,
 * datatypes and constants.
 *
 * <p>Under {@code hympjrun} each thread rank has its own copy of this class (its own class
 * loader), so {@code COMM_WORLD} and every other static here belong to one rank. A program
 * started with plain {@code java} runs as a job of one rank.
 */
public class MPI {
    /** The source of a receive or probe that matches a message from any rank. */
    public static final int ANY_SOURCE = MatchingEngine.ANY_SOURCE;
    /** The tag of a receive or probe that matches a message with any tag. */
    public static final int ANY_TAG = MatchingEngine.ANY_TAG;
    /** The rank of no process: a send to it or a receive from it does nothing and completes at once. */
    public static final int PROC_NULL = CommunicatorCore.PROC_NULL;
    /**
     * The value of a result that has none: a rank outside a group, an index when no request is active, a colour that
     * joins no communicator.
     */
    public static final int UNDEFINED = -1;
    /** Extra bytes of the attached buffer each buffered send uses besides its data. */
    public static final int BSEND_OVERHEAD = BsendArena.OVERHEAD;
    /** The largest tag a message may carry. */
    public static final int TAG_UB_VALUE = Integer.MAX_VALUE;

    /** Results of {@code Comm.Compare} and {@code Group.Compare}. */
    public static final int IDENT = 0;
    /** A result of {@code Comm.Compare}: the communicators differ but have the same group in the same order. */
    public static final int CONGRUENT = 3;
    /** A result of {@code Comm.Compare} and {@code Group.Compare}: the same members in another order. */
    public static final int SIMILAR = 1;
    /** A result of {@code Comm.Compare} and {@code Group.Compare}: different members. */
    public static final int UNEQUAL = 2;

    /** Results of {@code Comm.Topo_test}. */
    public static final int GRAPH = 1;
    /** A result of {@code Comm.Topo_test}: the communicator has a Cartesian grid. */
    public static final int CART = 2;

    /** Attribute keys of {@code MPI.COMM_WORLD} for {@code Attr_get}. */
    public static final int TAG_UB = 100;
    /** The attribute key of the rank that is the host, if any ({@code PROC_NULL} in HyMPJ). */
    public static final int HOST = 101;
    /** The attribute key of a rank that can do I/O. */
    public static final int IO = 102;
    /** The attribute key that tells whether {@code Wtime} is synchronised across ranks. */
    public static final int WTIME_IS_GLOBAL = 103;

    /** A thread level: only one thread runs in the rank. */
    public static final int THREAD_SINGLE = 0;
    /** A thread level: only the thread that initialised MPI calls it. */
    public static final int THREAD_FUNNELED = 1;
    /** A thread level: any thread calls MPI, one at a time. */
    public static final int THREAD_SERIALIZED = 2;
    /** A thread level: any thread calls MPI at any time; the one HyMPJ provides. */
    public static final int THREAD_MULTIPLE = 3;

    /** No error. */
    public static final int SUCCESS = ErrorClass.SUCCESS;
    /**
     * An error class: a buffer argument is invalid (null with a count, too short for the items, or {@code MPI.IN_PLACE}
     * where it is not allowed).
     */
    public static final int ERR_BUFFER = ErrorClass.ERR_BUFFER;
    /** An error class: a count argument is invalid (negative). */
    public static final int ERR_COUNT = ErrorClass.ERR_COUNT;
    /**
     * An error class: a datatype argument is invalid (null, freed, not committed, or not of the buffer's element type).
     */
    public static final int ERR_TYPE = ErrorClass.ERR_TYPE;
    /** An error class: a tag argument is invalid (negative or above the tag bound, or {@code ANY_TAG} for a send). */
    public static final int ERR_TAG = ErrorClass.ERR_TAG;
    /**
     * An error class: a communicator argument is invalid ({@code COMM_NULL}, freed, or of the wrong kind for the call).
     */
    public static final int ERR_COMM = ErrorClass.ERR_COMM;
    /** An error class: a rank argument is not a rank of the communicator or group. */
    public static final int ERR_RANK = ErrorClass.ERR_RANK;
    /** An error class: a request argument is invalid. */
    public static final int ERR_REQUEST = ErrorClass.ERR_REQUEST;
    /** An error class: a root argument is not a rank of the communicator. */
    public static final int ERR_ROOT = ErrorClass.ERR_ROOT;
    /** An error class: a group argument is invalid. */
    public static final int ERR_GROUP = ErrorClass.ERR_GROUP;
    /** An error class: a reduction operation is invalid (null, freed, or not defined on the datatype). */
    public static final int ERR_OP = ErrorClass.ERR_OP;
    /** An error class: the communicator has no topology, or not the kind the call needs. */
    public static final int ERR_TOPOLOGY = ErrorClass.ERR_TOPOLOGY;
    /** An error class: the dimensions of a Cartesian grid are invalid. */
    public static final int ERR_DIMS = ErrorClass.ERR_DIMS;
    /** An error class: an argument of no more specific class is invalid. */
    public static final int ERR_ARG = ErrorClass.ERR_ARG;
    /** An error class: an error of no known class. */
    public static final int ERR_UNKNOWN = ErrorClass.ERR_UNKNOWN;
    /** An error class: a received message is longer than the receive buffer. */
    public static final int ERR_TRUNCATE = ErrorClass.ERR_TRUNCATE;
    /** An error class: an error of no other class, such as a call before {@code Init} or after {@code Finalize}. */
    public static final int ERR_OTHER = ErrorClass.ERR_OTHER;
    /** An error class: an error inside the runtime. */
    public static final int ERR_INTERN = ErrorClass.ERR_INTERN;
    /** An error class: a call on several requests failed; the statuses say which. */
    public static final int ERR_IN_STATUS = ErrorClass.ERR_IN_STATUS;
    /** An error class: a request has neither failed nor completed. */
    public static final int ERR_PENDING = ErrorClass.ERR_PENDING;
    /** The last error code of the standard; codes above it are the implementation's. */
    public static final int ERR_LASTCODE = ErrorClass.ERR_LASTCODE;

    /** The datatype of {@code byte} elements, in a {@code byte[]}. */
    public static final Datatype BYTE = new Datatype(ElementType.BYTE, "MPI.BYTE");
    /** The datatype of {@code char} elements, in a {@code char[]}. */
    public static final Datatype CHAR = new Datatype(ElementType.CHAR, "MPI.CHAR");
    /** The datatype of {@code short} elements, in a {@code short[]}. */
    public static final Datatype SHORT = new Datatype(ElementType.SHORT, "MPI.SHORT");
    /** The datatype of {@code boolean} elements, in a {@code boolean[]}. */
    public static final Datatype BOOLEAN = new Datatype(ElementType.BOOLEAN, "MPI.BOOLEAN");
    /** The datatype of {@code int} elements, in an {@code int[]}. */
    public static final Datatype INT = new Datatype(ElementType.INT, "MPI.INT");
    /** The datatype of {@code long} elements, in a {@code long[]}. */
    public static final Datatype LONG = new Datatype(ElementType.LONG, "MPI.LONG");
    /** The datatype of {@code float} elements, in a {@code float[]}. */
    public static final Datatype FLOAT = new Datatype(ElementType.FLOAT, "MPI.FLOAT");
    /** The datatype of {@code double} elements, in a {@code double[]}. */
    public static final Datatype DOUBLE = new Datatype(ElementType.DOUBLE, "MPI.DOUBLE");
    /**
     * The datatype of serializable Java objects, in an {@code Object[]}: they travel as Java serialization bytes, and
     * the receiving rank deserializes them with its own class loader.
     */
    public static final Datatype OBJECT = new Datatype(ElementType.OBJECT, "MPI.OBJECT");
    /** Bytes made by {@code Comm.Pack}, in a byte[]. */
    public static final Datatype PACKED = new Datatype(ElementType.BYTE, "MPI.PACKED");
    /** Pairs (value, index) for MAXLOC and MINLOC, two consecutive elements of the base array. */
    public static final Datatype SHORT2 = new Datatype(ElementType.SHORT, 2, "MPI.SHORT2");
    /** Pairs of ints (value, index) for MAXLOC and MINLOC. */
    public static final Datatype INT2 = new Datatype(ElementType.INT, 2, "MPI.INT2");
    /** Pairs of longs (value, index) for MAXLOC and MINLOC. */
    public static final Datatype LONG2 = new Datatype(ElementType.LONG, 2, "MPI.LONG2");
    /** Pairs of floats (value, index) for MAXLOC and MINLOC. */
    public static final Datatype FLOAT2 = new Datatype(ElementType.FLOAT, 2, "MPI.FLOAT2");
    /** Pairs of doubles (value, index) for MAXLOC and MINLOC. */
    public static final Datatype DOUBLE2 = new Datatype(ElementType.DOUBLE, 2, "MPI.DOUBLE2");
    /**
     * Bound markers: an {@code MPI.LB} ({@code MPI.UB}) entry of a {@code Datatype.Struct} sets
     * the new type's lower (upper) bound at its displacement, and so its extent, the distance
     * between consecutive items. They hold no elements.
     */
    public static final Datatype LB = Datatype.boundMarker(false);
    /** The upper-bound marker of {@code Datatype.Struct} (see {@link #LB}). */
    public static final Datatype UB = Datatype.boundMarker(true);
    /** MPJ Express's status of nothing received: source {@code ANY_SOURCE}, tag {@code ANY_TAG}, no elements. */
    public static final Status EMPTY_STATUS = Status.empty(ANY_SOURCE);

    /** The largest value. */
    public static final Op MAX = new Op(ReductionOps.MAX);
    /** The smallest value. */
    public static final Op MIN = new Op(ReductionOps.MIN);
    /** The sum. */
    public static final Op SUM = new Op(ReductionOps.SUM);
    /** The product. */
    public static final Op PROD = new Op(ReductionOps.PROD);
    /** The logical and. */
    public static final Op LAND = new Op(ReductionOps.LAND);
    /** The bitwise and. */
    public static final Op BAND = new Op(ReductionOps.BAND);
    /** The logical or. */
    public static final Op LOR = new Op(ReductionOps.LOR);
    /** The bitwise or. */
    public static final Op BOR = new Op(ReductionOps.BOR);
    /** The logical exclusive or. */
    public static final Op LXOR = new Op(ReductionOps.LXOR);
    /** The bitwise exclusive or. */
    public static final Op BXOR = new Op(ReductionOps.BXOR);
    /** On pair types: the largest value, and the smallest index among equal largest values. */
    public static final Op MAXLOC = new Op(ReductionOps.MAXLOC);
    /** On pair types: the smallest value, and the smallest index among equal smallest values. */
    public static final Op MINLOC = new Op(ReductionOps.MINLOC);

    private static final Datatype[] BASIC = {BYTE, CHAR, SHORT, BOOLEAN, INT, LONG, FLOAT, DOUBLE, OBJECT};

    /** The predefined datatype of an element type. */
    static Datatype basic(ElementType type) {
        return BASIC[type.ordinal()];
    }

    /**
     * Contexts are even for point-to-point traffic; the odd ones are kept for collectives. A
     * communicator takes {@link #CONTEXTS_PER_COMMUNICATOR} from its first: a pair for its
     * calls, and a pair for its non-blocking collectives (see {@link NonBlockingCollectives}).
     */
    static final int CONTEXTS_PER_COMMUNICATOR = 4;
    static final int WORLD_CONTEXT = 0;
    static final int SELF_CONTEXT = WORLD_CONTEXT + CONTEXTS_PER_COMMUNICATOR;

    // ---------------------------------------------------------------- MPJ Express and mpiJava 1.2 members

    /** The processors the JVM may use. */
    public static final int NUM_OF_PROCESSORS = Runtime.getRuntime().availableProcessors();
    /** Extra bytes a send needs besides its data, as for {@code Bsend}; a receive needs none. */
    public static final int SEND_OVERHEAD = BSEND_OVERHEAD;
    /** Extra bytes a receive needs besides its data: none. */
    public static final int RECV_OVERHEAD = 0;
    /** An MPI error in a call on the communicator ends the whole job (see {@link Errhandler}). */
    public static final Errhandler ERRORS_ARE_FATAL = new Errhandler(true, "MPI.ERRORS_ARE_FATAL");
    /** An MPI error in a call on the communicator raises MPIException in the caller; the initial handler. */
    public static final Errhandler ERRORS_RETURN = new Errhandler(false, "MPI.ERRORS_RETURN");
    /** The null request: {@code Is_null()} is true; the completion calls skip it. */
    public static final Request REQUEST_NULL = Request.nullRequest();
    /** The group of no processes. */
    public static final Group GROUP_EMPTY = Group.empty();
    /** The null group handle; it has no members. */
    public static final Group GROUP_NULL = Group.empty();
    /** The null communicator: {@code Is_null()} is true and any other call on it raises {@code ERR_COMM}. */
    public static final Comm COMM_NULL = Comm.nullCommunicator();

    /** The communicator of every rank of the job. */
    public static final Intracomm COMM_WORLD = new Intracomm("MPI.COMM_WORLD");
    /** The communicator of this rank alone. */
    public static final Intracomm COMM_SELF = new Intracomm("MPI.COMM_SELF");

    private static final int NEW = 0;
    private static final int ACTIVE = 1;
    private static final int FINALIZED = 2;

    /** The lowest context id this rank has not used (even: point-to-point; +1: collectives). */
    private static int nextContext = SELF_CONTEXT + CONTEXTS_PER_COMMUNICATOR;

    private static volatile int state = NEW;
    private static RankRuntime runtime;
    /** Set when mpirun or srun started this JVM as one rank: Finalize says goodbye to the others. */
    private static LauncherJoin.JoinedRank external;
    /** The blocking calls' operations, and which thread called Init (the main thread). */
    static ThreadOperations operations;
    private static int providedThreadLevel;
    private static BsendArena attachedBuffer;
    /** True when the attached buffer came as a ByteBuffer whose whole array is not at hand (direct, read-only, a slice). */
    private static boolean attachedCapacityOnly;
    private static String processorName;
    /** This rank's life from Init to Finalize while MPI calls are recorded; null otherwise. */
    private static RankEvent life;
    /** This rank's recorded calls by kind. */
    private static final CallTotals CALL_TOTALS = new CallTotals();

    MPI() {
    }

    /**
     * Initialises MPI for this rank and returns the program's own arguments (HyMPJ's
     * launcher passes none of its own, so this is a copy of {@code args}).
     *
     * @param args the arguments {@code main} received
     * @return the program's own arguments
     * @throws MPIException {@code MPI.ERR_OTHER} if {@code Init} has been called already on this rank, or
     *     {@code Finalize}
     */
    public static String[] Init(String[] args) {
        Init_thread(args, THREAD_SINGLE);
        return args == null ? new String[0] : args.clone();
    }

    /**
     * Initialises MPI and returns the thread level provided: always {@code THREAD_MULTIPLE},
     * since the engine lets any thread make any call (see {@code Job.THREAD_SUPPORT}).
     *
     * @param args the arguments {@code main} received
     * @param required the thread level the program needs: {@code MPI.THREAD_SINGLE}, {@code FUNNELED},
     *     {@code SERIALIZED} or {@code MULTIPLE}
     * @return {@code MPI.THREAD_MULTIPLE}
     * @throws MPIException {@code MPI.ERR_ARG} if {@code required} is not a thread level; {@code MPI.ERR_OTHER} if
     *     {@code Init} has been called already on this rank, or {@code Finalize}
     */
    public static int Init_thread(String[] args, int required) {
        if (required < THREAD_SINGLE || required > THREAD_MULTIPLE) {
            throw new MPIException(ERR_ARG, "required thread level " + required
                + " is not one of THREAD_SINGLE, THREAD_FUNNELED, THREAD_SERIALIZED, THREAD_MULTIPLE");
        }
        synchronized (MPI.class) {
            if (state == ACTIVE) {
                throw new MPIException(ERR_OTHER, "MPI.Init was already called on this rank");
            }
            if (state == FINALIZED) {
                throw new MPIException(ERR_OTHER, "MPI.Init was called after MPI.Finalize; MPI cannot be restarted");
            }
            RankRuntime rt = Bootstrap.launched(MPI.class.getClassLoader());
            if (rt == null) {
                rt = joinExternalLaunch();
            }
            operations = new ThreadOperations();
            COMM_WORLD.bind(rt, WORLD_CONTEXT, rt.rank(), rt.size(), null);
            COMM_SELF.bind(rt, SELF_CONTEXT, 0, 1, new int[] {rt.rank()});
            runtime = rt;
            providedThreadLevel = Job.THREAD_SUPPORT;
            state = ACTIVE;
            rt.engine().activity().phase(RankActivity.ACTIVE);
            life = CallEvents.rankStarts();
        }
        return providedThreadLevel;
    }

    /**
     * The rank of a JVM that {@code mpirun} or {@code srun} started, joined to the other ranks
     * through shared memory; a singleton job when no launcher started this JVM.
     */
    private static RankRuntime joinExternalLaunch() {
        try {
            external = LauncherJoin.joinNamedJob(System.getenv());
            return external == null ? Bootstrap.singleton() : external.rank();
        } catch (IllegalStateException e) {
            throw new MPIException(ERR_OTHER, e.getMessage());
        }
    }

    /**
     * {@return the thread level MPI was initialised with}
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static int Query_thread() {
        checkActive();
        return providedThreadLevel;
    }

    /**
     * {@return true if the calling thread is the one that called {@code Init}}
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static boolean Is_thread_main() {
        checkActive();
        return operations.calledByMainThread();
    }

    /** This rank's recorded calls by kind. */
    static CallTotals callTotals() {
        return CALL_TOTALS;
    }

    /**
     * Ends MPI on this rank; no MPI call may follow.
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static void Finalize() {
        LauncherJoin.JoinedRank launched;
        synchronized (MPI.class) {
            checkActive();
            launched = external;
        }
        RankActivity activity = runtime.engine().activity();
        activity.phase(RankActivity.FINALIZING);
        NonBlockingCollectives.endAll();
        File.releaseAll();
        Window.endAll(runtime);
        if (launched != null) {
            // No JVM of an mpirun/srun job leaves while another may still talk to it: MPI's
            // Finalize is collective in practice, and the goodbye must follow every rank's last call.
            COMM_WORLD.Barrier();
            launched.finish();
        }
        synchronized (MPI.class) {
            state = FINALIZED;
        }
        activity.phase(RankActivity.FINALIZED);
        CallEvents.rankEnds(life, CALL_TOTALS, runtime.rank(), runtime.size());
    }

    /**
     * {@return true once {@code Init} has been called on this rank, also after {@code Finalize}} Callable at any
     * time.
     */
    public static boolean Initialized() {
        return state != NEW;
    }

    /**
     * {@return true once {@code Finalize} has been called on this rank} Callable at any time.
     */
    public static boolean Finalized() {
        return state == FINALIZED;
    }

    /**
     * {@return elapsed wall-clock seconds since an arbitrary origin}
     */
    public static double Wtime() {
        return System.nanoTime() / 1e9;
    }

    /**
     * {@return the resolution of {@link #Wtime}, in seconds}
     */
    public static double Wtick() {
        return 1e-9;
    }

    /**
     * {@return the name of the host this rank runs on}
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static String Get_processor_name() {
        checkActive();
        synchronized (MPI.class) {
            if (processorName == null) {
                processorName = hostName();
            }
            return processorName;
        }
    }

    private static String hostName() {
        String env = System.getenv("HOSTNAME");
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return env != null && !env.isEmpty() ? env : "localhost";
        }
    }

    /**
     * Attaches the buffer that {@code Bsend} copies messages into.
     *
     * @param buffer the space for buffered messages, with {@code MPI.BSEND_OVERHEAD} bytes for each besides its data
     * @throws MPIException {@code MPI.ERR_BUFFER} if {@code buffer} is null; {@code MPI.ERR_OTHER} before {@code Init}
     *     or after {@code Finalize}
     */
    public static void Buffer_attach(byte[] buffer) {
        checkActive();
        if (buffer == null) {
            throw new MPIException(ERR_BUFFER, "Buffer_attach needs a byte[] buffer, got null");
        }
        attach(buffer, false);
    }

    /**
     * Attaches the buffer that {@code Bsend} copies messages into, as MPJ Express takes it: its
     * capacity is the space for buffered messages. A heap buffer's array holds them; a direct
     * (or read-only, or sliced) buffer lends its capacity only, and the messages are kept in
     * an array of that size.
     *
     * @param buffer the space for buffered messages, with {@code MPI.BSEND_OVERHEAD} bytes for each besides its data
     * @throws MPIException {@code MPI.ERR_BUFFER} if {@code buffer} is null; {@code MPI.ERR_OTHER} before {@code Init}
     *     or after {@code Finalize}
     */
    public static void Buffer_attach(ByteBuffer buffer) {
        checkActive();
        if (buffer == null) {
            throw new MPIException(ERR_BUFFER, "Buffer_attach needs a ByteBuffer, got null");
        }
        boolean wholeArray = buffer.hasArray() && buffer.arrayOffset() == 0 && buffer.array().length == buffer.capacity();
        attach(wholeArray ? buffer.array() : new byte[buffer.capacity()], !wholeArray);
    }

    private static void attach(byte[] space, boolean capacityOnly) {
        int attached;
        // The error is made after the lock: a fatal errhandler aborts the job in its constructor.
        synchronized (MPI.class) {
            if (attachedBuffer == null) {
                attachedBuffer = new BsendArena(space);
                attachedCapacityOnly = capacityOnly;
                return;
            }
            attached = attachedBuffer.capacity();
        }
        throw new MPIException(ERR_BUFFER, "a buffer of " + attached + " bytes is already attached; call MPI.Buffer_detach first");
    }

    /**
     * Waits until every buffered message has been delivered, detaches the buffer and returns
     * it: the array given to {@code Buffer_attach}, or the array of the ByteBuffer given to it
     * (null for one that only lent its capacity). MPJ Express's form returns nothing; a
     * program that calls it as a statement runs unchanged.
     *
     * @return the array that held the buffered messages, or null
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static byte[] Buffer_detach() {
        checkActive();
        BsendArena arena;
        boolean capacityOnly;
        synchronized (MPI.class) {
            arena = attachedBuffer;
            capacityOnly = attachedCapacityOnly;
            attachedBuffer = null;
        }
        if (arena == null) {
            throw new MPIException(ERR_BUFFER, "Buffer_detach was called but no buffer is attached");
        }
        try {
            arena.awaitEmpty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MPIException(ERR_OTHER, "interrupted while Buffer_detach waited for buffered messages", e);
        }
        return capacityOnly ? null : arena.buffer();
    }

    /**
     * Initialises MPI with the thread level {@code required} and returns the program's
     * arguments (MPJ Express's name; {@code provided}, an output in C, is not read).
     *
     * @param required the thread level the program needs: {@code MPI.THREAD_SINGLE}, {@code FUNNELED},
     *     {@code SERIALIZED} or {@code MULTIPLE}
     * @param provided not read: an output argument in C
     * @param argv the arguments {@code main} received
     * @return the program's own arguments
     * @throws MPIException {@code MPI.ERR_ARG} if {@code required} is not a thread level; {@code MPI.ERR_OTHER} if
     *     {@code Init} has been called already on this rank, or {@code Finalize}
     */
    public static String[] initThread(int required, int provided, String[] argv) {
        Init_thread(argv, required);
        return argv == null ? new String[0] : argv.clone();
    }

    /**
     * MPJ Express's name for {@link #Is_thread_main}.
     *
     * @return true if the calling thread is the one that called {@code Init}
     */
    public static boolean isMainThread() {
        return Is_thread_main();
    }

    /**
     * MPJ Express's name for {@link #Query_thread}.
     *
     * @return the thread level MPI was initialised with
     */
    public static int queryThread() {
        return Query_thread();
    }

    /**
     * Sets the errhandler of {@code MPI.COMM_WORLD}, which also handles errors of calls on no communicator.
     *
     * @param errhandler {@code MPI.ERRORS_RETURN} or {@code MPI.ERRORS_ARE_FATAL}
     */
    public static void Errorhandler_set(Errhandler errhandler) {
        COMM_WORLD.Errhandler_set(errhandler);
    }

    /**
     * {@return the errhandler of {@code MPI.COMM_WORLD}}
     */
    public static Errhandler Errorhandler_get() {
        return COMM_WORLD.Errhandler_get();
    }

    /**
     * The profiling control of MPI: HyMPJ has no profiling layer to tell, and as MPI
     * specifies for that case, the call does nothing. {@code level} 0 disables profiling,
     * 1 enables it, 2 flushes it; other levels, and {@code args}, mean what a profiler defines.
     *
     * @param level the profiling level: 0 disables, 1 enables, 2 flushes
     * @param args what a profiler defines for the level
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static void Pcontrol(int level, Object... args) {
        checkActive();
    }

    static BsendArena attachedBuffer() {
        synchronized (MPI.class) {
            return attachedBuffer;
        }
    }

    static synchronized int nextContext() {
        return nextContext;
    }

    static synchronized void contextsUsedBelow(int context) {
        nextContext = Math.max(nextContext, context);
    }

    static RankRuntime runtime() {
        return runtime;
    }

    static boolean isActive() {
        return state == ACTIVE;
    }

    /** Raises the error for a call made before {@code Init} or after {@code Finalize}. */
    static void checkActive() {
        int s = state;
        if (s != ACTIVE) {
            throw new MPIException(ERR_OTHER, s == NEW
                ? "MPI.Init has not been called on this rank; call it before any other MPI operation"
                : "MPI.Finalize has been called on this rank; no MPI operation is allowed after it");
        }
    }

    // ==== Open MPI face: environment, constants, buffers ====

    /** The error classes of MPI-2 and MPI-3, and Open MPI's {@code ERR_SYSRESOURCE}. */
    public static final int ERR_ACCESS = ErrorClass.ERR_ACCESS;
    /** An error class: a file's access mode is invalid. */
    public static final int ERR_AMODE = ErrorClass.ERR_AMODE;
    /** An error class: a one-sided synchronisation assertion is invalid. */
    public static final int ERR_ASSERT = ErrorClass.ERR_ASSERT;
    /** An error class: a file name is invalid. */
    public static final int ERR_BAD_FILE = ErrorClass.ERR_BAD_FILE;
    /** An error class: a base address is invalid. */
    public static final int ERR_BASE = ErrorClass.ERR_BASE;
    /** An error class: a data conversion function failed. */
    public static final int ERR_CONVERSION = ErrorClass.ERR_CONVERSION;
    /** An error class: a displacement is invalid. */
    public static final int ERR_DISP = ErrorClass.ERR_DISP;
    /** An error class: a data representation is registered already. */
    public static final int ERR_DUP_DATAREP = ErrorClass.ERR_DUP_DATAREP;
    /** An error class: the file exists. */
    public static final int ERR_FILE_EXISTS = ErrorClass.ERR_FILE_EXISTS;
    /** An error class: the file is in use. */
    public static final int ERR_FILE_IN_USE = ErrorClass.ERR_FILE_IN_USE;
    /** An error class: a file handle is invalid. */
    public static final int ERR_FILE = ErrorClass.ERR_FILE;
    /** An error class: an info key is invalid (empty or too long). */
    public static final int ERR_INFO_KEY = ErrorClass.ERR_INFO_KEY;
    /** An error class: an info object has no such key. */
    public static final int ERR_INFO_NOKEY = ErrorClass.ERR_INFO_NOKEY;
    /** An error class: an info value is invalid (too long). */
    public static final int ERR_INFO_VALUE = ErrorClass.ERR_INFO_VALUE;
    /** An error class: an info object is invalid. */
    public static final int ERR_INFO = ErrorClass.ERR_INFO;
    /** An error class: an I/O operation failed. */
    public static final int ERR_IO = ErrorClass.ERR_IO;
    /** An error class: an attribute key is invalid. */
    public static final int ERR_KEYVAL = ErrorClass.ERR_KEYVAL;
    /** An error class: a lock type is invalid. */
    public static final int ERR_LOCKTYPE = ErrorClass.ERR_LOCKTYPE;
    /** An error class: a service name is unknown. */
    public static final int ERR_NAME = ErrorClass.ERR_NAME;
    /** An error class: memory is exhausted. */
    public static final int ERR_NO_MEM = ErrorClass.ERR_NO_MEM;
    /** An error class: the ranks passed different arguments where they must pass the same. */
    public static final int ERR_NOT_SAME = ErrorClass.ERR_NOT_SAME;
    /** An error class: there is no space left on the device. */
    public static final int ERR_NO_SPACE = ErrorClass.ERR_NO_SPACE;
    /** An error class: the file does not exist. */
    public static final int ERR_NO_SUCH_FILE = ErrorClass.ERR_NO_SUCH_FILE;
    /** An error class: a port name is invalid. */
    public static final int ERR_PORT = ErrorClass.ERR_PORT;
    /** An error class: a quota is exceeded. */
    public static final int ERR_QUOTA = ErrorClass.ERR_QUOTA;
    /** An error class: the file is read-only. */
    public static final int ERR_READ_ONLY = ErrorClass.ERR_READ_ONLY;
    /** An error class: one-sided accesses conflict. */
    public static final int ERR_RMA_CONFLICT = ErrorClass.ERR_RMA_CONFLICT;
    /** An error class: a one-sided call is not properly synchronised. */
    public static final int ERR_RMA_SYNC = ErrorClass.ERR_RMA_SYNC;
    /** An error class: a service name cannot be unpublished. */
    public static final int ERR_SERVICE = ErrorClass.ERR_SERVICE;
    /** An error class: a size is invalid. */
    public static final int ERR_SIZE = ErrorClass.ERR_SIZE;
    /** An error class: processes could not be spawned. */
    public static final int ERR_SPAWN = ErrorClass.ERR_SPAWN;
    /** An error class: a data representation is not supported. */
    public static final int ERR_UNSUPPORTED_DATAREP = ErrorClass.ERR_UNSUPPORTED_DATAREP;
    /** An error class: an operation is not supported. */
    public static final int ERR_UNSUPPORTED_OPERATION = ErrorClass.ERR_UNSUPPORTED_OPERATION;
    /** An error class: a window is invalid. */
    public static final int ERR_WIN = ErrorClass.ERR_WIN;
    /** An error class: a system resource is exhausted (Open MPI's class). */
    public static final int ERR_SYSRESOURCE = ErrorClass.ERR_SYSRESOURCE;
    /** An access outside the target's window (MPI-3's class). */
    public static final int ERR_RMA_RANGE = ErrorClass.ERR_RMA_RANGE;
    /** Memory that cannot be attached to a dynamic window (MPI-3's class). */
    public static final int ERR_RMA_ATTACH = ErrorClass.ERR_RMA_ATTACH;
    /** Memory that the window's ranks cannot share, as ranks of different nodes (MPI-3's class). */
    public static final int ERR_RMA_SHARED = ErrorClass.ERR_RMA_SHARED;
    /** A call the window's flavour does not allow, or an unknown flavour (MPI-3's class). */
    public static final int ERR_RMA_FLAVOR = ErrorClass.ERR_RMA_FLAVOR;
    /** The null datatype: it describes no data, and every call that would use it raises {@code ERR_TYPE}. */
    public static final Datatype DATATYPE_NULL = Datatype.nullType();
    /**
     * The (value, index) pairs of MAXLOC and MINLOC in bytes, laid out as C lays out a struct
     * of the value and an int; read and write them with {@link #shortInt}, {@link #longInt},
     * {@link #floatInt} and {@link #doubleInt} on a {@code ByteBuffer} or {@code byte[]}.
     * {@code MPI.INT2} serves both faces: two consecutive ints of an {@code int[]}, or of a
     * {@code ByteBuffer} read through {@link #int2}.
     */
    public static final Datatype SHORT_INT = Datatype.predefined(TypeMap.valueIndexPair(Compound.SHORT_INT, "MPI.SHORT_INT"));
    /** The pair of a long value and an int index (see {@link #SHORT_INT}). */
    public static final Datatype LONG_INT = Datatype.predefined(TypeMap.valueIndexPair(Compound.LONG_INT, "MPI.LONG_INT"));
    /** The pair of a float value and an int index (see {@link #SHORT_INT}). */
    public static final Datatype FLOAT_INT = Datatype.predefined(TypeMap.valueIndexPair(Compound.FLOAT_INT, "MPI.FLOAT_INT"));
    /** The pair of a double value and an int index (see {@link #SHORT_INT}). */
    public static final Datatype DOUBLE_INT = Datatype.predefined(TypeMap.valueIndexPair(Compound.DOUBLE_INT, "MPI.DOUBLE_INT"));
    /** Complex numbers: a real and an imaginary part, two consecutive elements of a float[] or double[] (or their buffers). */
    public static final Datatype FLOAT_COMPLEX = Datatype.predefined(TypeMap.complex(ElementType.FLOAT, "MPI.FLOAT_COMPLEX"));
    /** Complex numbers of two doubles (see {@link #FLOAT_COMPLEX}). */
    public static final Datatype DOUBLE_COMPLEX = Datatype.predefined(TypeMap.complex(ElementType.DOUBLE, "MPI.DOUBLE_COMPLEX"));

    /** The structs of the pair datatypes, to read and write pairs in a buffer. */
    public static final Int2 int2 = new Int2();
    /** The struct of {@link #SHORT_INT}. */
    public static final ShortInt shortInt = new ShortInt();
    /** The struct of {@link #LONG_INT}. */
    public static final LongInt longInt = new LongInt();
    /** The struct of {@link #FLOAT_INT}. */
    public static final FloatInt floatInt = new FloatInt();
    /** The struct of {@link #DOUBLE_INT}. */
    public static final DoubleInt doubleInt = new DoubleInt();

    static {
        // Open MPI's INT2 is a struct of two ints, whose queries count bytes.
        INT2.countedInBytes();
    }

    /** One-sided accumulation's operations; a reduction with either raises {@code ERR_OP}. */
    public static final Op REPLACE = new Op(ReductionOps.REPLACE);
    /** The one-sided operation that leaves the target as it is (see {@link #REPLACE}). */
    public static final Op NO_OP = new Op(ReductionOps.NO_OP);

    /** The null info object, and the one that tells how the job was started (see {@link Info}). */
    public static final Info INFO_NULL = Info.nullInfo();
    /** The info object that tells how the job was started (see {@link Info}). */
    public static final Info INFO_ENV = Info.environment();

    /** More attribute keys of {@code MPI.COMM_WORLD} and of windows. */
    public static final int APPNUM = 104;
    /** The attribute key of the last error code in use. */
    public static final int LASTUSEDCODE = 105;
    /** The attribute key of the number of processes the job may have. */
    public static final int UNIVERSE_SIZE = 106;
    /** The attribute key of a window's base. */
    public static final int WIN_BASE = 107;
    /** The attribute key of a window's size in bytes. */
    public static final int WIN_SIZE = 108;
    /** The attribute key of a window's displacement unit in bytes. */
    public static final int WIN_DISP_UNIT = 109;

    /** The version of the MPI standard implemented: 3.1. */
    public static final int VERSION = 3;
    /** The minor version of the MPI standard implemented (see {@link #VERSION}). */
    public static final int SUBVERSION = 1;

    /** The root of an intercommunicator collective names itself so; the other ranks of its group pass {@code PROC_NULL}. */
    public static final int ROOT = -4;
    /** The value of an attribute key that is not valid, as a freed key becomes. */
    public static final int KEYVAL_INVALID = -1;

    /** Length limits of names, ports, data representations and info keys and values, in characters. */
    public static final int MAX_OBJECT_NAME = 64;
    /** The longest port name (see {@link #MAX_OBJECT_NAME}). */
    public static final int MAX_PORT_NAME = 1024;
    /** The longest data representation name (see {@link #MAX_OBJECT_NAME}). */
    public static final int MAX_DATAREP_STRING = 128;
    /** The longest info key (see {@link #MAX_OBJECT_NAME}). */
    public static final int MAX_INFO_KEY = 36;
    /** The longest info value (see {@link #MAX_OBJECT_NAME}). */
    public static final int MAX_INFO_VAL = 256;

    /** Array orders and distributions of the array datatype constructors. */
    public static final int ORDER_C = 0;
    /** Array elements stored column by column (see {@link #ORDER_C}). */
    public static final int ORDER_FORTRAN = 1;
    /** Each process holds a block of the dimension. */
    public static final int DISTRIBUTE_BLOCK = 0;
    /** The elements of the dimension are dealt to the processes in turn. */
    public static final int DISTRIBUTE_CYCLIC = 1;
    /** The dimension is not distributed. */
    public static final int DISTRIBUTE_NONE = 2;
    /** The default distribution argument. */
    public static final int DISTRIBUTE_DFLT_DARG = -1;

    /** File access modes, the current view's displacement, and seek origins (Open MPI's values). */
    public static final int MODE_CREATE = ParallelFile.MODE_CREATE;
    /** Open a file for reading only. */
    public static final int MODE_RDONLY = ParallelFile.MODE_RDONLY;
    /** Open a file for writing only. */
    public static final int MODE_WRONLY = ParallelFile.MODE_WRONLY;
    /** Open a file for reading and writing. */
    public static final int MODE_RDWR = ParallelFile.MODE_RDWR;
    /** Delete a file when it is closed. */
    public static final int MODE_DELETE_ON_CLOSE = ParallelFile.MODE_DELETE_ON_CLOSE;
    /** No other opens of a file happen at the same time. */
    public static final int MODE_UNIQUE_OPEN = ParallelFile.MODE_UNIQUE_OPEN;
    /** Raise an error if a file created exists already. */
    public static final int MODE_EXCL = ParallelFile.MODE_EXCL;
    /** Set the file pointers at the end of a file when it is opened. */
    public static final int MODE_APPEND = ParallelFile.MODE_APPEND;
    /** A file is accessed sequentially only. */
    public static final int MODE_SEQUENTIAL = ParallelFile.MODE_SEQUENTIAL;
    /** A view's displacement: the current position of the shared file pointer. */
    public static final int DISPLACEMENT_CURRENT = -54278278;
    /** Seek to an offset from the start of the view. */
    public static final int SEEK_SET = ParallelFile.SEEK_SET;
    /** Seek to an offset from the current position. */
    public static final int SEEK_CUR = ParallelFile.SEEK_CUR;
    /** Seek to an offset from the end of the file. */
    public static final int SEEK_END = ParallelFile.SEEK_END;

    /** Assertions of one-sided synchronisation, and lock types. */
    public static final int MODE_NOCHECK = 1;
    /** A one-sided assertion: the fence does not complete any local sequence of accesses. */
    public static final int MODE_NOPRECEDE = 2;
    /** A one-sided assertion: the local window is not updated by puts or accumulates until the next synchronisation. */
    public static final int MODE_NOPUT = 4;
    /** A one-sided assertion: the local window was not updated by local stores since the last synchronisation. */
    public static final int MODE_NOSTORE = 8;
    /** A one-sided assertion: the fence does not start any sequence of accesses. */
    public static final int MODE_NOSUCCEED = 16;
    /** A lock type: no other process accesses the window while it is held. */
    public static final int LOCK_EXCLUSIVE = 1;
    /** A lock type: other processes holding shared locks access the window too. */
    public static final int LOCK_SHARED = 2;

    /**
     * Initialises MPI and returns the thread level provided, {@code THREAD_MULTIPLE} (Open MPI's name for
     * {@link #Init_thread}).
     *
     * @param args the arguments {@code main} received
     * @param required the thread level the program needs: {@code MPI.THREAD_SINGLE}, {@code FUNNELED},
     *     {@code SERIALIZED} or {@code MULTIPLE}
     * @return {@code MPI.THREAD_MULTIPLE}
     * @throws MPIException {@code MPI.ERR_ARG} if {@code required} is not a thread level; {@code MPI.ERR_OTHER} if
     *     {@code Init} has been called already on this rank, or {@code Finalize}
     */
    public static int InitThread(String[] args, int required) {
        return Init_thread(args, required);
    }

    /**
     * {@return true if the calling thread is the one that initialised MPI}
     */
    public static boolean isThreadMain() {
        return Is_thread_main();
    }

    /**
     * {@return true once {@code Init} has been called, also after {@code Finalize}}
     */
    public static boolean isInitialized() {
        return Initialized();
    }

    /** {@return true once {@code Finalize} has been called on this rank} */
    public static boolean isFinalized() {
        return Finalized();
    }

    /**
     * {@return elapsed wall-clock seconds since an arbitrary origin}
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static double wtime() {
        checkActive();
        return Wtime();
    }

    /**
     * {@return the resolution of {@link #wtime}, in seconds}
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static double wtick() {
        checkActive();
        return Wtick();
    }

    /**
     * {@return the name of the host this rank runs on}
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static String getProcessorName() {
        return Get_processor_name();
    }

    /**
     * {@return the version of the MPI standard implemented, 3.1; callable before {@code Init}}
     */
    public static Version getVersion() {
        return new Version(VERSION, SUBVERSION);
    }

    /**
     * {@return a line naming this library and the MPI version it implements; callable before {@code Init}}
     */
    public static String getLibVersion() {
        Package p = MPI.class.getPackage();
        String version = p == null ? null : p.getImplementationVersion();
        return "HyMPJ" + (version == null ? "" : " " + version) + ", pure-Java MPI " + VERSION + "." + SUBVERSION
            + " (mpiJava 1.2 and Open MPI Java APIs)";
    }

    /**
     * Attaches the buffer that buffered sends copy messages into (Open MPI's name for {@link #Buffer_attach(byte[])}).
     *
     * @param buffer the space for buffered messages, with {@code MPI.BSEND_OVERHEAD} bytes for each besides its data
     */
    public static void attachBuffer(byte[] buffer) {
        Buffer_attach(buffer);
    }

    /**
     * Attaches a buffer of {@code buffer.capacity()} bytes for buffered sends, as {@link #Buffer_attach(ByteBuffer)}
     * does.
     *
     * @param buffer the space for buffered messages, with {@code MPI.BSEND_OVERHEAD} bytes for each besides its data
     */
    public static void attachBuffer(ByteBuffer buffer) {
        Buffer_attach(buffer);
    }

    /**
     * Waits until every buffered message has been delivered, detaches the buffer and returns
     * it: the array attached, or the array of a heap ByteBuffer attached; null for a direct one.
     *
     * @return the array that held the buffered messages, or null for a direct buffer
     */
    public static byte[] detachBuffer() {
        return Buffer_detach();
    }

    /**
     * The profiling control: HyMPJ has no profiling layer, so this does nothing.
     *
     * @param level the profiling level: 0 disables, 1 enables, 2 flushes
     * @param obj what a profiler defines for the level
     */
    public static void pControl(int level, Object obj) {
        Pcontrol(level, obj);
    }

    /**
     * The address of {@code buf}'s element 0 ({@code MPI_GET_ADDRESS}), its position ignored: the
     * displacement of the buffer in a dynamic window ({@link Win#Win(Info, Comm)}) it is attached
     * to, and element {@code i} lies {@code i} times the element size (in bytes) after it. Java
     * gives no address of memory, so the JVM gives each buffer object a range of addresses of its
     * own on first asking; the same buffer object keeps its address while it lives, and a slice or
     * duplicate of it is another buffer with another address. Addresses are below 2^31, so they
     * fit the {@code int} displacements of {@link Win#put} and its kin. HyMPJ's addition: Open
     * MPI's Java API has no such call.
     * @param buf the buffer
     * @return the address of element 0 of {@code buf}
     * @throws MPIException {@code ERR_BUFFER} for a null buffer; {@code ERR_NO_MEM} if no free
     *                      range of addresses is long enough
     */
    public static long getAddress(Buffer buf) throws MPIException {
        checkActive();
        if (buf == null) {
            throw new MPIException(ERR_BUFFER, "getAddress: the buffer is null");
        }
        try {
            return BufferAddresses.of(buf, (long) buf.capacity() * Win.elementBytes(buf));
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * {@return a direct buffer of {@code capacity} bytes, in the platform's byte order}
     *
     * @param capacity the number of elements
     */
    public static ByteBuffer newByteBuffer(int capacity) {
        return ByteBuffer.allocateDirect(checkedCapacity("newByteBuffer", capacity, 1)).order(ByteOrder.nativeOrder());
    }

    /**
     * {@return a direct buffer of {@code capacity} chars, in the platform's byte order}
     *
     * @param capacity the number of elements
     */
    public static CharBuffer newCharBuffer(int capacity) {
        return ByteBuffer.allocateDirect(checkedCapacity("newCharBuffer", capacity, 2)).order(ByteOrder.nativeOrder())
            .asCharBuffer();
    }

    /**
     * {@return a direct buffer of {@code capacity} shorts, in the platform's byte order}
     *
     * @param capacity the number of elements
     */
    public static ShortBuffer newShortBuffer(int capacity) {
        return ByteBuffer.allocateDirect(checkedCapacity("newShortBuffer", capacity, 2)).order(ByteOrder.nativeOrder())
            .asShortBuffer();
    }

    /**
     * {@return a direct buffer of {@code capacity} ints, in the platform's byte order}
     *
     * @param capacity the number of elements
     */
    public static IntBuffer newIntBuffer(int capacity) {
        return ByteBuffer.allocateDirect(checkedCapacity("newIntBuffer", capacity, 4)).order(ByteOrder.nativeOrder())
            .asIntBuffer();
    }

    /**
     * {@return a direct buffer of {@code capacity} longs, in the platform's byte order}
     *
     * @param capacity the number of elements
     */
    public static LongBuffer newLongBuffer(int capacity) {
        return ByteBuffer.allocateDirect(checkedCapacity("newLongBuffer", capacity, 8)).order(ByteOrder.nativeOrder())
            .asLongBuffer();
    }

    /**
     * {@return a direct buffer of {@code capacity} floats, in the platform's byte order}
     *
     * @param capacity the number of elements
     */
    public static FloatBuffer newFloatBuffer(int capacity) {
        return ByteBuffer.allocateDirect(checkedCapacity("newFloatBuffer", capacity, 4)).order(ByteOrder.nativeOrder())
            .asFloatBuffer();
    }

    /**
     * {@return a direct buffer of {@code capacity} doubles, in the platform's byte order}
     *
     * @param capacity the number of elements
     */
    public static DoubleBuffer newDoubleBuffer(int capacity) {
        return ByteBuffer.allocateDirect(checkedCapacity("newDoubleBuffer", capacity, 8)).order(ByteOrder.nativeOrder())
            .asDoubleBuffer();
    }
    private static int checkedCapacity(String call, int capacity, int elementSize) {
        if (capacity < 0 || capacity > Integer.MAX_VALUE / elementSize) {
            throw new MPIException(ERR_ARG, call + ": capacity " + capacity + " is negative or beyond what one buffer holds");
        }
        return capacity * elementSize;
    }

    /**
     * {@return the part of {@code buf} from element {@code offset} to its capacity, sharing its content and byte order}
     *
     * @param buf the buffer or array to take the part of
     * @param offset the index of the first element of the slice
     */
    public static ByteBuffer slice(ByteBuffer buf, int offset) {
        ByteOrder order = buf.order();
        return buf.duplicate().clear().position(checkedOffset(buf.capacity(), offset)).slice().order(order);
    }

    /**
     * {@return the part of {@code buf} from element {@code offset} on, as a buffer in the platform's byte order}
     *
     * @param buf the buffer or array to take the part of
     * @param offset the index of the first element of the slice
     */
    public static ByteBuffer slice(byte[] buf, int offset) {
        return ByteBuffer.wrap(buf, checkedOffset(buf.length, offset), buf.length - offset).slice().order(ByteOrder.nativeOrder());
    }

    /**
     * {@return the part of {@code buf} from element {@code offset} to its capacity, sharing its content}
     *
     * @param buf the buffer or array to take the part of
     * @param offset the index of the first element of the slice
     */
    public static CharBuffer slice(CharBuffer buf, int offset) {
        return buf.duplicate().clear().position(checkedOffset(buf.capacity(), offset)).slice();
    }

    /**
     * {@return the part of {@code buf} from element {@code offset} on, as a buffer}
     *
     * @param buf the buffer or array to take the part of
     * @param offset the index of the first element of the slice
     */
    public static CharBuffer slice(char[] buf, int offset) {
        return CharBuffer.wrap(buf, checkedOffset(buf.length, offset), buf.length - offset).slice();
    }

    /**
     * {@return the part of {@code buf} from element {@code offset} to its capacity, sharing its content}
     *
     * @param buf the buffer or array to take the part of
     * @param offset the index of the first element of the slice
     */
    public static ShortBuffer slice(ShortBuffer buf, int offset) {
        return buf.duplicate().clear().position(checkedOffset(buf.capacity(), offset)).slice();
    }

    /**
     * {@return the part of {@code buf} from element {@code offset} on, as a buffer}
     *
     * @param buf the buffer or array to take the part of
     * @param offset the index of the first element of the slice
     */
    public static ShortBuffer slice(short[] buf, int offset) {
        return ShortBuffer.wrap(buf, checkedOffset(buf.length, offset), buf.length - offset).slice();
    }

    /**
     * {@return the part of {@code buf} from element {@code offset} to its capacity, sharing its content}
     *
     * @param buf the buffer or array to take the part of
     * @param offset the index of the first element of the slice
     */
    public static IntBuffer slice(IntBuffer buf, int offset) {
        return buf.duplicate().clear().position(checkedOffset(buf.capacity(), offset)).slice();
    }

    /**
     * {@return the part of {@code buf} from element {@code offset} on, as a buffer}
     *
     * @param buf the buffer or array to take the part of
     * @param offset the index of the first element of the slice
     */
    public static IntBuffer slice(int[] buf, int offset) {
        return IntBuffer.wrap(buf, checkedOffset(buf.length, offset), buf.length - offset).slice();
    }

    /**
     * {@return the part of {@code buf} from element {@code offset} to its capacity, sharing its content}
     *
     * @param buf the buffer or array to take the part of
     * @param offset the index of the first element of the slice
     */
    public static LongBuffer slice(LongBuffer buf, int offset) {
        return buf.duplicate().clear().position(checkedOffset(buf.capacity(), offset)).slice();
    }

    /**
     * {@return the part of {@code buf} from element {@code offset} on, as a buffer}
     *
     * @param buf the buffer or array to take the part of
     * @param offset the index of the first element of the slice
     */
    public static LongBuffer slice(long[] buf, int offset) {
        return LongBuffer.wrap(buf, checkedOffset(buf.length, offset), buf.length - offset).slice();
    }

    /**
     * {@return the part of {@code buf} from element {@code offset} to its capacity, sharing its content}
     *
     * @param buf the buffer or array to take the part of
     * @param offset the index of the first element of the slice
     */
    public static FloatBuffer slice(FloatBuffer buf, int offset) {
        return buf.duplicate().clear().position(checkedOffset(buf.capacity(), offset)).slice();
    }

    /**
     * {@return the part of {@code buf} from element {@code offset} on, as a buffer}
     *
     * @param buf the buffer or array to take the part of
     * @param offset the index of the first element of the slice
     */
    public static FloatBuffer slice(float[] buf, int offset) {
        return FloatBuffer.wrap(buf, checkedOffset(buf.length, offset), buf.length - offset).slice();
    }

    /**
     * {@return the part of {@code buf} from element {@code offset} to its capacity, sharing its content}
     *
     * @param buf the buffer or array to take the part of
     * @param offset the index of the first element of the slice
     */
    public static DoubleBuffer slice(DoubleBuffer buf, int offset) {
        return buf.duplicate().clear().position(checkedOffset(buf.capacity(), offset)).slice();
    }

    /**
     * {@return the part of {@code buf} from element {@code offset} on, as a buffer}
     *
     * @param buf the buffer or array to take the part of
     * @param offset the index of the first element of the slice
     */
    public static DoubleBuffer slice(double[] buf, int offset) {
        return DoubleBuffer.wrap(buf, checkedOffset(buf.length, offset), buf.length - offset).slice();
    }
    private static int checkedOffset(int capacity, int offset) {
        if (offset < 0 || offset > capacity) {
            throw new MPIException(ERR_ARG, "MPI.slice: offset " + offset + " is outside the buffer of " + capacity + " elements");
        }
        return offset;
    }

    // ==== Open MPI face: communicators and topologies ====

    /** The topology of a distributed graph communicator ({@code createDistGraph}, {@code createDistGraphAdjacent}). */
    public static final int DIST_GRAPH = 3;

    /** {@code Intracomm.splitType}'s type that groups the ranks of one node (those that can share memory). */
    public static final int COMM_TYPE_SHARED = Comm.TYPE_SHARED;

    // ==== Open MPI face: collectives ====

    /**
     * Passed as the send buffer of a collective (the receive buffer of a scatter's root), it
     * says that the data are in the other buffer and the result replaces them, as the
     * overloads without a send buffer do. A buffer of no elements, so that it fits both the
     * {@code Object} and the {@code Buffer} arguments; only this instance has the meaning.
     */
    public static final java.nio.Buffer IN_PLACE = java.nio.ByteBuffer.allocate(0);
}
