package org.hympj.comm.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.hympj.comm.runtime.Job;
import org.hympj.shm.JobId;
import org.junit.jupiter.api.Test;
import org.hympj.comm.protocol.MessageDescriptor;
import org.hympj.comm.runtime.ProcessLayout;

class DefaultRingBytesTest {
    private static final long LARGE_SHM = 24L << 30;

    @Test
    void twoJvmsGetWideRingsAndMoreJvmsShareTheBudget() {
        assertEquals(64 << 20, RingPath.defaultRingBytes(2, LARGE_SHM));
        assertEquals(16 << 20, RingPath.defaultRingBytes(3, LARGE_SHM), "6 rings of 128 MiB / 6");
        assertEquals(8 << 20, RingPath.defaultRingBytes(4, LARGE_SHM));
        for (int jvms = 7; jvms <= 8; jvms++) {
            assertEquals(2 << 20, RingPath.defaultRingBytes(jvms, LARGE_SHM), jvms + " JVMs");
        }
        for (int jvms : new int[] {9, 16, 64}) {
            assertEquals(1 << 20, RingPath.defaultRingBytes(jvms, LARGE_SHM), jvms + " JVMs");
        }
        assertEquals(RingPath.MIN_RING_BYTES, RingPath.defaultRingBytes(300, LARGE_SHM), "89,700 rings of 1 MiB: 88 GB");
    }

    @Test
    void aSmallSharedMemoryFileSystemGetsRingsThatFitIt() {
        long container = 64L << 20;
        assertEquals(8 << 20, RingPath.defaultRingBytes(2, container), "a container's 64 MB /dev/shm: a quarter of it");
        assertEquals(2 << 20, RingPath.defaultRingBytes(4, container), "12 rings of 2 MiB take under half of it");
        assertEquals(512 << 10, RingPath.defaultRingBytes(6, container), "30 rings: 2 MiB each would take 60 of its 64 MB");
        assertEquals(256 << 10, RingPath.defaultRingBytes(8, container));
        for (int jvms = 2; jvms <= 11; jvms++) {
            long total = (long) jvms * (jvms - 1) * RingPath.defaultRingBytes(jvms, container);
            assertTrue(total <= container / 2, jvms + " JVMs take " + total + " bytes of a 64 MB /dev/shm");
        }
        assertEquals(2 << 20, RingPath.defaultRingBytes(2, 8L << 20));
    }

    @Test
    void aSizeThatCannotBeReadKeepsTheFormerDefaults() {
        for (int jvms = 2; jvms <= 8; jvms++) {
            assertEquals(2 << 20, RingPath.defaultRingBytes(jvms, 0), jvms + " JVMs");
        }
        assertEquals(1 << 20, RingPath.defaultRingBytes(9, 0));
    }

    @Test
    void ringsAreWholePowersOfTwoWithinTheBudgetAndHoldADefaultFragment() {
        for (long shm : new long[] {0, 64L << 20, 1L << 30, LARGE_SHM}) {
            for (int jvms = 2; jvms <= 300; jvms++) {
                int bytes = RingPath.defaultRingBytes(jvms, shm);
                assertEquals(1, Integer.bitCount(bytes), "a power of two");
                assertTrue(bytes >= RingPath.MIN_RING_BYTES
                    && RingPath.DEFAULT_FRAGMENT_BYTES <= bytes / 8 - MessageDescriptor.HEADER_LENGTH, bytes + " bytes");
                long total = (long) jvms * (jvms - 1) * bytes;
                assertTrue(bytes <= RingPath.NARROW_WINDOW_BYTES || total <= Math.min(RingPath.NODE_RING_BUDGET, shm / 4),
                    jvms + " JVMs, " + shm + " bytes of shared memory");
            }
        }
    }

    @Test
    void fragmentsMustFitTheNarrowWindowOfALargeRing() {
        // An inline message is a record as large as a fragment, and a writer may keep to 2 MiB of a 64 MiB ring.
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> RingPath.open(new Job(2, 0, 1),
            new ProcessLayout(2, 2), 0, JobId.random(), 64 << 20, 1 << 20, 1_000));
        assertTrue(refused.getMessage().contains("at most " + ((2 << 20) / 8 - MessageDescriptor.HEADER_LENGTH)), refused.getMessage());
    }
}
