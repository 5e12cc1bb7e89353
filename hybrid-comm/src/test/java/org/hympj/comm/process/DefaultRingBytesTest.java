package org.hympj.comm.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.hympj.comm.runtime.Job;
import org.hympj.shm.JobId;
import org.junit.jupiter.api.Test;

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
        for (int jvms : new int[] {9, 16, 64, 300}) {
            assertEquals(1 << 20, RingPath.defaultRingBytes(jvms, LARGE_SHM), jvms + " JVMs");
        }
    }

    @Test
    void aSmallSharedMemoryFileSystemGetsSmallerRingsButNeverLessThanTheNarrowWindow() {
        assertEquals(8 << 20, RingPath.defaultRingBytes(2, 64L << 20), "a container's 64 MB /dev/shm: a quarter of it");
        assertEquals(2 << 20, RingPath.defaultRingBytes(2, 8L << 20));
        assertEquals(2 << 20, RingPath.defaultRingBytes(2, 0), "a size that cannot be read");
    }

    @Test
    void ringsStayWithinTheNodeBudgetAndAreWholePowersOfTwo() {
        for (long shm : new long[] {0, 64L << 20, 1L << 30, LARGE_SHM}) {
            for (int jvms = 2; jvms <= 300; jvms++) {
                int bytes = RingPath.defaultRingBytes(jvms, shm);
                assertEquals(1, Integer.bitCount(bytes), "a power of two");
                long total = (long) jvms * (jvms - 1) * bytes;
                assertTrue(bytes <= RingPath.NARROW_WINDOW_BYTES || total <= Math.min(RingPath.NODE_RING_BUDGET, shm / 4),
                    jvms + " JVMs, " + shm + " bytes of shared memory");
                assertTrue(bytes == RingPath.SMALL_RING_BYTES || total <= RingPath.NODE_RING_BUDGET, jvms + " JVMs");
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
