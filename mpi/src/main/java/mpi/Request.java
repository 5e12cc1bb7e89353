package mpi;

import java.util.ArrayList;
import java.util.List;
import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.match.DoneOperation;
import org.hympj.comm.match.Operation;
import org.hympj.comm.match.ReceiveOperation;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.events.CallEvents;

/**
 * A non-blocking operation in progress. A request is waited for (or tested) by one thread.
 * Once completed by {@code Wait} or a successful {@code Test}, it becomes null
 * ({@link #Is_null}); a persistent request ({@link Prequest}) becomes inactive instead.
 *
 * <p>For the array forms, null entries, {@code MPI.REQUEST_NULL} and null or inactive
 * requests are skipped as MPI says: they count as complete with an empty status, and
 * {@code Waitany}/{@code Testany} over no active request give index {@code MPI.UNDEFINED}.
 * {@code Waitsome} and {@code Testsome} return null when no request is active (MPI's
 * {@code MPI_UNDEFINED} outcount).
 */
public class Request implements Freeable {
    final Comm comm;
    Operation op;
    boolean active;
    /** What a failure message names: the call, and the peer and tag it was made with (built only on failure). */
    final String call;
    private final int peer;
    private final int tag;
    /** For a receive: its datatype, in whose items its status counts, and how many it asked for. */
    private Datatype receiveType;
    private int receiveCount;
    /** For a receive of a derived type: where its packed items go on completion. */
    private Datatype unpackType;
    private Object unpackBuffer;
    private int unpackOffset;
    /** For a receive into a staged {@code java.nio} buffer: the buffer, and the array the engine writes instead. */
    private java.nio.Buffer stagedBuffer;
    private Object staging;
    /** A receive from {@code MPI.PROC_NULL} not yet completed: its status has source PROC_NULL, not that of a null request. */
    private boolean procNullPending;
    /** For a non-blocking collective: runs it on the thread that waits for it, if it is next and not begun. */
    private Runnable runHere;
    /** For an operation done in the call that started it (a file access): its status. */
    private Status doneStatus;

    Request(Comm comm, Operation op, String call, int peer, int tag) {
        this.comm = comm;
        this.op = op;
        this.active = op != null;
        this.call = call;
        this.peer = peer;
        this.tag = tag;
    }

    /** A receive of {@code count} items of {@code datatype}, spread over {@code buf} on completion. */
    void unpacksInto(Datatype datatype, Object buf, int offset, int count) {
        receiveType = datatype;
        receiveCount = count;
        if (!datatype.map.contiguous) {
            unpackType = datatype;
            unpackBuffer = buf;
            unpackOffset = offset;
        }
    }

    /**
     * A receive into {@code data}, which {@link BufferArgument} resolved {@code buf} to: if that
     * is a staging array, its elements are copied back into {@code buf} on completion.
     */
    void copiesBackTo(java.nio.Buffer buf, Object data) {
        boolean staged = BufferArgument.staged(buf, data);
        stagedBuffer = staged ? buf : null;
        staging = staged ? data : null;
    }

    /** Makes {@link #Wait} run a non-blocking collective itself when it can (see {@code NonBlockingCollectives}). */
    void runsHereWhenWaited(Runnable run) {
        runHere = run;
    }

    /** A request for {@code call} on {@code comm}, which did its work as it started: its wait or test returns {@code status}. */
    static Request done(Comm comm, String call, Status status) {
        Request r = new Request(comm, new DoneOperation(), call, MPI.PROC_NULL, MPI.ANY_TAG);
        r.doneStatus = status;
        return r;
    }

    /** The request behind {@code MPI.REQUEST_NULL}: on no communicator, with no operation. */
    static Request nullRequest() {
        return new Request(null, null, "MPI.REQUEST_NULL", MPI.PROC_NULL, MPI.ANY_TAG);
    }

    /** A request with nothing to do, as for an operation with {@code MPI.PROC_NULL}. */
    static Request completedNothing(Comm comm) {
        return new Request(comm, null, "an operation", MPI.PROC_NULL, MPI.ANY_TAG);
    }

    /**
     * A receive from {@code MPI.PROC_NULL}: it completes at once, and the wait or test that
     * completes it returns source PROC_NULL, tag ANY_TAG and count 0, as MPI gives for it.
     */
    static Request receivedFromProcNull(Comm comm) {
        Request r = completedNothing(comm);
        r.procNullPending = true;
        return r;
    }

    /** The status of a request with no operation: a receive from PROC_NULL the first time, else the empty status. */
    private Status nothingDone() {
        if (procNullPending) {
            procNullPending = false;
            return Status.empty(MPI.PROC_NULL);
        }
        return Status.empty(MPI.ANY_SOURCE);
    }

    /**
     * Waits for the operation and returns its status.
     *
     * @return the status of the operation: for a receive, the message's source, tag and size
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Status Wait() {
        long started = CallEvents.callStarts();
        Status status = completeOne();
        (comm == null ? MPI.COMM_WORLD : comm).callEnded(started, "Wait", -1, -1, 0, null);
        return status;
    }

    /** {@link #Wait} without an event of its own, for the calls on arrays of requests too. */
    private Status completeOne() {
        MPI.checkActive();
        Errhandler.entering(comm);
        if (op == null || !active) {
            return nothingDone();
        }
        if (runHere != null) {
            runHere.run();
        }
        try {
            comm.core.await(op, call, peer, tag);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
        return finish();
    }

    /**
     * {@return the status if the operation has completed, else null}
     *
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Status Test() {
        MPI.checkActive();
        Errhandler.entering(comm);
        MPI.runtime().engine().progressOnce();
        if (op == null || !active) {
            return nothingDone();
        }
        return op.isComplete() ? finish() : null;
    }

    /**
     * Asks for the operation to be cancelled: a receive not yet matched, or a synchronous or
     * large send not yet received. Complete the request with {@code Wait} or {@code Test} and
     * ask {@link Status#Test_cancelled} whether the cancel took effect.
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public void Cancel() {
        MPI.checkActive();
        if (op == null || !active) {
            return;
        }
        CommunicatorCore.cancel(op);
    }

    /**
     * {@return true once the request has been completed and released, or freed}
     */
    public boolean Is_null() {
        return op == null;
    }

    /** Releases the request; an operation still in progress goes on but can no longer be waited for. */
    public void Free() {
        op = null;
        active = false;
    }

    /** Completes a finished operation: marks the request done and returns its status or raises its error. */
    Status finish() {
        Operation done = op;
        active = false;
        if (!(this instanceof Prequest)) {
            op = null;
        }
        return outcome(done);
    }

    /**
     * The status of a finished operation, or its error: for a receive, once its data are in
     * the caller's buffer (spread over a derived type's items, copied back into a staged
     * {@code java.nio} buffer). Leaves the request as it is; doing it again gives the same.
     */
    private Status outcome(Operation done) {
        if (doneStatus != null) {
            return doneStatus;
        }
        if (done instanceof ReceiveOperation) {
            ReceiveOperation r = (ReceiveOperation) done;
            try {
                return finishReceive(r, receiveType, receiveCount);
            } finally {
                if (unpackType != null) {
                    CommunicatorCore.unpackReceived(r, unpackType.map, unpackBuffer, unpackOffset);
                }
                if (stagedBuffer != null) {
                    BufferArgument.copyBack(stagedBuffer, staging, receiveType);
                }
            }
        }
        if (done.cancelled()) {
            return new Status(MPI.ANY_SOURCE, MPI.ANY_TAG, 0, null, true);
        }
        if (done.error() != 0) {
            throw new MPIException(done.error(), done.errorMessage());
        }
        return Status.empty(MPI.ANY_SOURCE);
    }

    /**
     * The status of a completed receive, after deserializing OBJECT data in this rank's class
     * loader; its counts are in items of {@code layout}, the receive's datatype, where known,
     * of which it asked for {@code requested}.
     */
    private Status finishReceive(ReceiveOperation r, Datatype layout, int requested) {
        Datatype type = layout != null ? layout : MPI.basic(r.type());
        if (r.cancelled()) {
            return new Status(MPI.ANY_SOURCE, MPI.ANY_TAG, 0, type, true);
        }
        try {
            comm.core.checkReceive(r);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
        return new Status(r.matchedSource(), r.matchedTag(), r.matchedCount(), type, requested, false);
    }

    private boolean isActive() {
        return op != null && active;
    }

    // ---------------------------------------------------------------- arrays of requests

    /**
     * Waits for one of the requests to complete; its index is in the status ({@code UNDEFINED} if none is active).
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @return the status of the request that completed, whose {@code index} is its place in {@code requests}
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static Status Waitany(Request[] requests) {
        MPI.checkActive();
        checkArray("Waitany", requests);
        Operation[] ops = activeOperations(requests);
        if (ops == null) {
            return Status.empty(MPI.ANY_SOURCE);
        }
        Comm comm = firstActive(requests).comm;
        Errhandler.entering(comm);
        long started = CallEvents.callStarts();
        while (true) {
            for (int i = 0; i < ops.length; i++) {
                if (ops[i] != null && ops[i].isComplete()) {
                    Errhandler.entering(requests[i].comm);
                    Status s = requests[i].finish();
                    s.index = i;
                    comm.callEnded(started, "Waitany", -1, -1, 0, null);
                    return s;
                }
            }
            awaitAny(comm, ops, "Waitany");
        }
    }

    /**
     * Waits for every request; if any failed, raises the first error after all have completed.
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @return the status of each request, in the order of {@code requests}
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static Status[] Waitall(Request[] requests) {
        MPI.checkActive();
        checkArray("Waitall", requests);
        long started = CallEvents.callStarts();
        Status[] statuses = completeAll(requests);
        MPI.COMM_WORLD.callEnded(started, "Waitall", -1, -1, 0, null);
        return statuses;
    }

    /** Waits for every request in turn; if any failed, raises the first error after all have completed. */
    private static Status[] completeAll(Request[] requests) {
        Status[] statuses = new Status[requests.length];
        MPIException first = null;
        for (int i = 0; i < requests.length; i++) {
            try {
                statuses[i] = requests[i] == null ? Status.empty(MPI.ANY_SOURCE) : requests[i].completeOne();
                statuses[i].index = i;
            } catch (MPIException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
        return statuses;
    }

    /**
     * Waits until at least one request completes and returns the statuses of all that have.
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @return the statuses of the requests that completed, each with its {@code index} in {@code requests}
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static Status[] Waitsome(Request[] requests) {
        MPI.checkActive();
        checkArray("Waitsome", requests);
        Operation[] ops = activeOperations(requests);
        if (ops == null) {
            return null;
        }
        Comm comm = firstActive(requests).comm;
        Errhandler.entering(comm);
        long started = CallEvents.callStarts();
        awaitAny(comm, ops, "Waitsome");
        comm.callEnded(started, "Waitsome", -1, -1, 0, null);
        return finishCompleted(requests, ops);
    }

    /**
     * {@return the status of one completed request (with its index), null if none has completed}
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static Status Testany(Request[] requests) {
        MPI.checkActive();
        checkArray("Testany", requests);
        MPI.runtime().engine().progressOnce();
        Operation[] ops = activeOperations(requests);
        if (ops == null) {
            return Status.empty(MPI.ANY_SOURCE);
        }
        for (int i = 0; i < ops.length; i++) {
            if (ops[i] != null && ops[i].isComplete()) {
                Errhandler.entering(requests[i].comm);
                Status s = requests[i].finish();
                s.index = i;
                return s;
            }
        }
        return null;
    }

    /**
     * {@return the statuses of all requests if every one has completed, else null (and none is completed)}
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static Status[] Testall(Request[] requests) {
        MPI.checkActive();
        checkArray("Testall", requests);
        MPI.runtime().engine().progressOnce();
        for (Request r : requests) {
            if (r != null && r.isActive() && !r.op.isComplete()) {
                return null;
            }
        }
        return completeAll(requests);
    }

    /**
     * {@return the statuses of the requests that have completed, possibly none}
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static Status[] Testsome(Request[] requests) {
        MPI.checkActive();
        checkArray("Testsome", requests);
        MPI.runtime().engine().progressOnce();
        Operation[] ops = activeOperations(requests);
        return ops == null ? null : finishCompleted(requests, ops);
    }

    private static void awaitAny(Comm comm, Operation[] ops, String call) {
        try {
            comm.core.awaitAny(ops, call);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    private static Status[] finishCompleted(Request[] requests, Operation[] ops) {
        List<Status> done = new ArrayList<>();
        MPIException first = null;
        for (int i = 0; i < ops.length; i++) {
            if (ops[i] != null && ops[i].isComplete()) {
                try {
                    Errhandler.entering(requests[i].comm);
                    Status s = requests[i].finish();
                    s.index = i;
                    done.add(s);
                } catch (MPIException e) {
                    if (first == null) {
                        first = e;
                    }
                }
            }
        }
        if (first != null) {
            throw first;
        }
        return done.toArray(new Status[0]);
    }

    /** Raises the error for a request array that is missing (its elements may be null: MPI's null requests). */
    private static void checkArray(String call, Request[] requests) {
        // A call on requests of no one communicator: its own errors (this one) go to COMM_WORLD's
        // handler, never to that of the communicator this thread was last in.
        Errhandler.entering(null);
        if (requests == null) {
            throw new MPIException(MPI.ERR_ARG, call + " needs an array of requests, got null (an array of length 0,"
                + " or one whose entries are null, stands for no requests)");
        }
    }

    /** The operations of the active requests, by index (null where inactive); null if none is active. */
    private static Operation[] activeOperations(Request[] requests) {
        Operation[] ops = new Operation[requests.length];
        boolean any = false;
        for (int i = 0; i < requests.length; i++) {
            if (requests[i] != null && requests[i].isActive()) {
                ops[i] = requests[i].op;
                any = true;
            }
        }
        return any ? ops : null;
    }

    private static Request firstActive(Request[] requests) {
        for (Request r : requests) {
            if (r != null && r.isActive()) {
                return r;
            }
        }
        throw new IllegalStateException("no active request");
    }

    // ==== Open MPI face: requests ====

    // Open MPI's names for the operations above: the same logic, with its return types. An
    // entry of an array that is null counts as MPI.REQUEST_NULL.

    /**
     * Waits for the operation; a request that is not persistent becomes null ({@link #isNull}).
     *
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void waitFor() {
        Wait();
    }

    /**
     * Waits for the operation and returns its status (an empty one for a null or inactive request).
     *
     * @return the status of the operation: for a receive, the message's source, tag and size
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Status waitStatus() {
        return Wait();
    }

    /**
     * {@return true if the operation has completed, which completes the request as {@link #waitFor} does}
     *
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final boolean test() {
        return Test() != null;
    }

    /**
     * {@return the status if the operation has completed (completing the request as {@link #waitStatus} does), else
     * null}
     *
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Status testStatus() {
        return Test();
    }

    /**
     * {@return the status if the operation has completed, else null, leaving the request as it is
     * ({@code MPI_Request_get_status}): it must still be completed by a wait or test}
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Status getStatus() {
        MPI.checkActive();
        Errhandler.entering(comm);
        MPI.runtime().engine().progressOnce();
        if (!isActive()) {
            return Status.empty(MPI.ANY_SOURCE);
        }
        return op.isComplete() ? outcome(op) : null;
    }

    /**
     * Asks for the operation to be cancelled (see {@link #Cancel}).
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final void cancel() {
        Cancel();
    }

    /** Releases the request; it is null from then on. */
    public void free() {
        Free();
    }

    /**
     * {@return true for {@code MPI.REQUEST_NULL} and for a request that has been completed or freed}
     */
    public final boolean isNull() {
        return Is_null();
    }

    /**
     * Waits for one of the requests and returns its index, or {@code MPI.UNDEFINED} if none is active.
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @return the index in {@code requests} of the request that completed, or {@code MPI.UNDEFINED}
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static int waitAny(Request[] requests) {
        return Waitany(requests).index;
    }

    /**
     * Waits for one of the requests and returns its status, whose {@code getIndex()} is its index
     * ({@code MPI.UNDEFINED} if none is active).
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @return the status of the request that completed, with its index
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static Status waitAnyStatus(Request[] requests) {
        return Waitany(requests);
    }

    /**
     * {@return the index of one completed request (completed by this call), or {@code MPI.UNDEFINED} if none has
     * completed or none is active}
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static int testAny(Request[] requests) {
        Status done = Testany(requests);
        return done == null ? MPI.UNDEFINED : done.index;
    }

    /**
     * {@return the status of one completed request, with its index; an empty status if none is active; null if none
     * has completed}
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static Status testAnyStatus(Request[] requests) {
        return Testany(requests);
    }

    /**
     * Waits for every request; if any failed, raises the first error after all have completed.
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static void waitAll(Request[] requests) {
        Waitall(requests);
    }

    /**
     * Waits for every request and returns their statuses, by index.
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @return the status of each request, in the order of {@code requests}
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static Status[] waitAllStatus(Request[] requests) {
        return Waitall(requests);
    }

    /**
     * {@return true if every request has completed (then all are completed by this call); false leaves them all as
     * they are}
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static boolean testAll(Request[] requests) {
        return Testall(requests) != null;
    }

    /**
     * {@return the statuses of all requests if every one has completed, else null}
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static Status[] testAllStatus(Request[] requests) {
        return Testall(requests);
    }

    /**
     * Waits until at least one request completes; the indices of all that have, or null if none is active.
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @return the indices in {@code requests} of the requests that completed, or null if none is active
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static int[] waitSome(Request[] requests) {
        return indices(Waitsome(requests));
    }

    /**
     * As {@link #waitSome}, with the statuses (each with its index).
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @return the statuses of the requests that completed, or null if none is active
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static Status[] waitSomeStatus(Request[] requests) {
        return Waitsome(requests);
    }

    /**
     * {@return the indices of the requests that have completed, possibly none; null if none is active}
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static int[] testSome(Request[] requests) {
        return indices(Testsome(requests));
    }

    /**
     * As {@link #testSome}, with the statuses (each with its index).
     *
     * @param requests the requests; null entries and {@code MPI.REQUEST_NULL} are inactive
     * @return the statuses of the requests that completed (possibly none), or null if none is active
     * @throws MPIException the error of a failed operation, in its class (for a receive, {@code MPI.ERR_TRUNCATE} if
     *     the message was longer than the buffer); {@code MPI.ERR_ARG} if {@code requests} is null;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static Status[] testSomeStatus(Request[] requests) {
        return Testsome(requests);
    }

    private static int[] indices(Status[] done) {
        if (done == null) {
            return null;
        }
        int[] indices = new int[done.length];
        for (int i = 0; i < done.length; i++) {
            indices[i] = done[i].index;
        }
        return indices;
    }


    // ==== Open MPI face: collectives ====
}
