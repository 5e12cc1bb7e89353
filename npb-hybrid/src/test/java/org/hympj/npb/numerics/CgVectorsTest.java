package org.hympj.npb.numerics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The blocked vector loops against one plain loop each: the same values, bit for bit. */
class CgVectorsTest {
    private static final int[] LENGTHS = {0, 1, 63, 64, 65, 700, 7000, 75_001};

    private static double[] vector(SplittableRandom random, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = random.nextDouble(-1.0, 1.0);
        }
        return v;
    }

    @Test
    void dotAddsInTheOrderOfOneLoop() {
        SplittableRandom random = new SplittableRandom(11);
        for (int n : LENGTHS) {
            double[] a = vector(random, n + 4);
            double[] b = vector(random, n + 4);
            double expected = 0.0;
            for (int j = 2; j < n + 2; j++) {
                expected += a[j] * b[j];
            }
            assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(CgVectors.dot(a, b, 2, n + 2)), "n=" + n);
        }
    }

    @Test
    void updatesMatchOneLoop() {
        SplittableRandom random = new SplittableRandom(12);
        for (int n : LENGTHS) {
            double[] x = vector(random, n);
            double[] q = vector(random, n);
            double[] z = vector(random, n);
            double[] r = vector(random, n);
            double[] p = vector(random, n);
            CgVectors.begin(x, q, z, r, p, new double[n + 3], n);
            assertArrayEquals(new double[n], q, "q, n=" + n);
            assertArrayEquals(new double[n], z, "z, n=" + n);
            assertArrayEquals(x, r, "r, n=" + n);
            assertArrayEquals(x, p, "p, n=" + n);

            double[] q2 = vector(random, n);
            double[] z2 = z.clone();
            double[] r2 = r.clone();
            double[] p2 = p.clone();
            double[] x2 = new double[n];
            for (int j = 0; j < n; j++) {
                z2[j] += 0.75 * p2[j];
                r2[j] -= 0.75 * q2[j];
            }
            for (int j = 0; j < n; j++) {
                p2[j] = r2[j] + 1.25 * p2[j];
            }
            for (int j = 0; j < n; j++) {
                x2[j] = 0.5 * z2[j];
            }
            // In two ranges, as a rank's team runs them: the same as one pass.
            int cut = n / 3;
            CgVectors.step(0.75, p, q2, z, r, 0, cut);
            CgVectors.step(0.75, p, q2, z, r, cut, n);
            CgVectors.direction(1.25, r, p, 0, cut);
            CgVectors.direction(1.25, r, p, cut, n);
            CgVectors.scale(0.5, z, x, negativeZeros(n), n);
            assertArrayEquals(z2, z, "step z, n=" + n);
            assertArrayEquals(r2, r, "step r, n=" + n);
            assertArrayEquals(p2, p, "direction, n=" + n);
            assertArrayEquals(x2, x, "scale, n=" + n);
        }
    }

    /** Scaling is a product, bit for bit, zeros of both signs and the factor's sign included. */
    @Test
    void scaleIsTheProductForZerosOfBothSignsToo() {
        double[] from = {0.0, -0.0, 1.5, -2.25, Double.MIN_VALUE, -Double.MIN_VALUE, 3e300, Double.POSITIVE_INFINITY};
        for (double factor : new double[] {0.25, -0.25, 1e-300, -3.0}) {
            double[] expected = new double[from.length];
            for (int j = 0; j < from.length; j++) {
                expected[j] = factor * from[j];
            }
            double[] to = new double[from.length + 1];
            to[from.length] = 7.0;
            CgVectors.scale(factor, from, to, negativeZeros(from.length), from.length);
            for (int j = 0; j < from.length; j++) {
                assertEquals(Double.doubleToRawLongBits(expected[j]), Double.doubleToRawLongBits(to[j]),
                    "factor " + factor + " times " + from[j]);
            }
            assertEquals(7.0, to[from.length], "past n untouched");
        }
    }

    private static double[] negativeZeros(int n) {
        double[] v = new double[n];
        Arrays.fill(v, -0.0);
        return v;
    }
}
