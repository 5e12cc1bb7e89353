package org.hympj.comm.process;

import static org.hympj.comm.protocol.MessageDescriptor.*;

import org.hympj.comm.protocol.MessageDescriptor;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.ControlledMessageHandler;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.hympj.comm.match.Arrival;
import org.hympj.comm.match.MatchingEngine;
import org.hympj.comm.match.StreamedArrival;
import org.hympj.comm.runtime.Job;
import org.hympj.rings.FragmentDescriptor;
import org.hympj.rings.RingHead;

/**
 * The ring in this JVM's segment that one other JVM writes to, and the reading of it: each
 * message goes to its destination rank's engine in ring order, which is the order its sender
 * sent it, so matching keeps MPI's non-overtaking rule.
 *
 * <p>A streamed message ({@link StreamedArrival}) is matched when its envelope arrives; each
 * fragment is copied from the ring into place while the writer fills the next (space is
 * returned after each fragment). The writer holds the ring for a whole stream, so there is at
 * most one stream in progress per ring.
 *
 * <p>Invariant: only the thread holding the path's drain lock reads the ring or touches the
 * stream state; the lock's release and acquire hand the state from one draining thread to
 * the next.
 */
final class InboundRing implements ControlledMessageHandler {
    /** Records read per drain: bounds how long one waiting thread works for others. */
    private static final int BATCH = 64;

    private final int senderJvm;
    private final OneToOneRingBuffer ring;
    private final Job job;
    private final RingPath path;
    private final Arrival arrival = new Arrival();
    private final StreamedArrival stream = new StreamedArrival();
    /** Set by {@link #drain} for the records it reads; like the rest, touched only under the drain lock. */
    private boolean stopAtCompletion;

    InboundRing(int senderJvm, AtomicBuffer ringMemory, Job job, RingPath path) {
        this.senderJvm = senderJvm;
        this.ring = new OneToOneRingBuffer(ringMemory);
        this.job = job;
        this.path = path;
    }

    int senderJvm() {
        return senderJvm;
    }

    /** True if a record waits at the ring's head (see {@link RingHead#hasRecord}). */
    boolean hasRecord() {
        return RingHead.hasRecord(ring);
    }

    /**
     * Hands the records waiting here to the engines, up to a batch. With {@code stopAtCompletion}
     * the drain ends after a record that completes a blocking receive of the draining thread,
     * so that its call returns without first fetching the next record's header (a line the
     * writer's core holds); without it, and after any other record, it reads on: a stream of
     * small messages into nonblocking receives (a window of Irecvs, say) keeps its batches.
     */
    int drain(boolean stopAtCompletion) {
        this.stopAtCompletion = stopAtCompletion;
        int n = ring.controlledRead(this, BATCH);
        // A read that found only the padding before the ring's end (which Agrona does not
        // count) reads on from its start: a drain of "every ring" leaves no record behind it.
        return n == 0 && hasRecord() ? ring.controlledRead(this, BATCH) : n;
    }

    @Override
    public Action onMessage(int type, MutableDirectBuffer buffer, int index, int length) {
        switch (type) {
            case INLINE_COMPACT:
                return deliverInline(MessageDescriptor.getCompactEnvelope(buffer, index, arrival),
                    buffer.addressOffset() + index + COMPACT_HEADER_LENGTH);
            case INLINE:
                return deliverInline(MessageDescriptor.getEnvelope(buffer, index, arrival),
                    buffer.addressOffset() + index + HEADER_LENGTH);
            case STREAMED:
                stream.start(engineOf(MessageDescriptor.getEnvelope(buffer, index, stream.envelope())));
                return Action.CONTINUE;
            case FRAGMENT:
                stream.fragment(null, buffer.addressOffset() + index + FragmentDescriptor.HEADER_LENGTH,
                    length - FragmentDescriptor.HEADER_LENGTH);
                // Return the fragment's space now, so the writer can fill it while we copy the next.
                return Action.COMMIT;
            case SYNC_ACK:
                path.syncAcknowledged(buffer.getLong(index));
                return Action.CONTINUE;
            default:
                throw new IllegalStateException("record type " + type + " in the ring from JVM " + senderJvm
                    + ": the processes of this job run different HyMPJ versions, or the ring is corrupt");
        }
    }

    /** Hands {@link #arrival}, whose envelope is read, with its payload at {@code payloadAddress} to rank {@code dest}'s engine. */
    private Action deliverInline(int dest, long payloadAddress) {
        arrival.payload(null, payloadAddress, false);
        return engineOf(dest).deliver(arrival) && stopAtCompletion ? Action.BREAK : Action.CONTINUE;
    }

    private MatchingEngine engineOf(int dest) {
        if (!job.isLocal(dest)) {
            throw new IllegalStateException("a message for world rank " + dest + " reached the JVM of ranks "
                + job.firstLocal() + ".." + (job.firstLocal() + job.localCount() - 1));
        }
        return job.engine(dest);
    }

    /** Fails a receive waiting for the rest of a stream that will not come; under the drain lock. */
    void abandonStream(String reason) {
        stream.abandon(reason);
    }
}
