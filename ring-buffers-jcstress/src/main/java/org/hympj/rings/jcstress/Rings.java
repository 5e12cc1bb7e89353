package org.hympj.rings.jcstress;

import org.agrona.BitUtil;
import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * Rings for the tests' states, in direct memory: Agrona warns on standard error about every
 * ring built on a {@code byte[]} (its alignment is the JVM's to choose), and jcstress keeps
 * each forked JVM's output, millions of lines of it over a run, in its host's heap.
 */
final class Rings {
    private Rings() {
    }

    static OneToOneRingBuffer oneToOne(int capacity) {
        int length = capacity + RingBufferDescriptor.TRAILER_LENGTH;
        return new OneToOneRingBuffer(new UnsafeBuffer(BufferUtil.allocateDirectAligned(length, BitUtil.CACHE_LINE_LENGTH)));
    }
}
