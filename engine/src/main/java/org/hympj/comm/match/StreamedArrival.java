package org.hympj.comm.match;

import org.hympj.comm.data.ArrayMemory;
import org.hympj.comm.errors.ErrorClass;
import org.hympj.rings.MemoryCopy;

/**
 * A message that arrives from another process in fragments, after its envelope: the process
 * path's rings and the net-bridge both stream large payloads so. The envelope is matched
 * when it arrives ({@link #start}), which keeps MPI's order; each fragment is then copied
 * straight into the matched receive's buffer, or, with no receive posted, into a heap array
 * that is delivered whole, as an eager message, after the last fragment.
 *
 * <p>Not thread-safe: used by the one thread that reads the stream's connection or ring.
 */
public final class StreamedArrival {
    private final Arrival arrival = new Arrival();
    private MatchingEngine engine;
    private ReceiveOperation claimed;
    private int accepted;
    private Object staging;
    private long stagingOffset;
    private int received;

    /** The envelope of the stream about to {@link #start}; the caller fills it in. */
    public Arrival envelope() {
        return arrival;
    }

    /** Matches the envelope in {@code engine} now: a posted receive is claimed, or room to stage the payload made. */
    public void start(MatchingEngine engine) {
        this.engine = engine;
        this.received = 0;
        claimed = engine.claim(arrival);
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

    /** Bytes of the payload that have arrived: where the next fragment must start. */
    public int received() {
        return received;
    }

    /** True between {@link #start} and the last fragment (or {@link #abandon}). */
    public boolean active() {
        return engine != null;
    }

    /**
     * Takes the next {@code n} payload bytes, at ({@code base}, {@code from}) as {@code Unsafe}
     * names memory; true if they were the last, and the message is then delivered.
     */
    public boolean fragment(Object base, long from, int n) {
        if (claimed != null) {
            MatchingEngine.copyPayload(claimed, arrival, received, base, from, n, accepted);
        } else {
            MemoryCopy.copy(base, from, staging, stagingOffset + received, n);
        }
        received += n;
        if (received < arrival.byteLength()) {
            return false;
        }
        if (claimed != null) {
            ReceiveOperation r = claimed;
            claimed = null;
            engine.completeArrival(r, arrival.syncToken());
        } else {
            arrival.payload(staging, stagingOffset, true);
            staging = null;
            engine.deliver(arrival);
        }
        engine = null;
        return true;
    }

    /** Fails a receive waiting for the rest of a stream that will not come. */
    public void abandon(String reason) {
        if (claimed != null) {
            MatchingEngine.failClaimed(claimed, ErrorClass.ERR_OTHER, reason);
            claimed = null;
        }
        staging = null;
        engine = null;
    }
}
