package org.hympj.comm.process;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.hympj.comm.runtime.Job;
import org.hympj.shm.JobDirectory;
import org.hympj.shm.JobId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.hympj.comm.runtime.ProcessLayout;

/**
 * Two JVMs of one job that were given different ring sizes would read each other's rings at
 * the wrong offsets: the first to map the other's segment refuses it with a sentence that
 * names the setting, neither starts, and nothing is left in the job's directory. (The other
 * then fails too: the refused segment is gone, or never came.) Both "JVMs" are threads here:
 * wire-up only needs each to create its segment and map the other's.
 */
@Timeout(60)
class RingSizeAgreementTest {
    @Test
    void jvmsGivenDifferentRingSizesRefuseEachOtherAndLeaveNothing() throws Exception {
        JobId id = JobId.random();
        ProcessLayout layout = new ProcessLayout(2, 2);
        // Two threads of our own: a pool of one worker would wire the two up one after the other.
        Throwable[] outcome = new Throwable[2];
        Thread first = new Thread(() -> outcome[0] = wireUp(id, layout, 0, 2 << 20), "jvm-0");
        Thread second = new Thread(() -> outcome[1] = wireUp(id, layout, 1, 1 << 20), "jvm-1");
        first.start();
        second.start();
        first.join(30_000);
        second.join(30_000);
        Throwable a = outcome[0];
        Throwable b = outcome[1];
        assertNotNull(a, "JVM 0 started with rings of another size beside it");
        assertNotNull(b, "JVM 1 started with rings of another size beside it");
        String refusal = "give every JVM of the job the same -Dhympj.shm.ring.bytes";
        assertTrue(a.getMessage().contains(refusal) || b.getMessage().contains(refusal), a + "\n" + b);
        Path dir = JobDirectory.baseDirectory().resolve(JobDirectory.PREFIX + id);
        assertFalse(Files.exists(dir.resolve(RingPath.segmentName(0))) || Files.exists(dir.resolve(RingPath.segmentName(1))),
            "a segment was left in " + dir);
    }

    private static Throwable wireUp(JobId id, ProcessLayout layout, int me, int ringBytes) {
        try {
            RingPath path = RingPath.open(new Job(2, me, 1), layout, me, id, ringBytes, RingPath.DEFAULT_FRAGMENT_BYTES, 3_000);
            path.close();
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }
}
