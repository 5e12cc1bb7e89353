package org.hympj.rings;

import org.agrona.concurrent.ringbuffer.RecordDescriptor;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * A look at an Agrona ring's head without reading it: whether a record has been claimed
 * there. A thread that polls a ring asks this before it takes the lock that reading needs,
 * so that an empty poll executes no locked instruction.
 */
public final class RingHead {
    private RingHead() {
    }

    /**
     * True if a record has been claimed at the head of {@code ring}, committed or not yet.
     * The header word at the head stays zero until a record is claimed there (Agrona's MPSC
     * reader zeroes what it consumes; its SPSC writer zeroes the header after each record it
     * claims), so a zero length means the ring is empty. Any thread may ask; the answer is a
     * hint for whether to read.
     */
    public static boolean hasRecord(RingBuffer ring) {
        int head = (int) ring.consumerPosition() & (ring.capacity() - 1);
        return ring.buffer().getIntVolatile(RecordDescriptor.lengthOffset(head)) != 0;
    }
}
