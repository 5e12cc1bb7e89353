package mpi;

import java.nio.Buffer;
import org.hympj.comm.match.ReceiveOperation;
import org.hympj.comm.match.SendOperation;

/**
 * A persistent request: an operation set up once ({@code Send_init}, {@code Recv_init}, ...)
 * and started many times. Starting reuses the same engine operation, so a loop of
 * {@code Start}/{@code Wait} allocates nothing.
 */
public class Prequest extends Request {
    static final int RECEIVE = -1;

    private final int mode;
    private final Object buf;
    private final int offset;
    private final int count;
    private final Datatype datatype;
    private final int peer;
    private final int tag;
    /**
     * For the Open MPI face: the {@code java.nio} buffer the program passed, resolved again at
     * each start (a staged buffer's contents are copied in anew, and a receive's copied back
     * at each completion); null for mpiJava's forms, which use {@code buf}.
     */
    private final Buffer userBuffer;

    Prequest(Comm comm, int mode, Object buf, int offset, int count, Datatype datatype, int peer, int tag, String call) {
        this(comm, mode, buf, null, offset, count, datatype, peer, tag, call);
    }

    /** A persistent operation of the Open MPI face on {@code buf}, used from its start. */
    Prequest(Comm comm, int mode, Buffer buf, int count, Datatype datatype, int peer, int tag, String call) {
        this(comm, mode, null, buf, 0, count, datatype, peer, tag, call);
    }

    private Prequest(Comm comm, int mode, Object buf, Buffer userBuffer, int offset, int count, Datatype datatype, int peer,
                     int tag, String call) {
        super(comm, mode == RECEIVE ? new ReceiveOperation() : new SendOperation(), call, peer, tag);
        this.active = false;
        this.mode = mode;
        this.buf = buf;
        this.userBuffer = userBuffer;
        this.offset = offset;
        this.count = count;
        this.datatype = datatype;
        this.peer = peer;
        this.tag = tag;
        if (mode == RECEIVE && userBuffer == null) {
            unpacksInto(datatype, buf, offset, count);
        }
    }

    /**
     * Starts the operation; the request must be inactive (completed or never started).
     *
     * @throws MPIException {@code MPI.ERR_REQUEST} if the request is still active or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public void Start() {
        MPI.checkActive();
        Errhandler.entering(comm);
        if (op == null) {
            throw new MPIException(MPI.ERR_REQUEST, "Start on a persistent request that has been freed");
        }
        if (active) {
            throw new MPIException(MPI.ERR_REQUEST, "Start on a persistent request that is still active; Wait for it first");
        }
        if (peer == MPI.PROC_NULL) {
            return;
        }
        Object data = buf;
        int from = offset;
        if (userBuffer != null) {
            data = BufferArgument.forUpdate(call, userBuffer, count, datatype);
            from = BufferArgument.offset(userBuffer, data);
        }
        if (mode == RECEIVE) {
            ReceiveOperation r = (ReceiveOperation) op;
            r.reset();
            if (userBuffer != null) {
                unpacksInto(datatype, data, from, count);
                copiesBackTo(userBuffer, data);
            }
            comm.postReceive(r, data, from, count, datatype, peer, tag);
        } else {
            SendOperation s = (SendOperation) op;
            s.reset();
            comm.startSend(s, data, from, count, datatype, peer, tag, mode);
        }
        active = true;
    }

    /**
     * Starts every request of the array; null entries are skipped, as MPJ Express does.
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @throws MPIException {@code MPI.ERR_ARG} if {@code requests} is null; {@code MPI.ERR_OTHER} before {@code Init}
     *     or after {@code Finalize}
     */
    public static void Startall(Prequest[] requests) {
        if (requests == null) {
            throw new MPIException(MPI.ERR_ARG, "Startall needs an array of persistent requests, got null");
        }
        for (Prequest p : requests) {
            if (p != null) {
                p.Start();
            }
        }
    }

    /**
     * Starts the operation; the request must be inactive (completed or never started).
     *
     * @throws MPIException {@code MPI.ERR_REQUEST} if the request is still active or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void start() {
        Start();
    }

    /**
     * Starts every request of the array; null entries are skipped.
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @throws MPIException {@code MPI.ERR_ARG} if {@code requests} is null; {@code MPI.ERR_OTHER} before {@code Init}
     *     or after {@code Finalize}
     */
    public static void startAll(Prequest[] requests) {
        Startall(requests);
    }
}
