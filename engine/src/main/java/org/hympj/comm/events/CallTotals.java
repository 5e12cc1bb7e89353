package org.hympj.comm.events;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One rank's MPI calls by kind while they are recorded: count, bytes, time, waiting, the longest
 * call, and how many moved messages of each size. Every recorded call is counted here, with its
 * bytes and size, also the calls that are not timed, so the counts and bytes are exact; the time
 * and waiting of a kind are those of its timed calls, scaled to its count when written.
 *
 * <p>Each thread of the rank adds to a part of its own, which only it writes, so an addition
 * takes no lock and shares no cache line with another thread's. The parts are summed at
 * {@code MPI.Finalize}: the program's calls on its other threads precede it (MPI asks them to be
 * complete by then, and the program orders its threads before it by joining or synchronizing
 * them, which also makes their parts' writes visible).
 */
public final class CallTotals {
    /** Upper bounds (inclusive) of the message-size bins, in bytes; a last, open bin follows. */
    public static final long[] SIZE_BINS = {0, 8, 64, 512, 4 << 10, 32 << 10, 256 << 10, 2 << 20};

    /** The totals of one kind of call on one thread. */
    static final class Kind {
        long count;
        long timed;
        long bytes;
        long nanos;
        long waitNanos;
        long maxNanos;
        final long[] sizes = new long[SIZE_BINS.length + 1];

        /** Counts a call that moved {@code bytes} (a message if {@code message}), not timed. */
        void counted(long bytes, boolean message) {
            count++;
            this.bytes += bytes;
            if (message) {
                sizes[sizeBin(bytes)]++;
            }
        }

        /** Counts a call as {@link #counted}, timed: it took {@code nanos}, of which it waited {@code waitNanos}. */
        void timed(long bytes, boolean message, long nanos, long waitNanos) {
            counted(bytes, message);
            timed++;
            this.nanos += nanos;
            this.waitNanos += waitNanos;
            maxNanos = Math.max(maxNanos, nanos);
        }

        void addTo(Kind sum) {
            sum.count += count;
            sum.timed += timed;
            sum.bytes += bytes;
            sum.nanos += nanos;
            sum.waitNanos += waitNanos;
            sum.maxNanos = Math.max(sum.maxNanos, maxNanos);
            for (int b = 0; b < sizes.length; b++) {
                sum.sizes[b] += sizes[b];
            }
        }
    }

    /** The kinds of call of one thread of the rank; written by that thread only. */
    static final class Part {
        private final Map<String, Kind> byCall = new HashMap<>();

        Kind kind(String call) {
            Kind k = byCall.get(call);
            if (k == null) {
                k = new Kind();
                byCall.put(call, k);
            }
            return k;
        }
    }

    /** Every part of this rank, in the order their threads made their first recorded call. */
    private final List<Part> parts = new ArrayList<>();
    private final ThreadLocal<Part> threadPart = ThreadLocal.withInitial(this::newPart);

    /** The bin of {@link #SIZE_BINS} that a message of {@code bytes} falls in. */
    public static int sizeBin(long bytes) {
        for (int b = 0; b < SIZE_BINS.length; b++) {
            if (bytes <= SIZE_BINS[b]) {
                return b;
            }
        }
        return SIZE_BINS.length;
    }

    private synchronized Part newPart() {
        Part p = new Part();
        parts.add(p);
        return p;
    }

    /** The calling thread's part. */
    Part part() {
        return threadPart.get();
    }

    /**
     * Writes one {@link MpiCallTotalsEvent} per kind of call of rank {@code worldRank}, its time
     * and waiting scaled from its timed calls to all of them, and starts again from nothing.
     */
    synchronized void commit(int worldRank) {
        Map<String, Kind> sums = new LinkedHashMap<>();
        for (Part p : parts) {
            p.byCall.forEach((call, k) -> k.addTo(sums.computeIfAbsent(call, c -> new Kind())));
            p.byCall.clear();
        }
        for (Map.Entry<String, Kind> e : sums.entrySet()) {
            MpiCallTotalsEvent event = new MpiCallTotalsEvent();
            Kind k = e.getValue();
            event.worldRank = worldRank;
            event.call = e.getKey();
            event.count = k.count;
            event.timed = k.timed;
            event.bytes = k.bytes;
            event.nanos = scaled(k.nanos, k);
            event.waitNanos = scaled(k.waitNanos, k);
            event.maxNanos = k.maxNanos;
            event.sizes(k.sizes);
            event.commit();
        }
    }

    /** {@code nanos} of the timed calls of {@code k}, as an estimate for all its calls. */
    private static long scaled(long nanos, Kind k) {
        return k.timed == k.count || k.timed == 0 ? nanos : Math.round((double) nanos * k.count / k.timed);
    }
}
