package org.hympj.comm.events;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One rank's MPI calls by kind while they are recorded: count, bytes, time, waiting, the longest
 * call, and how many moved messages of each size. Every recorded call is added here, also the
 * short ones a recording's threshold keeps out of the call events, so the counts and bytes are
 * exact. The rank's threads may add at once; each addition takes this object's lock, which only
 * recorded calls pay.
 */
public final class CallTotals {
    /** Upper bounds (inclusive) of the message-size bins, in bytes; a last, open bin follows. */
    public static final long[] SIZE_BINS = {0, 8, 64, 512, 4 << 10, 32 << 10, 256 << 10, 2 << 20};

    /** The totals of one kind of call. */
    private static final class Kind {
        long count;
        long bytes;
        long nanos;
        long waitNanos;
        long maxNanos;
        final long[] sizes = new long[SIZE_BINS.length + 1];
    }

    private final Map<String, Kind> byCall = new LinkedHashMap<>();

    /** The bin of {@link #SIZE_BINS} that a message of {@code bytes} falls in. */
    public static int sizeBin(long bytes) {
        for (int b = 0; b < SIZE_BINS.length; b++) {
            if (bytes <= SIZE_BINS[b]) {
                return b;
            }
        }
        return SIZE_BINS.length;
    }

    synchronized void add(String call, long bytes, long nanos, long waitNanos, boolean message) {
        Kind k = byCall.computeIfAbsent(call, c -> new Kind());
        k.count++;
        k.bytes += bytes;
        k.nanos += nanos;
        k.waitNanos += waitNanos;
        k.maxNanos = Math.max(k.maxNanos, nanos);
        if (message) {
            k.sizes[sizeBin(bytes)]++;
        }
    }

    /** Writes one {@link MpiCallTotalsEvent} per kind of call of rank {@code worldRank}, and starts again from nothing. */
    synchronized void commit(int worldRank) {
        for (Map.Entry<String, Kind> e : byCall.entrySet()) {
            MpiCallTotalsEvent event = new MpiCallTotalsEvent();
            Kind k = e.getValue();
            event.worldRank = worldRank;
            event.call = e.getKey();
            event.count = k.count;
            event.bytes = k.bytes;
            event.nanos = k.nanos;
            event.waitNanos = k.waitNanos;
            event.maxNanos = k.maxNanos;
            StringBuilder sizes = new StringBuilder();
            for (long n : k.sizes) {
                sizes.append(sizes.length() == 0 ? "" : ",").append(n);
            }
            event.sizes = sizes.toString();
            event.commit();
        }
        byCall.clear();
    }
}
