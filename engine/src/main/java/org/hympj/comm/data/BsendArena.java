package org.hympj.comm.data;

import java.util.Map;
import java.util.TreeMap;

/**
 * Space accounting for the buffer a rank attached with {@code MPI.Buffer_attach}: each
 * buffered send reserves a region of the user's array, its data is packed there, and the
 * region is released once the receiver has copied it out. First fit over the free gaps.
 *
 * <p>Invariant: reserved regions never overlap and lie inside the buffer; {@link #reserved}
 * is the sum of their lengths. Guarded by {@code this}.
 */
public final class BsendArena {
    /** Extra bytes of the attached buffer each buffered send reserves besides its data (MPI's {@code BSEND_OVERHEAD}). */
    public static final int OVERHEAD = 64;

    private final byte[] buffer;
    private final TreeMap<Integer, Integer> regions = new TreeMap<>();
    private int reserved;

    public BsendArena(byte[] buffer) {
        this.buffer = buffer;
    }

    public byte[] buffer() {
        return buffer;
    }

    public int capacity() {
        return buffer.length;
    }

    /** The offset of a free region of {@code length} bytes, now reserved, or -1 if none fits. */
    public synchronized int reserve(int length) {
        int candidate = 0;
        for (Map.Entry<Integer, Integer> r : regions.entrySet()) {
            if (r.getKey() - candidate >= length) {
                break;
            }
            candidate = r.getKey() + r.getValue();
        }
        if (buffer.length - candidate < length) {
            return -1;
        }
        regions.put(candidate, length);
        reserved += length;
        return candidate;
    }

    public synchronized void release(int offset) {
        Integer length = regions.remove(offset);
        if (length == null) {
            throw new IllegalStateException("no buffered-send region at offset " + offset);
        }
        reserved -= length;
        if (regions.isEmpty()) {
            notifyAll();
        }
    }

    public synchronized int reserved() {
        return reserved;
    }

    /** Blocks until every buffered message has been delivered, as {@code Buffer_detach} must. */
    public synchronized void awaitEmpty() throws InterruptedException {
        while (!regions.isEmpty()) {
            wait();
        }
    }
}
