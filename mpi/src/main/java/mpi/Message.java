package mpi;

import java.nio.Buffer;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.match.MatchedMessage;
import org.hympj.comm.match.ReceiveOperation;

/**
 * A message taken by a matched probe ({@code MPI_Message}): {@link #mProbe} or
 * {@link #imProbe} takes a message out of matching, so that no other receive or probe, of
 * any thread of the rank, can match it, and {@link #mRecv} or {@link #imRecv} receives
 * exactly that message. A new {@code Message} is {@code MPI_MESSAGE_NULL}; a probe from
 * {@code MPI.PROC_NULL} gives {@code MPI_MESSAGE_NO_PROC}.
 *
 * <p>Invariant: the object is null, no-proc, or holds one matched message not yet received
 * (then {@link #comm} is its communicator); receiving makes it null again. One thread uses
 * a {@code Message} at a time, as one does an MPI handle.
 */
public final class Message {
    private final MatchedMessage matched = new MatchedMessage();
    /** The communicator of the message held, or null. */
    private Comm comm;
    private boolean noProc;

    /** {@code MPI_MESSAGE_NULL}. */
    public Message() {
    }

    /**
     * {@return true for {@code MPI_MESSAGE_NULL}: no message held, as before a probe and after a receive}
     */
    public boolean isNull() {
        return comm == null && !noProc;
    }

    /**
     * {@return true for {@code MPI_MESSAGE_NO_PROC}, the message of a probe from {@code MPI.PROC_NULL}}
     */
    public boolean isNoProc() {
        return noProc;
    }

    /**
     * Waits for a message matching (source, tag) on {@code comm}, takes it, and returns its envelope.
     *
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param tag the tag to match, or {@code MPI.ANY_TAG}
     * @param comm the communicator the message is sent on
     * @return the status of the message: its source, its tag and its size
     * @throws MPIException {@code MPI.ERR_COMM} if {@code comm} is null or freed; {@code MPI.ERR_RANK} or
     *     {@code MPI.ERR_TAG} for a bad {@code source} or {@code tag}; {@code MPI.ERR_REQUEST} if this still holds a
     *     message; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Status mProbe(int source, int tag, Comm comm) {
        if (probing("mProbe", source, tag, comm)) {
            return Status.empty(MPI.PROC_NULL);
        }
        try {
            comm.core.mprobe(source, tag, matched);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
        return held(comm);
    }

    /**
     * Takes a message matching (source, tag) on {@code comm} and returns its envelope, or returns null if none is here.
     *
     * @param source the rank to receive from, {@code MPI.ANY_SOURCE}, or {@code MPI.PROC_NULL} for no receive
     * @param tag the tag to match, or {@code MPI.ANY_TAG}
     * @param comm the communicator the message is sent on
     * @return the status of the message, or null if none matches now
     * @throws MPIException {@code MPI.ERR_COMM} if {@code comm} is null or freed; {@code MPI.ERR_RANK} or
     *     {@code MPI.ERR_TAG} for a bad {@code source} or {@code tag}; {@code MPI.ERR_REQUEST} if this still holds a
     *     message; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Status imProbe(int source, int tag, Comm comm) {
        if (probing("imProbe", source, tag, comm)) {
            return Status.empty(MPI.PROC_NULL);
        }
        return comm.core.improbe(source, tag, matched) ? held(comm) : null;
    }

    /**
     * Checks a probe's arguments; true if it is from {@code MPI.PROC_NULL}, which makes this
     * {@code MPI_MESSAGE_NO_PROC}.
     */
    private boolean probing(String call, int source, int tag, Comm comm) {
        MPI.checkActive();
        if (comm == null) {
            Errhandler.entering(null);
            throw new MPIException(MPI.ERR_COMM, call + ": the communicator is null");
        }
        comm.checkUsable();
        comm.checkProbe(call, source, tag);
        if (this.comm != null) {
            throw new MPIException(MPI.ERR_REQUEST, call + ": this Message still holds the message from rank "
                + matched.envelope.source + " (tag " + matched.envelope.tag + ") on " + this.comm
                + "; receive it with mRecv or imRecv before probing with the same Message again");
        }
        noProc = source == MPI.PROC_NULL;
        return noProc;
    }

    private Status held(Comm comm) {
        this.comm = comm;
        return new Status(matched.envelope.source, matched.envelope.tag, matched.envelope.count,
            MPI.basic(matched.envelope.type), false);
    }

    /**
     * Receives the message this holds into {@code buf} ({@code count} items of {@code type});
     * raises {@code MPI.ERR_TRUNCATE} (after storing what fits) if it is longer. The message
     * is null afterwards.
     *
     * @param buf where the message is received: an array of the datatype's element type, or a {@code java.nio}
     *     buffer, used from its start
     * @param count the most items of the type to receive; a longer message raises {@code MPI.ERR_TRUNCATE}
     * @param type the type of each item
     * @return the status of the message received: its source, its tag, and (with {@code getCount}) how many items it
     *     held
     * @throws MPIException {@code MPI.ERR_REQUEST} if this holds no message; {@code MPI.ERR_TYPE},
     *     {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if the buffer, its count and its datatype do not fit
     *     together; {@code MPI.ERR_TRUNCATE} if the message is longer than the buffer; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public Status mRecv(Object buf, int count, Datatype type) {
        Object data = BufferArgument.forUpdate("mRecv", buf, count, type);
        try {
            Request received = receive("mRecv", data, BufferArgument.offset(buf, data), count, type);
            return received.Is_null() ? Status.empty(MPI.PROC_NULL) : received.finish();
        } finally {
            BufferArgument.copyBack(buf, data, type);
        }
    }

    /**
     * Receives the message this holds, as a request. HyMPJ keeps a matched message's data in
     * the rank's JVM, so the request is complete at once; a staged {@code buf} is written when
     * it is waited for or tested. The message is null afterwards.
     *
     * @param buf where the message is received: a direct or heap {@code java.nio} buffer, used from its start (a
     *     direct one is staged in a Java array)
     * @param count the most items of the type to receive; a longer message raises {@code MPI.ERR_TRUNCATE}
     * @param type the type of each item
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_REQUEST} if this holds no message; {@code MPI.ERR_TYPE},
     *     {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if the buffer, its count and its datatype do not fit
     *     together; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Request imRecv(Buffer buf, int count, Datatype type) {
        Object data = BufferArgument.forUpdate("imRecv", buf, count, type);
        Request received = receive("imRecv", data, BufferArgument.offset(buf, data), count, type);
        received.copiesBackTo(buf, data);
        return received;
    }

    /**
     * Receives the message held into {@code data} and returns the completed request, not yet
     * finished (a request with nothing to do for no-proc); this is null afterwards.
     */
    private Request receive(String call, Object data, int offset, int count, Datatype type) {
        MPI.checkActive();
        Comm on = comm;
        if (on == null) {
            Errhandler.entering(null);
            if (!noProc) {
                throw new MPIException(MPI.ERR_REQUEST, call + ": this Message holds no message (it is MPI_MESSAGE_NULL);"
                    + " take one with mProbe or imProbe first");
            }
            Comm.checkBuffer(call, data, offset, count, type);
            noProc = false;
            return Request.receivedFromProcNull(null);
        }
        on.checkUsable();
        Comm.checkBuffer(call, data, offset, count, type);
        comm = null;
        ReceiveOperation r = new ReceiveOperation();
        on.core.receiveMatched(r, matched, data, offset, count, type.map);
        Request received = new Request(on, r, call, r.matchedSource(), r.matchedTag());
        received.unpacksInto(type, data, offset, count);
        return received;
    }
}
