package org.hympj.comm.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.runtime.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A rank whose threads park in MPI at the same time (MPI.THREAD_MULTIPLE, team threads calling
 * MPI) has each of them in its hang report, and a thread that wakes leaves the others reported.
 */
@Timeout(120)
class RankActivityTest {
    private static final String A_WAITS = "thread receiver-a waits in Recv(source 1, tag 1, ";
    private static final String B_WAITS = "thread receiver-b waits in Recv(source 1, tag 2, ";

    @Test
    void everyParkedThreadOfARankIsReportedUntilItWakes() throws Exception {
        Job job = RankInboxTest.jobWith(2, Map.of("hympj.wait.spins", "0", "hympj.wait.yields", "0"));
        MatchingEngine rank0 = job.engine(0);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread a = receiver(job, "receiver-a", 1, failure);
        Thread b = receiver(job, "receiver-b", 2, failure);
        try {
            String report = reportOnceItHas(rank0, A_WAITS, B_WAITS);
            assertTrue(report.contains(A_WAITS) && report.contains(B_WAITS), report);
            assertTrue(rank0.activity().waiting(), report);
            long inAnHour = System.nanoTime() + TimeUnit.HOURS.toNanos(1);
            assertTrue(rank0.activity().idleFor(inAnHour, TimeUnit.MINUTES.toNanos(1)),
                "a rank whose threads stay parked is idle once the period has passed");

            send(job, 1);
            a.join(TimeUnit.SECONDS.toMillis(60));
            assertFalse(a.isAlive(), "receiver-a got its message");
            report = describe(rank0);
            assertFalse(report.contains(A_WAITS), report);
            assertTrue(report.contains(B_WAITS), report);
            assertTrue(rank0.activity().waiting(), report);
            assertFalse(rank0.activity().idleFor(System.nanoTime(), TimeUnit.HOURS.toNanos(1)),
                "a rank one of whose threads has just woken is not idle");
        } finally {
            send(job, 2);
            a.join(TimeUnit.SECONDS.toMillis(60));
            b.join(TimeUnit.SECONDS.toMillis(60));
        }
        assertFalse(a.isAlive() || b.isAlive(), "both receivers got their messages");
        assertFalse(rank0.activity().waiting());
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    private static Thread receiver(Job job, String name, int tag, AtomicReference<Throwable> failure) {
        Thread t = new Thread(() -> ConcurrentMatchingTest.run(failure, () -> {
            ReceiveOperation r = ReceiveOperation.ownedByCaller().init(0, 2, 1, tag, ElementType.INT, new int[1], 0, 1);
            job.engine(0).post(r);
            assertEquals(0, Waiting.await(r, job.engine(0), "Recv", 1));
        }), name);
        t.start();
        return t;
    }

    private static void send(Job job, int tag) {
        SendOperation s = new SendOperation().init(0, 2, 1, tag, SendOperation.STANDARD, ElementType.INT, 1)
            .withArray(new int[] {tag}, 0);
        job.engine(0).deliver(s);
    }

    private static String reportOnceItHas(MatchingEngine engine, String... fragments) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String report = describe(engine);
        while (!java.util.Arrays.stream(fragments).allMatch(report::contains) && System.nanoTime() < deadline) {
            Thread.sleep(20);
            report = describe(engine);
        }
        return report;
    }

    private static String describe(MatchingEngine engine) {
        StringBuilder b = new StringBuilder();
        engine.describe(b, 10);
        return b.toString();
    }
}
