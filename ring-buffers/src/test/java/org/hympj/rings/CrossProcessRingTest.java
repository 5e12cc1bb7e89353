package org.hympj.rings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.hympj.shm.JobDirectory;
import org.hympj.shm.JobId;
import org.hympj.shm.SharedSegment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A ring in a shared segment between two JVMs: the child writes the randomized stream, this process checks every byte. */
@Timeout(120)
class CrossProcessRingTest {
    @TempDir
    Path base;

    @Test
    void anotherProcessWritesAndEveryByteArrivesInOrder() throws Exception {
        JobId job = JobId.random();
        int messages = 3_000 * Integer.getInteger("hympj.test.scale", 1);
        try (JobDirectory dir = JobDirectory.open(base, job)) {
            SharedSegment segment = dir.createSegment("ring-1-0", 64 * 1024 + RingBufferDescriptor.TRAILER_LENGTH);
            OneToOneRingBuffer ring = new OneToOneRingBuffer(segment.data());
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process child = new ProcessBuilder(java, "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), RingChild.class.getName(),
                base.toString(), job.toString(), "ring-1-0", Integer.toString(messages)).inheritIO().start();
            Reassembly reader = new Reassembly(1);
            long deadline = System.nanoTime() + 90_000_000_000L;
            while (reader.messages < messages && System.nanoTime() < deadline) {
                if (ring.read(reader::onRecord) == 0) {
                    Thread.onSpinWait();
                }
            }
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, child.exitValue());
            assertEquals(messages, reader.nextSequence[0]);
        }
    }
}
