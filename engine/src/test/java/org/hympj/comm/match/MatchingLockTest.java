package org.hympj.comm.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class MatchingLockTest {
    private static final int SCALE = Integer.getInteger("hympj.test.scale", 1);

    /** Two fields that only the holder touches: a holder that finds them unequal shares the lock with another. */
    private long first;
    private long second;

    @Test
    void oneHolderAtATimeWhateverTheInterleaving() throws Exception {
        int threads = 6;
        int rounds = 100_000 * SCALE;
        MatchingLock lock = new MatchingLock();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Thread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long seed = 17L * t + 1;
            all.add(new Thread(() -> {
                SplittableRandom random = new SplittableRandom(seed);
                try {
                    start.await();
                    for (int i = 0; i < rounds; i++) {
                        if (random.nextBoolean()) {
                            lock.lock();
                        } else {
                            while (!lock.tryLock()) {
                                Thread.onSpinWait();
                            }
                        }
                        try {
                            if (first != second) {
                                throw new AssertionError("two holders at once: " + first + " != " + second);
                            }
                            first++;
                            // A few instructions between the two writes, sometimes a yield, so that a
                            // second holder would find the fields apart.
                            if (random.nextInt(64) == 0) {
                                Thread.yield();
                            }
                            second++;
                        } finally {
                            lock.unlock();
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        all.forEach(Thread::start);
        for (Thread t : all) {
            t.join();
        }
        assertNull(failure.get());
        assertEquals((long) threads * rounds, first);
        assertEquals(first, second);
        assertTrue(lock.tryLock(), "free once every holder has unlocked");
        assertFalse(lock.tryLock(), "not reentrant: a second take fails while it is held");
        lock.unlock();
    }
}
