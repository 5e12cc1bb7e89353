package org.hympj.rings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.junit.jupiter.api.Test;

/**
 * The window's policy on a clock of the test's own: narrow while copies are fast, wide for a
 * while after a narrow lap of mostly slow copies, never judged on the first lap after it
 * narrows (its lines come from memory then), and narrow again when the wide spell is over.
 */
class CopyRateWindowTest {
    private static final int RING = 1 << 20;
    private static final int NARROW = 64 * 1024;
    private static final int FRAGMENT = 8192;
    private static final long FAST_NANOS = FRAGMENT / 20;
    private static final long SLOW_NANOS = FRAGMENT / 2;

    private final OneToOneRingBuffer ring = new OneToOneRingBuffer(RingStressTest.ringMemory(RING));
    private final WindowedProducer producer = new WindowedProducer(ring);
    private final CopyRateWindow policy = new CopyRateWindow(producer, NARROW);
    private long now;

    /** Writes one fragment (the reader keeps up) and reports its copy as taking {@code nanos}: every one is a sample here. */
    private void fragment(long nanos) {
        policy.beforeClaim(now);
        int index = producer.tryClaim(1, FRAGMENT);
        producer.commit(index);
        ring.read((type, buffer, i, length) -> { });
        ring.read((type, buffer, i, length) -> { });
        now += 1_000_000;
        policy.copied(FRAGMENT, nanos, now);
    }

    /** Fragments enough for {@code laps} laps of the narrow window's samples. */
    private void laps(double laps, long nanos) {
        for (int k = 0; k < laps * NARROW / FRAGMENT; k++) {
            fragment(nanos);
        }
    }

    @Test
    void fastCopiesKeepTheWindowNarrow() {
        assertEquals(NARROW, producer.window());
        laps(20, FAST_NANOS);
        assertTrue(policy.isNarrow());
    }

    @Test
    void aLapOfSlowCopiesWidensTheWindowForAWhileAndThenItIsNarrowAgain() {
        laps(1, SLOW_NANOS);
        assertTrue(policy.isNarrow(), "the first lap is not judged: its lines have left the caches");
        for (int k = 0; k < NARROW / FRAGMENT && policy.isNarrow(); k++) {
            fragment(SLOW_NANOS);
        }
        assertFalse(policy.isNarrow(), "slow copies widen the window within a lap of samples");
        assertEquals(RING, producer.window());
        long wideFrom = now;
        while (now - wideFrom < CopyRateWindow.WIDE_NANOS - 2_000_000) {
            fragment(FAST_NANOS);
            assertFalse(policy.isNarrow(), "it stays wide for its time, whatever the copies");
        }
        laps(0.5, FAST_NANOS);
        assertTrue(policy.isNarrow(), "narrow again to look");
    }

    @Test
    void aFewSlowCopiesAmongFastOnesDoNotWiden() {
        for (int k = 0; k < 40 * NARROW / FRAGMENT; k++) {
            fragment(k % 5 == 0 ? SLOW_NANOS : FAST_NANOS);
        }
        assertTrue(policy.isNarrow(), "a fifth of the copies slow (a preempted writer, say) is not the cap");
    }
}
