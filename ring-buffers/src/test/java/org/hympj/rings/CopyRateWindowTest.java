package org.hympj.rings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.junit.jupiter.api.Test;

/**
 * The window's policy on a clock of the test's own, with copies whose time depends on the part
 * of the ring they go to: it measures both windows and keeps the faster (the wide one only if
 * clearly faster, and for a while), looks at the wide one less and less often while the narrow
 * one keeps winning but at once when the narrow one slows down, judges neither on lines that
 * do not show its steady state, and is not swayed by a few stretched copies.
 */
class CopyRateWindowTest {
    private static final int RING = 1 << 20;
    private static final int NARROW = 64 * 1024;
    private static final int FRAGMENT = 8192;
    /** 20 and 2 bytes per nanosecond: the phases' narrow rings, fast and capped. */
    private static final long FAST_NANOS = FRAGMENT / 20;
    private static final long SLOW_NANOS = FRAGMENT / 2;
    /** 8 bytes per nanosecond: a wide ring from memory. */
    private static final long WIDE_NANOS = FRAGMENT / 8;
    /** Each fragment takes this long on the test's clock: a hold lasts 100 fragments. */
    private static final long STEP_NANOS = 1_000_000;
    /**
     * The most of the fragments that looks at the wide window may take while the narrow one is
     * kept: each look is a lap to leave the narrow part and 8 samples (16 fragments), the first
     * after 100 fragments (a hold), and later ones further apart.
     */
    private static final double LOOKING_ONLY = 0.15;

    private final OneToOneRingBuffer ring = new OneToOneRingBuffer(RingStressTest.ringMemory(RING));
    private final WindowedProducer producer = new WindowedProducer(ring);
    private final CopyRateWindow policy = new CopyRateWindow(producer, NARROW);
    private long now;

    /**
     * Writes one fragment (the reader keeps up) and reports its copy as taking the time of the
     * part of the ring it went to: lines of the narrow part copy as the narrow window does,
     * whatever the window, since they were written a narrow lap ago; the rest as the wide one.
     */
    private void fragment(long narrowNanos, long wideNanos) {
        policy.beforeClaim(now);
        int index = producer.tryClaim(1, FRAGMENT);
        producer.commit(index);
        ring.read((type, buffer, i, length) -> { });
        ring.read((type, buffer, i, length) -> { });
        now += STEP_NANOS;
        policy.copied(FRAGMENT, index < NARROW ? narrowNanos : wideNanos, now);
    }

    private void fragments(int n, long narrowNanos, long wideNanos) {
        for (int k = 0; k < n; k++) {
            fragment(narrowNanos, wideNanos);
        }
    }

    /** Writes {@code n} fragments; returns how many of them went while the window was wide. */
    private int wideFragments(int n, long narrowNanos, long wideNanos) {
        int wide = 0;
        for (int k = 0; k < n; k++) {
            fragment(narrowNanos, wideNanos);
            wide += policy.isNarrow() ? 0 : 1;
        }
        return wide;
    }

    /** Fragments until the window is wide (or {@code limit} of them); returns how many were written. */
    private int untilWide(int limit, long narrowNanos, long wideNanos) {
        int n = 0;
        while (policy.isNarrow() && n < limit) {
            fragment(narrowNanos, wideNanos);
            n++;
        }
        return n;
    }

    @Test
    void whileTheNarrowWindowIsFasterItIsKeptAndTheWideOneOnlyLookedAt() {
        assertEquals(NARROW, producer.window());
        int wide = wideFragments(1000, FAST_NANOS, WIDE_NANOS);
        assertTrue(wide > 0, "the wide window is measured now and then");
        assertTrue(wide < LOOKING_ONLY * 1000, "and only measured: wide for " + wide + " of 1000 fragments");
    }

    @Test
    void whenTheWideWindowIsFasterItIsKeptForAHoldThenBothAreMeasuredAgain() {
        untilWide(100, SLOW_NANOS, WIDE_NANOS);
        assertEquals(RING, producer.window(), "measured wide");
        // The rest of the measurement and the hold: wide throughout.
        long wideFrom = now;
        while (now - wideFrom < CopyRateWindow.HOLD_NANOS) {
            fragment(SLOW_NANOS, WIDE_NANOS);
            assertFalse(policy.isNarrow(), "kept wide: it copies four times as fast");
        }
        fragments((int) (CopyRateWindow.HOLD_NANOS / STEP_NANOS), SLOW_NANOS, WIDE_NANOS);
        // Narrow again to be measured, and this time the narrow window is the faster one.
        int n = 0;
        while (!policy.isNarrow() && n++ < 200) {
            fragment(SLOW_NANOS, WIDE_NANOS);
        }
        assertTrue(policy.isNarrow(), "narrow again to look");
        fragments(NARROW / FRAGMENT * 4, FAST_NANOS, WIDE_NANOS);
        int wide = wideFragments(300, FAST_NANOS, WIDE_NANOS);
        assertTrue(wide < LOOKING_ONLY * 300, "wide only to look: " + wide + " of 300");
    }

    @Test
    void looksAtTheWideWindowLessOftenWhileTheNarrowOneKeepsWinning() {
        List<Long> looks = new ArrayList<>();
        boolean wasNarrow = true;
        for (int k = 0; k < 6000; k++) {
            fragment(FAST_NANOS, WIDE_NANOS);
            if (wasNarrow && !policy.isNarrow()) {
                looks.add(now);
            }
            wasNarrow = policy.isNarrow();
        }
        assertTrue(looks.size() >= 5 && looks.size() <= 9, "looks at " + looks);
        long lastGap = looks.get(looks.size() - 1) - looks.get(looks.size() - 2);
        assertTrue(lastGap >= CopyRateWindow.MAX_EXPLORE_NANOS, "the wait grew to its most: " + looks);
    }

    @Test
    void aNarrowWindowThatSlowsDownIsComparedAtOnce() {
        fragments(6000, FAST_NANOS, WIDE_NANOS); // the looks at the wide window are far apart now
        int n = untilWide(1000, SLOW_NANOS, WIDE_NANOS);
        assertFalse(policy.isNarrow());
        assertTrue(n <= 2 * NARROW / FRAGMENT + 2, "wide after " + n + " slow narrow copies, not after the wait");
    }

    @Test
    void aNarrowWindowThatLosesHalfItsRateHasTheWideOneLookedAtAgainAtOnce() {
        // The whole ring measured slower than the narrow window's 2 bytes per ns: falling to
        // it is no reason to look; halving is.
        long wideAtOne = FRAGMENT;
        fragments(6000, FAST_NANOS, wideAtOne);
        assertTrue(policy.isNarrow());
        int n = untilWide(1000, SLOW_NANOS, WIDE_NANOS);
        assertTrue(n <= 2 * NARROW / FRAGMENT + 2, "looked at after " + n + " slow narrow copies, not after the wait");
        fragments(50, SLOW_NANOS, WIDE_NANOS);
        assertFalse(policy.isNarrow(), "and kept: it is four times as fast now");
    }

    @Test
    void theWideWindowMustBeClearlyFasterToBeKept() {
        long slightlyFaster = (long) (FAST_NANOS / 1.4);
        untilWide(100, FAST_NANOS, slightlyFaster);
        int wide = wideFragments(500, FAST_NANOS, slightlyFaster);
        assertTrue(wide < LOOKING_ONLY * 500, "40 % faster is not enough to give up the cache: wide for " + wide + " of 500");
    }

    @Test
    void aFewStretchedCopiesDoNotDecide() {
        // Every fifth narrow copy preempted for a millisecond: the median still sees the narrow window fast.
        int wide = 0;
        for (int k = 0; k < 1000; k++) {
            fragment(k % 5 == 0 ? 1_000_000 : FAST_NANOS, WIDE_NANOS);
            wide += policy.isNarrow() ? 0 : 1;
        }
        assertTrue(wide < LOOKING_ONLY * 1000, "wide for " + wide + " of 1000");
    }

    @Test
    void theFirstNarrowLapAfterAWideSpellIsNotJudged() {
        untilWide(100, SLOW_NANOS, WIDE_NANOS);
        for (int k = 0; k < 400 && !policy.isNarrow(); k++) {
            fragment(SLOW_NANOS, WIDE_NANOS);
        }
        assertTrue(policy.isNarrow(), "narrow again once the hold is over");
        // Now narrow and measured. Its first lap comes from memory: slow. Then fast.
        fragments(NARROW / FRAGMENT, SLOW_NANOS, WIDE_NANOS);
        int wide = wideFragments(300, FAST_NANOS, WIDE_NANOS);
        assertTrue(wide < LOOKING_ONLY * 300, "judged on its second lap, the narrow window is the faster: wide for " + wide + " of 300");
    }

    @Test
    void theWideWindowIsJudgedOnceTheWriterHasLeftTheNarrowPart() {
        // Narrow copies slow (the cap), the narrow part's lines as slow while the window is wide,
        // the rest of the ring fast: judged on the narrow part, the wide window would lose.
        untilWide(100, SLOW_NANOS, WIDE_NANOS);
        int wide = wideFragments(300, SLOW_NANOS, WIDE_NANOS);
        assertTrue(wide > 300 * 3 / 4, "wide for " + wide + " of 300");
    }

    @Test
    void aWideMeasurementThatNoCopyFinishesEndsNarrow() {
        untilWide(100, SLOW_NANOS, WIDE_NANOS);
        assertFalse(policy.isNarrow());
        // Only small records from here on: nothing is timed, and the window narrows when its time is up.
        for (int k = 0; k < 2 * CopyRateWindow.HOLD_NANOS / STEP_NANOS && !policy.isNarrow(); k++) {
            policy.beforeClaim(now);
            int index = producer.tryClaim(1, 64);
            producer.commit(index);
            ring.read((type, buffer, i, length) -> { });
            ring.read((type, buffer, i, length) -> { });
            now += STEP_NANOS;
        }
        assertTrue(policy.isNarrow(), "small messages are served by the narrow window");
    }
}
