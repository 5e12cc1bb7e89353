package org.hympj.comm.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.match.ReceiveOperation;
import org.hympj.comm.match.SendOperation;
import org.hympj.comm.runtime.Job;
import org.hympj.comm.runtime.ProcessLayout;
import org.hympj.shm.JobId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A message that does not fit before the end of the ring between two JVMs follows a padding
 * record and starts at the ring's start. A drain of every ring ({@code progressAll}, what a
 * probe relies on) must still hand it to the engine: every message written before it returns
 * is matched. Both JVMs are threads of this one, as in {@link RingSizeAgreementTest}, and no
 * progress agent runs, so only the drains under test read the ring.
 */
@Timeout(60)
class RingWrapTest {
    @Test
    void aDrainOfEveryRingReadsTheMessagesThatFollowTheRingsWrap() throws Exception {
        JobId id = JobId.random();
        Job job0 = new Job(2, 0, 1);
        Job job1 = new Job(2, 1, 1);
        CompletableFuture<RingPath> opening0 = CompletableFuture.supplyAsync(
            () -> RingPath.open(job0, new ProcessLayout(2, 2), 0, id, 8192, 512, 10_000));
        RingPath path1 = RingPath.open(job1, new ProcessLayout(2, 2), 1, id, 8192, 512, 10_000);
        RingPath path0 = opening0.get(30, TimeUnit.SECONDS);
        try {
            job0.connect(path0);
            job1.connect(path1);
            // 25 ints per message: its record does not divide the ring, so the ring wraps with
            // padding within a few laps (several hundred messages go round an 8 KiB ring).
            int[] data = new int[25];
            int[] into = new int[25];
            for (int i = 0; i < 1_000; i++) {
                ReceiveOperation r = new ReceiveOperation().init(0, 2, 1, i, ElementType.INT, into, 0, into.length);
                job0.engine(0).post(r);
                data[0] = i;
                path1.send(0, new SendOperation().init(0, 2, 1, i, SendOperation.STANDARD, ElementType.INT, data.length)
                    .withArray(data, 0));
                job0.engine(0).progressAll();
                assertTrue(r.isComplete(), "message " + i + " was written before the drain of every ring, which did not read it");
                assertEquals(i, into[0]);
            }
        } finally {
            path0.close();
            path1.close();
        }
    }
}
