package org.hympj.comm.rma;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.nio.Buffer;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;

/**
 * The addresses of {@code java.nio} buffers ({@code MPI_GET_ADDRESS}), which a dynamic window's
 * displacements are. Java gives a program no address of its memory, so the JVM gives each buffer
 * object a range of addresses of its own the first time one is asked for: its element 0 is at the
 * range's first address, element {@code i} at {@code i} times the element size after it.
 * Addresses are the same for every thread of the JVM and never change while the buffer lives;
 * a slice or duplicate is another buffer object, with a range of its own.
 *
 * <p>Invariant: the ranges of live buffers lie in {@code [FIRST, LIMIT)}, start on a multiple of
 * {@code ALIGNMENT}, never overlap, and hold at least one byte; {@link #FREE} holds the rest of
 * that space, as disjoint ranges with gaps between them (neighbours are merged). A buffer the
 * garbage collector has taken gives its range back. Below 2^31, so an address fits the
 * {@code int} displacement of Open MPI's {@code put} and {@code get}; 0 is never an address.
 */
public final class BufferAddresses {
    private static final long FIRST = 1 << 16;
    private static final long LIMIT = Integer.MAX_VALUE;
    /** Every range starts on it, so each element type lies aligned as in C memory. */
    private static final long ALIGNMENT = 64;

    /** A buffer object, by identity (a buffer's equals compares contents), held weakly. */
    private static final class Key extends WeakReference<Buffer> {
        final int hash;

        Key(Buffer buffer, ReferenceQueue<Buffer> queue) {
            super(buffer, queue);
            this.hash = System.identityHashCode(buffer);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key k && (k == this || k.get() != null && k.get() == get());
        }
    }

    private static final ReferenceQueue<Buffer> COLLECTED = new ReferenceQueue<>();
    /** The first address and length of each buffer's range, guarded by the class. */
    private static final Map<Key, long[]> RANGES = new HashMap<>();
    /** The free ranges: start to end. */
    private static final TreeMap<Long, Long> FREE = new TreeMap<>(Map.of(FIRST, LIMIT));

    private BufferAddresses() {
    }

    /**
     * The address of {@code buffer}'s element 0, a range of {@code bytes} (at least the
     * buffer's capacity in bytes) given on first asking; {@code ERR_NO_MEM} if no free range
     * is long enough.
     */
    public static synchronized long of(Buffer buffer, long bytes) {
        giveBackCollected();
        Key key = new Key(buffer, null);
        long[] range = RANGES.get(key);
        if (range != null) {
            return range[0];
        }
        long length = Math.max(ALIGNMENT, (Math.max(1, bytes) + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT);
        for (Map.Entry<Long, Long> f : FREE.entrySet()) {
            if (f.getValue() - f.getKey() >= length) {
                long start = f.getKey();
                long end = f.getValue();
                FREE.remove(start);
                if (end > start + length) {
                    FREE.put(start + length, end);
                }
                RANGES.put(new Key(buffer, COLLECTED), new long[] {start, length});
                return start;
            }
        }
        throw new EngineException(ErrorClass.ERR_NO_MEM, "no range of " + length + " addresses is free for a buffer: the "
            + "buffers of this JVM that have addresses take the 2^31 addresses a window's int displacements reach");
    }

    private static void giveBackCollected() {
        for (Object k; (k = COLLECTED.poll()) != null; ) {
            long[] range = RANGES.remove(k);
            if (range != null) {
                release(range[0], range[0] + range[1]);
            }
        }
    }

    private static void release(long start, long end) {
        Map.Entry<Long, Long> before = FREE.floorEntry(start);
        if (before != null && before.getValue() == start) {
            FREE.remove(before.getKey());
            start = before.getKey();
        }
        Long after = FREE.get(end);
        if (after != null) {
            FREE.remove(end);
            end = after;
        }
        FREE.put(start, end);
    }
}
