package org.hympj.comm.match;

/**
 * A message that a matched probe ({@code MPI_Mprobe}, {@code MPI_Improbe}) took out of its
 * rank's unexpected queue: its envelope, for the caller's status, and the message itself,
 * which only {@link MatchingEngine#receive(MatchedMessage, ReceiveOperation)} can receive.
 *
 * <p>Invariant: while {@link #holds} is true, the message is in no queue, so no other receive
 * or probe of any thread can match it; receiving it empties the handle, so a message is
 * received at most once.
 */
public final class MatchedMessage {
    /** The envelope of the message held; valid while {@link #holds} is true. */
    public final ProbeResult envelope = new ProbeResult();
    ContextQueues queues;
    UnexpectedMessage message;

    /** True between a successful matched probe and the receive of its message. */
    public boolean holds() {
        return message != null;
    }

    /** Takes the message out of this handle, leaving it empty. */
    UnexpectedMessage take() {
        UnexpectedMessage m = message;
        message = null;
        return m;
    }
}
