package org.hympj.npb.numerics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RandlcTest {
    /** The specification's form of the step: both factors split into 23-bit halves, in doubles. */
    private static double splitMultiply(double a, double x) {
        double r23 = 1.0 / (1 << 23);
        double t23 = 1 << 23;
        double a1 = Math.floor(r23 * a);
        double a2 = a - t23 * a1;
        double x1 = Math.floor(r23 * x);
        double x2 = x - t23 * x1;
        double t1 = a1 * x2 + a2 * x1;
        double z = t1 - t23 * Math.floor(r23 * t1);
        double t3 = t23 * z + a2 * x2;
        return t3 - t23 * t23 * Math.floor(r23 * r23 * t3);
    }

    @Test
    void deviateIsTheStateOver2To46ToTheBit() {
        for (long x : new long[] {0, 1, 2, (1L << 45) - 1, 1L << 45, (1L << 46) - 1}) {
            assertEquals(Randlc.R46 * (double) x, Randlc.deviate(x), 0.0, "x=" + x);
        }
        SplittableRandom random = new SplittableRandom(47);
        for (int i = 0; i < 1_000_000; i++) {
            long x = random.nextLong(1L << 46);
            assertEquals(Randlc.R46 * (double) x, Randlc.deviate(x), 0.0, "x=" + x);
        }
    }

    @Test
    void integerStepEqualsTheSpecificationsSplitDoubleStep() {
        SplittableRandom random = new SplittableRandom(46);
        for (int i = 0; i < 100_000; i++) {
            long a = random.nextLong(1L << 46) | 1;
            long x = random.nextLong(1L << 46) | 1;
            assertEquals((long) splitMultiply(a, x), Randlc.multiply(a, x), "a=" + a + " x=" + x);
        }
        double x = 314159265.0;
        long state = 314159265L;
        for (int i = 0; i < 100_000; i++) {
            x = splitMultiply(Randlc.A, x);
            state = Randlc.multiply(Randlc.A, state);
            assertEquals((long) x, state);
        }
    }

    @Test
    void skipAndFillContinueTheSameStream() {
        double[] y = new double[1000];
        long last = Randlc.fill(y.length, 271828183L, Randlc.A, y);
        long state = 271828183L;
        for (int i = 0; i < y.length; i++) {
            state = Randlc.multiply(Randlc.A, state);
            assertEquals(Randlc.R46 * state, y[i]);
            assertEquals(state, Randlc.skip(271828183L, Randlc.A, i + 1));
        }
        assertEquals(state, last);
        // 5^13 × 314159265 mod 2^46, worked out with exact integers.
        assertEquals(55909509111989L, Randlc.multiply(Randlc.A, 314159265L));
    }
}
