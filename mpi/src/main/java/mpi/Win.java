package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.ReductionOps;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.rma.Window;

/**
 * A window of one-sided communication ({@code MPI_Win}), as Open MPI's Java API has it: each
 * rank of a communicator exposes a buffer, and any rank puts into, gets from and accumulates
 * into another's buffer without the other taking part, inside epochs that {@link #fence},
 * {@link #start}/{@link #complete} with {@link #post}/{@link #waitFor}, or
 * {@link #lock}/{@link #unlock} and {@link #lockAll}/{@link #unlockAll} open and close.
 *
 * <p>A window's buffer is used from its start, its position and limit ignored, as Open MPI
 * uses it. Open MPI takes direct buffers only; HyMPJ also takes heap buffers (an array
 * wrapped by {@code IntBuffer.wrap} and the like), for the window and for origin and result
 * buffers, and they behave the same. A {@code ByteBuffer} window holds elements of any type,
 * read and written in the platform's byte order; a window over a buffer of another type is
 * accessed with datatypes of that type only. Datatypes may have gaps (vector, indexed, a
 * struct of one base type, resized), the origin's and the target's of the same predefined type.
 * A dynamic window ({@link #Win(Info, Comm)}) holds the buffers its ranks attach, reached at
 * their addresses ({@link MPI#getAddress}).
 *
 * <p>Operations reach the target while its program computes, outside any MPI call: an origin
 * in the target's JVM applies them itself, and a thread of the window applies those of other
 * JVMs; so passive-target epochs need no call at the target. Operations complete at the origin when their call returns: an origin buffer may
 * be reused at once, a get's and a fetch's results are in their buffer, and the requests of
 * {@link #rPut} and its kin are complete when made. {@link #flushLocal} therefore has nothing
 * to wait for. Concurrent accumulates to one element, with the same operation, are atomic.
 *
 * <p>Errors raise {@link MPIException}: an access outside the target's window
 * {@code ERR_RMA_RANGE}, an access or a synchronisation call outside the epoch it needs
 * {@code ERR_RMA_SYNC}, a bad lock type {@code ERR_LOCKTYPE}, a call on a freed window
 * {@code ERR_WIN}. The window's errhandler starts as its communicator's.
 */
public final class Win implements Freeable {
    /**
     * {@code MPI_WIN_NULL} as Open MPI's Java API spells it, an {@code int} beside the flavours;
     * there for programs written for that API to compile. A freed {@code Win} raises
     * {@code ERR_WIN} when used, so no window object stands for the null window.
     */
    public static final int WIN_NULL = 0;
    /** The flavour of {@link #Win(int, int, Info, Comm, Buffer, int)} that makes a window of each rank's own memory. */
    public static final int FLAVOR_PRIVATE = 0;
    /** The flavour of {@link #Win(int, int, Info, Comm, Buffer, int)} that makes a window of memory the ranks of a node share. */
    public static final int FLAVOR_SHARED = 1;
    /** The flavour of {@link #Win(Info, Comm)}; not one a program passes. */
    private static final int DYNAMIC = 2;

    private final Intracomm comm;
    private final Window window;
    private final Buffer base;
    private final int flavor;
    private volatile String name = "";

    /**
     * Makes a window over {@code base} on every rank of {@code comm} ({@code MPI_WIN_CREATE}).
     * Collective.
     * @param base     this rank's memory of the window, from its start
     * @param size     the window's size, in elements of {@code base}
     * @param dispUnit the unit of displacements into this rank's window, in elements of {@code base}
     * @param info     hints; accepted and not used
     * @param comm     the ranks that share the window; an intracommunicator
     * @throws MPIException if an argument is bad
     */
    public Win(Buffer base, int size, int dispUnit, Info info, Comm comm) throws MPIException {
        this("Win", base, size, dispUnit, comm, FLAVOR_PRIVATE);
    }

    /**
     * Makes a window as {@code MPI_WIN_ALLOCATE} ({@link #FLAVOR_PRIVATE}) or
     * {@code MPI_WIN_ALLOCATE_SHARED} ({@link #FLAVOR_SHARED}) do. Collective.
     *
     * <p>{@link #FLAVOR_PRIVATE}: the memory is the buffer the program passes, as in Open MPI's
     * binding; a direct buffer of {@link MPI#newByteBuffer} and its kin is the memory
     * {@code MPI_WIN_ALLOCATE} would give.
     *
     * <p>{@link #FLAVOR_SHARED}: the ranks of {@code comm} must all run on one node (else
     * {@code ERR_RMA_SHARED}); the window's memory is one block that every rank of the node sees,
     * each rank's {@code size} elements after those of the ranks before it: a direct buffer of the
     * JVM for thread ranks, memory the node's JVMs map together for ranks in several JVMs (its
     * file is removed as soon as every JVM has mapped it). {@code base} gives the element type
     * and the first contents of this rank's part; afterwards the part is reached through
     * {@link #sharedQuery} or {@code getAttr(MPI.WIN_BASE)}, not through {@code base}.
     * @param size     this rank's part of the window, in elements of {@code base}
     * @param dispUnit the unit of displacements into this rank's window, in elements of {@code base}
     * @param info     hints; accepted and not used
     * @param comm     the ranks that share the window; an intracommunicator
     * @param base     this rank's memory of the window ({@link #FLAVOR_PRIVATE}), or its element type and first contents
     * @param flavor   {@link #FLAVOR_PRIVATE} or {@link #FLAVOR_SHARED}
     * @throws MPIException if an argument is bad, or a shared window's ranks run on more than one node
     */
    public Win(int size, int dispUnit, Info info, Comm comm, Buffer base, int flavor) throws MPIException {
        this("Win (allocate)", base, size, dispUnit, comm, checkedFlavor(flavor));
    }

    /**
     * Makes a dynamic window on every rank of {@code comm} ({@code MPI_WIN_CREATE_DYNAMIC}): it
     * has no memory until a rank attaches buffers ({@link #attach}), and a displacement into it
     * is an address, {@link MPI#getAddress} of the target's attached buffer plus a byte offset
     * into it. Collective.
     * @param info hints; accepted and not used
     * @param comm the ranks that share the window; an intracommunicator
     * @throws MPIException if an argument is bad
     */
    public Win(Info info, Comm comm) throws MPIException {
        this("Win (dynamic)", null, 0, 1, comm, DYNAMIC);
    }

    private Win(String call, Buffer base, int size, int dispUnit, Comm comm, int flavor) {
        if (comm == null) {
            throw new MPIException(MPI.ERR_COMM, call + ": the communicator is null");
        }
        comm.checkUsable();
        if (!(comm instanceof Intracomm)) {
            throw new MPIException(MPI.ERR_COMM, call + ": " + comm + " is an intercommunicator; a window needs an intracommunicator");
        }
        if (base == null && flavor != DYNAMIC) {
            throw new MPIException(MPI.ERR_BUFFER, call + ": the window's buffer is null");
        }
        if (size < 0 || base != null && size > base.capacity()) {
            throw new MPIException(MPI.ERR_SIZE, call + ": size " + size + " must lie between 0 and the buffer's capacity, "
                + base.capacity() + " elements");
        }
        if (dispUnit <= 0) {
            throw new MPIException(MPI.ERR_DISP, call + ": the displacement unit must be positive, got " + dispUnit);
        }
        int elementBytes = base == null ? 1 : elementBytes(base);
        Intracomm own = ((Intracomm) comm).Dup();
        this.comm = own;
        this.flavor = flavor;
        String windowName = "the window over " + comm;
        CommunicatorCore answers = new CommunicatorCore("the answers of " + windowName, own.rt, MPI.operations,
            MPI.class.getClassLoader(), own.context + 2, own.rank, own.size, own.worldRanks());
        try {
            if (flavor == FLAVOR_SHARED) {
                this.window = Window.createShared(call, windowName, own.core, answers, size * elementBytes,
                    dispUnit * elementBytes, part -> copy(base, viewLike(base, part), size), MPI.class.getClassLoader());
                this.base = viewLike(base, window.sharedPart(own.rank));
            } else if (flavor == DYNAMIC) {
                this.window = Window.createDynamic(windowName, own.core, answers, MPI.class.getClassLoader());
                this.base = null;
            } else {
                this.window = Window.create(windowName, own.core, answers, base.duplicate().clear().limit(size).slice(),
                    dispUnit * elementBytes, MPI.class.getClassLoader());
                this.base = base;
            }
        } catch (EngineException e) {
            own.Free();
            throw Comm.raised(e);
        }
    }

    private static int checkedFlavor(int flavor) {
        if (flavor != FLAVOR_PRIVATE && flavor != FLAVOR_SHARED) {
            throw new MPIException(MPI.ERR_RMA_FLAVOR, "Win: the flavour must be Win.FLAVOR_PRIVATE or Win.FLAVOR_SHARED, got "
                + flavor);
        }
        return flavor;
    }

    /** The bytes of one element of {@code buffer}. */
    static int elementBytes(Buffer buffer) {
        if (buffer instanceof ByteBuffer) {
            return 1;
        }
        if (buffer instanceof CharBuffer || buffer instanceof ShortBuffer) {
            return 2;
        }
        if (buffer instanceof IntBuffer || buffer instanceof FloatBuffer) {
            return 4;
        }
        return 8;
    }

    /** {@code bytes} seen as a buffer of {@code like}'s element type. */
    private static Buffer viewLike(Buffer like, ByteBuffer bytes) {
        if (like instanceof CharBuffer) {
            return bytes.asCharBuffer();
        }
        if (like instanceof ShortBuffer) {
            return bytes.asShortBuffer();
        }
        if (like instanceof IntBuffer) {
            return bytes.asIntBuffer();
        }
        if (like instanceof FloatBuffer) {
            return bytes.asFloatBuffer();
        }
        if (like instanceof LongBuffer) {
            return bytes.asLongBuffer();
        }
        if (like instanceof DoubleBuffer) {
            return bytes.asDoubleBuffer();
        }
        return bytes;
    }

    /** Copies the first {@code n} elements of {@code from} into {@code to}, a buffer of the same element type. */
    private static void copy(Buffer from, Buffer to, int n) {
        if (to instanceof ByteBuffer t) {
            t.put(0, (ByteBuffer) from, 0, n);
        } else if (to instanceof CharBuffer t) {
            t.put(0, (CharBuffer) from, 0, n);
        } else if (to instanceof ShortBuffer t) {
            t.put(0, (ShortBuffer) from, 0, n);
        } else if (to instanceof IntBuffer t) {
            t.put(0, (IntBuffer) from, 0, n);
        } else if (to instanceof FloatBuffer t) {
            t.put(0, (FloatBuffer) from, 0, n);
        } else if (to instanceof LongBuffer t) {
            t.put(0, (LongBuffer) from, 0, n);
        } else {
            ((DoubleBuffer) to).put(0, (DoubleBuffer) from, 0, n);
        }
    }

    // ---------------------------------------------------------------- data movement

    /**
     * Writes the origin's items into {@code targetRank}'s window ({@code MPI_PUT}).
     * @param origin      the origin buffer
     * @param orgCount    the number of items in the origin buffer
     * @param orgType     the datatype of each item in the origin buffer
     * @param targetRank  the target's rank in the window's group, or {@code MPI.PROC_NULL}
     * @param targetDisp  the displacement from the start of the target's window, in its units
     * @param targetCount the number of items at the target
     * @param targetType  the datatype of each item at the target
     * @throws MPIException if an argument is bad, the access lies outside the target's window, or no epoch covers it
     */
    public void put(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
                    Datatype targetType) throws MPIException {
        String call = "put";
        int elements = checkTransfer(call, origin, orgCount, orgType, targetRank, targetDisp, targetCount, targetType);
        if (targetRank == MPI.PROC_NULL) {
            return;
        }
        Buffer inPlace = BufferArgument.inPlace(call, origin, orgCount, orgType);
        Object data = inPlace != null ? inPlace : packed(call, origin, orgCount, orgType);
        try {
            window.put(call, targetType.map, targetCount, data, inPlace != null ? 0 : packedOffset(origin, data, orgType), targetRank,
                targetDisp);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * Reads items of {@code targetRank}'s window into the origin buffer ({@code MPI_GET}).
     * @param origin      the origin buffer, which receives the items
     * @param orgCount    the number of items in the origin buffer
     * @param orgType     the datatype of each item in the origin buffer
     * @param targetRank  the target's rank in the window's group, or {@code MPI.PROC_NULL}
     * @param targetDisp  the displacement from the start of the target's window, in its units
     * @param targetCount the number of items at the target
     * @param targetType  the datatype of each item at the target
     * @throws MPIException if an argument is bad, the access lies outside the target's window, or no epoch covers it
     */
    public void get(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
                    Datatype targetType) throws MPIException {
        String call = "get";
        int elements = checkTransfer(call, origin, orgCount, orgType, targetRank, targetDisp, targetCount, targetType);
        if (targetRank == MPI.PROC_NULL) {
            return;
        }
        Buffer inPlace = BufferArgument.inPlace(call, origin, orgCount, orgType);
        Object data = inPlace != null ? inPlace : BufferArgument.forWindow(call, origin, orgCount, orgType, StagingArrays.ORIGIN);
        int offset = inPlace != null ? 0 : BufferArgument.offset(origin, data);
        Object into = orgType.map.contiguous ? data : orgType.map.base.newArray(elements);
        try {
            window.get(call, targetType.map, targetCount, into, into == data ? offset : 0, targetRank, targetDisp);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
        if (into != data) {
            orgType.map.unpack(into, 0, elements, data, offset);
        }
        if (inPlace == null) {
            BufferArgument.copyBack(origin, data, orgType, BufferArgument.span(call, orgCount, orgType));
        }
    }

    /**
     * Combines the origin's items into {@code targetRank}'s window with {@code op}
     * ({@code MPI_ACCUMULATE}): a predefined operation, {@code MPI.REPLACE} or {@code MPI.NO_OP}.
     * @param origin      the origin buffer
     * @param orgCount    the number of items in the origin buffer
     * @param orgType     the datatype of each item in the origin buffer
     * @param targetRank  the target's rank in the window's group, or {@code MPI.PROC_NULL}
     * @param targetDisp  the displacement from the start of the target's window, in its units
     * @param targetCount the number of items at the target
     * @param targetType  the datatype of each item at the target
     * @param op          the operation
     * @throws MPIException if an argument is bad, the access lies outside the target's window, or no epoch covers it
     */
    public void accumulate(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
                           Datatype targetType, Op op) throws MPIException {
        String call = "accumulate";
        int elements = checkTransfer(call, origin, orgCount, orgType, targetRank, targetDisp, targetCount, targetType);
        int code = checkOp(call, op, orgType);
        if (targetRank == MPI.PROC_NULL) {
            return;
        }
        Object data = packed(call, origin, orgCount, orgType);
        try {
            window.accumulate(call, code, targetType.map, targetCount, data, packedOffset(origin, data, orgType), targetRank,
                targetDisp);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * Combines the origin's items into {@code targetRank}'s window with {@code op} and reads
     * the target's items as they were before, atomically with it ({@code MPI_GET_ACCUMULATE}).
     * @param origin      the origin buffer
     * @param orgCount    the number of items in the origin buffer
     * @param orgType     the datatype of each item in the origin buffer
     * @param resultAddr  the result buffer, which receives the target's items as they were
     * @param resultCount the number of items in the result buffer
     * @param resultType  the datatype of each item in the result buffer
     * @param targetRank  the target's rank in the window's group, or {@code MPI.PROC_NULL}
     * @param targetDisp  the displacement from the start of the target's window, in its units
     * @param targetCount the number of items at the target
     * @param targetType  the datatype of each item at the target
     * @param op          the operation
     * @throws MPIException if an argument is bad, the access lies outside the target's window, or no epoch covers it
     */
    public void getAccumulate(Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount,
                              Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op)
        throws MPIException {
        String call = "getAccumulate";
        int elements = checkTransfer(call, origin, orgCount, orgType, targetRank, targetDisp, targetCount, targetType);
        int results = checkTransfer(call, resultAddr, resultCount, resultType, targetRank, targetDisp, targetCount, targetType);
        int code = checkOp(call, op, orgType);
        if (targetRank == MPI.PROC_NULL) {
            return;
        }
        fetch(call, code, origin, orgCount, orgType, elements, resultAddr, resultCount, resultType, results, targetRank,
            targetDisp, targetCount, targetType);
    }

    /**
     * Combines one item of the origin into {@code targetRank}'s window with {@code op} and
     * reads the target's item as it was before, atomically with it ({@code MPI_FETCH_AND_OP}).
     * @param origin     the origin buffer
     * @param resultAddr the result buffer, which receives the target's item as it was
     * @param dataType   the datatype of the item in the origin, result and target buffers; a predefined one
     * @param targetRank the target's rank in the window's group, or {@code MPI.PROC_NULL}
     * @param targetDisp the displacement from the start of the target's window, in its units
     * @param op         the operation
     * @throws MPIException if an argument is bad, the access lies outside the target's window, or no epoch covers it
     */
    public void fetchAndOp(Buffer origin, Buffer resultAddr, Datatype dataType, int targetRank, int targetDisp, Op op)
        throws MPIException {
        String call = "fetchAndOp";
        int elements = checkTransfer(call, origin, 1, dataType, targetRank, targetDisp, 1, dataType);
        checkTransfer(call, resultAddr, 1, dataType, targetRank, targetDisp, 1, dataType);
        int code = checkOp(call, op, dataType);
        if (targetRank == MPI.PROC_NULL) {
            return;
        }
        fetch(call, code, origin, 1, dataType, elements, resultAddr, 1, dataType, elements, targetRank, targetDisp, 1, dataType);
    }

    private void fetch(String call, int code, Buffer origin, int orgCount, Datatype orgType, int elements, Buffer result,
                       int resultCount, Datatype resultType, int results, int targetRank, int targetDisp, int targetCount,
                       Datatype targetType) {
        if (results != elements || resultType.map.base != orgType.map.base) {
            throw new MPIException(MPI.ERR_TYPE, call + ": the result buffer must hold as many elements of the same type as "
                + "the target's, " + elements + " of " + orgType);
        }
        Object data = packed(call, origin, orgCount, orgType);
        Object resolved = BufferArgument.forWindow(call, result, resultCount, resultType, StagingArrays.RESULT);
        int resultOffset = BufferArgument.offset(result, resolved);
        Object into = resultType.map.contiguous ? resolved : resultType.map.base.newArray(elements);
        try {
            window.getAccumulate(call, code, targetType.map, targetCount, data, packedOffset(origin, data, orgType), into,
                into == resolved ? resultOffset : 0, targetRank, targetDisp);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
        if (into != resolved) {
            resultType.map.unpack(into, 0, elements, resolved, resultOffset);
        }
        BufferArgument.copyBack(result, resolved, resultType, BufferArgument.span(call, resultCount, resultType));
    }

    /**
     * The origin's elements in typemap order, for a contiguous datatype in the buffer's array
     * or the thread's staging array of {@link StagingArrays#ORIGIN}, else packed into a new one.
     */
    private static Object packed(String call, Buffer origin, int count, Datatype type) {
        Object data = BufferArgument.forWindow(call, origin, count, type, StagingArrays.ORIGIN);
        return type.map.contiguous ? data : type.map.packed(data, BufferArgument.offset(origin, data), count);
    }

    /** Where {@link #packed}'s elements start. */
    private static int packedOffset(Buffer origin, Object packed, Datatype type) {
        return type.map.contiguous ? BufferArgument.offset(origin, packed) : 0;
    }

    /**
     * Replaces the item at {@code targetDisp} of {@code targetRank}'s window by the origin's
     * if it equals the compare buffer's, atomically; the item as it was goes to the result
     * buffer ({@code MPI_COMPARE_AND_SWAP}).
     * @param origin      the origin buffer, one item
     * @param compareAddr the compare buffer, one item
     * @param resultAddr  the result buffer, which receives the target's item as it was
     * @param targetType  the datatype of the item in all four places; a predefined one
     * @param targetRank  the target's rank in the window's group, or {@code MPI.PROC_NULL}
     * @param targetDisp  the displacement from the start of the target's window, in its units
     * @throws MPIException if an argument is bad, the access lies outside the target's window, or no epoch covers it
     */
    public void compareAndSwap(Buffer origin, Buffer compareAddr, Buffer resultAddr, Datatype targetType, int targetRank,
                               int targetDisp) throws MPIException {
        String call = "compareAndSwap";
        checkTransfer(call, origin, 1, targetType, targetRank, targetDisp, 1, targetType);
        checkTransfer(call, compareAddr, 1, targetType, targetRank, targetDisp, 1, targetType);
        checkTransfer(call, resultAddr, 1, targetType, targetRank, targetDisp, 1, targetType);
        if (targetType.map.width != 1) {
            throw new MPIException(MPI.ERR_TYPE, call + ": the datatype must be a predefined one of one element, got "
                + targetType);
        }
        if (targetRank == MPI.PROC_NULL) {
            return;
        }
        Object data = BufferArgument.forSend(call, origin, 1, targetType);
        Object compare = BufferArgument.forSend(call, compareAddr, 1, targetType);
        Object into = BufferArgument.forUpdate(call, resultAddr, 1, targetType);
        try {
            window.compareAndSwap(call, targetType.map.base, data, BufferArgument.offset(origin, data), compare,
                BufferArgument.offset(compareAddr, compare), into, BufferArgument.offset(resultAddr, into), targetRank,
                targetDisp);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
        BufferArgument.copyBack(resultAddr, into, targetType);
    }

    /**
     * {@link #put} as a request ({@code MPI_RPUT}); it is complete when returned.
     * @param origin_addr     the origin buffer
     * @param origin_count    the number of items in the origin buffer
     * @param origin_datatype the datatype of each item in the origin buffer
     * @param target_rank     the target's rank in the window's group, or {@code MPI.PROC_NULL}
     * @param target_disp     the displacement from the start of the target's window, in its units
     * @param target_count    the number of items at the target
     * @param target_datatype the datatype of each item at the target
     * @return the request, complete
     * @throws MPIException as {@link #put} does
     */
    public final Request rPut(Buffer origin_addr, int origin_count, Datatype origin_datatype, int target_rank,
                              int target_disp, int target_count, Datatype target_datatype) throws MPIException {
        put(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype);
        return Request.completedNothing(comm);
    }

    /**
     * {@link #get} as a request ({@code MPI_RGET}); it is complete, its items in the origin buffer, when returned.
     * @param origin      the origin buffer, which receives the items
     * @param orgCount    the number of items in the origin buffer
     * @param orgType     the datatype of each item in the origin buffer
     * @param targetRank  the target's rank in the window's group, or {@code MPI.PROC_NULL}
     * @param targetDisp  the displacement from the start of the target's window, in its units
     * @param targetCount the number of items at the target
     * @param targetType  the datatype of each item at the target
     * @return the request, complete
     * @throws MPIException as {@link #get} does
     */
    public final Request rGet(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
                              Datatype targetType) throws MPIException {
        get(origin, orgCount, orgType, targetRank, targetDisp, targetCount, targetType);
        return Request.completedNothing(comm);
    }

    /**
     * {@link #accumulate} as a request ({@code MPI_RACCUMULATE}); it is complete when returned.
     * @param origin      the origin buffer
     * @param orgCount    the number of items in the origin buffer
     * @param orgType     the datatype of each item in the origin buffer
     * @param targetRank  the target's rank in the window's group, or {@code MPI.PROC_NULL}
     * @param targetDisp  the displacement from the start of the target's window, in its units
     * @param targetCount the number of items at the target
     * @param targetType  the datatype of each item at the target
     * @param op          the operation
     * @return the request, complete
     * @throws MPIException as {@link #accumulate} does
     */
    public Request rAccumulate(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
                               Datatype targetType, Op op) throws MPIException {
        accumulate(origin, orgCount, orgType, targetRank, targetDisp, targetCount, targetType, op);
        return Request.completedNothing(comm);
    }

    /**
     * {@link #getAccumulate} as a request ({@code MPI_RGET_ACCUMULATE}); it is complete, the
     * items as they were in the result buffer, when returned.
     * @param origin      the origin buffer
     * @param orgCount    the number of items in the origin buffer
     * @param orgType     the datatype of each item in the origin buffer
     * @param resultAddr  the result buffer, which receives the target's items as they were
     * @param resultCount the number of items in the result buffer
     * @param resultType  the datatype of each item in the result buffer
     * @param targetRank  the target's rank in the window's group, or {@code MPI.PROC_NULL}
     * @param targetDisp  the displacement from the start of the target's window, in its units
     * @param targetCount the number of items at the target
     * @param targetType  the datatype of each item at the target
     * @param op          the operation
     * @return the request, complete
     * @throws MPIException as {@link #getAccumulate} does
     */
    public Request rGetAccumulate(Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount,
                                  Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType,
                                  Op op) throws MPIException {
        getAccumulate(origin, orgCount, orgType, resultAddr, resultCount, resultType, targetRank, targetDisp, targetCount,
            targetType, op);
        return Request.completedNothing(comm);
    }

    // ---------------------------------------------------------------- synchronisation

    /**
     * Ends the current fence epoch and begins the next ({@code MPI_WIN_FENCE}): every put and
     * accumulate made before it, by any rank, is in its target's memory when it returns.
     * Collective.
     * @param assertion {@code 0} or a combination of {@code MPI.MODE_NOSTORE}, {@code MPI.MODE_NOPUT},
     *                  {@code MPI.MODE_NOPRECEDE} and {@code MPI.MODE_NOSUCCEED} (after which no epoch is open)
     * @throws MPIException if a lock, start or post epoch is open, or the window is freed
     */
    public void fence(int assertion) throws MPIException {
        enter("fence");
        checkAssertion("fence", assertion);
        try {
            window.fence("fence", (assertion & MPI.MODE_NOSUCCEED) == 0);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * Begins an access epoch to the ranks of {@code group}, once each has called {@link #post}
     * ({@code MPI_WIN_START}).
     * @param group     the target ranks, a subgroup of the window's group
     * @param assertion {@code 0} or {@code MPI.MODE_NOCHECK}
     * @throws MPIException if the group is not part of the window's, or an access epoch begun by start is open
     */
    public void start(Group group, int assertion) throws MPIException {
        enter("start");
        checkAssertion("start", assertion);
        int[] targets = ranksOf("start", group);
        try {
            window.start("start", targets);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * Ends the access epoch of {@link #start}: its operations are in their targets' memory
     * when it returns ({@code MPI_WIN_COMPLETE}).
     * @throws MPIException if no access epoch begun by start is open
     */
    public void complete() throws MPIException {
        enter("complete");
        try {
            window.complete("complete");
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * Begins an exposure epoch of this rank's window to the ranks of {@code group}
     * ({@code MPI_WIN_POST}).
     * @param group     the origin ranks, a subgroup of the window's group
     * @param assertion {@code 0} or a combination of {@code MPI.MODE_NOCHECK}, {@code MPI.MODE_NOSTORE}
     *                  and {@code MPI.MODE_NOPUT}
     * @throws MPIException if the group is not part of the window's, or an exposure epoch is open
     */
    public void post(Group group, int assertion) throws MPIException {
        enter("post");
        checkAssertion("post", assertion);
        int[] origins = ranksOf("post", group);
        try {
            window.post("post", origins);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * Waits until every origin of the exposure epoch of {@link #post} has called
     * {@link #complete}, then ends the epoch; their operations are in this rank's memory
     * ({@code MPI_WIN_WAIT}).
     * @throws MPIException if no exposure epoch is open
     */
    public void waitFor() throws MPIException {
        enter("waitFor");
        try {
            window.waitFor("waitFor");
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * {@link #waitFor} if every origin has completed; otherwise returns at once ({@code MPI_WIN_TEST}).
     * @return true if the exposure epoch has ended
     * @throws MPIException if no exposure epoch is open
     */
    public boolean test() throws MPIException {
        enter("test");
        try {
            return window.test("test");
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * Begins a passive-target epoch to {@code rank}'s window, waiting until its lock is
     * granted ({@code MPI_WIN_LOCK}). The target's lock grants requests in the order they
     * arrive.
     * @param lockType  {@code MPI.LOCK_EXCLUSIVE} or {@code MPI.LOCK_SHARED}
     * @param rank      the target's rank in the window's group
     * @param assertion {@code 0} or {@code MPI.MODE_NOCHECK}
     * @throws MPIException if the lock type or rank is bad, or this rank already holds a lock on that window
     */
    public void lock(int lockType, int rank, int assertion) throws MPIException {
        enter("lock");
        checkAssertion("lock", assertion);
        if (lockType != MPI.LOCK_EXCLUSIVE && lockType != MPI.LOCK_SHARED) {
            throw new MPIException(MPI.ERR_LOCKTYPE, "lock: the lock type must be MPI.LOCK_EXCLUSIVE or MPI.LOCK_SHARED, got "
                + lockType);
        }
        if (checkRank("lock", rank)) {
            try {
                window.lock("lock", lockType == MPI.LOCK_EXCLUSIVE ? Window.LOCK_EXCLUSIVE : Window.LOCK_SHARED, rank);
            } catch (EngineException e) {
                throw Comm.raised(e);
            }
        }
    }

    /**
     * Ends the passive-target epoch to {@code rank}'s window: this rank's operations are in
     * its memory, and the lock is released ({@code MPI_WIN_UNLOCK}).
     * @param rank the target's rank in the window's group
     * @throws MPIException if this rank holds no lock of {@link #lock} on that window
     */
    public void unlock(int rank) throws MPIException {
        enter("unlock");
        if (checkRank("unlock", rank)) {
            try {
                window.unlock("unlock", rank);
            } catch (EngineException e) {
                throw Comm.raised(e);
            }
        }
    }

    /**
     * Begins a passive-target epoch to every rank's window, with a shared lock of each
     * ({@code MPI_WIN_LOCK_ALL}).
     * @param assertion {@code 0} or {@code MPI.MODE_NOCHECK}
     * @throws MPIException if this rank already holds a lock on the window
     */
    public void lockAll(int assertion) throws MPIException {
        enter("lockAll");
        checkAssertion("lockAll", assertion);
        try {
            window.lockAll("lockAll");
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * Ends the epoch of {@link #lockAll}: this rank's operations are in their targets' memory
     * ({@code MPI_WIN_UNLOCK_ALL}).
     * @throws MPIException if no epoch of lockAll is open
     */
    public void unlockAll() throws MPIException {
        enter("unlockAll");
        try {
            window.unlockAll("unlockAll");
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * Makes this rank's stores to its own window's buffer and the window's view of it agree
     * ({@code MPI_WIN_SYNC}): a full memory fence.
     * @throws MPIException if the window is freed
     */
    public void sync() throws MPIException {
        enter("sync");
        try {
            window.sync("sync");
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * Waits until this rank's operations to {@code targetRank} are in its memory, within a
     * passive-target epoch ({@code MPI_WIN_FLUSH}).
     * @param targetRank the target's rank in the window's group
     * @throws MPIException if no passive-target epoch covers the target
     */
    public void flush(int targetRank) throws MPIException {
        enter("flush");
        if (checkRank("flush", targetRank)) {
            try {
                window.flush("flush", targetRank);
            } catch (EngineException e) {
                throw Comm.raised(e);
            }
        }
    }

    /**
     * Waits until this rank's operations to every target are in their memory, within a
     * passive-target epoch ({@code MPI_WIN_FLUSH_ALL}).
     * @throws MPIException if no passive-target epoch is open
     */
    public void flushAll() throws MPIException {
        enter("flushAll");
        try {
            window.flushAll("flushAll");
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * Completes this rank's operations to {@code targetRank} at the origin, within a
     * passive-target epoch ({@code MPI_WIN_FLUSH_LOCAL}); they are complete there when their
     * calls return, so this only checks the epoch.
     * @param targetRank the target's rank in the window's group
     * @throws MPIException if no passive-target epoch covers the target
     */
    public void flushLocal(int targetRank) throws MPIException {
        enter("flushLocal");
        if (checkRank("flushLocal", targetRank)) {
            try {
                window.flushLocal("flushLocal", targetRank);
            } catch (EngineException e) {
                throw Comm.raised(e);
            }
        }
    }

    /**
     * Completes this rank's operations to every target at the origin, within a passive-target
     * epoch ({@code MPI_WIN_FLUSH_LOCAL_ALL}); as {@link #flushLocal}, this only checks the epoch.
     * @throws MPIException if no passive-target epoch is open
     */
    public void flushLocalAll() throws MPIException {
        enter("flushLocalAll");
        try {
            window.flushLocal("flushLocalAll", -1);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * Attaches the first {@code size} elements of {@code base} to this rank's part of a dynamic
     * window ({@code MPI_WIN_ATTACH}): other ranks reach them at the displacement
     * {@link MPI#getAddress}{@code (base)} (plus a byte offset into them). Any buffer, direct or
     * heap; the buffers attached to one window must not overlap.
     * @param base the buffer, from its element 0
     * @param size the number of elements of {@code base} to attach
     * @throws MPIException {@code ERR_RMA_FLAVOR} if the window is not dynamic, {@code ERR_RMA_ATTACH}
     *                      if the buffer is attached already, {@code ERR_SIZE} for a bad size
     */
    public void attach(Buffer base, int size) throws MPIException {
        enter("attach");
        if (base == null) {
            throw new MPIException(MPI.ERR_BUFFER, "attach: the buffer is null");
        }
        if (size < 0 || size > base.capacity()) {
            throw new MPIException(MPI.ERR_SIZE, "attach: size " + size + " must lie between 0 and the buffer's capacity, "
                + base.capacity() + " elements");
        }
        try {
            window.attach("attach", base, base.duplicate().clear().limit(size).slice(), MPI.getAddress(base));
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * Detaches {@code base}, the very buffer object given to {@link #attach}, from this rank's
     * part of a dynamic window ({@code MPI_WIN_DETACH}); an access to it afterwards raises
     * {@code ERR_RMA_RANGE} at the origin.
     * @param base the buffer attached
     * @throws MPIException {@code ERR_RMA_FLAVOR} if the window is not dynamic, {@code ERR_ARG} if
     *                      the buffer is not attached to it
     */
    public void detach(Buffer base) throws MPIException {
        enter("detach");
        if (base == null) {
            throw new MPIException(MPI.ERR_BUFFER, "detach: the buffer is null");
        }
        try {
            window.detach("detach", base);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    // ---------------------------------------------------------------- the window itself

    /**
     * Rank {@code rank}'s part of a shared window's memory, which this rank loads from and
     * stores to directly ({@code MPI_WIN_SHARED_QUERY}, which Open MPI's Java API lacks): a
     * buffer of the element type of the buffer the window was made with, over that rank's
     * {@code size} elements. {@code MPI.PROC_NULL} names the first rank with a part of non-zero
     * size. Loads and stores by different ranks are ordered by {@link #sync} and a barrier, or
     * by the window's synchronisation, as MPI's unified memory model has it. The buffer must not
     * be used after {@link #free}.
     * @param rank a rank of the window's group, or {@code MPI.PROC_NULL}
     * @return that rank's part of the node's memory
     * @throws MPIException if the window was not made with {@link #FLAVOR_SHARED}, the rank is bad, or the window is freed
     */
    public Buffer sharedQuery(int rank) throws MPIException {
        enter("sharedQuery");
        if (flavor != FLAVOR_SHARED) {
            throw new MPIException(MPI.ERR_RMA_FLAVOR, "sharedQuery: " + window + " was not made with Win.FLAVOR_SHARED; "
                + "only a shared window's memory can be loaded from and stored to by other ranks");
        }
        int of = rank;
        if (rank == MPI.PROC_NULL) {
            of = 0;
            while (of < comm.size - 1 && window.sizeOf(of) == 0) {
                of++;
            }
        } else {
            checkRank("sharedQuery", rank);
        }
        return viewLike(base, window.sharedPart(of));
    }


    /**
     * The ranks that share the window ({@code MPI_WIN_GET_GROUP}).
     * @return the group of the communicator the window was made on
     * @throws MPIException if the window is freed
     */
    public Group getGroup() throws MPIException {
        enter("getGroup");
        return new Group(comm.worldRanks(), comm.rt.rank());
    }

    /**
     * The name {@link #setName} gave, or the empty string ({@code MPI_WIN_GET_NAME}).
     * @return the window's name
     * @throws MPIException if the window is freed
     */
    public String getName() throws MPIException {
        enter("getName");
        return name;
    }

    /**
     * Names the window ({@code MPI_WIN_SET_NAME}).
     * @param name the name
     * @throws MPIException if the name is null or the window is freed
     */
    public void setName(String name) throws MPIException {
        enter("setName");
        if (name == null) {
            throw new MPIException(MPI.ERR_ARG, "setName: the name is null");
        }
        this.name = name;
    }

    /**
     * The hints in use: none, as an empty {@link Info} ({@code MPI_WIN_GET_INFO}).
     * @return a new, empty info object
     * @throws MPIException if the window is freed
     */
    public Info getInfo() throws MPIException {
        enter("getInfo");
        return new Info();
    }

    /**
     * Accepted and not used: HyMPJ's windows take no hints ({@code MPI_WIN_SET_INFO}).
     * @param info the hints
     * @throws MPIException if the window is freed
     */
    public void setInfo(Info info) throws MPIException {
        enter("setInfo");
    }

    /**
     * Sets what an MPI error in a call on this window does ({@code MPI_WIN_SET_ERRHANDLER}).
     * @param errhandler {@code MPI.ERRORS_RETURN} or {@code MPI.ERRORS_ARE_FATAL}
     * @throws MPIException if the handler is null or the window is freed
     */
    public void setErrhandler(Errhandler errhandler) throws MPIException {
        enter("setErrhandler");
        comm.Errhandler_set(errhandler);
    }

    /**
     * This window's errhandler ({@code MPI_WIN_GET_ERRHANDLER}).
     * @return the errhandler
     * @throws MPIException if the window is freed
     */
    public Errhandler getErrhandler() throws MPIException {
        enter("getErrhandler");
        return comm.errhandler;
    }

    /**
     * Calls this window's errhandler with {@code errorCode} ({@code MPI_WIN_CALL_ERRHANDLER}):
     * {@code MPI.ERRORS_ARE_FATAL} ends the job, {@code MPI.ERRORS_RETURN} does nothing.
     * @param errorCode the error code
     * @throws MPIException with {@code errorCode} if the errhandler is fatal, or if the window is freed
     */
    public void callErrhandler(int errorCode) throws MPIException {
        enter("callErrhandler");
        comm.callErrhandler(errorCode);
    }

    /**
     * Makes a new attribute key ({@code MPI_WIN_CREATE_KEYVAL}); windows and communicators
     * draw their keys from one set.
     * @return the key
     * @throws MPIException if MPI is not initialised
     */
    public static int createKeyval() throws MPIException {
        return Comm.createKeyval();
    }

    /**
     * Frees a key of {@link #createKeyval} ({@code MPI_WIN_FREE_KEYVAL}).
     * @param keyval the key
     * @throws MPIException if the key is not a live one
     */
    public static void freeKeyval(int keyval) throws MPIException {
        Comm.freeKeyval(keyval);
    }

    /**
     * Sets the value of attribute {@code keyval} on this window ({@code MPI_WIN_SET_ATTR}).
     * @param keyval a key of {@link #createKeyval}
     * @param value  the value
     * @throws MPIException if the key is not a live one or the window is freed
     */
    public void setAttr(int keyval, Object value) throws MPIException {
        enter("setAttr");
        comm.setAttr(keyval, value);
    }

    /**
     * The value of attribute {@code keyval} ({@code MPI_WIN_GET_ATTR}): for {@code MPI.WIN_BASE}
     * the window's buffer (a shared window's: this rank's part), for {@code MPI.WIN_SIZE} its size in bytes as a {@code Long}, for
     * {@code MPI.WIN_DISP_UNIT} its displacement unit in bytes as an {@code Integer}; a user
     * key's value as set, or null.
     * @param keyval the key
     * @return the value, or null if none is set
     * @throws MPIException if the window is freed
     */
    public Object getAttr(int keyval) throws MPIException {
        enter("getAttr");
        if (keyval == MPI.WIN_BASE) {
            return base;
        }
        if (keyval == MPI.WIN_SIZE) {
            return window.sizeInBytes();
        }
        if (keyval == MPI.WIN_DISP_UNIT) {
            return window.dispUnit();
        }
        return comm.getAttr(keyval);
    }

    /**
     * Deletes the value of user attribute {@code keyval} from this window ({@code MPI_WIN_DELETE_ATTR}).
     * @param keyval the key
     * @throws MPIException if no value is set with the key, or the window is freed
     */
    public void deleteAttr(int keyval) throws MPIException {
        enter("deleteAttr");
        comm.deleteAttr(keyval);
    }

    /**
     * Frees the window once every rank has ended its epochs ({@code MPI_WIN_FREE}); its thread
     * ends, and any later call on it raises {@code ERR_WIN}. Collective.
     * @throws MPIException if this rank still has a lock, start or post epoch open, or the window is freed
     */
    @Override
    public void free() throws MPIException {
        enter("free");
        try {
            window.free("free");
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
        comm.Free();
    }

    @Override
    public String toString() {
        return window + (flavor == FLAVOR_SHARED ? " (shared)" : flavor == DYNAMIC ? " (dynamic)" : "");
    }

    // ---------------------------------------------------------------- checks

    /** Raises the error for a call before Init, after Finalize or on a freed window; this window's errhandler applies. */
    private void enter(String call) {
        MPI.checkActive();
        boolean gone = window.freed();
        Errhandler.entering(gone ? null : comm);
        if (gone) {
            throw new MPIException(MPI.ERR_WIN, call + ": " + window + " has been freed; it cannot be used any more");
        }
    }

    /** True for a rank of the window, false for {@code MPI.PROC_NULL}; raises ERR_RANK for any other. */
    private boolean checkRank(String call, int rank) {
        if (rank == MPI.PROC_NULL) {
            return false;
        }
        if (rank < 0 || rank >= comm.size) {
            throw new MPIException(MPI.ERR_RANK, call + ": rank " + rank + " is not in the window's group of " + comm.size
                + " ranks");
        }
        return true;
    }

    private static void checkAssertion(String call, int assertion) {
        int all = MPI.MODE_NOCHECK | MPI.MODE_NOPRECEDE | MPI.MODE_NOPUT | MPI.MODE_NOSTORE | MPI.MODE_NOSUCCEED;
        if ((assertion & ~all) != 0) {
            throw new MPIException(MPI.ERR_ASSERT, call + ": assertion " + assertion + " is not a combination of "
                + "MPI.MODE_NOCHECK, MPI.MODE_NOPRECEDE, MPI.MODE_NOPUT, MPI.MODE_NOSTORE and MPI.MODE_NOSUCCEED");
        }
    }

    /**
     * Checks a transfer's origin and target and returns the number of elements it moves: the
     * two sides' datatypes lie contiguous, are of one predefined type, and hold as many elements.
     */
    private int checkTransfer(String call, Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp,
                              int targetCount, Datatype targetType) {
        enter(call);
        checkRank(call, targetRank);
        if (origin == null) {
            throw new MPIException(MPI.ERR_BUFFER, call + ": the origin buffer is null");
        }
        if (orgCount < 0 || targetCount < 0) {
            throw new MPIException(MPI.ERR_COUNT, call + ": counts must not be negative, got " + orgCount + " and " + targetCount);
        }
        checkType(call, orgType);
        checkType(call, targetType);
        if (orgType.map.base != targetType.map.base) {
            throw new MPIException(MPI.ERR_TYPE, call + ": the origin's datatype " + orgType + " and the target's "
                + targetType + " must be made of the same predefined datatype");
        }
        long elements = (long) orgCount * orgType.map.width;
        if (elements != (long) targetCount * targetType.map.width) {
            throw new MPIException(MPI.ERR_COUNT, call + ": the origin's " + orgCount + " items of " + orgType
                + " and the target's " + targetCount + " items of " + targetType + " hold different numbers of elements");
        }
        return (int) elements;
    }

    private static void checkType(String call, Datatype type) {
        if (type == null) {
            throw new MPIException(MPI.ERR_TYPE, call + ": the datatype is null");
        }
        if (type.map.base.isObject()) {
            throw new MPIException(MPI.ERR_TYPE, call + ": datatype " + type + " cannot be used with a window; "
                + "it takes datatypes of primitive elements");
        }
    }

    /** The code of a predefined {@code op} defined on {@code type}, or {@code MPI.REPLACE} or {@code MPI.NO_OP}. */
    private static int checkOp(String call, Op op, Datatype type) {
        if (op == null) {
            throw new MPIException(MPI.ERR_OP, call + ": the operation is null");
        }
        if (op.code < 0) {
            throw new MPIException(MPI.ERR_OP, call + ": " + op + " is user-defined; one-sided accumulation takes "
                + "predefined operations, MPI.REPLACE and MPI.NO_OP only");
        }
        if (op.code != ReductionOps.REPLACE && op.code != ReductionOps.NO_OP && !ReductionOps.appliesTo(op.code, type.map)) {
            throw new MPIException(MPI.ERR_OP, call + ": " + op + " is not defined on " + type);
        }
        return op.code;
    }

    /** The window's ranks of the members of {@code group}, which must all be in the window's group. */
    private int[] ranksOf(String call, Group group) {
        if (group == null) {
            throw new MPIException(MPI.ERR_GROUP, call + ": the group is null");
        }
        int[] world = comm.worldRanks();
        int[] ranks = new int[group.members.length];
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = -1;
            for (int r = 0; r < world.length; r++) {
                if (world[r] == group.members[i]) {
                    ranks[i] = r;
                }
            }
            if (ranks[i] < 0) {
                throw new MPIException(MPI.ERR_GROUP, call + ": rank " + i + " of the group is not in the window's group");
            }
        }
        return ranks;
    }
}
