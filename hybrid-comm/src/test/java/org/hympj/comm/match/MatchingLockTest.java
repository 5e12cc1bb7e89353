package org.hympj.comm.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import org.agrona.UnsafeApi;
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

    @Test
    void theLockWordAndTheSleeperCountHaveLinesOfTheirOwn() {
        long held = UnsafeApi.objectFieldOffset(MatchingLockWord.class, "held");
        long sleepers = UnsafeApi.objectFieldOffset(MatchingLockSleepers.class, "sleepers");
        long size = instanceSize(MatchingLock.class);
        assertAlone("held", held, 4, size);
        assertAlone("sleepers", sleepers, 4, size);
        assertTrue(sleepers - (held + 3) >= 64, "the lock word at " + held + " and the sleeper count at " + sleepers
            + " could share a cache line");
    }

    @Test
    void anArrivalsFieldsShareNoLineWithANeighbour() {
        long size = instanceSize(Arrival.class);
        for (Field f : ArrivalFields.class.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers())) {
                assertAlone(f.getName(), UnsafeApi.objectFieldOffset(f), bytes(f.getType()), size);
            }
        }
    }

    /** A field of {@code bytes} at {@code offset} shares no 64-byte line with whatever lies before or after the object. */
    private static void assertAlone(String field, long offset, int bytes, long instanceSize) {
        assertTrue(offset >= 63, field + " at offset " + offset + " may share a line with the object before");
        assertTrue(instanceSize - (offset + bytes - 1) >= 64,
            field + " at offset " + offset + " may share a line with the object after (instance size " + instanceSize + ")");
    }

    /** The instance size as the JVM lays it out: the end of its last field, rounded to the 8-byte object alignment. */
    private static long instanceSize(Class<?> type) {
        long end = 12;
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    end = Math.max(end, UnsafeApi.objectFieldOffset(f) + bytes(f.getType()));
                }
            }
        }
        return (end + 7) & -8;
    }

    private static int bytes(Class<?> type) {
        if (type == long.class || type == double.class) {
            return 8;
        }
        if (type == byte.class || type == boolean.class) {
            return 1;
        }
        if (type == short.class || type == char.class) {
            return 2;
        }
        // int, float, and references: 4 bytes with compressed pointers; where they take 8, counting 4 only makes the checks stricter.
        return 4;
    }
}
