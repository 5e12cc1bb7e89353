package mpi;

import java.nio.Buffer;
import java.util.function.Consumer;
import org.hympj.comm.coll.CollectiveKind;

import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.match.ProbeResult;
import org.hympj.comm.match.ReceiveOperation;
import org.hympj.comm.match.SendOperation;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.events.CallEvents;
import org.hympj.comm.events.MpiCollectiveEvent;
import org.hympj.comm.runtime.RankRuntime;

/**
 * A communicator: a group of ranks and a context in which their messages match. This class
 * has the point-to-point operations of both faces of the package, and the Open MPI face's
 * collectives: mpiJava 1.2's capitalised methods ({@code Send}, {@code Recv}, ...) take a Java
 * array, an offset into it and a count in items of the datatype; Open MPI's camelCase methods
 * ({@code send}, {@code recv}, {@code iSend}, ...) take an array or a {@code java.nio} buffer,
 * used from its start, and their non-blocking forms take a {@code java.nio.Buffer} only. Both
 * faces run the same operations, so a program may mix them.
 *
 * <p>Every operation checks its arguments first and raises {@link MPIException} with an MPI
 * error class for bad ones, before anything is sent or posted. The operations themselves run
 * in the engine's {@link CommunicatorCore}, shared by every rank of the JVM; an error it
 * raises becomes an {@code MPIException} here, where this communicator's errhandler applies.
 *
 * <p>The errors each method lists under {@code @throws} are raised in the caller under
 * {@code MPI.ERRORS_RETURN}, the initial errhandler; under {@code MPI.ERRORS_ARE_FATAL} the
 * same error ends the whole job (see {@link Errhandler}).
 */
public abstract class Comm implements Freeable {
    private final String name;
    private final boolean predefined;
    private volatile boolean freed;
    /** What an MPI error in a call on this communicator does; a communicator made from this one starts with it. */
    volatile Errhandler errhandler = MPI.ERRORS_RETURN;
    RankRuntime rt;
    int context;
    int rank;
    int size;
    /**
     * The size of the group that point-to-point operations address (destinations, sources):
     * this communicator's own, or, for an {@link Intercomm}, the remote group.
     */
    int peerSize;
    /** The engine's side of this communicator: its ranks and its point-to-point operations. */
    CommunicatorCore core;

    Comm(String name) {
        this(name, true);
    }

    Comm(String name, boolean predefined) {
        this.name = name;
        this.predefined = predefined;
    }

    /** Raises the error for a call before Init, after Finalize, or on a freed or null communicator. */
    final void checkUsable() {
        MPI.checkActive();
        // An error on a freed or null communicator goes to COMM_WORLD's handler, as MPI says of
        // an invalid handle; its own handler is not in force any more.
        Errhandler.entering(freed ? null : this);
        if (freed) {
            throw new MPIException(MPI.ERR_COMM, this == MPI.COMM_NULL
                ? "MPI.COMM_NULL is the null communicator; no operation can be made on it"
                : this + " has been freed; it cannot be used any more");
        }
    }

    /** The communicator behind {@code MPI.COMM_NULL}: null from the start. */
    static Comm nullCommunicator() {
        Comm none = new Intracomm("MPI.COMM_NULL");
        ((Comm) none).freed = true;
        return none;
    }

    /** Starts with the errhandler of {@code parent}, as every communicator made from another does. */
    final void inheritFrom(Comm parent) {
        errhandler = parent.errhandler;
    }

    /**
     * Sets what an MPI error in a call on this communicator does: {@code MPI.ERRORS_RETURN}
     * (raise MPIException in the caller) or {@code MPI.ERRORS_ARE_FATAL} (end the job).
     *
     * @param errhandler {@code MPI.ERRORS_RETURN} or {@code MPI.ERRORS_ARE_FATAL}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_ARG} if {@code errhandler} is null; {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public void Errhandler_set(Errhandler errhandler) {
        checkUsable();
        if (errhandler == null) {
            throw new MPIException(MPI.ERR_ARG, "Errhandler_set needs MPI.ERRORS_RETURN or MPI.ERRORS_ARE_FATAL, got null");
        }
        if (errhandler == MPI.ERRORS_ARE_FATAL) {
            Errhandler.fatalInUse();
        }
        this.errhandler = errhandler;
    }

    /**
     * {@return this communicator's errhandler}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Errhandler Errhandler_get() {
        checkUsable();
        return errhandler;
    }

    /**
     * The mpiJava 1.2 name of {@link #Errhandler_set}.
     *
     * @param errhandler {@code MPI.ERRORS_RETURN} or {@code MPI.ERRORS_ARE_FATAL}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_ARG} if {@code errhandler} is null; {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public void Errorhandler_set(Errhandler errhandler) {
        Errhandler_set(errhandler);
    }

    /**
     * The mpiJava 1.2 name of {@link #Errhandler_get}.
     *
     * @return this communicator's errhandler
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Errhandler Errorhandler_get() {
        return Errhandler_get();
    }

    /**
     * {@return true for {@code MPI.COMM_NULL} and for a communicator that has been freed}
     */
    public boolean Is_null() {
        return freed;
    }

    /**
     * A duplicate of this communicator, with its own context (mpiJava's form of {@code Dup}; Open MPI's returns a
     * {@code Comm}). Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public abstract Comm clone();

    void bind(RankRuntime runtime, int context, int rank, int size, int[] worldRanks) {
        this.rt = runtime;
        this.context = context;
        this.rank = rank;
        this.size = size;
        this.peerSize = size;
        this.core = new CommunicatorCore(name, runtime, MPI.operations, MPI.class.getClassLoader(), context, rank, size,
            worldRanks);
    }

    /** Makes point-to-point operations address another group (an intercommunicator's remote one). */
    void bindPeers(int[] remoteWorldRanks) {
        this.peerSize = remoteWorldRanks.length;
        core.bindPeers(remoteWorldRanks);
    }

    /** The engine's error as this package's: the errhandler of the communicator in use applies as it is made. */
    static MPIException raised(EngineException e) {
        return new MPIException(e.errorClass(), e.getMessage(), e.getCause());
    }

    /**
     * {@return this rank's rank in the communicator}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public int Rank() {
        checkUsable();
        return rank;
    }

    /**
     * {@return the number of ranks in the communicator}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public int Size() {
        checkUsable();
        return size;
    }

    /**
     * {@return the communicator's group}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Group Group() {
        checkUsable();
        return new Group(worldRanks(), rt.rank());
    }

    /** The world rank of each rank of this communicator. */
    int[] worldRanks() {
        return core.worldRanks();
    }

    /**
     * {@return true for an intercommunicator}
     */
    public boolean Test_inter() {
        checkUsable();
        return this instanceof Intercomm;
    }

    /**
     * Releases the communicator; any later use of it raises {@code ERR_COMM}.
     *
     * @throws MPIException {@code MPI.ERR_COMM} for a predefined communicator ({@code MPI.COMM_WORLD},
     *     {@code MPI.COMM_SELF}), {@code MPI.COMM_NULL}, or one freed already; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public void Free() {
        checkUsable();
        if (predefined) {
            throw new MPIException(MPI.ERR_COMM, this + " is predefined and cannot be freed");
        }
        freed = true;
        endNonBlockingCollectives();
        core.free();
    }

    /**
     * Deletes an attribute. HyMPJ's communicators carry only the predefined attributes, which
     * MPI does not allow to be deleted, so every call raises {@code ERR_ARG}.
     *
     * @param keyval the attribute key
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_ARG} always, naming the reason; {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public void Attr_delete(int keyval) {
        checkUsable();
        boolean builtIn = keyval == MPI.TAG_UB || keyval == MPI.HOST || keyval == MPI.IO || keyval == MPI.WTIME_IS_GLOBAL;
        throw new MPIException(MPI.ERR_ARG, "Attr_delete: " + (builtIn
            ? "attribute " + keyval + " is predefined and cannot be deleted"
            : "no attribute with key " + keyval + " (predefined: MPI.TAG_UB, MPI.HOST, MPI.IO, MPI.WTIME_IS_GLOBAL)"));
    }

    /**
     * {@return {@code MPI.IDENT} (the same communicator), {@code CONGRUENT} (same group, in order), {@code SIMILAR},
     * or {@code UNEQUAL}}
     *
     * @param comm1 the first communicator
     * @param comm2 the second communicator
     * @throws MPIException {@code MPI.ERR_COMM} if a communicator is null or freed; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public static int Compare(Comm comm1, Comm comm2) {
        MPI.checkActive();
        Errhandler.entering(null);
        if (comm1 == comm2) {
            return MPI.IDENT;
        }
        int groups = Group.Compare(comm1.Group(), comm2.Group());
        return groups == MPI.IDENT ? MPI.CONGRUENT : groups;
    }

    // ---------------------------------------------------------------- packing

    /**
     * Packs {@code incount} items of {@code inbuf} as bytes (native order) into {@code outbuf}
     * from {@code position}; returns the position after them. The way to ship records of mixed
     * primitive fields (particles, say) as one MPI.BYTE or MPI.PACKED message.
     *
     * @param inbuf the data to pack
     * @param offset the index of the first element of {@code inbuf} to pack
     * @param incount the number of items to pack
     * @param datatype the type of each item
     * @param outbuf the bytes to pack into
     * @param position the byte of the packed buffer to start at
     * @return the position in {@code outbuf} after the packed bytes, where the next {@code Pack} starts
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public int Pack(Object inbuf, int offset, int incount, Datatype datatype, byte[] outbuf, int position) {
        checkUsable();
        checkBuffer("Pack", inbuf, offset, incount, datatype);
        int bytes = Pack_size(incount, datatype);
        checkBytes("Pack", outbuf, position, bytes);
        TypeMap map = datatype.map;
        int elements = incount * map.width;
        if (elements > 0) {
            map.base.pack(map.packed(inbuf, offset, incount), 0, elements, outbuf, position);
        }
        return position + bytes;
    }

    /**
     * Unpacks {@code outcount} items from {@code inbuf} at {@code position}; returns the position after them.
     *
     * @param inbuf the packed bytes
     * @param position the byte of the packed buffer to start at
     * @param outbuf where the unpacked items go
     * @param offset the index of the first element of {@code outbuf} to write
     * @param outcount the number of items to unpack
     * @param datatype the type of each item
     * @return the position in {@code inbuf} after the bytes unpacked, where the next {@code Unpack} starts
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public int Unpack(byte[] inbuf, int position, Object outbuf, int offset, int outcount, Datatype datatype) {
        checkUsable();
        checkBuffer("Unpack", outbuf, offset, outcount, datatype);
        int bytes = Pack_size(outcount, datatype);
        checkBytes("Unpack", inbuf, position, bytes);
        TypeMap map = datatype.map;
        int elements = outcount * map.width;
        if (elements > 0) {
            Object items = map.base.newArray(elements);
            map.base.unpack(inbuf, position, items, 0, elements);
            map.unpack(items, 0, elements, outbuf, offset);
        }
        return position + bytes;
    }

    /**
     * {@return the bytes {@link #Pack} needs for {@code incount} items of {@code datatype}}
     *
     * @param incount the number of items to pack
     * @param datatype the type of each item
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public int Pack_size(int incount, Datatype datatype) {
        checkUsable();
        if (datatype == null) {
            throw new MPIException(MPI.ERR_TYPE, "Pack_size: datatype is null");
        }
        if (datatype.map.base.isObject()) {
            throw new MPIException(MPI.ERR_TYPE, "Pack: MPI.OBJECT cannot be packed into bytes; send it as MPI.OBJECT");
        }
        if (incount < 0) {
            throw new MPIException(MPI.ERR_COUNT, "Pack: count must not be negative, got " + incount);
        }
        return incount * datatype.map.width * datatype.map.base.size();
    }

    private static void checkBytes(String call, byte[] bytes, int position, int length) {
        if (bytes == null || position < 0 || (long) position + length > bytes.length) {
            throw new MPIException(MPI.ERR_BUFFER, call + ": " + length + " bytes from position " + position
                + " do not fit a byte buffer of " + (bytes == null ? "null" : bytes.length + " bytes"));
        }
    }

    /**
     * {@return {@code MPI.CART} or {@code MPI.GRAPH} for a communicator with a topology, {@code MPI.UNDEFINED}
     * otherwise}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public int Topo_test() {
        checkUsable();
        return MPI.UNDEFINED;
    }

    /**
     * {@return false: HyMPJ's communicators are intracommunicators}
     */
    public boolean Is_inter() {
        checkUsable();
        return false;
    }

    /**
     * Ends the whole job: every rank waiting in MPI fails at once, this call raises in the
     * caller (a thread cannot end other threads), and the launcher exits with {@code errorcode}.
     *
     * @param errorcode the code the job exits with
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public void Abort(int errorcode) {
        MPI.checkActive();
        rt.job().abortWithCode(rt.rank(), errorcode, "rank " + rt.rank() + " called MPI.Abort(" + errorcode + ") on " + this);
        throw new MPIException(MPI.ERR_OTHER, "MPI.Abort(" + errorcode + ") was called on " + this + "; the job is ending");
    }

    /**
     * {@return the value of a predefined attribute: {@code MPI.TAG_UB}, {@code HOST}, {@code IO} or
     * {@code WTIME_IS_GLOBAL}}
     *
     * @param keyval the attribute key
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_ARG} if {@code keyval} is not a predefined attribute; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public Object Attr_get(int keyval) {
        checkUsable();
        switch (keyval) {
            case MPI.TAG_UB: return MPI.TAG_UB_VALUE;
            case MPI.HOST: return MPI.PROC_NULL;
            case MPI.IO: return rank;
            // All thread ranks read one clock.
            case MPI.WTIME_IS_GLOBAL: return 1;
            default: throw new MPIException(MPI.ERR_ARG, "Attr_get: no attribute with key " + keyval
                + " (predefined: MPI.TAG_UB, MPI.HOST, MPI.IO, MPI.WTIME_IS_GLOBAL)");
        }
    }

    // ---------------------------------------------------------------- recorded calls

    /**
     * Ends a point-to-point call, wait or probe on this communicator that started at
     * {@code started} ({@link CallEvents#callStarts}) with {@code peer} and {@code tag} (or -1),
     * moving {@code count} items of {@code type} (or none); nothing while calls are not recorded
     * ({@code started} 0).
     */
    final void callEnded(long started, String call, int peer, int tag, int count, TypeMap type) {
        if (started != 0) {
            CallEvents.endCall(started, MPI.callTotals(), call, name, context, rt.rank(), peer, tag,
                CallEvents.bytes(count, type), type);
        }
    }

    /**
     * Numbers a collective on this communicator (every collective, so that the numbers agree
     * across ranks whenever a recording starts) and ends its event, if recorded, with
     * {@code root} (or -1) and the {@code count} items of {@code type} this rank contributes.
     */
    final void collectiveEnded(MpiCollectiveEvent event, String call, int root, long count, TypeMap type) {
        long sequence = core.nextCollective();
        if (event != null) {
            CallEvents.endCollective(event, MPI.callTotals(), call, name, context, rt.rank(), root, CallEvents.bytes(count, type),
                type, sequence);
        }
    }

    // ---------------------------------------------------------------- blocking sends

    /**
     * Standard send: returns when {@code buf} may be reused.
     *
     * @param buf the data to send: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the number of items of the type
     * @param datatype the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public void Send(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        blockingSend("Send", buf, offset, count, datatype, dest, tag, SendOperation.STANDARD);
    }

    /**
     * Synchronous send: returns when the receiver has started to receive the message.
     *
     * @param buf the data to send: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the number of items of the type
     * @param datatype the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public void Ssend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        blockingSend("Ssend", buf, offset, count, datatype, dest, tag, SendOperation.SYNCHRONOUS);
    }

    /**
     * Ready send: the receive must already be posted; HyMPJ sends it as a standard send.
     *
     * @param buf the data to send: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the number of items of the type
     * @param datatype the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public void Rsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        blockingSend("Rsend", buf, offset, count, datatype, dest, tag, SendOperation.READY);
    }

    /**
     * Buffered send: copies the message into the buffer attached with {@code MPI.Buffer_attach} and returns.
     *
     * @param buf the data to send: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the number of items of the type
     * @param datatype the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public void Bsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        blockingSend("Bsend", buf, offset, count, datatype, dest, tag, SendOperation.BUFFERED);
    }

    private void blockingSend(String op, Object buf, int offset, int count, Datatype datatype, int dest, int tag, int mode) {
        checkUsable();
        checkSend(op, buf, offset, count, datatype, dest, tag);
        if (dest == MPI.PROC_NULL) {
            return;
        }
        long started = CallEvents.callStarts();
        try {
            core.send(op, buf, offset, count, datatype.map, dest, tag, mode,
                mode == SendOperation.BUFFERED ? MPI.attachedBuffer() : null);
        } catch (EngineException e) {
            throw raised(e);
        }
        callEnded(started, op, dest, tag, count, datatype.map);
    }

    /** Fills in {@code s} and hands it to the destination's path. */
    void startSend(SendOperation s, Object buf, int offset, int count, Datatype datatype, int dest, int tag, int mode) {
        try {
            core.startSend(s, buf, offset, count, datatype.map, dest, tag, mode,
                mode == SendOperation.BUFFERED ? MPI.attachedBuffer() : null);
        } catch (EngineException e) {
            throw raised(e);
        }
    }

    // ---------------------------------------------------------------- non-blocking sends

    /**
     * Starts a standard send: the message is sent from {@code buf} until the request completes, so {@code buf} must
     * not change before then.
     *
     * @param buf the data to send: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the number of items of the type
     * @param datatype the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public Request Isend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return nonBlockingSend("Isend", buf, offset, count, datatype, dest, tag, SendOperation.STANDARD);
    }

    /**
     * Starts a synchronous send: the request completes once the receiver has started to receive the message.
     *
     * @param buf the data to send: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the number of items of the type
     * @param datatype the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public Request Issend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return nonBlockingSend("Issend", buf, offset, count, datatype, dest, tag, SendOperation.SYNCHRONOUS);
    }

    /**
     * Starts a ready send: the receive must already be posted; HyMPJ sends it as a standard send.
     *
     * @param buf the data to send: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the number of items of the type
     * @param datatype the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public Request Irsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return nonBlockingSend("Irsend", buf, offset, count, datatype, dest, tag, SendOperation.READY);
    }

    /**
     * Starts a buffered send: the message is copied into the buffer attached with {@code MPI.Buffer_attach}, and the
     * request is complete at once.
     *
     * @param buf the data to send: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the number of items of the type
     * @param datatype the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public Request Ibsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return nonBlockingSend("Ibsend", buf, offset, count, datatype, dest, tag, SendOperation.BUFFERED);
    }

    private Request nonBlockingSend(String op, Object buf, int offset, int count, Datatype datatype, int dest, int tag, int mode) {
        checkUsable();
        checkSend(op, buf, offset, count, datatype, dest, tag);
        if (dest == MPI.PROC_NULL) {
            return Request.completedNothing(this);
        }
        long started = CallEvents.callStarts();
        SendOperation s = new SendOperation();
        startSend(s, buf, offset, count, datatype, dest, tag, mode);
        callEnded(started, op, dest, tag, count, datatype.map);
        // No string is built here: a message naming the call is made only if the wait fails.
        return new Request(this, s, op, dest, tag);
    }

    // ---------------------------------------------------------------- receives

    /**
     * Blocking receive; raises {@code ERR_TRUNCATE} if the message is longer than {@code count}.
     *
     * @param buf where the message is received: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the most items of the type to receive; a longer message raises {@code MPI.ERR_TRUNCATE}
     * @param datatype the type of each item
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param tag the tag to match, or {@code MPI.ANY_TAG}
     * @return the status of the message received: its source, its tag, and (with {@code Get_count}) how many items it
     *     held
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code source} is not a rank of the group, {@code MPI.ANY_SOURCE} nor
     *     {@code MPI.PROC_NULL}; {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value
     *     ({@code MPI.ANY_TAG} only where it receives); {@code MPI.ERR_TRUNCATE} if the message is longer than the
     *     buffer; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Status Recv(Object buf, int offset, int count, Datatype datatype, int source, int tag) {
        // Kept small, with one allocation site, on purpose: it inlines into the caller, and when
        // the caller does not keep the Status, escape analysis removes it (C2 cannot scalar-replace
        // an object that merges two allocation sites), so a warm Recv allocates nothing.
        ReceiveOperation r = receive("Recv", buf, offset, count, datatype, source, tag);
        int from = MPI.PROC_NULL;
        int matchedTag = MPI.ANY_TAG;
        int received = 0;
        Datatype type = null;
        if (r != null) {
            from = r.matchedSource();
            matchedTag = r.matchedTag();
            received = r.matchedCount();
            type = datatype;
            r.reset();
        }
        return new Status(from, matchedTag, received, type, count, false);
    }

    /**
     * The blocking part of {@link #Recv}: checks, then the engine's receive; returns this
     * thread's completed receive (its results still to be read, then reset by the caller), or
     * null for {@code PROC_NULL}. {@code JitDirectives} keeps it out of its callers, so that
     * {@code Recv} stays small enough to inline.
     */
    private ReceiveOperation receive(String call, Object buf, int offset, int count, Datatype datatype, int source, int tag) {
        checkUsable();
        checkRecv(call, buf, offset, count, datatype, source, tag);
        if (source == MPI.PROC_NULL) {
            return null;
        }
        long started = CallEvents.callStarts();
        ReceiveOperation r;
        try {
            r = core.receive(buf, offset, count, datatype.map, source, tag);
        } catch (EngineException e) {
            throw raised(e);
        }
        if (started != 0) {
            CallEvents.endCall(started, MPI.callTotals(), call, name, context, rt.rank(), r.matchedSource(), r.matchedTag(),
                (long) r.matchedCount() * datatype.map.base.size(), datatype.map);
        }
        return r;
    }

    /**
     * Starts a receive into {@code buf}, which holds the message once the request completes; a longer message than
     * {@code count} items fails the wait with {@code MPI.ERR_TRUNCATE}.
     *
     * @param buf where the message is received: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the most items of the type to receive; a longer message raises {@code MPI.ERR_TRUNCATE}
     * @param datatype the type of each item
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param tag the tag to match, or {@code MPI.ANY_TAG}
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code source} is not a rank of the group, {@code MPI.ANY_SOURCE} nor
     *     {@code MPI.PROC_NULL}; {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value
     *     ({@code MPI.ANY_TAG} only where it receives); {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public Request Irecv(Object buf, int offset, int count, Datatype datatype, int source, int tag) {
        return startReceive("Irecv", buf, offset, count, datatype, source, tag);
    }

    private Request startReceive(String call, Object buf, int offset, int count, Datatype datatype, int source, int tag) {
        checkUsable();
        checkRecv(call, buf, offset, count, datatype, source, tag);
        if (source == MPI.PROC_NULL) {
            return Request.receivedFromProcNull(this);
        }
        long started = CallEvents.callStarts();
        ReceiveOperation r = new ReceiveOperation();
        postReceive(r, buf, offset, count, datatype, source, tag);
        callEnded(started, call, source, tag, count, datatype.map);
        Request request = new Request(this, r, call, source, tag);
        request.unpacksInto(datatype, buf, offset, count);
        return request;
    }

    void postReceive(ReceiveOperation r, Object buf, int offset, int count, Datatype datatype, int source, int tag) {
        core.postReceive(r, buf, offset, count, datatype.map, source, tag);
    }

    /** A blocking exchange on this communicator's collective context (see {@link CommunicatorCore#collectiveExchange}). */
    void collectiveExchange(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest,
                            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int tag) {
        try {
            core.collectiveExchange(sendbuf, sendoffset, sendcount, sendtype.map, dest, recvbuf, recvoffset, recvcount,
                recvtype.map, source, tag);
        } catch (EngineException e) {
            throw raised(e);
        }
    }

    /**
     * Sends and receives at once, so two ranks can exchange without ordering their calls.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type
     * @param sendoffset the index of the first element of {@code sendbuf} to use
     * @param sendcount the number of items of the type
     * @param sendtype the type of each item sent
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param sendtag the tag of the message sent, 0 to {@code MPI.TAG_UB}'s value
     * @param recvbuf where this rank receives: an array of the datatype's element type
     * @param recvoffset the index of the first element of {@code recvbuf} to use
     * @param recvcount the most items of the type to receive; a longer message raises {@code MPI.ERR_TRUNCATE}
     * @param recvtype the type of each item received
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param recvtag the tag to match, or {@code MPI.ANY_TAG}
     * @return the status of the message received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_RANK} if {@code source} is not a rank of the group, {@code MPI.ANY_SOURCE} nor
     *     {@code MPI.PROC_NULL}; {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value
     *     ({@code MPI.ANY_TAG} only where it receives); {@code MPI.ERR_TRUNCATE} if the message is longer than the
     *     buffer; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Status Sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
                           Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag) {
        checkUsable();
        checkSend("Sendrecv", sendbuf, sendoffset, sendcount, sendtype, dest, sendtag);
        checkRecv("Sendrecv", recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
        long started = CallEvents.callStarts();
        ReceiveOperation r;
        try {
            r = core.sendReceive("Sendrecv", sendbuf, sendoffset, sendcount, sendtype.map, dest, sendtag,
                recvbuf, recvoffset, recvcount, recvtype.map, source, recvtag);
        } catch (EngineException e) {
            throw raised(e);
        }
        // The bytes sent, to the destination: what a profile of the sender's traffic adds up.
        callEnded(started, "Sendrecv", dest, sendtag, dest == MPI.PROC_NULL ? 0 : sendcount, sendtype.map);
        if (r == null) {
            return Status.empty(MPI.PROC_NULL);
        }
        Status status = new Status(r.matchedSource(), r.matchedTag(), r.matchedCount(), recvtype, recvcount, false);
        r.reset();
        return status;
    }

    /**
     * Sends the contents of {@code buf} and replaces them with the message received.
     *
     * @param buf the data to send, replaced by the message received: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the most items of the type to receive; a longer message raises {@code MPI.ERR_TRUNCATE}
     * @param datatype the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param sendtag the tag of the message sent, 0 to {@code MPI.TAG_UB}'s value
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param recvtag the tag to match, or {@code MPI.ANY_TAG}
     * @return the status of the message received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_RANK} if {@code source} is not a rank of the group, {@code MPI.ANY_SOURCE} nor
     *     {@code MPI.PROC_NULL}; {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value
     *     ({@code MPI.ANY_TAG} only where it receives); {@code MPI.ERR_TRUNCATE} if the message is longer than the
     *     buffer; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Status Sendrecv_replace(Object buf, int offset, int count, Datatype datatype,
                                   int dest, int sendtag, int source, int recvtag) {
        checkUsable();
        checkSend("Sendrecv_replace", buf, offset, count, datatype, dest, sendtag);
        checkRecv("Sendrecv_replace", buf, offset, count, datatype, source, recvtag);
        Object copy = datatype.map.packed(buf, offset, count);
        return Sendrecv(copy, 0, count, datatype.packedForm(), dest, sendtag, buf, offset, count, datatype, source, recvtag);
    }

    // ---------------------------------------------------------------- probes

    /**
     * Waits until a message matching (source, tag) can be received and returns its envelope.
     *
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param tag the tag to match, or {@code MPI.ANY_TAG}
     * @return the status of the message: its source, its tag and its size; the message stays to be received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_RANK} if {@code source} is not a rank of the group, {@code MPI.ANY_SOURCE} nor
     *     {@code MPI.PROC_NULL}; {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value
     *     ({@code MPI.ANY_TAG} only where it receives); {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public Status Probe(int source, int tag) {
        checkUsable();
        checkSource("Probe", source);
        checkRecvTag("Probe", tag);
        if (source == MPI.PROC_NULL) {
            return Status.empty(MPI.PROC_NULL);
        }
        long started = CallEvents.callStarts();
        ProbeResult p = new ProbeResult();
        try {
            core.probe(source, tag, p);
        } catch (EngineException e) {
            throw raised(e);
        }
        callEnded(started, "Probe", p.source, p.tag, 0, null);
        return new Status(p.source, p.tag, p.count, MPI.basic(p.type), false);
    }

    /**
     * {@return the envelope of a message matching (source, tag) that can be received now, or null}
     *
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param tag the tag to match, or {@code MPI.ANY_TAG}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_RANK} if {@code source} is not a rank of the group, {@code MPI.ANY_SOURCE} nor
     *     {@code MPI.PROC_NULL}; {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value
     *     ({@code MPI.ANY_TAG} only where it receives); {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public Status Iprobe(int source, int tag) {
        checkUsable();
        checkSource("Iprobe", source);
        checkRecvTag("Iprobe", tag);
        if (source == MPI.PROC_NULL) {
            return Status.empty(MPI.PROC_NULL);
        }
        ProbeResult p = new ProbeResult();
        return core.iprobe(source, tag, p) ? new Status(p.source, p.tag, p.count, MPI.basic(p.type), false) : null;
    }

    // ---------------------------------------------------------------- persistent requests

    /**
     * {@return a persistent standard send: each {@link Prequest#Start} sends the contents {@code buf} has then}
     *
     * @param buf the data to send: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the number of items of the type
     * @param datatype the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public Prequest Send_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return sendInit("Send_init", buf, offset, count, datatype, dest, tag, SendOperation.STANDARD);
    }

    /**
     * {@return a persistent synchronous send (see {@link #Send_init})}
     *
     * @param buf the data to send: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the number of items of the type
     * @param datatype the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public Prequest Ssend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return sendInit("Ssend_init", buf, offset, count, datatype, dest, tag, SendOperation.SYNCHRONOUS);
    }

    /**
     * {@return a persistent buffered send (see {@link #Send_init})}
     *
     * @param buf the data to send: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the number of items of the type
     * @param datatype the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public Prequest Bsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return sendInit("Bsend_init", buf, offset, count, datatype, dest, tag, SendOperation.BUFFERED);
    }

    /**
     * {@return a persistent ready send (see {@link #Send_init})}
     *
     * @param buf the data to send: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the number of items of the type
     * @param datatype the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public Prequest Rsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return sendInit("Rsend_init", buf, offset, count, datatype, dest, tag, SendOperation.READY);
    }

    private Prequest sendInit(String op, Object buf, int offset, int count, Datatype datatype, int dest, int tag, int mode) {
        checkUsable();
        checkSend(op, buf, offset, count, datatype, dest, tag);
        return new Prequest(this, mode, buf, offset, count, datatype, dest, tag, op);
    }

    /**
     * {@return a persistent receive: each {@link Prequest#Start} receives one message into {@code buf}}
     *
     * @param buf where the message is received: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the most items of the type to receive; a longer message raises {@code MPI.ERR_TRUNCATE}
     * @param datatype the type of each item
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param tag the tag to match, or {@code MPI.ANY_TAG}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code source} is not a rank of the group, {@code MPI.ANY_SOURCE} nor
     *     {@code MPI.PROC_NULL}; {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value
     *     ({@code MPI.ANY_TAG} only where it receives); {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public Prequest Recv_init(Object buf, int offset, int count, Datatype datatype, int source, int tag) {
        checkUsable();
        checkRecv("Recv_init", buf, offset, count, datatype, source, tag);
        return new Prequest(this, Prequest.RECEIVE, buf, offset, count, datatype, source, tag, "Recv_init");
    }

    int worldRank(int commRank) {
        return core.worldRank(commRank);
    }

    /** The world rank of rank {@code peerRank} of the group point-to-point operations address. */
    int peerWorldRank(int peerRank) {
        return core.peerWorldRank(peerRank);
    }

    // ---------------------------------------------------------------- argument checks

    /** How messages name the group ranks are checked against: "size " or, for an intercommunicator, "remote size ". */
    String peerGroupName() {
        return "size ";
    }

    private void checkSend(String op, Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        checkBuffer(op, buf, offset, count, datatype);
        if (dest != MPI.PROC_NULL && (dest < 0 || dest >= peerSize)) {
            throw new MPIException(MPI.ERR_RANK, op + ": destination rank " + dest + " is out of range for "
                + name + " of " + peerGroupName() + peerSize + " (valid: 0.." + (peerSize - 1) + " or MPI.PROC_NULL)");
        }
        if (tag < 0 || tag > MPI.TAG_UB_VALUE) {
            throw new MPIException(MPI.ERR_TAG, op + ": tag " + tag + " is invalid; a send's tag must be 0.." + MPI.TAG_UB_VALUE);
        }
    }

    private void checkRecv(String op, Object buf, int offset, int count, Datatype datatype, int source, int tag) {
        checkBuffer(op, buf, offset, count, datatype);
        checkSource(op, source);
        checkRecvTag(op, tag);
    }

    private void checkSource(String op, int source) {
        if (source != MPI.PROC_NULL && source != MPI.ANY_SOURCE && (source < 0 || source >= peerSize)) {
            throw new MPIException(MPI.ERR_RANK, op + ": source rank " + source + " is out of range for "
                + name + " of " + peerGroupName() + peerSize + " (valid: 0.." + (peerSize - 1) + ", MPI.ANY_SOURCE or MPI.PROC_NULL)");
        }
    }

    private static void checkRecvTag(String op, int tag) {
        if (tag != MPI.ANY_TAG && (tag < 0 || tag > MPI.TAG_UB_VALUE)) {
            throw new MPIException(MPI.ERR_TAG, op + ": tag " + tag + " is invalid; a receive's tag must be 0.."
                + MPI.TAG_UB_VALUE + " or MPI.ANY_TAG");
        }
    }

    static void checkBuffer(String op, Object buf, int offset, int count, Datatype datatype) {
        if (datatype == null) {
            throw new MPIException(MPI.ERR_TYPE, op + ": datatype is null");
        }
        datatype.checkUsable(op);
        if (count < 0) {
            throw new MPIException(MPI.ERR_COUNT, op + ": count must not be negative, got " + count);
        }
        if (buf == null) {
            if (count == 0) {
                return;
            }
            throw new MPIException(MPI.ERR_BUFFER, op + ": buffer is null but count is " + count);
        }
        TypeMap map = datatype.map;
        if (!map.accepts(buf)) {
            throw new MPIException(MPI.ERR_TYPE, op + ": datatype " + datatype + " needs a buffer of type "
                + map.base.arrayTypeName() + ", got " + buf.getClass().getSimpleName());
        }
        int length = java.lang.reflect.Array.getLength(buf);
        // The elements the items touch: item i's lie from offset + i * extent + low up to + high.
        boolean touches = count != 0 && map.width != 0;
        long first = (long) offset + (touches ? map.low : 0);
        long end = touches ? (long) offset + (long) (count - 1) * map.extent + map.high : offset;
        if (offset < 0 || first < 0 || end > length) {
            throw new MPIException(MPI.ERR_BUFFER, op + ": offset " + offset + " and count " + count
                + (map.width == 1 ? "" : " of " + datatype) + " do not lie within the buffer of " + length + " elements");
        }
    }

    @Override
    public String toString() {
        return name;
    }

    // ==== Open MPI face: communicator ====

    /** Open MPI's {@code Comm.TYPE_SHARED}, the same as {@code MPI.COMM_TYPE_SHARED}. */
    public static final int TYPE_SHARED = 0;

    /** The first key {@link #createKeyval} hands out, above every predefined attribute key. */
    private static final int FIRST_USER_KEYVAL = 1000;
    /** The keys made by {@link #createKeyval} and not freed; per rank, as every static of package {@code mpi}. */
    private static final java.util.Set<Integer> LIVE_KEYVALS = new java.util.HashSet<>();
    private static int nextKeyval = FIRST_USER_KEYVAL;

    /** The values of user attribute keys set on this communicator, guarded by itself. */
    private final java.util.Map<Integer, Object> attributes = new java.util.HashMap<>();
    /** The name {@link #setName} gave, or null. */
    private volatile String printName;
    /** The request of the {@link #iDup} that made this communicator, or null. */
    Request creation;

    /**
     * {@return the number of ranks in this communicator's group (the local group of an intercommunicator)}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final int getSize() {
        return Size();
    }

    /**
     * {@return this rank's rank in the communicator (in the local group of an intercommunicator)}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final int getRank() {
        return Rank();
    }

    /**
     * {@return {@code MPI.IDENT}, {@code MPI.CONGRUENT}, {@code MPI.SIMILAR} or {@code MPI.UNEQUAL}, as
     * {@link #Compare}}
     *
     * @param comm1 the first communicator
     * @param comm2 the second communicator
     * @throws MPIException {@code MPI.ERR_COMM} if a communicator is null or freed; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public static int compare(Comm comm1, Comm comm2) {
        return Compare(comm1, comm2);
    }

    /**
     * {@return a duplicate of this communicator, with its own contexts and a copy of its attributes} Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public abstract Comm dup();

    /**
     * {@link #dup}, as Open MPI's non-blocking {@code MPI_Comm_idup}: HyMPJ duplicates at once,
     * and {@link #getRequest} of the result is a request that is already complete. Collective.
     *
     * @return the new communicator, usable at once
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public abstract Comm iDup();

    /**
     * {@link #dup}; HyMPJ takes no hints from {@code info}. Collective.
     *
     * @param info hints; HyMPJ takes none from it, and null is accepted
     * @return the new communicator
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public abstract Comm dupWithInfo(Info info);

    /**
     * {@return the request of the {@link #iDup} that made this communicator; null if another call made it}
     */
    public final Request getRequest() {
        return creation;
    }

    /** Copies {@code this}'s attributes into {@code copy}, as a duplicate gets them; returns {@code copy}. */
    final <C extends Comm> C withAttributesOf(C copy) {
        java.util.Map<Integer, Object> into = ((Comm) copy).attributes;
        synchronized (attributes) {
            synchronized (into) {
                into.putAll(attributes);
            }
        }
        return copy;
    }

    /** Makes {@code none} a null communicator ({@code isNull()} true), as MPI's {@code MPI_COMM_NULL}; returns it. */
    static <C extends Comm> C asNull(C none) {
        ((Comm) none).freed = true;
        return none;
    }

    /** Gives {@code made} the completed request {@link #getRequest} returns; returns {@code made}. */
    static <C extends Comm> C completedCreation(C made) {
        made.creation = Request.completedNothing(made);
        return made;
    }

    /**
     * Releases the communicator ({@code MPI_Comm_free}); it is null from then on ({@link #isNull}).
     *
     * @throws MPIException {@code MPI.ERR_COMM} for a predefined communicator ({@code MPI.COMM_WORLD},
     *     {@code MPI.COMM_SELF}), {@code MPI.COMM_NULL}, or one freed already; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void free() {
        Free();
    }

    /**
     * {@link #free}: HyMPJ's communicators have no connection to wait for.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void disconnect() {
        Free();
    }

    /**
     * {@return true for {@code MPI.COMM_NULL}, for a communicator that has been freed, and for a split's "no
     * communicator"}
     */
    public final boolean isNull() {
        return Is_null();
    }

    /**
     * Accepted and ignored: HyMPJ's communicators take no hints.
     *
     * @param info hints; HyMPJ takes none from it, and null is accepted
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void setInfo(Info info) {
        checkUsable();
    }

    /**
     * {@return the hints in use: none, as an empty {@link Info}}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Info getInfo() {
        checkUsable();
        return new Info();
    }

    /**
     * {@return the communicator's group (the local group of an intercommunicator)}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Group getGroup() {
        return Group();
    }

    /**
     * {@return true for an intercommunicator}
     */
    public final boolean isInter() {
        return Test_inter();
    }

    /**
     * {@return an intercommunicator between {@code localComm}'s group and another group, called on the peer
     * communicator through which the two leaders meet (see {@link Intracomm#Create_intercomm})} Collective over both
     * groups.
     *
     * @param localComm the communicator of this rank's group
     * @param localLeader the rank of its group's leader in {@code localComm}
     * @param remoteLeader the rank of the other group's leader in this communicator
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Intercomm createIntercomm(Comm localComm, int localLeader, int remoteLeader, int tag) {
        checkUsable();
        if (!(this instanceof Intracomm)) {
            throw new MPIException(MPI.ERR_COMM, "createIntercomm: the peer communicator " + this
                + " is an intercommunicator; call it on an intracommunicator that holds both leaders");
        }
        return ((Intracomm) this).Create_intercomm(localComm, localLeader, remoteLeader, tag);
    }

    /**
     * {@return {@code MPI.CART}, {@code MPI.GRAPH} for a communicator with a topology, {@code MPI.UNDEFINED} otherwise}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final int getTopology() {
        return Topo_test();
    }

    /**
     * Ends the whole job with {@code errorcode} (see {@link #Abort}).
     *
     * @param errorcode the code the job exits with
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void abort(int errorcode) {
        Abort(errorcode);
    }

    /**
     * Sets what an MPI error in a call on this communicator does (see {@link #Errhandler_set}).
     *
     * @param errhandler {@code MPI.ERRORS_RETURN} or {@code MPI.ERRORS_ARE_FATAL}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void setErrhandler(Errhandler errhandler) {
        Errhandler_set(errhandler);
    }

    /**
     * {@return this communicator's errhandler}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Errhandler getErrhandler() {
        return Errhandler_get();
    }

    /**
     * Calls this communicator's errhandler with {@code errorCode}: {@code MPI.ERRORS_ARE_FATAL}
     * ends the job (and raises the error here), {@code MPI.ERRORS_RETURN} does nothing.
     *
     * @param errorCode the code the job exits with
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void callErrhandler(int errorCode) {
        checkUsable();
        if (errhandler == MPI.ERRORS_ARE_FATAL) {
            throw new MPIException(errorCode, "callErrhandler(" + errorCode + ") on " + this + ", whose errhandler is "
                + errhandler);
        }
    }

    /**
     * Makes a new attribute key, for {@link #setAttr} on any communicator of this rank.
     *
     * @return the new key
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static int createKeyval() {
        MPI.checkActive();
        synchronized (LIVE_KEYVALS) {
            int keyval = nextKeyval++;
            LIVE_KEYVALS.add(keyval);
            return keyval;
        }
    }

    /**
     * Frees a key of {@link #createKeyval}; attributes already set with it stay until deleted.
     *
     * @param keyval the attribute key
     * @throws MPIException {@code MPI.ERR_ARG} if {@code keyval} is not a key made by {@link #createKeyval}, or has
     *     been freed; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static void freeKeyval(int keyval) {
        MPI.checkActive();
        Errhandler.entering(null);
        synchronized (LIVE_KEYVALS) {
            if (!LIVE_KEYVALS.remove(keyval)) {
                throw new MPIException(MPI.ERR_ARG, "freeKeyval: " + keyval + " is not a key made by Comm.createKeyval"
                    + (keyval >= FIRST_USER_KEYVAL && keyval < nextKeyval ? " (it has been freed)" : ""));
            }
        }
    }

    /**
     * Sets the value of attribute {@code keyval} (a key of {@link #createKeyval}) on this communicator.
     *
     * @param keyval the attribute key
     * @param value the value to attach
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_ARG} if {@code keyval} is not a live key made by {@link #createKeyval}; {@code MPI.ERR_OTHER}
     *     before {@code Init} or after {@code Finalize}
     */
    public final void setAttr(int keyval, Object value) {
        checkUsable();
        synchronized (LIVE_KEYVALS) {
            if (!LIVE_KEYVALS.contains(keyval)) {
                throw new MPIException(MPI.ERR_ARG, "setAttr: " + keyval + " is not a live key made by Comm.createKeyval"
                    + (isPredefinedKeyval(keyval) ? "; predefined attributes cannot be set" : ""));
            }
        }
        synchronized (attributes) {
            attributes.put(keyval, value);
        }
    }

    /**
     * {@return the value of attribute {@code keyval}: {@code MPI.TAG_UB}, {@code MPI.HOST} and {@code MPI.IO} as an
     * {@code Integer}, {@code MPI.WTIME_IS_GLOBAL} as a {@code Boolean}, a user key's value as set, or null if none
     * is set}
     *
     * @param keyval the attribute key
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Object getAttr(int keyval) {
        checkUsable();
        if (keyval == MPI.WTIME_IS_GLOBAL) {
            return ((Integer) Attr_get(keyval)) != 0;
        }
        if (isPredefinedKeyval(keyval)) {
            return Attr_get(keyval);
        }
        synchronized (attributes) {
            return attributes.get(keyval);
        }
    }

    /**
     * Deletes the value of user attribute {@code keyval} from this communicator.
     *
     * @param keyval the attribute key
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_ARG} if no attribute with {@code keyval} is set on this communicator; {@code MPI.ERR_OTHER}
     *     before {@code Init} or after {@code Finalize}
     */
    public final void deleteAttr(int keyval) {
        checkUsable();
        if (isPredefinedKeyval(keyval)) {
            Attr_delete(keyval);
        }
        synchronized (attributes) {
            if (!attributes.containsKey(keyval)) {
                throw new MPIException(MPI.ERR_ARG, "deleteAttr: no attribute with key " + keyval + " is set on " + this);
            }
            attributes.remove(keyval);
        }
    }

    private static boolean isPredefinedKeyval(int keyval) {
        return keyval == MPI.TAG_UB || keyval == MPI.HOST || keyval == MPI.IO || keyval == MPI.WTIME_IS_GLOBAL;
    }

    /**
     * Names the communicator; hang reports use the name too.
     *
     * @param name the name, which {@link #getName} returns; not null
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_ARG} if {@code name} is null; {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public final void setName(String name) {
        checkUsable();
        if (name == null) {
            throw new MPIException(MPI.ERR_ARG, "setName: the name is null");
        }
        printName = name;
        rt.engine().nameContext(context, name);
    }

    /**
     * {@return the name {@link #setName} gave; else {@code "MPI_COMM_WORLD"} or {@code "MPI_COMM_SELF"} for those,
     * and the empty string for any other communicator, as MPI says}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final String getName() {
        checkUsable();
        String n = printName;
        if (n != null) {
            return n;
        }
        return this == MPI.COMM_WORLD ? "MPI_COMM_WORLD" : this == MPI.COMM_SELF ? "MPI_COMM_SELF" : "";
    }

    // ==== Open MPI face: point-to-point ====

    // Buffers are arrays or java.nio buffers used from their start (see BufferArgument); a
    // staged buffer is resolved with forUpdate also for receives, so that copying the staging
    // array back leaves the elements no message reached as they were.

    /**
     * Blocking standard send of {@code count} items of {@code type} from {@code buf}.
     *
     * @param buf the data to send: an array of the datatype's element type, or a {@code java.nio} buffer, used from
     *     its start
     * @param count the number of items of the type
     * @param type the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void send(Object buf, int count, Datatype type, int dest, int tag) {
        sendFrom("send", buf, count, type, dest, tag, SendOperation.STANDARD);
    }

    /**
     * Blocking buffered send, through the buffer attached with {@code MPI.attachBuffer}.
     *
     * @param buf the data to send: an array of the datatype's element type, or a {@code java.nio} buffer, used from
     *     its start
     * @param count the number of items of the type
     * @param type the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void bSend(Object buf, int count, Datatype type, int dest, int tag) {
        sendFrom("bSend", buf, count, type, dest, tag, SendOperation.BUFFERED);
    }

    /**
     * Blocking synchronous send: returns once the receiver has started to receive it.
     *
     * @param buf the data to send: an array of the datatype's element type, or a {@code java.nio} buffer, used from
     *     its start
     * @param count the number of items of the type
     * @param type the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void sSend(Object buf, int count, Datatype type, int dest, int tag) {
        sendFrom("sSend", buf, count, type, dest, tag, SendOperation.SYNCHRONOUS);
    }

    /**
     * Blocking ready send (sent as a standard send).
     *
     * @param buf the data to send: an array of the datatype's element type, or a {@code java.nio} buffer, used from
     *     its start
     * @param count the number of items of the type
     * @param type the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void rSend(Object buf, int count, Datatype type, int dest, int tag) {
        sendFrom("rSend", buf, count, type, dest, tag, SendOperation.READY);
    }

    private void sendFrom(String call, Object buf, int count, Datatype type, int dest, int tag, int mode) {
        Object data = BufferArgument.forSend(call, buf, count, type);
        blockingSend(call, data, BufferArgument.offset(buf, data), count, type, dest, tag, mode);
    }

    /**
     * Blocking receive; raises {@code MPI.ERR_TRUNCATE} (after storing what fits) if the message is longer.
     *
     * @param buf where the message is received: an array of the datatype's element type, or a {@code java.nio}
     *     buffer, used from its start
     * @param count the most items of the type to receive; a longer message raises {@code MPI.ERR_TRUNCATE}
     * @param type the type of each item
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param tag the tag to match, or {@code MPI.ANY_TAG}
     * @return the status of the message received: its source, its tag, and (with {@code getCount}) how many items it
     *     held
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code source} is not a rank of the group, {@code MPI.ANY_SOURCE} nor
     *     {@code MPI.PROC_NULL}; {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value
     *     ({@code MPI.ANY_TAG} only where it receives); {@code MPI.ERR_TRUNCATE} if the message is longer than the
     *     buffer; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Status recv(Object buf, int count, Datatype type, int source, int tag) {
        Object data = BufferArgument.forUpdate("recv", buf, count, type);
        int offset = BufferArgument.offset(buf, data);
        checkUsable();
        checkRecv("recv", data, offset, count, type, source, tag);
        try {
            return Recv(data, offset, count, type, source, tag);
        } finally {
            BufferArgument.copyBack(buf, data, type);
        }
    }

    /**
     * Sends and receives at once, so that two ranks can exchange without ordering their calls.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param sendcount the number of items of the type
     * @param sendtype the type of each item sent
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param sendtag the tag of the message sent, 0 to {@code MPI.TAG_UB}'s value
     * @param recvbuf where this rank receives: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param recvcount the most items of the type to receive; a longer message raises {@code MPI.ERR_TRUNCATE}
     * @param recvtype the type of each item received
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param recvtag the tag to match, or {@code MPI.ANY_TAG}
     * @return the status of the message received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_RANK} if {@code source} is not a rank of the group, {@code MPI.ANY_SOURCE} nor
     *     {@code MPI.PROC_NULL}; {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value
     *     ({@code MPI.ANY_TAG} only where it receives); {@code MPI.ERR_TRUNCATE} if the message is longer than the
     *     buffer; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Status sendRecv(Object sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
                                 Object recvbuf, int recvcount, Datatype recvtype, int source, int recvtag) {
        Object out = BufferArgument.forSend("sendRecv", sendbuf, sendcount, sendtype);
        Object in = BufferArgument.forUpdate("sendRecv", recvbuf, recvcount, recvtype);
        int outOffset = BufferArgument.offset(sendbuf, out);
        int inOffset = BufferArgument.offset(recvbuf, in);
        checkUsable();
        checkSend("sendRecv", out, outOffset, sendcount, sendtype, dest, sendtag);
        checkRecv("sendRecv", in, inOffset, recvcount, recvtype, source, recvtag);
        try {
            return Sendrecv(out, outOffset, sendcount, sendtype, dest, sendtag, in, inOffset, recvcount, recvtype, source, recvtag);
        } finally {
            BufferArgument.copyBack(recvbuf, in, recvtype);
        }
    }

    /**
     * Sends the contents of {@code buf} and replaces them with the message received.
     *
     * @param buf the data to send, replaced by the message received: an array of the datatype's element type, or a
     *     {@code java.nio} buffer, used from its start
     * @param count the most items of the type to receive; a longer message raises {@code MPI.ERR_TRUNCATE}
     * @param type the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param sendtag the tag of the message sent, 0 to {@code MPI.TAG_UB}'s value
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param recvtag the tag to match, or {@code MPI.ANY_TAG}
     * @return the status of the message received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_RANK} if {@code source} is not a rank of the group, {@code MPI.ANY_SOURCE} nor
     *     {@code MPI.PROC_NULL}; {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value
     *     ({@code MPI.ANY_TAG} only where it receives); {@code MPI.ERR_TRUNCATE} if the message is longer than the
     *     buffer; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Status sendRecvReplace(Object buf, int count, Datatype type, int dest, int sendtag, int source, int recvtag) {
        Object data = BufferArgument.forUpdate("sendRecvReplace", buf, count, type);
        int offset = BufferArgument.offset(buf, data);
        checkUsable();
        checkSend("sendRecvReplace", data, offset, count, type, dest, sendtag);
        checkRecv("sendRecvReplace", data, offset, count, type, source, recvtag);
        try {
            return Sendrecv_replace(data, offset, count, type, dest, sendtag, source, recvtag);
        } finally {
            BufferArgument.copyBack(buf, data, type);
        }
    }

    /**
     * Starts a standard send; a staged buffer's copy is what is sent, so {@code buf} may change at once.
     *
     * @param buf the data to send: a direct or heap {@code java.nio} buffer, used from its start (a direct one is
     *     staged in a Java array)
     * @param count the number of items of the type
     * @param type the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iSend(Buffer buf, int count, Datatype type, int dest, int tag) {
        return sendStarted("iSend", buf, count, type, dest, tag, SendOperation.STANDARD);
    }

    /**
     * Starts a buffered send.
     *
     * @param buf the data to send: a direct or heap {@code java.nio} buffer, used from its start (a direct one is
     *     staged in a Java array)
     * @param count the number of items of the type
     * @param type the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request ibSend(Buffer buf, int count, Datatype type, int dest, int tag) {
        return sendStarted("ibSend", buf, count, type, dest, tag, SendOperation.BUFFERED);
    }

    /**
     * Starts a synchronous send.
     *
     * @param buf the data to send: a direct or heap {@code java.nio} buffer, used from its start (a direct one is
     *     staged in a Java array)
     * @param count the number of items of the type
     * @param type the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request isSend(Buffer buf, int count, Datatype type, int dest, int tag) {
        return sendStarted("isSend", buf, count, type, dest, tag, SendOperation.SYNCHRONOUS);
    }

    /**
     * Starts a ready send.
     *
     * @param buf the data to send: a direct or heap {@code java.nio} buffer, used from its start (a direct one is
     *     staged in a Java array)
     * @param count the number of items of the type
     * @param type the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request irSend(Buffer buf, int count, Datatype type, int dest, int tag) {
        return sendStarted("irSend", buf, count, type, dest, tag, SendOperation.READY);
    }

    private Request sendStarted(String call, Buffer buf, int count, Datatype type, int dest, int tag, int mode) {
        // The send operation holds the array it sends from, staging copy included, until it is done.
        Object data = BufferArgument.forSend(call, buf, count, type);
        return nonBlockingSend(call, data, BufferArgument.offset(buf, data), count, type, dest, tag, mode);
    }

    /**
     * Starts a receive; a staged buffer is written when the request completes ({@code waitFor}, {@code test}...).
     *
     * @param buf where the message is received: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param count the most items of the type to receive; a longer message raises {@code MPI.ERR_TRUNCATE}
     * @param type the type of each item
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param tag the tag to match, or {@code MPI.ANY_TAG}
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code source} is not a rank of the group, {@code MPI.ANY_SOURCE} nor
     *     {@code MPI.PROC_NULL}; {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value
     *     ({@code MPI.ANY_TAG} only where it receives); {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public final Request iRecv(Buffer buf, int count, Datatype type, int source, int tag) {
        Object data = BufferArgument.forUpdate("iRecv", buf, count, type);
        Request request = startReceive("iRecv", data, BufferArgument.offset(buf, data), count, type, source, tag);
        request.copiesBackTo(buf, data);
        return request;
    }

    /**
     * {@return a persistent standard send from {@code buf}, whose contents are read at each {@link Prequest#start}}
     *
     * @param buf the data to send: a direct or heap {@code java.nio} buffer, used from its start (a direct one is
     *     staged in a Java array)
     * @param count the number of items of the type
     * @param type the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Prequest sendInit(Buffer buf, int count, Datatype type, int dest, int tag) {
        return persistent("sendInit", SendOperation.STANDARD, buf, count, type, dest, tag);
    }

    /**
     * {@return a persistent buffered send}
     *
     * @param buf the data to send: a direct or heap {@code java.nio} buffer, used from its start (a direct one is
     *     staged in a Java array)
     * @param count the number of items of the type
     * @param type the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Prequest bSendInit(Buffer buf, int count, Datatype type, int dest, int tag) {
        return persistent("bSendInit", SendOperation.BUFFERED, buf, count, type, dest, tag);
    }

    /**
     * {@return a persistent synchronous send}
     *
     * @param buf the data to send: a direct or heap {@code java.nio} buffer, used from its start (a direct one is
     *     staged in a Java array)
     * @param count the number of items of the type
     * @param type the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Prequest sSendInit(Buffer buf, int count, Datatype type, int dest, int tag) {
        return persistent("sSendInit", SendOperation.SYNCHRONOUS, buf, count, type, dest, tag);
    }

    /**
     * {@return a persistent ready send}
     *
     * @param buf the data to send: a direct or heap {@code java.nio} buffer, used from its start (a direct one is
     *     staged in a Java array)
     * @param count the number of items of the type
     * @param type the type of each item
     * @param dest the rank to send to, in this communicator (in the remote group of an intercommunicator), or
     *     {@code MPI.PROC_NULL} for no send
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code dest} is not a rank of the group nor {@code MPI.PROC_NULL};
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Prequest rSendInit(Buffer buf, int count, Datatype type, int dest, int tag) {
        return persistent("rSendInit", SendOperation.READY, buf, count, type, dest, tag);
    }

    /**
     * {@return a persistent receive into {@code buf}, written each time the started receive completes}
     *
     * @param buf where the message is received: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param count the most items of the type to receive; a longer message raises {@code MPI.ERR_TRUNCATE}
     * @param type the type of each item
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param tag the tag to match, or {@code MPI.ANY_TAG}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_RANK} if {@code source} is not a rank of the group, {@code MPI.ANY_SOURCE} nor
     *     {@code MPI.PROC_NULL}; {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value
     *     ({@code MPI.ANY_TAG} only where it receives); {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public final Prequest recvInit(Buffer buf, int count, Datatype type, int source, int tag) {
        return persistent("recvInit", Prequest.RECEIVE, buf, count, type, source, tag);
    }

    private Prequest persistent(String call, int mode, Buffer buf, int count, Datatype type, int peer, int tag) {
        checkUsable();
        Object data = BufferArgument.forSend(call, buf, count, type);
        int offset = BufferArgument.offset(buf, data);
        if (mode == Prequest.RECEIVE) {
            checkRecv(call, data, offset, count, type, peer, tag);
        } else {
            checkSend(call, data, offset, count, type, peer, tag);
        }
        return new Prequest(this, mode, buf, count, type, peer, tag, call);
    }

    /**
     * Packs {@code incount} items of {@code inbuf} into {@code outbuf} from {@code position}; returns the position
     * after them.
     *
     * @param inbuf the data to pack
     * @param incount the number of items to pack
     * @param type the type of each item
     * @param outbuf the bytes to pack into
     * @param position the byte of the packed buffer to start at
     * @return the position in {@code outbuf} after the packed bytes, where the next {@code pack} starts
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final int pack(Object inbuf, int incount, Datatype type, byte[] outbuf, int position) {
        Object data = BufferArgument.forSend("pack", inbuf, incount, type);
        return Pack(data, BufferArgument.offset(inbuf, data), incount, type, outbuf, position);
    }

    /**
     * Unpacks {@code outcount} items from {@code inbuf} at {@code position} into {@code outbuf}; returns the position
     * after them.
     *
     * @param inbuf the packed bytes
     * @param position the byte of the packed buffer to start at
     * @param outbuf where the unpacked items go
     * @param outcount the number of items to unpack
     * @param type the type of each item
     * @return the position in {@code inbuf} after the bytes unpacked, where the next {@code unpack} starts
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final int unpack(byte[] inbuf, int position, Object outbuf, int outcount, Datatype type) {
        Object data = BufferArgument.forUpdate("unpack", outbuf, outcount, type);
        int end = Unpack(inbuf, position, data, BufferArgument.offset(outbuf, data), outcount, type);
        BufferArgument.copyBack(outbuf, data, type);
        return end;
    }

    /**
     * {@return the bytes {@link #pack} needs for {@code incount} items of {@code type}}
     *
     * @param incount the number of items to pack
     * @param type the type of each item
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final int packSize(int incount, Datatype type) {
        return Pack_size(incount, type);
    }

    /**
     * {@return the envelope of a message matching (source, tag) that can be received now, or null if there is none}
     *
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param tag the tag to match, or {@code MPI.ANY_TAG}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_RANK} if {@code source} is not a rank of the group, {@code MPI.ANY_SOURCE} nor
     *     {@code MPI.PROC_NULL}; {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value
     *     ({@code MPI.ANY_TAG} only where it receives); {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public final Status iProbe(int source, int tag) {
        checkUsable();
        checkProbe("iProbe", source, tag);
        return Iprobe(source, tag);
    }

    /** Raises the error for a probe's bad source or tag (a matched probe's, too). */
    final void checkProbe(String call, int source, int tag) {
        checkSource(call, source);
        checkRecvTag(call, tag);
    }

    /**
     * Waits until a message matching (source, tag) can be received and returns its envelope.
     *
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param tag the tag to match, or {@code MPI.ANY_TAG}
     * @return the status of the message: its source, its tag and its size; the message stays to be received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_RANK} if {@code source} is not a rank of the group, {@code MPI.ANY_SOURCE} nor
     *     {@code MPI.PROC_NULL}; {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value
     *     ({@code MPI.ANY_TAG} only where it receives); {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public final Status probe(int source, int tag) {
        checkUsable();
        checkProbe("probe", source, tag);
        return Probe(source, tag);
    }


    // ==== Open MPI face: collectives ====

    /**
     * The non-blocking collectives of this communicator, made by the first one (see
     * {@link NonBlockingCollectives}); guarded by this communicator's monitor.
     */
    private NonBlockingCollectives nonBlocking;

    /** Ends the thread of this communicator's non-blocking collectives once those started have completed. */
    final synchronized void endNonBlockingCollectives() {
        if (nonBlocking != null) {
            nonBlocking.end();
        }
    }

    /**
     * This communicator as the intracommunicator a collective runs on, after the checks every
     * call makes; HyMPJ runs collectives on intracommunicators only.
     */
    final Intracomm collectiveOn(String call) {
        checkUsable();
        if (!(this instanceof Intracomm)) {
            throw new MPIException(MPI.ERR_COMM, call + ": " + this + " is an intercommunicator; HyMPJ runs collective"
                + " operations on intracommunicators only (Merge it into one first)");
        }
        return (Intracomm) this;
    }

    /**
     * The entry of a non-blocking collective's thread into {@code task}. It is declared in this
     * class because {@link Errhandler} finds the communicator of an error by the class of the
     * call's outermost frame in this package: so the errors of the collective meet the
     * errhandler of the communicator it runs on (the shadow's, which is this communicator's).
     */
    static Runnable collectiveTask(Runnable task) {
        return () -> task.run();
    }

    /**
     * Starts {@code collective}, a blocking collective of this face run on this communicator's
     * shadow, as a non-blocking one: it runs after the non-blocking collectives started before
     * on this communicator and progresses without further calls; the request completes with it.
     */
    final Request startCollective(String call, int kind, Consumer<Intracomm> collective) {
        Intracomm comm = collectiveOn(call);
        NonBlockingCollectives n;
        synchronized (this) {
            n = nonBlocking;
            if (n == null) {
                n = NonBlockingCollectives.of(comm);
                nonBlocking = n;
            }
        }
        return n.start(call, kind, collective);
    }


    /** The checks a non-blocking collective makes before it starts: its root (unless {@link #NO_ROOT}), count and datatype. */
    final void checkStart(String call, int root, int count, Datatype type) {
        Intracomm comm = collectiveOn(call);
        if (root != NO_ROOT) {
            comm.checkRootArgument(call, root);
        }
        // No buffer yet: only the datatype, and a negative count, can be wrong here.
        checkBuffer(call, null, 0, Math.min(count, 0), type);
    }

    /** {@link #checkStart}, and that {@code op} applies to {@code type}: a non-blocking reduction's checks. */
    final void checkStart(String call, int root, int count, Datatype type, Op op) {
        checkStart(call, root, count, type);
        Intracomm.checkOperation(call, op, type);
    }

    /** A root argument that a collective does not have. */
    static final int NO_ROOT = Integer.MIN_VALUE;

    /** The element offset of item 0 of {@code buf} in {@code array}, the array BufferArgument resolved it to. */
    static int at(Object buf, Object array) {
        return BufferArgument.offset(buf, array);
    }

    /** The items a v-form's blocks reach: the largest displacement plus count. */
    private static int itemsSpanned(int[] counts, int[] displs) {
        int items = 0;
        if (counts != null && displs != null) {
            for (int r = 0; r < Math.min(counts.length, displs.length); r++) {
                items = Math.max(items, displs[r] + counts[r]);
            }
        }
        return items;
    }

    /**
     * A copy of the elements that {@code count} items of {@code type} from element
     * {@code offset} of {@code array} reach, at the same offsets: an in-place collective's
     * send buffer, read while the result is written over the original.
     */
    static Object inPlaceCopy(String call, Object array, int offset, int count, Datatype type) {
        checkBuffer(call, array, offset, count, type);
        TypeMap map = type.map;
        boolean touches = count > 0 && map.width > 0;
        int from = touches ? offset + map.low : offset;
        int end = touches ? offset + (count - 1) * map.extent + map.high : offset;
        Object copy = map.base.newArray(end);
        System.arraycopy(array, from, copy, from, end - from);
        return copy;
    }

    /** Raises the error for {@code MPI.IN_PLACE} passed by a rank that is not the root. */
    private void inPlaceAtRootOnly(String call, int root) {
        if (rank != root) {
            throw new MPIException(MPI.ERR_BUFFER, call + ": MPI.IN_PLACE may be passed at the root only (rank " + root
                + "), not at rank " + rank);
        }
    }

    // ---------------------------------------------------------------- blocking, in Open MPI's forms

    /**
     * Returns once every rank of the communicator has entered the barrier.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void barrier() {
        collectiveOn("barrier").Barrier();
    }

    /**
     * Copies {@code count} items of {@code buf} at {@code root} to {@code buf} at every rank.
     *
     * @param buf the buffer, read at the root and written at the others: an array of the datatype's element type, or
     *     a {@code java.nio} buffer, used from its start
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void bcast(Object buf, int count, Datatype type, int root) {
        Intracomm comm = collectiveOn("bcast");
        Object b = BufferArgument.forUpdate("bcast", buf, count, type);
        comm.Bcast(b, at(buf, b), count, type, root);
        BufferArgument.copyBack(buf, b, type);
    }

    /**
     * Collects {@code sendcount} items from every rank into {@code recvbuf} at {@code root}, in rank order.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param sendcount the number of items this rank sends
     * @param sendtype the type of each item sent
     * @param recvbuf where the root receives the blocks, in rank order (used at the root only): an array of the
     *     datatype's element type, or a {@code java.nio} buffer, used from its start
     * @param recvcount the number of items received from each rank (used at the root)
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void gather(Object sendbuf, int sendcount, Datatype sendtype,
                             Object recvbuf, int recvcount, Datatype recvtype, int root) {
        Intracomm comm = collectiveOn("gather");
        if (sendbuf == MPI.IN_PLACE) {
            inPlaceAtRootOnly("gather", root);
            gather(recvbuf, recvcount, recvtype, root);
            return;
        }
        Object s = BufferArgument.forSend("gather", sendbuf, sendcount, sendtype);
        Object r = rank == root ? BufferArgument.forUpdate("gather", recvbuf, size * recvcount, recvtype) : null;
        comm.Gather(s, at(sendbuf, s), sendcount, sendtype, r, at(recvbuf, r), recvcount, recvtype, root);
        if (rank == root) {
            BufferArgument.copyBack(recvbuf, r, recvtype);
        }
    }

    /**
     * {@link #gather} in place: at the root {@code buf} receives, its own block already in
     * place; at the other ranks it holds the {@code count} items they send.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): an array of the datatype's
     *     element type, or a {@code java.nio} buffer, used from its start
     * @param count the number of items of each rank's block
     * @param type the type of each item
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void gather(Object buf, int count, Datatype type, int root) {
        Intracomm comm = collectiveOn("gather");
        if (rank != root) {
            Object s = BufferArgument.forSend("gather", buf, count, type);
            comm.Gather(s, at(buf, s), count, type, null, 0, count, type, root);
            return;
        }
        Object r = BufferArgument.forUpdate("gather", buf, size * count, type);
        int own = at(buf, r) + rank * count * type.map.extent;
        comm.Gather(inPlaceCopy("gather", r, own, count, type), own, count, type, r, at(buf, r), count, type, root);
        BufferArgument.copyBack(buf, r, type);
    }

    /**
     * As {@link #gather}, rank {@code r}'s items landing at item {@code displs[r]} of {@code recvbuf}.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param sendcount the number of items this rank sends
     * @param sendtype the type of each item sent
     * @param recvbuf where the root receives the blocks, in rank order (used at the root only): an array of the
     *     datatype's element type, or a {@code java.nio} buffer, used from its start
     * @param recvcount for each rank, the number of items received from it (used at the root)
     * @param displs for each rank, where its block starts in {@code recvbuf}, in items of the type
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype,
                              Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        Intracomm comm = collectiveOn("gatherv");
        if (sendbuf == MPI.IN_PLACE) {
            inPlaceAtRootOnly("gatherv", root);
            gatherv(recvbuf, recvcount, displs, recvtype, root);
            return;
        }
        Object s = BufferArgument.forSend("gatherv", sendbuf, sendcount, sendtype);
        Object r = rank == root ? BufferArgument.forUpdate("gatherv", recvbuf, itemsSpanned(recvcount, displs), recvtype) : null;
        comm.Gatherv(s, at(sendbuf, s), sendcount, sendtype, r, at(recvbuf, r), recvcount, displs, recvtype, root);
        if (rank == root) {
            BufferArgument.copyBack(recvbuf, r, recvtype);
        }
    }

    /**
     * {@link #gatherv} at the root, in place: its own block is already at item {@code displs[root]}.
     *
     * @param recvbuf where the root receives the blocks, in rank order (used at the root only): an array of the
     *     datatype's element type, or a {@code java.nio} buffer, used from its start
     * @param recvcount for each rank, the number of items received from it (used at the root)
     * @param displs for each rank, where its block starts in {@code recvbuf}, in items of the type
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void gatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        Intracomm comm = collectiveOn("gatherv");
        inPlaceAtRootOnly("gatherv", root);
        Object r = BufferArgument.forUpdate("gatherv", recvbuf, itemsSpanned(recvcount, displs), recvtype);
        int[] mine = comm.ownBlock("gatherv", recvcount, displs);
        int own = at(recvbuf, r) + mine[1] * recvtype.map.extent;
        comm.Gatherv(inPlaceCopy("gatherv", r, own, mine[0], recvtype), own, mine[0], recvtype, r, at(recvbuf, r),
            recvcount, displs, recvtype, root);
        BufferArgument.copyBack(recvbuf, r, recvtype);
    }

    /**
     * {@link #gatherv} at a rank other than the root, whose receive arguments are not used.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param sendcount the number of items this rank sends
     * @param sendtype the type of each item sent
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, int root) {
        Intracomm comm = collectiveOn("gatherv");
        Object s = BufferArgument.forSend("gatherv", sendbuf, sendcount, sendtype);
        comm.Gatherv(s, at(sendbuf, s), sendcount, sendtype, null, 0, null, null, sendtype, root);
    }

    /**
     * Sends the {@code r}-th block of {@code sendcount} items of {@code sendbuf} at {@code root} to rank {@code r}.
     *
     * @param sendbuf the blocks the root sends, one per rank in rank order (used at the root only): an array of the
     *     datatype's element type, or a {@code java.nio} buffer, used from its start
     * @param sendcount the number of items sent to each rank (used at the root)
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param recvcount the number of items this rank receives
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void scatter(Object sendbuf, int sendcount, Datatype sendtype,
                              Object recvbuf, int recvcount, Datatype recvtype, int root) {
        Intracomm comm = collectiveOn("scatter");
        if (recvbuf == MPI.IN_PLACE) {
            inPlaceAtRootOnly("scatter", root);
            scatter(sendbuf, sendcount, sendtype, root);
            return;
        }
        Object s = rank == root ? BufferArgument.forSend("scatter", sendbuf, size * sendcount, sendtype) : null;
        Object r = BufferArgument.forUpdate("scatter", recvbuf, recvcount, recvtype);
        comm.Scatter(s, at(sendbuf, s), sendcount, sendtype, r, at(recvbuf, r), recvcount, recvtype, root);
        BufferArgument.copyBack(recvbuf, r, recvtype);
    }

    /**
     * {@link #scatter} in place: at the root {@code buf} holds every rank's block and keeps its
     * own where it is; at the other ranks it receives their {@code count} items.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): an array of the datatype's
     *     element type, or a {@code java.nio} buffer, used from its start
     * @param count the number of items of each rank's block
     * @param type the type of each item
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void scatter(Object buf, int count, Datatype type, int root) {
        Intracomm comm = collectiveOn("scatter");
        if (rank != root) {
            Object r = BufferArgument.forUpdate("scatter", buf, count, type);
            comm.Scatter(null, 0, count, type, r, at(buf, r), count, type, root);
            BufferArgument.copyBack(buf, r, type);
            return;
        }
        Object s = BufferArgument.forSend("scatter", buf, size * count, type);
        int own = at(buf, s) + rank * count * type.map.extent;
        // The root's own block is copied onto itself: a copy of it stands for the receive buffer.
        comm.Scatter(s, at(buf, s), count, type, inPlaceCopy("scatter", s, own, count, type), own, count, type, root);
    }

    /**
     * As {@link #scatter}, rank {@code r} getting {@code sendcount[r]} items from item {@code displs[r]} of
     * {@code sendbuf}.
     *
     * @param sendbuf the blocks the root sends, one per rank in rank order (used at the root only): an array of the
     *     datatype's element type, or a {@code java.nio} buffer, used from its start
     * @param sendcount for each rank, the number of items sent to it
     * @param displs for each rank, where its block starts in {@code sendbuf}, in items of the type
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param recvcount the number of items this rank receives
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype,
                               Object recvbuf, int recvcount, Datatype recvtype, int root) {
        Intracomm comm = collectiveOn("scatterv");
        if (recvbuf == MPI.IN_PLACE) {
            inPlaceAtRootOnly("scatterv", root);
            scatterv(sendbuf, sendcount, displs, sendtype, root);
            return;
        }
        Object s = rank == root ? BufferArgument.forSend("scatterv", sendbuf, itemsSpanned(sendcount, displs), sendtype) : null;
        Object r = BufferArgument.forUpdate("scatterv", recvbuf, recvcount, recvtype);
        comm.Scatterv(s, at(sendbuf, s), sendcount, displs, sendtype, r, at(recvbuf, r), recvcount, recvtype, root);
        BufferArgument.copyBack(recvbuf, r, recvtype);
    }

    /**
     * {@link #scatterv} at the root, in place: its own block stays at item {@code displs[root]} of {@code sendbuf}.
     *
     * @param sendbuf the blocks the root sends, one per rank in rank order (used at the root only): an array of the
     *     datatype's element type, or a {@code java.nio} buffer, used from its start
     * @param sendcount for each rank, the number of items sent to it
     * @param displs for each rank, where its block starts in {@code sendbuf}, in items of the type
     * @param sendtype the type of each item sent
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root) {
        Intracomm comm = collectiveOn("scatterv");
        inPlaceAtRootOnly("scatterv", root);
        Object s = BufferArgument.forSend("scatterv", sendbuf, itemsSpanned(sendcount, displs), sendtype);
        int[] mine = comm.ownBlock("scatterv", sendcount, displs);
        int own = at(sendbuf, s) + mine[1] * sendtype.map.extent;
        comm.Scatterv(s, at(sendbuf, s), sendcount, displs, sendtype, inPlaceCopy("scatterv", s, own, mine[0], sendtype), own,
            mine[0], sendtype, root);
    }

    /**
     * {@link #scatterv} at a rank other than the root, whose send arguments are not used.
     *
     * @param recvbuf where this rank receives: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param recvcount the number of items this rank receives
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void scatterv(Object recvbuf, int recvcount, Datatype recvtype, int root) {
        Intracomm comm = collectiveOn("scatterv");
        Object r = BufferArgument.forUpdate("scatterv", recvbuf, recvcount, recvtype);
        comm.Scatterv(null, 0, null, null, recvtype, r, at(recvbuf, r), recvcount, recvtype, root);
        BufferArgument.copyBack(recvbuf, r, recvtype);
    }

    /**
     * Every rank gets every rank's {@code sendcount} items, in rank order.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param sendcount the number of items this rank sends
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param recvcount the number of items received from each rank
     * @param recvtype the type of each item received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void allGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) {
        Intracomm comm = collectiveOn("allGather");
        if (sendbuf == MPI.IN_PLACE) {
            allGather(recvbuf, recvcount, recvtype);
            return;
        }
        Object s = BufferArgument.forSend("allGather", sendbuf, sendcount, sendtype);
        Object r = BufferArgument.forUpdate("allGather", recvbuf, size * recvcount, recvtype);
        comm.Allgather(s, at(sendbuf, s), sendcount, sendtype, r, at(recvbuf, r), recvcount, recvtype);
        BufferArgument.copyBack(recvbuf, r, recvtype);
    }

    /**
     * {@link #allGather} in place: each rank's own block is already in {@code buf}, at its rank's place.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): an array of the datatype's
     *     element type, or a {@code java.nio} buffer, used from its start
     * @param count the number of items of each rank's block
     * @param type the type of each item
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void allGather(Object buf, int count, Datatype type) {
        Intracomm comm = collectiveOn("allGather");
        Object r = BufferArgument.forUpdate("allGather", buf, size * count, type);
        int own = at(buf, r) + rank * count * type.map.extent;
        comm.Allgather(inPlaceCopy("allGather", r, own, count, type), own, count, type, r, at(buf, r), count, type);
        BufferArgument.copyBack(buf, r, type);
    }

    /**
     * As {@link #allGather}, rank {@code r}'s {@code recvcount[r]} items landing at item {@code displs[r]}.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param sendcount the number of items this rank sends
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param recvcount for each rank, the number of items received from it
     * @param displs for each rank, where its block starts in the buffer, in items of the type
     * @param recvtype the type of each item received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void allGatherv(Object sendbuf, int sendcount, Datatype sendtype,
                                 Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        Intracomm comm = collectiveOn("allGatherv");
        if (sendbuf == MPI.IN_PLACE) {
            allGatherv(recvbuf, recvcount, displs, recvtype);
            return;
        }
        Object s = BufferArgument.forSend("allGatherv", sendbuf, sendcount, sendtype);
        Object r = BufferArgument.forUpdate("allGatherv", recvbuf, itemsSpanned(recvcount, displs), recvtype);
        comm.Allgatherv(s, at(sendbuf, s), sendcount, sendtype, r, at(recvbuf, r), recvcount, displs, recvtype);
        BufferArgument.copyBack(recvbuf, r, recvtype);
    }

    /**
     * {@link #allGatherv} in place: each rank's own block is already at item {@code displs[rank]}.
     *
     * @param recvbuf where this rank receives: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param recvcount for each rank, the number of items received from it
     * @param displs for each rank, where its block starts in the buffer, in items of the type
     * @param recvtype the type of each item received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void allGatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        Intracomm comm = collectiveOn("allGatherv");
        Object r = BufferArgument.forUpdate("allGatherv", recvbuf, itemsSpanned(recvcount, displs), recvtype);
        int[] mine = comm.ownBlock("allGatherv", recvcount, displs);
        int own = at(recvbuf, r) + mine[1] * recvtype.map.extent;
        comm.Allgatherv(inPlaceCopy("allGatherv", r, own, mine[0], recvtype), own, mine[0], recvtype, r, at(recvbuf, r),
            recvcount, displs, recvtype);
        BufferArgument.copyBack(recvbuf, r, recvtype);
    }

    /**
     * Rank {@code i}'s {@code j}-th block goes to rank {@code j}'s {@code i}-th block. With
     * {@code MPI.IN_PLACE} as {@code sendbuf}, the blocks are taken from {@code recvbuf} and replaced there.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param sendcount the number of items sent to each rank
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param recvcount the number of items received from each rank
     * @param recvtype the type of each item received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void allToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) {
        Intracomm comm = collectiveOn("allToAll");
        Object r = BufferArgument.forUpdate("allToAll", recvbuf, size * recvcount, recvtype);
        if (sendbuf == MPI.IN_PLACE) {
            comm.Alltoall(inPlaceCopy("allToAll", r, at(recvbuf, r), size * recvcount, recvtype), at(recvbuf, r), recvcount,
                recvtype, r, at(recvbuf, r), recvcount, recvtype);
        } else {
            Object s = BufferArgument.forSend("allToAll", sendbuf, size * sendcount, sendtype);
            comm.Alltoall(s, at(sendbuf, s), sendcount, sendtype, r, at(recvbuf, r), recvcount, recvtype);
        }
        BufferArgument.copyBack(recvbuf, r, recvtype);
    }

    /**
     * As {@link #allToAll}, with counts and displacements (in items) per rank on both sides;
     * {@code MPI.IN_PLACE} as {@code sendbuf} as there, the receive side describing both.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param sendcount for each rank, the number of items sent to it
     * @param sdispls for each rank, where the block sent to it starts in {@code sendbuf}, in items of the send type
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param recvcount for each rank, the number of items received from it
     * @param rdispls for each rank, where the block received from it starts in {@code recvbuf}, in items of the
     *     receive type
     * @param recvtype the type of each item received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void allToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
                                Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) {
        Intracomm comm = collectiveOn("allToAllv");
        Object r = BufferArgument.forUpdate("allToAllv", recvbuf, itemsSpanned(recvcount, rdispls), recvtype);
        if (sendbuf == MPI.IN_PLACE) {
            comm.Alltoallv(inPlaceCopy("allToAllv", r, at(recvbuf, r), itemsSpanned(recvcount, rdispls), recvtype),
                at(recvbuf, r), recvcount, rdispls, recvtype, r, at(recvbuf, r), recvcount, rdispls, recvtype);
        } else {
            Object s = BufferArgument.forSend("allToAllv", sendbuf, itemsSpanned(sendcount, sdispls), sendtype);
            comm.Alltoallv(s, at(sendbuf, s), sendcount, sdispls, sendtype, r, at(recvbuf, r), recvcount, rdispls, recvtype);
        }
        BufferArgument.copyBack(recvbuf, r, recvtype);
    }

    /**
     * All-to-all with a datatype per peer and displacements in bytes, as MPI_ALLTOALLW: the
     * block for rank {@code j} is {@code sendcount[j]} items of {@code sendtype[j]} starting
     * {@code sdispls[j]} bytes into {@code sendbuf}; rank {@code i}'s block lands
     * {@code rdispls[i]} bytes into {@code recvbuf} as {@code recvcount[i]} items of
     * {@code recvtype[i]}. A byte displacement must fall on an element of its block's type.
     *
     * @param sendbuf the data this rank sends: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param sendcount for each rank, the number of items sent to it
     * @param sdispls for each rank, where the block sent to it starts in {@code sendbuf}, in items of the send type
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param recvcount for each rank, the number of items received from it
     * @param rdispls for each rank, where the block received from it starts in {@code recvbuf}, in items of the
     *     receive type
     * @param recvtype the type of each item received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void allToAllw(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype[] sendtype,
                                Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype[] recvtype) {
        collectiveOn("allToAllw").alltoallw("allToAllw", sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount, rdispls,
            recvtype);
    }

    /**
     * Combines every rank's {@code sendbuf} item by item with {@code op} into {@code recvbuf} at {@code root}.
     *
     * @param sendbuf this rank's operand, or {@code MPI.IN_PLACE} to take it from {@code recvbuf}: an array of the
     *     datatype's element type, or a {@code java.nio} buffer, used from its start
     * @param recvbuf where the result goes: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OP} if
     *     {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public final void reduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op, int root) {
        Intracomm comm = collectiveOn("reduce");
        if (sendbuf == MPI.IN_PLACE) {
            inPlaceAtRootOnly("reduce", root);
            reduce(recvbuf, count, type, op, root);
            return;
        }
        Object s = BufferArgument.forSend("reduce", sendbuf, count, type);
        Object r = rank == root ? BufferArgument.forUpdate("reduce", recvbuf, count, type) : null;
        comm.Reduce(s, at(sendbuf, s), r, at(recvbuf, r), count, type, op, root);
        if (rank == root) {
            BufferArgument.copyBack(recvbuf, r, type);
        }
    }

    /**
     * {@link #reduce} in place: every rank's {@code buf} is its contribution, and at the root receives the result.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): an array of the datatype's
     *     element type, or a {@code java.nio} buffer, used from its start
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OP} if
     *     {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public final void reduce(Object buf, int count, Datatype type, Op op, int root) {
        Intracomm comm = collectiveOn("reduce");
        Object b = BufferArgument.forUpdate("reduce", buf, count, type);
        comm.Reduce(inPlaceCopy("reduce", b, at(buf, b), count, type), at(buf, b), b, at(buf, b), count, type, op, root);
        if (rank == root) {
            BufferArgument.copyBack(buf, b, type);
        }
    }

    /**
     * As {@link #reduce}, with the result in {@code recvbuf} at every rank, the same bits everywhere.
     *
     * @param sendbuf this rank's operand, or {@code MPI.IN_PLACE} to take it from {@code recvbuf}: an array of the
     *     datatype's element type, or a {@code java.nio} buffer, used from its start
     * @param recvbuf where the result goes: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER}
     *     before {@code Init} or after {@code Finalize}
     */
    public final void allReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) {
        Intracomm comm = collectiveOn("allReduce");
        if (sendbuf == MPI.IN_PLACE) {
            allReduce(recvbuf, count, type, op);
            return;
        }
        Object s = BufferArgument.forSend("allReduce", sendbuf, count, type);
        Object r = BufferArgument.forUpdate("allReduce", recvbuf, count, type);
        comm.Allreduce(s, at(sendbuf, s), r, at(recvbuf, r), count, type, op);
        BufferArgument.copyBack(recvbuf, r, type);
    }

    /**
     * {@link #allReduce} in place: {@code buf} is each rank's contribution and receives the result.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): an array of the datatype's
     *     element type, or a {@code java.nio} buffer, used from its start
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER}
     *     before {@code Init} or after {@code Finalize}
     */
    public final void allReduce(Object buf, int count, Datatype type, Op op) {
        Intracomm comm = collectiveOn("allReduce");
        Object b = BufferArgument.forUpdate("allReduce", buf, count, type);
        comm.Allreduce(inPlaceCopy("allReduce", b, at(buf, b), count, type), at(buf, b), b, at(buf, b), count, type, op);
        BufferArgument.copyBack(buf, b, type);
    }

    /**
     * Reduces {@code sendbuf} (the sum of {@code recvcounts} items) over all ranks and scatters
     * the result: rank {@code r} gets {@code recvcounts[r]} items of it, in rank order.
     *
     * @param sendbuf this rank's operand, or {@code MPI.IN_PLACE} to take it from {@code recvbuf}: an array of the
     *     datatype's element type, or a {@code java.nio} buffer, used from its start
     * @param recvbuf where the result goes: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param recvcounts for each rank, the number of items of the result it receives
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER}
     *     before {@code Init} or after {@code Finalize}
     */
    public final void reduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts, Datatype type, Op op) {
        Intracomm comm = collectiveOn("reduceScatter");
        if (sendbuf == MPI.IN_PLACE) {
            reduceScatter(recvbuf, recvcounts, type, op);
            return;
        }
        int total = comm.totalOf("reduceScatter", recvcounts);
        Object s = BufferArgument.forSend("reduceScatter", sendbuf, total, type);
        Object r = BufferArgument.forUpdate("reduceScatter", recvbuf, recvcounts[rank], type);
        comm.Reduce_scatter(s, at(sendbuf, s), r, at(recvbuf, r), recvcounts, type, op);
        BufferArgument.copyBack(recvbuf, r, type);
    }

    /**
     * {@link #reduceScatter} in place: {@code buf} holds the contribution, and its first items receive this rank's
     * part.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): an array of the datatype's
     *     element type, or a {@code java.nio} buffer, used from its start
     * @param counts for each rank, the number of items of the result it receives
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER}
     *     before {@code Init} or after {@code Finalize}
     */
    public final void reduceScatter(Object buf, int[] counts, Datatype type, Op op) {
        Intracomm comm = collectiveOn("reduceScatter");
        int total = comm.totalOf("reduceScatter", counts);
        Object b = BufferArgument.forUpdate("reduceScatter", buf, total, type);
        comm.Reduce_scatter(inPlaceCopy("reduceScatter", b, at(buf, b), total, type), at(buf, b), b, at(buf, b), counts, type, op);
        BufferArgument.copyBack(buf, b, type);
    }

    /**
     * {@link #reduceScatter} with {@code recvcount} items for every rank.
     *
     * @param sendbuf this rank's operand, or {@code MPI.IN_PLACE} to take it from {@code recvbuf}: an array of the
     *     datatype's element type, or a {@code java.nio} buffer, used from its start
     * @param recvbuf where the result goes: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param recvcount the number of items received per rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER}
     *     before {@code Init} or after {@code Finalize}
     */
    public final void reduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount, Datatype type, Op op) {
        Intracomm comm = collectiveOn("reduceScatterBlock");
        if (sendbuf == MPI.IN_PLACE) {
            reduceScatterBlock(recvbuf, recvcount, type, op);
            return;
        }
        Object s = BufferArgument.forSend("reduceScatterBlock", sendbuf, size * recvcount, type);
        Object r = BufferArgument.forUpdate("reduceScatterBlock", recvbuf, recvcount, type);
        comm.reduceScatterBlock("reduceScatterBlock", s, at(sendbuf, s), r, at(recvbuf, r), recvcount, type, op);
        BufferArgument.copyBack(recvbuf, r, type);
    }

    /**
     * {@link #reduceScatterBlock} in place: {@code buf} holds the contribution, and its first {@code count} items
     * receive the part.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): an array of the datatype's
     *     element type, or a {@code java.nio} buffer, used from its start
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER}
     *     before {@code Init} or after {@code Finalize}
     */
    public final void reduceScatterBlock(Object buf, int count, Datatype type, Op op) {
        Intracomm comm = collectiveOn("reduceScatterBlock");
        Object b = BufferArgument.forUpdate("reduceScatterBlock", buf, size * count, type);
        comm.reduceScatterBlock("reduceScatterBlock", inPlaceCopy("reduceScatterBlock", b, at(buf, b), size * count, type),
            at(buf, b), b, at(buf, b), count, type, op);
        BufferArgument.copyBack(buf, b, type);
    }

    /**
     * Combines {@code inBuf} into {@code inOutBuf} item by item: {@code inOutBuf = inBuf op inOutBuf}. Local.
     *
     * @param inBuf the operand that is read
     * @param inOutBuf the operand that is read and replaced by the result
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @throws MPIException {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static void reduceLocal(Object inBuf, Object inOutBuf, int count, Datatype type, Op op) {
        MPI.checkActive();
        Errhandler.entering(null);
        Object in = BufferArgument.forSend("reduceLocal", inBuf, count, type);
        Object inOut = BufferArgument.forUpdate("reduceLocal", inOutBuf, count, type);
        checkBuffer("reduceLocal", in, at(inBuf, in), count, type);
        checkBuffer("reduceLocal", inOut, at(inOutBuf, inOut), count, type);
        Intracomm.checkOperation("reduceLocal", op, type);
        TypeMap map = type.map;
        Object result = map.packed(inOut, at(inOutBuf, inOut), count);
        op.reduction(type).fold(map.packed(in, at(inBuf, in), count), 0, result, 0, count, map.packedForm());
        map.unpack(result, 0, count * map.width, inOut, at(inOutBuf, inOut));
        BufferArgument.copyBack(inOutBuf, inOut, type);
    }

    // ---------------------------------------------------------------- non-blocking

    /**
     * Starts a barrier; the request completes once every rank has started it.
     *
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Request iBarrier() {
        return startCollective("iBarrier", CollectiveKind.BARRIER, Intracomm::barrier);
    }

    /**
     * Starts {@link #bcast}.
     *
     * @param buf the buffer, read at the root and written at the others: a direct or heap {@code java.nio} buffer,
     *     used from its start (a direct one is staged in a Java array)
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param root the rank of the root in this communicator; every rank passes the same
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iBcast(Buffer buf, int count, Datatype type, int root) {
        checkStart("iBcast", root, count, type);
        return startCollective("iBcast", CollectiveKind.BCAST, c -> c.bcast(buf, count, type, root));
    }

    /**
     * Starts {@link #gather}.
     *
     * @param sendbuf the data this rank sends: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param sendcount the number of items this rank sends
     * @param sendtype the type of each item sent
     * @param recvbuf where the root receives the blocks, in rank order (used at the root only): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param recvcount the number of items received from each rank (used at the root)
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iGather(Buffer sendbuf, int sendcount, Datatype sendtype,
                                 Buffer recvbuf, int recvcount, Datatype recvtype, int root) {
        checkStart("iGather", root, sendcount, sendtype);
        return startCollective("iGather", CollectiveKind.GATHER,
            c -> c.gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root));
    }

    /**
     * Starts {@link #gather(Object, int, Datatype, int)}, in place.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param count the number of items of each rank's block
     * @param type the type of each item
     * @param root the rank of the root in this communicator; every rank passes the same
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iGather(Buffer buf, int count, Datatype type, int root) {
        checkStart("iGather", root, count, type);
        return startCollective("iGather", CollectiveKind.GATHER, c -> c.gather(buf, count, type, root));
    }

    /**
     * Starts {@link #gatherv}.
     *
     * @param sendbuf the data this rank sends: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param sendcount the number of items this rank sends
     * @param sendtype the type of each item sent
     * @param recvbuf where the root receives the blocks, in rank order (used at the root only): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param recvcount for each rank, the number of items received from it (used at the root)
     * @param displs for each rank, where its block starts in {@code recvbuf}, in items of the type
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
                                  int[] recvcount, int[] displs, Datatype recvtype, int root) {
        checkStart("iGatherv", root, sendcount, sendtype);
        return startCollective("iGatherv", CollectiveKind.GATHER,
            c -> c.gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcount, displs, recvtype, root));
    }

    /**
     * Starts {@link #gatherv(Object, int[], int[], Datatype, int)}: the root's part, in place.
     *
     * @param recvbuf where the root receives the blocks, in rank order (used at the root only): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param recvcount for each rank, the number of items received from it (used at the root)
     * @param displs for each rank, where its block starts in {@code recvbuf}, in items of the type
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iGatherv(Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        checkStart("iGatherv", root, 0, recvtype);
        return startCollective("iGatherv", CollectiveKind.GATHER, c -> c.gatherv(recvbuf, recvcount, displs, recvtype, root));
    }

    /**
     * Starts {@link #gatherv(Object, int, Datatype, int)}: the part of a rank other than the root.
     *
     * @param sendbuf the data this rank sends: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param sendcount the number of items this rank sends
     * @param sendtype the type of each item sent
     * @param root the rank of the root in this communicator; every rank passes the same
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, int root) {
        checkStart("iGatherv", root, sendcount, sendtype);
        return startCollective("iGatherv", CollectiveKind.GATHER, c -> c.gatherv(sendbuf, sendcount, sendtype, root));
    }

    /**
     * Starts {@link #scatter}.
     *
     * @param sendbuf the blocks the root sends, one per rank in rank order (used at the root only): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param sendcount the number of items sent to each rank (used at the root)
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param recvcount the number of items this rank receives
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iScatter(Buffer sendbuf, int sendcount, Datatype sendtype,
                                  Buffer recvbuf, int recvcount, Datatype recvtype, int root) {
        checkStart("iScatter", root, recvcount, recvtype);
        return startCollective("iScatter", CollectiveKind.SCATTER,
            c -> c.scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root));
    }

    /**
     * Starts {@link #scatter(Object, int, Datatype, int)}, in place.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param count the number of items of each rank's block
     * @param type the type of each item
     * @param root the rank of the root in this communicator; every rank passes the same
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iScatter(Buffer buf, int count, Datatype type, int root) {
        checkStart("iScatter", root, count, type);
        return startCollective("iScatter", CollectiveKind.SCATTER, c -> c.scatter(buf, count, type, root));
    }

    /**
     * Starts {@link #scatterv}.
     *
     * @param sendbuf the blocks the root sends, one per rank in rank order (used at the root only): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param sendcount for each rank, the number of items sent to it
     * @param displs for each rank, where its block starts in {@code sendbuf}, in items of the type
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param recvcount the number of items this rank receives
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iScatterv(Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype,
                                   Buffer recvbuf, int recvcount, Datatype recvtype, int root) {
        checkStart("iScatterv", root, recvcount, recvtype);
        return startCollective("iScatterv", CollectiveKind.SCATTER,
            c -> c.scatterv(sendbuf, sendcount, displs, sendtype, recvbuf, recvcount, recvtype, root));
    }

    /**
     * Starts {@link #scatterv(Object, int[], int[], Datatype, int)}: the root's part, in place.
     *
     * @param sendbuf the blocks the root sends, one per rank in rank order (used at the root only): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param sendcount for each rank, the number of items sent to it
     * @param displs for each rank, where its block starts in {@code sendbuf}, in items of the type
     * @param sendtype the type of each item sent
     * @param root the rank of the root in this communicator; every rank passes the same
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iScatterv(Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root) {
        checkStart("iScatterv", root, 0, sendtype);
        return startCollective("iScatterv", CollectiveKind.SCATTER, c -> c.scatterv(sendbuf, sendcount, displs, sendtype, root));
    }

    /**
     * Starts {@link #scatterv(Object, int, Datatype, int)}: the part of a rank other than the root.
     *
     * @param recvbuf where this rank receives: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param recvcount the number of items this rank receives
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iScatterv(Buffer recvbuf, int recvcount, Datatype recvtype, int root) {
        checkStart("iScatterv", root, recvcount, recvtype);
        return startCollective("iScatterv", CollectiveKind.SCATTER, c -> c.scatterv(recvbuf, recvcount, recvtype, root));
    }

    /**
     * Starts {@link #allGather}.
     *
     * @param sendbuf the data this rank sends: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param sendcount the number of items this rank sends
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param recvcount the number of items received from each rank
     * @param recvtype the type of each item received
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Request iAllGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype) {
        checkStart("iAllGather", NO_ROOT, recvcount, recvtype);
        return startCollective("iAllGather", CollectiveKind.ALLGATHER,
            c -> c.allGather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype));
    }

    /**
     * Starts {@link #allGather(Object, int, Datatype)}, in place.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param count the number of items of each rank's block
     * @param type the type of each item
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Request iAllGather(Buffer buf, int count, Datatype type) {
        checkStart("iAllGather", NO_ROOT, count, type);
        return startCollective("iAllGather", CollectiveKind.ALLGATHER, c -> c.allGather(buf, count, type));
    }

    /**
     * Starts {@link #allGatherv}.
     *
     * @param sendbuf the data this rank sends: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param sendcount the number of items this rank sends
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param recvcount for each rank, the number of items received from it
     * @param displs for each rank, where its block starts in the buffer, in items of the type
     * @param recvtype the type of each item received
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Request iAllGatherv(Buffer sendbuf, int sendcount, Datatype sendtype,
                                     Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        checkStart("iAllGatherv", NO_ROOT, sendcount, sendtype);
        return startCollective("iAllGatherv", CollectiveKind.ALLGATHER,
            c -> c.allGatherv(sendbuf, sendcount, sendtype, recvbuf, recvcount, displs, recvtype));
    }

    /**
     * Starts {@link #allGatherv(Object, int[], int[], Datatype)}, in place.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param count for each rank, the number of items of its block
     * @param displs for each rank, where its block starts in the buffer, in items of the type
     * @param type the type of each item
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Request iAllGatherv(Buffer buf, int[] count, int[] displs, Datatype type) {
        checkStart("iAllGatherv", NO_ROOT, 0, type);
        return startCollective("iAllGatherv", CollectiveKind.ALLGATHER, c -> c.allGatherv(buf, count, displs, type));
    }

    /**
     * Starts {@link #allToAll}.
     *
     * @param sendbuf the data this rank sends: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param sendcount the number of items sent to each rank
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param recvcount the number of items received from each rank
     * @param recvtype the type of each item received
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Request iAllToAll(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount, Datatype recvtype) {
        checkStart("iAllToAll", NO_ROOT, recvcount, recvtype);
        return startCollective("iAllToAll", CollectiveKind.ALLTOALL,
            c -> c.allToAll(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype));
    }

    /**
     * Starts {@link #allToAllv}.
     *
     * @param sendbuf the data this rank sends: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param sendcount for each rank, the number of items sent to it
     * @param sdispls for each rank, where the block sent to it starts in {@code sendbuf}, in items of the send type
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param recvcount for each rank, the number of items received from it
     * @param rdispls for each rank, where the block received from it starts in {@code recvbuf}, in items of the
     *     receive type
     * @param recvtype the type of each item received
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Request iAllToAllv(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
                                    Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) {
        checkStart("iAllToAllv", NO_ROOT, 0, recvtype);
        return startCollective("iAllToAllv", CollectiveKind.ALLTOALL,
            c -> c.allToAllv(sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount, rdispls, recvtype));
    }

    /**
     * Starts {@link #allToAllw}.
     *
     * @param sendbuf the data this rank sends: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param sendcount for each rank, the number of items sent to it
     * @param sdispls for each rank, where the block sent to it starts in {@code sendbuf}, in items of the send type
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param recvcount for each rank, the number of items received from it
     * @param rdispls for each rank, where the block received from it starts in {@code recvbuf}, in items of the
     *     receive type
     * @param recvtype the type of each item received
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Request iAllToAllw(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype[] sendtype,
                                    Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype[] recvtype) {
        collectiveOn("iAllToAllw");
        return startCollective("iAllToAllw", CollectiveKind.ALLTOALL,
            c -> c.allToAllw(sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount, rdispls, recvtype));
    }

    /**
     * Starts {@link #reduce}.
     *
     * @param sendbuf this rank's operand, or {@code MPI.IN_PLACE} to take it from {@code recvbuf}: a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param recvbuf where the result goes: a direct or heap {@code java.nio} buffer, used from its start (a direct
     *     one is staged in a Java array)
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @param root the rank of the root in this communicator; every rank passes the same
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OP} if
     *     {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public final Request iReduce(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op, int root) {
        checkStart("iReduce", root, count, type, op);
        return startCollective("iReduce", CollectiveKind.REDUCE, c -> c.reduce(sendbuf, recvbuf, count, type, op, root));
    }

    /**
     * Starts {@link #reduce(Object, int, Datatype, Op, int)}, in place.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @param root the rank of the root in this communicator; every rank passes the same
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OP} if
     *     {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public final Request iReduce(Buffer buf, int count, Datatype type, Op op, int root) {
        checkStart("iReduce", root, count, type, op);
        return startCollective("iReduce", CollectiveKind.REDUCE, c -> c.reduce(buf, count, type, op, root));
    }

    /**
     * Starts {@link #allReduce}.
     *
     * @param sendbuf this rank's operand, or {@code MPI.IN_PLACE} to take it from {@code recvbuf}: a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param recvbuf where the result goes: a direct or heap {@code java.nio} buffer, used from its start (a direct
     *     one is staged in a Java array)
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER}
     *     before {@code Init} or after {@code Finalize}
     */
    public final Request iAllReduce(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op) {
        checkStart("iAllReduce", NO_ROOT, count, type, op);
        return startCollective("iAllReduce", CollectiveKind.REDUCE, c -> c.allReduce(sendbuf, recvbuf, count, type, op));
    }

    /**
     * Starts {@link #allReduce(Object, int, Datatype, Op)}, in place.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER}
     *     before {@code Init} or after {@code Finalize}
     */
    public final Request iAllReduce(Buffer buf, int count, Datatype type, Op op) {
        checkStart("iAllReduce", NO_ROOT, count, type, op);
        return startCollective("iAllReduce", CollectiveKind.REDUCE, c -> c.allReduce(buf, count, type, op));
    }

    /**
     * Starts {@link #reduceScatter}.
     *
     * @param sendbuf this rank's operand, or {@code MPI.IN_PLACE} to take it from {@code recvbuf}: a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param recvbuf where the result goes: a direct or heap {@code java.nio} buffer, used from its start (a direct
     *     one is staged in a Java array)
     * @param recvcounts for each rank, the number of items of the result it receives
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER}
     *     before {@code Init} or after {@code Finalize}
     */
    public final Request iReduceScatter(Buffer sendbuf, Buffer recvbuf, int[] recvcounts, Datatype type, Op op) {
        checkStart("iReduceScatter", NO_ROOT, 0, type, op);
        return startCollective("iReduceScatter", CollectiveKind.REDUCE, c -> c.reduceScatter(sendbuf, recvbuf, recvcounts, type, op));
    }

    /**
     * Starts {@link #reduceScatter(Object, int[], Datatype, Op)}, in place.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param counts for each rank, the number of items of the result it receives
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER}
     *     before {@code Init} or after {@code Finalize}
     */
    public final Request iReduceScatter(Buffer buf, int[] counts, Datatype type, Op op) {
        checkStart("iReduceScatter", NO_ROOT, 0, type, op);
        return startCollective("iReduceScatter", CollectiveKind.REDUCE, c -> c.reduceScatter(buf, counts, type, op));
    }

    /**
     * Starts {@link #reduceScatterBlock}.
     *
     * @param sendbuf this rank's operand, or {@code MPI.IN_PLACE} to take it from {@code recvbuf}: a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param recvbuf where the result goes: a direct or heap {@code java.nio} buffer, used from its start (a direct
     *     one is staged in a Java array)
     * @param recvcount the number of items received per rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER}
     *     before {@code Init} or after {@code Finalize}
     */
    public final Request iReduceScatterBlock(Buffer sendbuf, Buffer recvbuf, int recvcount, Datatype type, Op op) {
        checkStart("iReduceScatterBlock", NO_ROOT, recvcount, type, op);
        return startCollective("iReduceScatterBlock", CollectiveKind.REDUCE,
            c -> c.reduceScatterBlock(sendbuf, recvbuf, recvcount, type, op));
    }

    /**
     * Starts {@link #reduceScatterBlock(Object, int, Datatype, Op)}, in place.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param count the number of items of the type in the buffer
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL}, has been freed, or is an
     *     intercommunicator; {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its
     *     count and its datatype do not fit together (a null or freed type, a negative count, items beyond the buffer's
     *     end); {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER}
     *     before {@code Init} or after {@code Finalize}
     */
    public final Request iReduceScatterBlock(Buffer buf, int count, Datatype type, Op op) {
        checkStart("iReduceScatterBlock", NO_ROOT, count, type, op);
        return startCollective("iReduceScatterBlock", CollectiveKind.REDUCE, c -> c.reduceScatterBlock(buf, count, type, op));
    }

    // ==== Open MPI face: neighbourhood collectives ====

    /**
     * The neighbours of this communicator's process topology, which the neighbourhood
     * collectives address; a communicator without one raises {@code ERR_TOPOLOGY}, naming {@code call}.
     */
    org.hympj.comm.coll.Neighbourhood neighbourhood(String call) {
        throw new MPIException(MPI.ERR_TOPOLOGY, call + ": " + this + " has no process topology; a neighbourhood collective"
            + " needs a communicator made by createCart, createGraph, createDistGraph or createDistGraphAdjacent");
    }

    /**
     * Sends {@code sendcount} items of {@code sendbuf} to every destination neighbour and
     * receives {@code recvcount} items from each source neighbour into consecutive blocks of
     * {@code recvbuf}, in the order of the topology's neighbours; a {@code PROC_NULL}
     * neighbour's block is left as it is. Collective.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param sendcount the number of items this rank sends to each neighbour
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param recvcount the number of items received from each neighbour
     * @param recvtype the type of each item received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void neighborAllGather(Object sendbuf, int sendcount, Datatype sendtype,
                                        Object recvbuf, int recvcount, Datatype recvtype) {
        allGatherExchange("neighborAllGather", sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype).run(this);
    }

    /**
     * Starts {@link #neighborAllGather}; the request completes once {@code recvbuf} holds the blocks.
     *
     * @param sendbuf the data this rank sends: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param sendcount the number of items this rank sends to each neighbour
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param recvcount the number of items received from each neighbour
     * @param recvtype the type of each item received
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Request iNeighborAllGather(Buffer sendbuf, int sendcount, Datatype sendtype,
                                            Buffer recvbuf, int recvcount, Datatype recvtype) {
        String call = "iNeighborAllGather";
        return startCollective(call, CollectiveKind.NEIGHBOURHOOD,
            allGatherExchange(call, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype)::run);
    }

    /**
     * As {@link #neighborAllGather}, the block of source neighbour {@code i} being
     * {@code recvcount[i]} items at item {@code displs[i]} of {@code recvbuf}. Collective.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param sendcount the number of items this rank sends to each neighbour
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param recvcount for each neighbour, the number of items received from it
     * @param displs for each neighbour, where its block starts in the buffer, in items of the type
     * @param recvtype the type of each item received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void neighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype,
                                         Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        allGathervExchange("neighborAllGatherv", sendbuf, sendcount, sendtype, recvbuf, recvcount, displs, recvtype).run(this);
    }

    /**
     * Starts {@link #neighborAllGatherv}; the request completes once {@code recvbuf} holds the blocks.
     *
     * @param sendbuf the data this rank sends: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param sendcount the number of items this rank sends to each neighbour
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param recvcount for each neighbour, the number of items received from it
     * @param displs for each neighbour, where its block starts in the buffer, in items of the type
     * @param recvtype the type of each item received
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Request iNeighborAllGatherv(Buffer sendbuf, int sendcount, Datatype sendtype,
                                             Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        String call = "iNeighborAllGatherv";
        return startCollective(call, CollectiveKind.NEIGHBOURHOOD,
            allGathervExchange(call, sendbuf, sendcount, sendtype, recvbuf, recvcount, displs, recvtype)::run);
    }

    /**
     * Sends block {@code i} of {@code sendbuf} ({@code sendcount} items) to destination
     * neighbour {@code i} and receives the block of source neighbour {@code i} into block
     * {@code i} of {@code recvbuf} ({@code recvcount} items). Collective.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param sendcount the number of items sent to each neighbour
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param recvcount the number of items received from each neighbour
     * @param recvtype the type of each item received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void neighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype,
                                       Object recvbuf, int recvcount, Datatype recvtype) {
        allToAllExchange("neighborAllToAll", sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype).run(this);
    }

    /**
     * Starts {@link #neighborAllToAll}; the request completes once {@code recvbuf} holds the blocks.
     *
     * @param sendbuf the data this rank sends: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param sendcount the number of items sent to each neighbour
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param recvcount the number of items received from each neighbour
     * @param recvtype the type of each item received
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Request iNeighborAllToAll(Buffer sendbuf, int sendcount, Datatype sendtype,
                                           Buffer recvbuf, int recvcount, Datatype recvtype) {
        String call = "iNeighborAllToAll";
        return startCollective(call, CollectiveKind.NEIGHBOURHOOD,
            allToAllExchange(call, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype)::run);
    }

    /**
     * As {@link #neighborAllToAll}, with a count and a displacement (in items) for each
     * neighbour's block on both sides. Collective.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param sendcount for each neighbour, the number of items sent to it
     * @param sdispls for each rank, where the block sent to it starts in {@code sendbuf}, in items of the send type
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param recvcount for each neighbour, the number of items received from it
     * @param rdispls for each rank, where the block received from it starts in {@code recvbuf}, in items of the
     *     receive type
     * @param recvtype the type of each item received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void neighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
                                        Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) {
        String call = "neighborAllToAllv";
        checkUsable();
        new NeighbourExchange(call, neighbourhood(call), sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount, rdispls,
            recvtype).run(this);
    }

    /**
     * Starts {@link #neighborAllToAllv}; the request completes once {@code recvbuf} holds the blocks.
     *
     * @param sendbuf the data this rank sends: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param sendcount for each neighbour, the number of items sent to it
     * @param sdispls for each rank, where the block sent to it starts in {@code sendbuf}, in items of the send type
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param recvcount for each neighbour, the number of items received from it
     * @param rdispls for each rank, where the block received from it starts in {@code recvbuf}, in items of the
     *     receive type
     * @param recvtype the type of each item received
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Request iNeighborAllToAllv(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
                                            Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) {
        String call = "iNeighborAllToAllv";
        checkUsable();
        NeighbourExchange exchange = new NeighbourExchange(call, neighbourhood(call), sendbuf, sendcount, sdispls, sendtype,
            recvbuf, recvcount, rdispls, recvtype);
        return startCollective(call, CollectiveKind.NEIGHBOURHOOD, exchange::run);
    }

    private NeighbourExchange allGatherExchange(String call, Object sendbuf, int sendcount, Datatype sendtype,
                                                Object recvbuf, int recvcount, Datatype recvtype) {
        checkUsable();
        org.hympj.comm.coll.Neighbourhood n = neighbourhood(call);
        int out = n.destinationCount();
        int in = n.sourceCount();
        return new NeighbourExchange(call, n, sendbuf, sameCounts(call, sendcount, out), new int[out], sendtype,
            recvbuf, sameCounts(call, recvcount, in), consecutive(recvcount, in), recvtype);
    }

    private NeighbourExchange allGathervExchange(String call, Object sendbuf, int sendcount, Datatype sendtype,
                                                 Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        checkUsable();
        org.hympj.comm.coll.Neighbourhood n = neighbourhood(call);
        int out = n.destinationCount();
        return new NeighbourExchange(call, n, sendbuf, sameCounts(call, sendcount, out), new int[out], sendtype,
            recvbuf, recvcount, displs, recvtype);
    }

    private NeighbourExchange allToAllExchange(String call, Object sendbuf, int sendcount, Datatype sendtype,
                                               Object recvbuf, int recvcount, Datatype recvtype) {
        checkUsable();
        org.hympj.comm.coll.Neighbourhood n = neighbourhood(call);
        int out = n.destinationCount();
        int in = n.sourceCount();
        return new NeighbourExchange(call, n, sendbuf, sameCounts(call, sendcount, out), consecutive(sendcount, out), sendtype,
            recvbuf, sameCounts(call, recvcount, in), consecutive(recvcount, in), recvtype);
    }

    /**
     * One neighbourhood collective, its blocks checked and its buffers resolved by
     * {@link BufferArgument} when it is made, in the calling thread; {@link #run} runs it in the
     * engine on a communicator of the topology's group (the topology's own, or the shadow its
     * non-blocking collectives run on) and copies a staged receive buffer back. The receive
     * buffer is resolved as one that is read too, so that the blocks of {@code PROC_NULL}
     * neighbours keep their contents when it is staged.
     */
    private static final class NeighbourExchange {
        private final org.hympj.comm.coll.Neighbourhood neighbours;
        private final Object send;
        private final int sendoffset;
        private final int[] sendcount;
        private final int[] sdispls;
        private final TypeMap sendtype;
        private final Object recvbuf;
        private final Object recv;
        private final int recvoffset;
        private final int[] recvcount;
        private final int[] rdispls;
        private final Datatype recvtype;

        NeighbourExchange(String call, org.hympj.comm.coll.Neighbourhood n, Object sendbuf, int[] sendcount, int[] sdispls,
                          Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) {
            checkBuffer(call, null, 0, 0, sendtype);
            checkBuffer(call, null, 0, 0, recvtype);
            int sendItems = blocksEnd(call, "destination", n.destinationCount(), sendcount, sdispls);
            int recvItems = blocksEnd(call, "source", n.sourceCount(), recvcount, rdispls);
            this.neighbours = n;
            this.send = BufferArgument.forSend(call, sendbuf, sendItems, sendtype);
            this.sendoffset = BufferArgument.offset(sendbuf, send);
            this.sendcount = sendcount.clone();
            this.sdispls = sdispls.clone();
            this.sendtype = sendtype.map;
            this.recvbuf = recvbuf;
            this.recv = BufferArgument.forUpdate(call, recvbuf, recvItems, recvtype);
            this.recvoffset = BufferArgument.offset(recvbuf, recv);
            this.recvcount = recvcount.clone();
            this.rdispls = rdispls.clone();
            this.recvtype = recvtype;
            for (int i = 0; i < n.destinationCount(); i++) {
                checkBuffer(call, send, sendoffset + sdispls[i] * this.sendtype.extent, sendcount[i], sendtype);
            }
            for (int i = 0; i < n.sourceCount(); i++) {
                checkBuffer(call, recv, recvoffset + rdispls[i] * recvtype.map.extent, recvcount[i], recvtype);
            }
        }

        void run(Comm on) {
            on.checkUsable();
            try {
                org.hympj.comm.coll.CollectiveCheck.agree(on.core, CollectiveKind.NEIGHBOURHOOD, -1, sendtype.base, -1);
                org.hympj.comm.coll.NeighbourhoodCollectives.alltoallv(on.core, neighbours, send, sendoffset, sendcount, sdispls,
                    sendtype, recv, recvoffset, recvcount, rdispls, recvtype.map);
            } catch (EngineException e) {
                throw raised(e);
            }
            BufferArgument.copyBack(recvbuf, recv, recvtype);
        }
    }

    /**
     * Checks a count and a displacement for each of {@code blocks} neighbours and returns
     * the items the blocks reach, from item 0 of the buffer.
     */
    private static int blocksEnd(String call, String side, int blocks, int[] counts, int[] displs) {
        if (counts == null || counts.length < blocks || displs == null || displs.length < blocks) {
            throw new MPIException(MPI.ERR_ARG, call + ": needs a count and a displacement for each of the " + blocks + " "
                + side + " neighbours, got " + (counts == null ? "null" : counts.length) + " counts and "
                + (displs == null ? "null" : displs.length) + " displacements");
        }
        long end = 0;
        for (int i = 0; i < blocks; i++) {
            if (counts[i] < 0) {
                throw new MPIException(MPI.ERR_COUNT, call + ": count " + counts[i] + " for " + side + " neighbour " + i
                    + " is negative");
            }
            if (displs[i] < 0) {
                throw new MPIException(MPI.ERR_ARG, call + ": displacement " + displs[i] + " for " + side + " neighbour " + i
                    + " is negative");
            }
            if (counts[i] > 0) {
                end = Math.max(end, (long) displs[i] + counts[i]);
            }
        }
        if (end > Integer.MAX_VALUE) {
            throw new MPIException(MPI.ERR_COUNT, call + ": the " + side + " blocks reach beyond item 2^31");
        }
        return (int) end;
    }

    private static int[] sameCounts(String call, int count, int blocks) {
        if (count < 0) {
            throw new MPIException(MPI.ERR_COUNT, call + ": count must not be negative, got " + count);
        }
        int[] counts = new int[blocks];
        java.util.Arrays.fill(counts, count);
        return counts;
    }

    private static int[] consecutive(int count, int blocks) {
        int[] displs = new int[blocks];
        for (int i = 0; i < blocks; i++) {
            displs[i] = i * count;
        }
        return displs;
    }
}
