package mpi;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.BsendArena;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.ReductionOps;
import org.hympj.comm.match.MatchingEngine;
import org.hympj.comm.match.RankActivity;
import org.hympj.comm.match.ThreadOperations;
import org.hympj.comm.runtime.Bootstrap;
import org.hympj.comm.errors.ErrorClass;
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
    public static final int ANY_SOURCE = MatchingEngine.ANY_SOURCE;
    public static final int ANY_TAG = MatchingEngine.ANY_TAG;
    public static final int PROC_NULL = CommunicatorCore.PROC_NULL;
    public static final int UNDEFINED = -1;
    /** Extra bytes of the attached buffer each buffered send uses besides its data. */
    public static final int BSEND_OVERHEAD = BsendArena.OVERHEAD;
    /** The largest tag a message may carry. */
    public static final int TAG_UB_VALUE = Integer.MAX_VALUE;

    /** Results of {@code Comm.Compare} and {@code Group.Compare}. */
    public static final int IDENT = 0;
    public static final int CONGRUENT = 3;
    public static final int SIMILAR = 1;
    public static final int UNEQUAL = 2;

    /** Results of {@code Comm.Topo_test}. */
    public static final int GRAPH = 1;
    public static final int CART = 2;

    /** Attribute keys of {@code MPI.COMM_WORLD} for {@code Attr_get}. */
    public static final int TAG_UB = 100;
    public static final int HOST = 101;
    public static final int IO = 102;
    public static final int WTIME_IS_GLOBAL = 103;

    public static final int THREAD_SINGLE = 0;
    public static final int THREAD_FUNNELED = 1;
    public static final int THREAD_SERIALIZED = 2;
    public static final int THREAD_MULTIPLE = 3;

    public static final int SUCCESS = ErrorClass.SUCCESS;
    public static final int ERR_BUFFER = ErrorClass.ERR_BUFFER;
    public static final int ERR_COUNT = ErrorClass.ERR_COUNT;
    public static final int ERR_TYPE = ErrorClass.ERR_TYPE;
    public static final int ERR_TAG = ErrorClass.ERR_TAG;
    public static final int ERR_COMM = ErrorClass.ERR_COMM;
    public static final int ERR_RANK = ErrorClass.ERR_RANK;
    public static final int ERR_REQUEST = ErrorClass.ERR_REQUEST;
    public static final int ERR_ROOT = ErrorClass.ERR_ROOT;
    public static final int ERR_GROUP = ErrorClass.ERR_GROUP;
    public static final int ERR_OP = ErrorClass.ERR_OP;
    public static final int ERR_TOPOLOGY = ErrorClass.ERR_TOPOLOGY;
    public static final int ERR_DIMS = ErrorClass.ERR_DIMS;
    public static final int ERR_ARG = ErrorClass.ERR_ARG;
    public static final int ERR_UNKNOWN = ErrorClass.ERR_UNKNOWN;
    public static final int ERR_TRUNCATE = ErrorClass.ERR_TRUNCATE;
    public static final int ERR_OTHER = ErrorClass.ERR_OTHER;
    public static final int ERR_INTERN = ErrorClass.ERR_INTERN;
    public static final int ERR_IN_STATUS = ErrorClass.ERR_IN_STATUS;
    public static final int ERR_PENDING = ErrorClass.ERR_PENDING;
    public static final int ERR_LASTCODE = ErrorClass.ERR_LASTCODE;

    public static final Datatype BYTE = new Datatype(ElementType.BYTE, "MPI.BYTE");
    public static final Datatype CHAR = new Datatype(ElementType.CHAR, "MPI.CHAR");
    public static final Datatype SHORT = new Datatype(ElementType.SHORT, "MPI.SHORT");
    public static final Datatype BOOLEAN = new Datatype(ElementType.BOOLEAN, "MPI.BOOLEAN");
    public static final Datatype INT = new Datatype(ElementType.INT, "MPI.INT");
    public static final Datatype LONG = new Datatype(ElementType.LONG, "MPI.LONG");
    public static final Datatype FLOAT = new Datatype(ElementType.FLOAT, "MPI.FLOAT");
    public static final Datatype DOUBLE = new Datatype(ElementType.DOUBLE, "MPI.DOUBLE");
    public static final Datatype OBJECT = new Datatype(ElementType.OBJECT, "MPI.OBJECT");
    /** Bytes made by {@code Comm.Pack}, in a byte[]. */
    public static final Datatype PACKED = new Datatype(ElementType.BYTE, "MPI.PACKED");
    /** Pairs (value, index) for MAXLOC and MINLOC, two consecutive elements of the base array. */
    public static final Datatype SHORT2 = new Datatype(ElementType.SHORT, 2, "MPI.SHORT2");
    public static final Datatype INT2 = new Datatype(ElementType.INT, 2, "MPI.INT2");
    public static final Datatype LONG2 = new Datatype(ElementType.LONG, 2, "MPI.LONG2");
    public static final Datatype FLOAT2 = new Datatype(ElementType.FLOAT, 2, "MPI.FLOAT2");
    public static final Datatype DOUBLE2 = new Datatype(ElementType.DOUBLE, 2, "MPI.DOUBLE2");
    /**
     * Bound markers: an {@code MPI.LB} ({@code MPI.UB}) entry of a {@code Datatype.Struct} sets
     * the new type's lower (upper) bound at its displacement, and so its extent, the distance
     * between consecutive items. They hold no elements.
     */
    public static final Datatype LB = Datatype.boundMarker(false);
    public static final Datatype UB = Datatype.boundMarker(true);
    /** MPJ Express's status of nothing received: source {@code ANY_SOURCE}, tag {@code ANY_TAG}, no elements. */
    public static final Status EMPTY_STATUS = Status.empty(ANY_SOURCE);

    public static final Op MAX = new Op(ReductionOps.MAX);
    public static final Op MIN = new Op(ReductionOps.MIN);
    public static final Op SUM = new Op(ReductionOps.SUM);
    public static final Op PROD = new Op(ReductionOps.PROD);
    public static final Op LAND = new Op(ReductionOps.LAND);
    public static final Op BAND = new Op(ReductionOps.BAND);
    public static final Op LOR = new Op(ReductionOps.LOR);
    public static final Op BOR = new Op(ReductionOps.BOR);
    public static final Op LXOR = new Op(ReductionOps.LXOR);
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

    /** Contexts are even for point-to-point traffic; the odd ones are kept for collectives. */
    static final int WORLD_CONTEXT = 0;
    static final int SELF_CONTEXT = 2;

    // ---------------------------------------------------------------- MPJ Express and mpiJava 1.2 members

    /** The processors the JVM may use. */
    public static final int NUM_OF_PROCESSORS = Runtime.getRuntime().availableProcessors();
    /** Extra bytes a send needs besides its data, as for {@code Bsend}; a receive needs none. */
    public static final int SEND_OVERHEAD = BSEND_OVERHEAD;
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

    public static final Intracomm COMM_WORLD = new Intracomm("MPI.COMM_WORLD");
    public static final Intracomm COMM_SELF = new Intracomm("MPI.COMM_SELF");

    private static final int NEW = 0;
    private static final int ACTIVE = 1;
    private static final int FINALIZED = 2;

    /** The lowest context id this rank has not used (even: point-to-point; +1: collectives). */
    private static int nextContext = 4;

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

    MPI() {
    }

    /**
     * Initialises MPI for this rank and returns the program's own arguments (HyMPJ's
     * launcher passes none of its own, so this is a copy of {@code args}).
     */
    public static String[] Init(String[] args) {
        Init_thread(args, THREAD_SINGLE);
        return args == null ? new String[0] : args.clone();
    }

    /**
     * Initialises MPI and returns the thread level provided: always {@code THREAD_MULTIPLE},
     * since the engine lets any thread make any call (see {@code Job.THREAD_SUPPORT}).
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

    /** The thread level MPI was initialised with. */
    public static int Query_thread() {
        checkActive();
        return providedThreadLevel;
    }

    /** True if the calling thread is the one that called {@code Init}. */
    public static boolean Is_thread_main() {
        checkActive();
        return operations.calledByMainThread();
    }

    /** Ends MPI on this rank; no MPI call may follow. */
    public static void Finalize() {
        LauncherJoin.JoinedRank launched;
        synchronized (MPI.class) {
            checkActive();
            launched = external;
        }
        RankActivity activity = runtime.engine().activity();
        activity.phase(RankActivity.FINALIZING);
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
    }

    public static boolean Initialized() {
        return state != NEW;
    }

    public static boolean Finalized() {
        return state == FINALIZED;
    }

    /** Elapsed wall-clock seconds since an arbitrary origin. */
    public static double Wtime() {
        return System.nanoTime() / 1e9;
    }

    /** The resolution of {@link #Wtime}, in seconds. */
    public static double Wtick() {
        return 1e-9;
    }

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

    /** Attaches the buffer that {@code Bsend} copies messages into. */
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
     */
    public static String[] initThread(int required, int provided, String[] argv) {
        Init_thread(argv, required);
        return argv == null ? new String[0] : argv.clone();
    }

    /** MPJ Express's name for {@link #Is_thread_main}. */
    public static boolean isMainThread() {
        return Is_thread_main();
    }

    /** MPJ Express's name for {@link #Query_thread}. */
    public static int queryThread() {
        return Query_thread();
    }

    /** Sets the errhandler of {@code MPI.COMM_WORLD}, which also handles errors of calls on no communicator. */
    public static void Errorhandler_set(Errhandler errhandler) {
        COMM_WORLD.Errhandler_set(errhandler);
    }

    /** The errhandler of {@code MPI.COMM_WORLD}. */
    public static Errhandler Errorhandler_get() {
        return COMM_WORLD.Errhandler_get();
    }

    /**
     * The profiling control of MPI: HyMPJ has no profiling layer to tell, and as MPI
     * specifies for that case, the call does nothing. {@code level} 0 disables profiling,
     * 1 enables it, 2 flushes it; other levels, and {@code args}, mean what a profiler defines.
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

    // ==== Open MPI face: communicators and topologies ====

    /** {@code Intracomm.splitType}'s type that groups the ranks of one node (those that can share memory). */
    public static final int COMM_TYPE_SHARED = Comm.TYPE_SHARED;

    // ==== Open MPI face: collectives ====
}
