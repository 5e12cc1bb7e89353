package org.hympj.comm.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Silence by the watcher's own clock: beats reset it, stalled watches count for at most the cap. */
class HeartbeatWatchTest {
    private static final long MS = 1_000_000;

    @Test
    void silenceGrowsByTheWatchPeriodsWhileTheCountStandsStillAndEndsWithABeat() {
        HeartbeatWatch w = new HeartbeatWatch(2, 0);
        w.startWatch(100 * MS);
        assertEquals(0, w.silentNanos(1, 7), "the first count read is news");
        for (int k = 2; k <= 30; k++) {
            w.startWatch(k * 100 * MS);
            assertEquals((k - 1) * 100 * MS, w.silentNanos(1, 7));
        }
        w.startWatch(3_100 * MS);
        assertEquals(0, w.silentNanos(1, 8), "a beat");
        w.startWatch(3_200 * MS);
        assertEquals(100 * MS, w.silentNanos(1, 8));
    }

    @Test
    void aWatcherThatDidNotRunChargesItsPeersAtMostTheCap() {
        HeartbeatWatch w = new HeartbeatWatch(3, 0);
        w.startWatch(100 * MS);
        w.silentNanos(0, 1);
        w.silentNanos(2, 1);
        // The watcher's JVM stood still for a minute (stopped, suspended, a paused VM).
        w.startWatch(60_100 * MS);
        assertEquals(HeartbeatWatch.MAX_COUNTED_GAP_NANOS, w.silentNanos(0, 1));
        assertEquals(0, w.silentNanos(2, 2), "a peer that beat meanwhile is not silent");
        w.startWatch(60_200 * MS);
        assertEquals(HeartbeatWatch.MAX_COUNTED_GAP_NANOS + 100 * MS, w.silentNanos(0, 1));
    }
}
