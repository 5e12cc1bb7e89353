package org.hympj.comm.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DefaultRingBytesTest {
    @Test
    void upToEightJvmsGetTheLargeRingAndMoreTheSmallOne() {
        for (int jvms = 2; jvms <= 8; jvms++) {
            assertEquals(2 << 20, RingPath.defaultRingBytes(jvms), jvms + " JVMs");
        }
        for (int jvms : new int[] {9, 16, 64, 300}) {
            assertEquals(1 << 20, RingPath.defaultRingBytes(jvms), jvms + " JVMs");
        }
    }

    @Test
    void largeRingsStayWithinTheNodeBudget() {
        for (int jvms = 2; jvms <= 300; jvms++) {
            int bytes = RingPath.defaultRingBytes(jvms);
            assertEquals(1, Integer.bitCount(bytes), "a power of two");
            assertTrue(bytes == RingPath.SMALL_RING_BYTES || (long) jvms * (jvms - 1) * bytes <= RingPath.NODE_RING_BUDGET,
                jvms + " JVMs");
        }
    }
}
