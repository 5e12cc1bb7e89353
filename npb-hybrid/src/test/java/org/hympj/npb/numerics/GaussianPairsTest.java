package org.hympj.npb.numerics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * A batch against the reference's formulas written out plainly, one generator step at a time:
 * to the bit with the batch's logarithm, and within 1e-12 of the sums with {@code Math.log}.
 */
class GaussianPairsTest {
    @Test
    void sumsAndCountsAreTheReferences() {
        assertReferenceSums(true);
        assertReferenceSums(false);
    }

    private static void assertReferenceSums(boolean batchLogarithm) {
        long seed = 271828183L;
        int pairs = 1 << 16;
        double[] sums = new double[2];
        long[] counts = new long[10];
        GaussianPairs.addBatch(seed, pairs, sums, counts);

        long x = seed;
        double sx = 0;
        double sy = 0;
        double[] q = new double[10];
        for (int i = 0; i < pairs; i++) {
            x = Randlc.multiply(Randlc.A, x);
            double x1 = 2.0 * (Randlc.R46 * x) - 1.0;
            x = Randlc.multiply(Randlc.A, x);
            double x2 = 2.0 * (Randlc.R46 * x) - 1.0;
            double t1 = x1 * x1 + x2 * x2;
            if (t1 <= 1.0) {
                double t2 = Math.sqrt(-2.0 * (batchLogarithm ? Logarithm.ln(t1) : Math.log(t1)) / t1);
                double t3 = x1 * t2;
                double t4 = x2 * t2;
                q[(int) Math.max(Math.abs(t3), Math.abs(t4))] += 1.0;
                sx += t3;
                sy += t4;
            }
        }
        double tolerance = batchLogarithm ? 0.0 : 1e-12;
        assertEquals(sx, sums[0], Math.abs(sx) * tolerance);
        assertEquals(sy, sums[1], Math.abs(sy) * tolerance);
        double[] got = new double[10];
        for (int l = 0; l < 10; l++) {
            got[l] = counts[l];
        }
        assertArrayEquals(q, got, 0.0);
    }
}
