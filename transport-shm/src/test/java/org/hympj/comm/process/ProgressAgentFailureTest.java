package org.hympj.comm.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.match.SendOperation;
import org.hympj.comm.runtime.Job;
import org.hympj.shm.JobId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.hympj.comm.runtime.ProcessLayout;

/**
 * A record the progress agent cannot deliver (here: two "JVMs" that disagree on the job, so
 * one gets a message for a rank it does not hold) aborts the job at once with that reason,
 * published for the other processes; the agent does not die silently and leave everyone to
 * wait for the liveness timeout. Both JVMs are threads of this one, as in
 * {@link RingSizeAgreementTest}.
 */
@Timeout(60)
class ProgressAgentFailureTest {
    @Test
    void aRecordTheAgentCannotDeliverAbortsTheJobWithItsReason() throws Exception {
        JobId id = JobId.random();
        // JVM 0 was told of 2 ranks, one per JVM; JVM 1 of 4, two per JVM, so it sends "rank 1" to JVM 0.
        Job job0 = new Job(2, 0, 1);
        Job job1 = new Job(4, 2, 2);
        CompletableFuture<RingPath> opening0 = CompletableFuture.supplyAsync(
            () -> RingPath.open(job0, new ProcessLayout(2, 2), 0, id, 1 << 20, RingPath.DEFAULT_FRAGMENT_BYTES, 10_000));
        RingPath path1 = RingPath.open(job1, new ProcessLayout(4, 2), 1, id, 1 << 20, RingPath.DEFAULT_FRAGMENT_BYTES, 10_000);
        RingPath path0 = opening0.get(30, TimeUnit.SECONDS);
        try {
            job0.connect(path0);
            job1.connect(path1);
            path0.startProgressAgent(50, null);
            path1.send(1, new SendOperation().init(0, 4, 2, 0, SendOperation.STANDARD, ElementType.INT, 1)
                .withArray(new int[] {42}, 0));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (job0.abortReason() == null && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            String reason = job0.abortReason();
            assertNotNull(reason, "the agent met a message for a rank its JVM does not hold, and the job went on");
            assertTrue(reason.startsWith("the progress thread of rank 0 (process " + ProcessHandle.current().pid() + ") failed: "),
                reason);
            assertTrue(reason.contains("a message for world rank 1 reached the JVM of ranks 0..0"), reason);
            // JVM 1 learns it from JVM 0's segment at its next watch.
            path1.watchPeers(60_000);
            assertEquals(reason, job1.abortReason());
        } finally {
            path0.close();
            path1.close();
        }
    }
}
