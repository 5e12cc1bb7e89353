package mpi;

import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.match.ProbeResult;
import org.hympj.comm.match.ReceiveOperation;
import org.hympj.comm.match.SendOperation;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.runtime.RankRuntime;

/**
 * A communicator: a group of ranks and a context in which their messages match. This class
 * has mpiJava 1.2's point-to-point operations; buffers are Java arrays with an offset and a
 * count in elements of the datatype.
 *
 * <p>Every operation checks its arguments first and raises {@link MPIException} with an MPI
 * error class for bad ones, before anything is sent or posted. The operations themselves run
 * in the engine's {@link CommunicatorCore}, shared by every rank of the JVM; an error it
 * raises becomes an {@code MPIException} here, where this communicator's errhandler applies.
 */
public abstract class Comm {
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
        none.freed = true;
        return none;
    }

    /** Starts with the errhandler of {@code parent}, as every communicator made from another does. */
    final void inheritFrom(Comm parent) {
        errhandler = parent.errhandler;
    }

    /**
     * Sets what an MPI error in a call on this communicator does: {@code MPI.ERRORS_RETURN}
     * (raise MPIException in the caller) or {@code MPI.ERRORS_ARE_FATAL} (end the job).
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

    /** This communicator's errhandler. */
    public Errhandler Errhandler_get() {
        checkUsable();
        return errhandler;
    }

    /** The mpiJava 1.2 name of {@link #Errhandler_set}. */
    public void Errorhandler_set(Errhandler errhandler) {
        Errhandler_set(errhandler);
    }

    /** The mpiJava 1.2 name of {@link #Errhandler_get}. */
    public Errhandler Errorhandler_get() {
        return Errhandler_get();
    }

    /** True for {@code MPI.COMM_NULL} and for a communicator that has been freed. */
    public boolean Is_null() {
        return freed;
    }

    /** A duplicate of this communicator, with its own context (mpiJava's form of {@code Dup}). Collective. */
    @Override
    public abstract Object clone();

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

    /** This rank's rank in the communicator. */
    public int Rank() {
        checkUsable();
        return rank;
    }

    /** The number of ranks in the communicator. */
    public int Size() {
        checkUsable();
        return size;
    }

    /** The communicator's group. */
    public Group Group() {
        checkUsable();
        return new Group(worldRanks(), rt.rank());
    }

    /** The world rank of each rank of this communicator. */
    int[] worldRanks() {
        return core.worldRanks();
    }

    /** True for an intercommunicator. */
    public boolean Test_inter() {
        checkUsable();
        return this instanceof Intercomm;
    }

    /** Releases the communicator; any later use of it raises {@code ERR_COMM}. */
    public void Free() {
        checkUsable();
        if (predefined) {
            throw new MPIException(MPI.ERR_COMM, this + " is predefined and cannot be freed");
        }
        freed = true;
    }

    /**
     * Deletes an attribute. HyMPJ's communicators carry only the predefined attributes, which
     * MPI does not allow to be deleted, so every call raises {@code ERR_ARG}.
     */
    public void Attr_delete(int keyval) {
        checkUsable();
        boolean builtIn = keyval == MPI.TAG_UB || keyval == MPI.HOST || keyval == MPI.IO || keyval == MPI.WTIME_IS_GLOBAL;
        throw new MPIException(MPI.ERR_ARG, "Attr_delete: " + (builtIn
            ? "attribute " + keyval + " is predefined and cannot be deleted"
            : "no attribute with key " + keyval + " (predefined: MPI.TAG_UB, MPI.HOST, MPI.IO, MPI.WTIME_IS_GLOBAL)"));
    }

    /** {@code MPI.IDENT} (the same communicator), {@code CONGRUENT} (same group, in order), {@code SIMILAR}, or {@code UNEQUAL}. */
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

    /** Unpacks {@code outcount} items from {@code inbuf} at {@code position}; returns the position after them. */
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

    /** The bytes {@link #Pack} needs for {@code incount} items of {@code datatype}. */
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

    /** {@code MPI.CART} or {@code MPI.GRAPH} for a communicator with a topology, {@code MPI.UNDEFINED} otherwise. */
    public int Topo_test() {
        checkUsable();
        return MPI.UNDEFINED;
    }

    /** False: HyMPJ's communicators are intracommunicators. */
    public boolean Is_inter() {
        checkUsable();
        return false;
    }

    /**
     * Ends the whole job: every rank waiting in MPI fails at once, this call raises in the
     * caller (a thread cannot end other threads), and the launcher exits with {@code errorcode}.
     */
    public void Abort(int errorcode) {
        MPI.checkActive();
        rt.job().abortWithCode(rt.rank(), errorcode, "rank " + rt.rank() + " called MPI.Abort(" + errorcode + ") on " + this);
        throw new MPIException(MPI.ERR_OTHER, "MPI.Abort(" + errorcode + ") was called on " + this + "; the job is ending");
    }

    /** The value of a predefined attribute: {@code MPI.TAG_UB}, {@code HOST}, {@code IO} or {@code WTIME_IS_GLOBAL}. */
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

    // ---------------------------------------------------------------- blocking sends

    /** Standard send: returns when {@code buf} may be reused. */
    public void Send(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        blockingSend("Send", buf, offset, count, datatype, dest, tag, SendOperation.STANDARD);
    }

    /** Synchronous send: returns when the receiver has started to receive the message. */
    public void Ssend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        blockingSend("Ssend", buf, offset, count, datatype, dest, tag, SendOperation.SYNCHRONOUS);
    }

    /** Ready send: the receive must already be posted; HyMPJ sends it as a standard send. */
    public void Rsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        blockingSend("Rsend", buf, offset, count, datatype, dest, tag, SendOperation.READY);
    }

    /** Buffered send: copies the message into the buffer attached with {@code MPI.Buffer_attach} and returns. */
    public void Bsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        blockingSend("Bsend", buf, offset, count, datatype, dest, tag, SendOperation.BUFFERED);
    }

    private void blockingSend(String op, Object buf, int offset, int count, Datatype datatype, int dest, int tag, int mode) {
        checkUsable();
        checkSend(op, buf, offset, count, datatype, dest, tag);
        if (dest == MPI.PROC_NULL) {
            return;
        }
        try {
            core.send(op, buf, offset, count, datatype.map, dest, tag, mode,
                mode == SendOperation.BUFFERED ? MPI.attachedBuffer() : null);
        } catch (EngineException e) {
            throw raised(e);
        }
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

    public Request Isend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return nonBlockingSend("Isend", buf, offset, count, datatype, dest, tag, SendOperation.STANDARD);
    }

    public Request Issend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return nonBlockingSend("Issend", buf, offset, count, datatype, dest, tag, SendOperation.SYNCHRONOUS);
    }

    public Request Irsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return nonBlockingSend("Irsend", buf, offset, count, datatype, dest, tag, SendOperation.READY);
    }

    public Request Ibsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return nonBlockingSend("Ibsend", buf, offset, count, datatype, dest, tag, SendOperation.BUFFERED);
    }

    private Request nonBlockingSend(String op, Object buf, int offset, int count, Datatype datatype, int dest, int tag, int mode) {
        checkUsable();
        checkSend(op, buf, offset, count, datatype, dest, tag);
        if (dest == MPI.PROC_NULL) {
            return Request.completedNothing(this);
        }
        SendOperation s = new SendOperation();
        startSend(s, buf, offset, count, datatype, dest, tag, mode);
        // No string is built here: a message naming the call is made only if the wait fails.
        return new Request(this, s, op, dest, tag);
    }

    // ---------------------------------------------------------------- receives

    /** Blocking receive; raises {@code ERR_TRUNCATE} if the message is longer than {@code count}. */
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
        try {
            return core.receive(buf, offset, count, datatype.map, source, tag);
        } catch (EngineException e) {
            throw raised(e);
        }
    }

    public Request Irecv(Object buf, int offset, int count, Datatype datatype, int source, int tag) {
        checkUsable();
        checkRecv("Irecv", buf, offset, count, datatype, source, tag);
        if (source == MPI.PROC_NULL) {
            return Request.completedNothing(this);
        }
        ReceiveOperation r = new ReceiveOperation();
        postReceive(r, buf, offset, count, datatype, source, tag);
        Request request = new Request(this, r, "Irecv", source, tag);
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

    /** Sends and receives at once, so two ranks can exchange without ordering their calls. */
    public Status Sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
                           Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag) {
        checkUsable();
        checkSend("Sendrecv", sendbuf, sendoffset, sendcount, sendtype, dest, sendtag);
        checkRecv("Sendrecv", recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
        ReceiveOperation r;
        try {
            r = core.sendReceive("Sendrecv", sendbuf, sendoffset, sendcount, sendtype.map, dest, sendtag,
                recvbuf, recvoffset, recvcount, recvtype.map, source, recvtag);
        } catch (EngineException e) {
            throw raised(e);
        }
        if (r == null) {
            return Status.empty(MPI.PROC_NULL);
        }
        Status status = new Status(r.matchedSource(), r.matchedTag(), r.matchedCount(), recvtype, recvcount, false);
        r.reset();
        return status;
    }

    /** Sends the contents of {@code buf} and replaces them with the message received. */
    public Status Sendrecv_replace(Object buf, int offset, int count, Datatype datatype,
                                   int dest, int sendtag, int source, int recvtag) {
        checkUsable();
        checkSend("Sendrecv_replace", buf, offset, count, datatype, dest, sendtag);
        checkRecv("Sendrecv_replace", buf, offset, count, datatype, source, recvtag);
        Object copy = datatype.map.packed(buf, offset, count);
        return Sendrecv(copy, 0, count, datatype.packedForm(), dest, sendtag, buf, offset, count, datatype, source, recvtag);
    }

    // ---------------------------------------------------------------- probes

    /** Waits until a message matching (source, tag) can be received and returns its envelope. */
    public Status Probe(int source, int tag) {
        checkUsable();
        checkSource("Probe", source);
        checkRecvTag("Probe", tag);
        if (source == MPI.PROC_NULL) {
            return Status.empty(MPI.PROC_NULL);
        }
        ProbeResult p = new ProbeResult();
        try {
            core.probe(source, tag, p);
        } catch (EngineException e) {
            throw raised(e);
        }
        return new Status(p.source, p.tag, p.count, MPI.basic(p.type), false);
    }

    /** The envelope of a message matching (source, tag) that can be received now, or null. */
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

    public Prequest Send_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return sendInit("Send_init", buf, offset, count, datatype, dest, tag, SendOperation.STANDARD);
    }

    public Prequest Ssend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return sendInit("Ssend_init", buf, offset, count, datatype, dest, tag, SendOperation.SYNCHRONOUS);
    }

    public Prequest Bsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return sendInit("Bsend_init", buf, offset, count, datatype, dest, tag, SendOperation.BUFFERED);
    }

    public Prequest Rsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return sendInit("Rsend_init", buf, offset, count, datatype, dest, tag, SendOperation.READY);
    }

    private Prequest sendInit(String op, Object buf, int offset, int count, Datatype datatype, int dest, int tag, int mode) {
        checkUsable();
        checkSend(op, buf, offset, count, datatype, dest, tag);
        return new Prequest(this, mode, buf, offset, count, datatype, dest, tag, op);
    }

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

    // ==== Open MPI face: point-to-point ====

    // ==== Open MPI face: collectives ====

    // ==== Open MPI face: neighbourhood collectives ====

    /**
     * The neighbours of this communicator's process topology, which the neighbourhood
     * collectives address; a communicator without one raises {@code ERR_TOPOLOGY}, naming {@code call}.
     */
    org.hympj.comm.coll.Neighbourhood neighbourhood(String call) {
        throw new MPIException(MPI.ERR_TOPOLOGY, call + ": " + this + " has no process topology; a neighbourhood collective"
            + " needs a communicator made by createCart, createGraph, createDistGraph or createDistGraphAdjacent");
    }

    /** Makes this communicator null from the start, as a topology's constructor returns it to a rank left out. */
    final void markNull() {
        freed = true;
    }

    /**
     * Sends {@code sendcount} items of {@code sendbuf} to every destination neighbour and
     * receives {@code recvcount} items from each source neighbour into consecutive blocks of
     * {@code recvbuf}, in the order of the topology's neighbours; a {@code PROC_NULL}
     * neighbour's block is left as it is. Collective.
     */
    public final void neighborAllGather(Object sendbuf, int sendcount, Datatype sendtype,
                                        Object recvbuf, int recvcount, Datatype recvtype) {
        String call = "neighborAllGather";
        checkUsable();
        org.hympj.comm.coll.Neighbourhood n = neighbourhood(call);
        int out = n.destinationCount();
        int in = n.sourceCount();
        neighbourExchange(call, n, sendbuf, sameCounts(call, sendcount, out), new int[out], sendtype,
            recvbuf, sameCounts(call, recvcount, in), consecutive(recvcount, in), recvtype);
    }

    /**
     * As {@link #neighborAllGather}, the block of source neighbour {@code i} being
     * {@code recvcount[i]} items at item {@code displs[i]} of {@code recvbuf}. Collective.
     */
    public final void neighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype,
                                         Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) {
        String call = "neighborAllGatherv";
        checkUsable();
        org.hympj.comm.coll.Neighbourhood n = neighbourhood(call);
        int out = n.destinationCount();
        neighbourExchange(call, n, sendbuf, sameCounts(call, sendcount, out), new int[out], sendtype,
            recvbuf, recvcount, displs, recvtype);
    }

    /**
     * Sends block {@code i} of {@code sendbuf} ({@code sendcount} items) to destination
     * neighbour {@code i} and receives the block of source neighbour {@code i} into block
     * {@code i} of {@code recvbuf} ({@code recvcount} items). Collective.
     */
    public final void neighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype,
                                       Object recvbuf, int recvcount, Datatype recvtype) {
        String call = "neighborAllToAll";
        checkUsable();
        org.hympj.comm.coll.Neighbourhood n = neighbourhood(call);
        int out = n.destinationCount();
        int in = n.sourceCount();
        neighbourExchange(call, n, sendbuf, sameCounts(call, sendcount, out), consecutive(sendcount, out), sendtype,
            recvbuf, sameCounts(call, recvcount, in), consecutive(recvcount, in), recvtype);
    }

    /**
     * As {@link #neighborAllToAll}, with a count and a displacement (in items) for each
     * neighbour's block on both sides. Collective.
     */
    public final void neighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
                                        Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) {
        String call = "neighborAllToAllv";
        checkUsable();
        neighbourExchange(call, neighbourhood(call), sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount, rdispls,
            recvtype);
    }

    /**
     * Checks the blocks of a neighbourhood collective, resolves its buffers with
     * {@link BufferArgument} and runs it in the engine. The receive buffer is resolved as one
     * that is read too, so that the blocks of {@code PROC_NULL} neighbours keep their contents
     * when it is staged.
     */
    private void neighbourExchange(String call, org.hympj.comm.coll.Neighbourhood n, Object sendbuf, int[] sendcount,
                                   int[] sdispls, Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls,
                                   Datatype recvtype) {
        checkBuffer(call, null, 0, 0, sendtype);
        checkBuffer(call, null, 0, 0, recvtype);
        int sendItems = blocksEnd(call, "destination", n.destinationCount(), sendcount, sdispls);
        int recvItems = blocksEnd(call, "source", n.sourceCount(), recvcount, rdispls);
        Object send = BufferArgument.forSend(call, sendbuf, sendItems, sendtype);
        int sendoffset = BufferArgument.offset(sendbuf, send);
        Object recv = BufferArgument.forUpdate(call, recvbuf, recvItems, recvtype);
        int recvoffset = BufferArgument.offset(recvbuf, recv);
        for (int i = 0; i < n.destinationCount(); i++) {
            checkBuffer(call, send, sendoffset + sdispls[i] * sendtype.map.extent, sendcount[i], sendtype);
        }
        for (int i = 0; i < n.sourceCount(); i++) {
            checkBuffer(call, recv, recvoffset + rdispls[i] * recvtype.map.extent, recvcount[i], recvtype);
        }
        try {
            org.hympj.comm.coll.CollectiveCheck.agree(core, org.hympj.comm.coll.CollectiveKind.NEIGHBOURHOOD, -1,
                sendtype.map.base, -1);
            org.hympj.comm.coll.NeighbourhoodCollectives.alltoallv(core, n, send, sendoffset, sendcount, sdispls, sendtype.map,
                recv, recvoffset, recvcount, rdispls, recvtype.map);
        } catch (EngineException e) {
            throw raised(e);
        }
        BufferArgument.copyBack(recvbuf, recv, recvtype);
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
