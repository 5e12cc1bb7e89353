package org.hympj.nested;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each construct of a team against its sequential meaning, on team sizes from 1 to 8 (2 cores). */
@Timeout(120)
class TeamConstructsTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void everyScheduleVisitsEveryIndexOnceOnUnevenRanges(int threads) {
        try (Team team = Team.create(threads)) {
            int[][] ranges = {{0, 0}, {0, 1}, {3, 4}, {-7, 13}, {5, 1000}, {0, 1003}, {100, 100 + 7 * threads + 3}};
            for (int[] r : ranges) {
                for (Schedule s : Schedule.values()) {
                    for (int chunk : new int[] {0, 1, 3, 64}) {
                        if (chunk == 0 && s != Schedule.STATIC) {
                            continue;
                        }
                        int lo = r[0];
                        int hi = r[1];
                        AtomicIntegerArray seen = new AtomicIntegerArray(hi - lo);
                        double[] out = new double[hi - lo];
                        team.parallelFor(lo, hi, s, chunk, (a, b) -> {
                            assertTrue(a < b && a >= lo && b <= hi, "chunk [" + a + "," + b + ") outside [" + lo + "," + hi + ")");
                            for (int i = a; i < b; i++) {
                                seen.incrementAndGet(i - lo);
                                out[i - lo] = Math.sqrt(i + 10.0);
                            }
                        });
                        for (int i = 0; i < hi - lo; i++) {
                            assertEquals(1, seen.get(i), s + " chunk " + chunk + " index " + (lo + i));
                            assertEquals(Math.sqrt(lo + i + 10.0), out[i]);
                        }
                    }
                }
            }
        }
    }

    @Test
    void staticBlocksAreContiguousOnePerThread() {
        try (Team team = Team.create(3)) {
            int[] owner = new int[10];
            team.parallel(ctx -> ctx.forRange(0, 10, (a, b) -> {
                for (int i = a; i < b; i++) {
                    owner[i] = ctx.threadId();
                }
            }));
            assertArrayEquals(new int[] {0, 0, 0, 1, 1, 1, 2, 2, 2, 2}, owner);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 7})
    void barrierSeparatesPhases(int threads) {
        try (Team team = Team.create(threads)) {
            for (int round = 0; round < 200; round++) {
                int[] written = new int[threads];
                int expected = round;
                team.parallel(ctx -> {
                    written[ctx.threadId()] = expected + 1;
                    ctx.barrier();
                    for (int t = 0; t < threads; t++) {
                        assertEquals(expected + 1, written[t], "thread " + ctx.threadId() + " passed the barrier early");
                    }
                    ctx.barrier();
                    written[ctx.threadId()] = -1;
                });
            }
        }
    }

    @Test
    void singleRunsOnceAndMasterOnThreadZero() {
        try (Team team = Team.create(4)) {
            AtomicInteger singles = new AtomicInteger();
            AtomicInteger masters = new AtomicInteger();
            int[] value = new int[1];
            team.parallel(ctx -> {
                for (int k = 0; k < 50; k++) {
                    int round = k;
                    ctx.single(() -> {
                        singles.incrementAndGet();
                        value[0] = round;
                    });
                    assertEquals(round, value[0], "single ends with a barrier");
                    ctx.master(() -> {
                        assertEquals(0, ctx.threadId());
                        masters.incrementAndGet();
                    });
                    ctx.barrier();
                }
            });
            assertEquals(50, singles.get());
            assertEquals(50, masters.get());
        }
    }

    @Test
    void sectionsRunOnceEach() {
        try (Team team = Team.create(3)) {
            AtomicIntegerArray ran = new AtomicIntegerArray(5);
            Runnable[] sections = new Runnable[5];
            for (int i = 0; i < 5; i++) {
                int k = i;
                sections[i] = () -> ran.incrementAndGet(k);
            }
            team.sections(sections);
            team.parallel(ctx -> ctx.sections(sections));
            for (int i = 0; i < 5; i++) {
                assertEquals(2, ran.get(i));
            }
        }
    }

    @Test
    void constructsAfterOneAnotherDoNotMixTheirCounters() {
        try (Team team = Team.create(3)) {
            AtomicIntegerArray a = new AtomicIntegerArray(100);
            AtomicIntegerArray b = new AtomicIntegerArray(37);
            AtomicInteger singles = new AtomicInteger();
            team.parallel(ctx -> {
                for (int k = 0; k < 20; k++) {
                    ctx.forRange(0, 100, Schedule.DYNAMIC, 3, (x, y) -> {
                        for (int i = x; i < y; i++) {
                            a.incrementAndGet(i);
                        }
                    });
                    ctx.single(singles::incrementAndGet);
                    ctx.forRange(0, 37, Schedule.GUIDED, 1, (x, y) -> {
                        for (int i = x; i < y; i++) {
                            b.incrementAndGet(i);
                        }
                    });
                }
            });
            for (int i = 0; i < 100; i++) {
                assertEquals(20, a.get(i));
            }
            for (int i = 0; i < 37; i++) {
                assertEquals(20, b.get(i));
            }
            assertEquals(20, singles.get());
        }
    }

    @Test
    void aRegionInsideARegionRunsSeriallyInTheCallingThread() {
        try (Team outer = Team.create(2); Team other = Team.create(3)) {
            AtomicInteger inner = new AtomicInteger();
            outer.parallel(ctx -> {
                Thread me = Thread.currentThread();
                other.parallel(nested -> {
                    assertSame(me, Thread.currentThread());
                    assertEquals(1, nested.size());
                    assertEquals(0, nested.threadId());
                    nested.barrier();
                    nested.single(inner::incrementAndGet);
                });
                outer.parallelFor(0, 10, (a, b) -> assertEquals(10, b - a, "nested loops run whole"));
                assertEquals(45L, outer.parallelReduceLong(0, 10, Reduction.SUM, (a, b) -> {
                    long s = 0;
                    for (int i = a; i < b; i++) {
                        s += i;
                    }
                    return s;
                }));
            });
            assertEquals(2, inner.get(), "each of the 2 outer threads ran the nested region once, alone");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 8})
    void reductionsMatchSequentialResults(int threads) {
        SplittableRandom random = new SplittableRandom(threads);
        double[] x = new double[10_007];
        long[] y = new long[10_007];
        for (int i = 0; i < x.length; i++) {
            x[i] = random.nextDouble(-1e6, 1e6);
            y[i] = random.nextLong(-1_000_000_000L, 1_000_000_000L);
        }
        try (Team team = Team.create(threads)) {
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            long sum = 0;
            for (int i = 0; i < x.length; i++) {
                min = Math.min(min, x[i]);
                max = Math.max(max, x[i]);
                sum += y[i];
            }
            assertEquals(min, team.parallelReduce(0, x.length, Reduction.MIN, (a, b) -> {
                double m = Double.POSITIVE_INFINITY;
                for (int i = a; i < b; i++) {
                    m = Math.min(m, x[i]);
                }
                return m;
            }));
            assertEquals(max, team.parallelReduce(0, x.length, Reduction.MAX, (a, b) -> {
                double m = Double.NEGATIVE_INFINITY;
                for (int i = a; i < b; i++) {
                    m = Math.max(m, x[i]);
                }
                return m;
            }));
            assertEquals(sum, team.parallelReduceLong(0, y.length, Reduction.SUM, (a, b) -> {
                long s = 0;
                for (int i = a; i < b; i++) {
                    s += y[i];
                }
                return s;
            }));
            assertEquals(Long.MIN_VALUE, team.parallelReduceLong(5, 5, Reduction.MAX, (a, b) -> 1L), "empty range: identity");
            double seqSum = 0;
            for (double v : x) {
                seqSum += v;
            }
            double parSum = team.parallelReduce(0, x.length, Reduction.SUM, (a, b) -> {
                double s = 0;
                for (int i = a; i < b; i++) {
                    s += x[i];
                }
                return s;
            });
            assertEquals(seqSum, parSum, Math.abs(seqSum) * 1e-12 + 1e-3);
        }
    }

    @Test
    void reductionsAreBitwiseDeterministicForATeamSize() {
        double[] x = new double[100_003];
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < x.length; i++) {
            x[i] = random.nextDouble() * Math.pow(10, random.nextInt(-8, 8));
        }
        DoubleRangeFunction sum = (a, b) -> {
            double s = 0;
            for (int i = a; i < b; i++) {
                s += x[i];
            }
            return s;
        };
        try (Team team = Team.create(3)) {
            long first = Double.doubleToRawLongBits(team.parallelReduce(0, x.length, Reduction.SUM, sum));
            for (int run = 0; run < 50; run++) {
                assertEquals(first, Double.doubleToRawLongBits(team.parallelReduce(0, x.length, Reduction.SUM, sum)));
            }
        }
        try (Team again = Team.create(3)) {
            double r = again.parallelReduce(0, x.length, Reduction.SUM, sum);
            try (Team first = Team.create(3)) {
                assertEquals(Double.doubleToRawLongBits(r), Double.doubleToRawLongBits(first.parallelReduce(0, x.length, Reduction.SUM, sum)));
            }
        }
    }

    @Test
    void userCombinerSeesPartialsInThreadOrder() {
        try (Team team = Team.create(4)) {
            List<Integer> all = team.parallelReduce(0, 23, List.of(), (a, b) -> {
                List<Integer> part = new ArrayList<>();
                for (int i = a; i < b; i++) {
                    part.add(i);
                }
                return part;
            }, (l, r) -> {
                List<Integer> joined = new ArrayList<>(l);
                joined.addAll(r);
                return joined;
            });
            for (int i = 0; i < 23; i++) {
                assertEquals(i, all.get(i));
            }
            assertEquals(List.of(), team.parallelReduce(3, 3, List.<Integer>of(), (a, b) -> List.of(a), (l, r) -> l));
            assertEquals("0123", team.parallelReduce(0, 4, "", (a, b) -> Integer.toString(a), String::concat));
        }
    }

    @Test
    void anExceptionInATeamThreadEndsTheRegionAndTheTeamStaysUsable() {
        try (Team team = Team.create(3)) {
            TeamException e = assertThrows(TeamException.class, () -> team.parallel(ctx -> {
                if (ctx.threadId() == 2) {
                    throw new IllegalStateException("worker 2 fails");
                }
                ctx.barrier();
            }));
            assertEquals(2, e.thread());
            assertTrue(e.getCause() instanceof IllegalStateException);
            assertEquals("worker 2 fails", e.getCause().getMessage());
            TeamException fromCaller = assertThrows(TeamException.class,
                () -> team.parallelFor(0, 100, Schedule.DYNAMIC, 1, (a, b) -> {
                    if (a == 50) {
                        throw new ArithmeticException("index 50");
                    }
                }));
            assertEquals("index 50", fromCaller.getCause().getMessage());
            AtomicIntegerArray seen = new AtomicIntegerArray(30);
            team.parallelFor(0, 30, (a, b) -> {
                for (int i = a; i < b; i++) {
                    seen.incrementAndGet(i);
                }
            });
            for (int i = 0; i < 30; i++) {
                assertEquals(1, seen.get(i), "the team still works after failures");
            }
            team.parallel(ctx -> ctx.barrier());
        }
    }

    @Test
    void badArgumentsAreExplained() {
        try (Team team = Team.create(2)) {
            IllegalArgumentException below = assertThrows(IllegalArgumentException.class, () -> team.parallelFor(5, 3, (a, b) -> { }));
            assertTrue(below.getMessage().contains("hi (3) is below its lower bound lo (5)"), below.getMessage());
            IllegalArgumentException chunk = assertThrows(IllegalArgumentException.class,
                () -> team.parallelFor(0, 3, Schedule.DYNAMIC, 0, (a, b) -> { }));
            assertTrue(chunk.getMessage().contains("chunk 0 is invalid for DYNAMIC: it must be at least 1"), chunk.getMessage());
            assertThrows(IllegalArgumentException.class, () -> team.parallelFor(0, 3, Schedule.GUIDED, -2, (a, b) -> { }));
            assertThrows(IllegalArgumentException.class, () -> team.parallelFor(0, 3, Schedule.STATIC, -1, (a, b) -> { }));
            assertThrows(IllegalArgumentException.class, () -> team.parallelReduce(2, 1, Reduction.SUM, (a, b) -> 0));
            assertThrows(NullPointerException.class, () -> team.parallel(null));
        }
        IllegalArgumentException size = assertThrows(IllegalArgumentException.class, () -> Team.create(0));
        assertTrue(size.getMessage().contains("at least 1 thread"));
    }

    @Test
    void aTeamRunsOneRegionAtATimeAndNotAfterClose() throws Exception {
        Team team = Team.create(2);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread starter = new Thread(() -> team.parallel(ctx -> {
            if (ctx.threadId() == 0) {
                inside.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }));
        starter.start();
        inside.await();
        IllegalStateException busy = assertThrows(IllegalStateException.class, () -> team.parallel(ctx -> { }));
        assertTrue(busy.getMessage().contains("one region at a time"));
        release.countDown();
        starter.join();
        team.close();
        assertThrows(IllegalStateException.class, () -> team.parallel(ctx -> { }));
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!team.stopped() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(team.stopped(), "close stops the team's threads");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 8})
    void manyRegionsBackToBackLoseNoWakeUp(int threads) {
        int regions = threads > 2 ? 5_000 : 100_000;
        try (Team team = Team.create(threads)) {
            long[] total = new long[1];
            for (int r = 0; r < regions; r++) {
                total[0] += team.parallelReduceLong(0, threads * 2, Reduction.SUM, (a, b) -> b - a);
                if (r % 97 == 0) {
                    // Let the workers park now and then, so parking and unparking are exercised too.
                    java.util.concurrent.locks.LockSupport.parkNanos(2_000_000);
                }
            }
            assertEquals((long) regions * threads * 2, total[0]);
        }
    }

    @Test
    void aWarmRegionAllocatesNothingInAnyTeamThread() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        try (Team team = Team.create(2)) {
            RangeBody body = (a, b) -> { };
            RegionBody region = ctx -> ctx.barrier();
            LongRangeFunction count = (a, b) -> b - a;
            for (int i = 0; i < 20_000; i++) {
                team.parallelFor(0, 64, body);
                team.parallel(region);
                team.parallelReduceLong(0, 64, Reduction.SUM, count);
            }
            long worker = team.workerThread(1).getId();
            long me = Thread.currentThread().getId();
            long before = mx.getThreadAllocatedBytes(me) + mx.getThreadAllocatedBytes(worker);
            for (int i = 0; i < 10_000; i++) {
                team.parallelFor(0, 64, body);
                team.parallel(region);
                team.parallelReduceLong(0, 64, Reduction.SUM, count);
            }
            long allocated = mx.getThreadAllocatedBytes(me) + mx.getThreadAllocatedBytes(worker) - before;
            assertTrue(allocated < 1024, allocated + " bytes allocated over 30,000 warm regions");
        }
    }

    @Test
    void sizingFollowsPropertiesAndTheRanksOnTheNode() {
        String threads = System.getProperty("hympj.threads");
        String ranks = System.getProperty("hympj.local.ranks");
        try {
            System.clearProperty("hympj.threads");
            System.setProperty("hympj.local.ranks", "1000");
            assertEquals(1, TeamSizing.defaultThreads(), "never less than 1");
            System.setProperty("hympj.local.ranks", "1");
            int cores = Runtime.getRuntime().availableProcessors();
            assertEquals(cores, TeamSizing.defaultThreads());
            assertFalse(TeamSizing.oversubscribed(cores));
            assertTrue(TeamSizing.oversubscribed(cores + 1));
            System.setProperty("hympj.local.ranks", "2");
            assertTrue(TeamSizing.oversubscribed(cores / 2 + 1), "two ranks' teams share the cores");
            if (cores >= 2) {
                assertFalse(TeamSizing.oversubscribed(cores / 2), "each rank's team within its share");
            }
            System.setProperty("hympj.local.ranks", "1");
            System.setProperty("hympj.threads", "3");
            assertEquals(3, TeamSizing.defaultThreads());
            try (Team team = Team.create()) {
                assertEquals(3, team.size());
            }
            System.setProperty("hympj.threads", "zero");
            IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, TeamSizing::defaultThreads);
            assertTrue(bad.getMessage().contains("hympj.threads must be a positive number"), bad.getMessage());
        } finally {
            restore("hympj.threads", threads);
            restore("hympj.local.ranks", ranks);
        }
        assertFalse(Boolean.getBoolean("no.such.property"));
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }
}
