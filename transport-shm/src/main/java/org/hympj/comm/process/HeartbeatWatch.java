package org.hympj.comm.process;

import java.util.Arrays;

/**
 * How long each other process of the node has not beaten its heartbeat, by this process's own
 * monotonic clock. A beat is a count, not a time, so neither a wall clock stepped by NTP or
 * by hand nor two processes that read their clocks differently can make a live process look
 * silent (or a hung one look alive).
 *
 * <p>Only time this watcher was awake to see counts: a gap between two of its watches counts
 * for at most {@link #MAX_COUNTED_GAP_NANOS}. A watcher that did not run for longer (its JVM
 * stopped, the machine suspended or its VM paused, its thread starved of a core) saw nothing,
 * and whatever held it back most likely held the peer too; charging the peer the whole gap
 * would end a healthy job. Silence is therefore never declared sooner than the timeout, only
 * later when this watcher itself is starved.
 *
 * <p>Invariant: {@code silentNanos[p]} is the counted time since peer {@code p}'s count was
 * last seen to change. Used by one thread (the {@link ProgressAgent}) only.
 */
final class HeartbeatWatch {
    /** The most that one gap between two watches counts for (ten watch periods). */
    static final long MAX_COUNTED_GAP_NANOS = 1_000_000_000L;
    /** No count read yet: whatever is read first is a change. */
    private static final long UNSEEN = Long.MIN_VALUE;

    private final long[] lastBeats;
    private final long[] silentNanos;
    private long lastWatchNanos;
    private long countedGapNanos;

    HeartbeatWatch(int peers, long nowNanos) {
        lastBeats = new long[peers];
        silentNanos = new long[peers];
        Arrays.fill(lastBeats, UNSEEN);
        lastWatchNanos = nowNanos;
    }

    /** A watch begins at {@code nowNanos}: the time since the last one counts, up to the cap, for every peer it reads. */
    void startWatch(long nowNanos) {
        countedGapNanos = Math.min(nowNanos - lastWatchNanos, MAX_COUNTED_GAP_NANOS);
        lastWatchNanos = nowNanos;
    }

    /** Records that {@code peer}'s count reads {@code beats} in this watch; returns for how long it has stood still. */
    long silentNanos(int peer, long beats) {
        if (beats != lastBeats[peer]) {
            lastBeats[peer] = beats;
            silentNanos[peer] = 0;
        } else {
            silentNanos[peer] += countedGapNanos;
        }
        return silentNanos[peer];
    }
}
