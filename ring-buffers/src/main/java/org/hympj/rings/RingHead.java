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
     * Agrona's readers zero what they consume, so a zero length there means the ring is
     * empty. Any thread may ask; the answer is a hint for whether to read.
     */
    public static boolean hasRecord(RingBuffer ring) {
        int head = (int) ring.consumerPosition() & (ring.capacity() - 1);
        return ring.buffer().getIntVolatile(RecordDescriptor.lengthOffset(head)) != 0;
    }
}
