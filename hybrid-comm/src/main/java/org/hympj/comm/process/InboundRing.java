package org.hympj.comm.process;

import static org.hympj.comm.process.MessageDescriptor.*;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.ControlledMessageHandler;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.hympj.comm.data.ArrayMemory;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.match.Arrival;
import org.hympj.comm.match.MatchingEngine;
import org.hympj.comm.match.ReceiveOperation;
import org.hympj.comm.runtime.ErrorClass;
import org.hympj.comm.runtime.Job;
import org.hympj.rings.FragmentDescriptor;

/**
 * The ring in this JVM's segment that one other JVM writes to, and the reading of it: each
 * message goes to its destination rank's engine in ring order, which is the order its sender
 * sent it, so matching keeps MPI's non-overtaking rule.
 *
 * <p>A streamed message's envelope is matched when it arrives: a posted receive it matches
 * is claimed, and each fragment is then copied from the ring straight into the receive's
 * buffer while the writer fills the next (space is returned after each fragment). With no
 * receive posted, the fragments are staged in a heap array that is delivered whole after the
 * last one, like an eager message.
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

    private MatchingEngine streamEngine;
    private ReceiveOperation claimed;
    private int accepted;
    private Object staging;
    private long stagingOffset;

    InboundRing(int senderJvm, AtomicBuffer ringMemory, Job job, RingPath path) {
        this.senderJvm = senderJvm;
        this.ring = new OneToOneRingBuffer(ringMemory);
        this.job = job;
        this.path = path;
    }

    int senderJvm() {
        return senderJvm;
    }

    int drain() {
        return ring.controlledRead(this, BATCH);
    }

    @Override
    public Action onMessage(int type, MutableDirectBuffer buffer, int index, int length) {
        switch (type) {
            case INLINE:
                MatchingEngine engine = decodeEnvelope(buffer, index);
                arrival.payload(null, buffer.addressOffset() + index + HEADER_LENGTH, false);
                engine.deliver(arrival);
                return Action.CONTINUE;
            case STREAMED:
                startStream(buffer, index);
                return Action.CONTINUE;
            case FRAGMENT:
                int fragmentOffset = buffer.getInt(index + FragmentDescriptor.FRAGMENT_OFFSET_OFFSET);
                int n = length - FragmentDescriptor.HEADER_LENGTH;
                long from = buffer.addressOffset() + index + FragmentDescriptor.HEADER_LENGTH;
                if (claimed != null) {
                    MatchingEngine.copyPayload(claimed, arrival, fragmentOffset, null, from, n, accepted);
                } else {
                    ArrayMemory.copy(null, from, staging, stagingOffset + fragmentOffset, n);
                }
                if (fragmentOffset + n == arrival.byteLength()) {
                    finishStream();
                }
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

    private MatchingEngine decodeEnvelope(MutableDirectBuffer b, int index) {
        int dest = b.getInt(index + DESTINATION_OFFSET);
        if (!job.isLocal(dest)) {
            throw new IllegalStateException("a message for world rank " + dest + " reached the JVM of ranks "
                + job.firstLocal() + ".." + (job.firstLocal() + job.localCount() - 1));
        }
        arrival.envelope(b.getInt(index + CONTEXT_OFFSET), b.getInt(index + COMM_SIZE_OFFSET), b.getInt(index + SOURCE_OFFSET),
            b.getInt(index + TAG_OFFSET), ElementType.of(b.getShort(index + TYPE_OFFSET)), b.getInt(index + COUNT_OFFSET),
            b.getShort(index + FORM_OFFSET), b.getInt(index + LENGTH_OFFSET), b.getLong(index + SYNC_TOKEN_OFFSET));
        return job.engine(dest);
    }

    private void startStream(MutableDirectBuffer buffer, int index) {
        streamEngine = decodeEnvelope(buffer, index);
        claimed = streamEngine.claim(arrival);
        if (claimed != null) {
            accepted = MatchingEngine.accept(claimed, arrival);
        } else if (arrival.form() == Arrival.SERIALIZED) {
            staging = new byte[arrival.byteLength()];
            stagingOffset = ArrayMemory.byteOffset(0);
        } else {
            staging = arrival.type().newArray(arrival.count());
            stagingOffset = ArrayMemory.elementOffset(arrival.type(), 0);
        }
    }

    private void finishStream() {
        if (claimed != null) {
            ReceiveOperation r = claimed;
            claimed = null;
            streamEngine.completeArrival(r, arrival.syncToken());
        } else {
            arrival.payload(staging, stagingOffset, true);
            staging = null;
            streamEngine.deliver(arrival);
        }
        streamEngine = null;
    }

    /** Fails a receive waiting for the rest of a stream that will not come; under the drain lock. */
    void abandonStream(String reason) {
        if (claimed != null) {
            MatchingEngine.failClaimed(claimed, ErrorClass.ERR_OTHER, reason);
            claimed = null;
        }
        staging = null;
        streamEngine = null;
    }
}
