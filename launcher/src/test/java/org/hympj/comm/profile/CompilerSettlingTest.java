package org.hympj.comm.profile;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link CompilerSettling}: when it counts the JVM as settled, judged on a made-up clock and CPU
 * time, so that nothing depends on what this JVM does meanwhile.
 */
@Timeout(30)
class CompilerSettlingTest {
    /** A clock that moves 10 ms at each reading. */
    private static final class Clock {
        final AtomicLong nanos = new AtomicLong();

        long read() {
            return nanos.addAndGet(10_000_000L);
        }

        long millis() {
            return nanos.get() / 1_000_000L;
        }
    }

    @Test
    void settlesOnceTheJvmStaysNearlyIdleForTheQuietTime() {
        Clock clock = new Clock();
        // Two cores busy until 500 ms have passed, then a twentieth of one.
        boolean settled = CompilerSettling.await(
            () -> clock.millis() <= 500 ? 2 * clock.nanos.get() : 1_000_000_000L + (clock.nanos.get() - 500_000_000L) / 20,
            clock::read, 50, 3_000);
        assertTrue(settled);
        assertTrue(clock.millis() >= 550 && clock.millis() < 650, "settled at " + clock.millis() + " ms");
    }

    @Test
    void oneCoreBusyIsNotSettled() {
        Clock clock = new Clock();
        boolean settled = CompilerSettling.await(clock.nanos::get, clock::read, 50, 1_000);
        assertFalse(settled);
        assertTrue(clock.millis() >= 1_000 && clock.millis() < 1_100, "gave up at " + clock.millis() + " ms");
    }

    @Test
    void anInterruptEndsTheWaitAndStaysSet() {
        Clock clock = new Clock();
        Thread.currentThread().interrupt();
        try {
            assertFalse(CompilerSettling.await(clock.nanos::get, clock::read, 50, 1_000_000));
            assertTrue(Thread.currentThread().isInterrupted());
        } finally {
            Thread.interrupted();
        }
    }
}
