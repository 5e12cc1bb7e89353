package org.hympj.comm.io;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The direct buffers that file accesses stage their chunks in, shared by every file and rank
 * of the JVM: a new direct buffer is zeroed and its pages are touched for the first time when
 * it is first written, which costs as much as the write it serves, so buffers are kept and
 * handed on instead of made per file or per access.
 *
 * <p>Invariant: {@code pooled} is the number of buffers in {@code free}, at most {@link #KEPT};
 * a buffer is either in {@code free} or held by the one access that took it.
 */
final class StagingBuffers {
    /** The bytes of one buffer: a chunk's system call costs little beside copying it. */
    static final int BYTES = 1 << 20;
    /** How many idle buffers the JVM keeps: enough for every core to have an access in flight. */
    private static final int KEPT = 2 * Runtime.getRuntime().availableProcessors();
    private static final ConcurrentLinkedQueue<ByteBuffer> FREE = new ConcurrentLinkedQueue<>();
    private static final AtomicInteger POOLED = new AtomicInteger();

    private StagingBuffers() {
    }

    /** A buffer of {@link #BYTES} bytes for the caller alone until it {@link #give}s it back. */
    static ByteBuffer take() {
        ByteBuffer b = FREE.poll();
        if (b == null) {
            return ByteBuffer.allocateDirect(BYTES);
        }
        POOLED.decrementAndGet();
        return b.clear();
    }

    /** Hands a buffer of {@link #take} back; kept for the next access unless enough are kept already. */
    static void give(ByteBuffer b) {
        if (POOLED.incrementAndGet() <= KEPT) {
            FREE.offer(b);
        } else {
            POOLED.decrementAndGet();
        }
    }
}
