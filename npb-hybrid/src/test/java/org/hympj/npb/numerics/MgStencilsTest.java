package org.hympj.npb.numerics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The restriction and the prolongation, whose line buffers slide through locals, against the
 * reference's form with its buffers (rprj3, interp), written out here: the same values, bit for bit.
 */
class MgStencilsTest {

    private static MgGrid randomGrid(int k, SplittableRandom random) {
        MgGrid g = new MgGrid(k, 1, 0);
        for (int i = 0; i < g.v.length; i++) {
            g.v[i] = random.nextDouble(-1.0, 1.0);
        }
        return g;
    }

    @Test
    void restrictionMatchesTheReferenceForm() {
        SplittableRandom random = new SplittableRandom(21);
        for (int k = 2; k <= 5; k++) {
            MgGrid fine = randomGrid(k, random);
            MgGrid coarse = randomGrid(k - 1, random);
            double[] expected = coarse.v.clone();
            double[] r = fine.v;
            int m1j = coarse.n1;
            double[] x1 = new double[fine.n1];
            double[] y1 = new double[fine.n1];
            for (int j3 = 1; j3 < coarse.n3 - 1; j3++) {
                for (int j2 = 1; j2 < coarse.n2 - 1; j2++) {
                    int i3 = 2 * j3 - 1;
                    int i2 = 2 * j2 - 1;
                    for (int j1 = 1; j1 < m1j; j1++) {
                        int i1 = 2 * j1 - 1;
                        x1[i1] = r[fine.at(i3 + 1, i2, i1)] + r[fine.at(i3 + 1, i2 + 2, i1)]
                            + r[fine.at(i3, i2 + 1, i1)] + r[fine.at(i3 + 2, i2 + 1, i1)];
                        y1[i1] = r[fine.at(i3, i2, i1)] + r[fine.at(i3 + 2, i2, i1)]
                            + r[fine.at(i3, i2 + 2, i1)] + r[fine.at(i3 + 2, i2 + 2, i1)];
                    }
                    for (int j1 = 1; j1 < m1j - 1; j1++) {
                        int i1 = 2 * j1 - 1;
                        double y2 = r[fine.at(i3, i2, i1 + 1)] + r[fine.at(i3 + 2, i2, i1 + 1)]
                            + r[fine.at(i3, i2 + 2, i1 + 1)] + r[fine.at(i3 + 2, i2 + 2, i1 + 1)];
                        double x2 = r[fine.at(i3 + 1, i2, i1 + 1)] + r[fine.at(i3 + 1, i2 + 2, i1 + 1)]
                            + r[fine.at(i3, i2 + 1, i1 + 1)] + r[fine.at(i3 + 2, i2 + 1, i1 + 1)];
                        expected[coarse.at(j3, j2, j1)] = 0.5 * r[fine.at(i3 + 1, i2 + 1, i1 + 1)]
                            + 0.25 * (r[fine.at(i3 + 1, i2 + 1, i1)] + r[fine.at(i3 + 1, i2 + 1, i1 + 2)] + x2)
                            + 0.125 * (x1[i1] + x1[i1 + 2] + y2)
                            + 0.0625 * (y1[i1] + y1[i1 + 2]);
                    }
                    MgStencils.restrictRow(fine, coarse, j3, j2, 0);
                }
            }
            assertArrayEquals(expected, coarse.v, "level " + k);
        }
    }

    @Test
    void prolongationMatchesTheReferenceForm() {
        SplittableRandom random = new SplittableRandom(22);
        for (int k = 2; k <= 5; k++) {
            MgGrid z = randomGrid(k - 1, random);
            MgGrid u = randomGrid(k, random);
            double[] expected = u.v.clone();
            double[] c = z.v;
            int mm1 = z.n1;
            double[] z1 = new double[mm1];
            double[] z2 = new double[mm1];
            double[] z3 = new double[mm1];
            for (int c3 = 0; c3 <= (u.n3 - 2) / 2; c3++) {
                for (int i2 = 0; i2 < z.n2 - 1; i2++) {
                    for (int i1 = 0; i1 < mm1; i1++) {
                        z1[i1] = c[z.at(c3, i2 + 1, i1)] + c[z.at(c3, i2, i1)];
                        z2[i1] = c[z.at(c3 + 1, i2, i1)] + c[z.at(c3, i2, i1)];
                        z3[i1] = c[z.at(c3 + 1, i2 + 1, i1)] + c[z.at(c3 + 1, i2, i1)] + z1[i1];
                    }
                    for (int i1 = 0; i1 < mm1 - 1; i1++) {
                        expected[u.at(2 * c3, 2 * i2, 2 * i1)] += c[z.at(c3, i2, i1)];
                        expected[u.at(2 * c3, 2 * i2, 2 * i1 + 1)] += 0.5 * (c[z.at(c3, i2, i1 + 1)] + c[z.at(c3, i2, i1)]);
                        expected[u.at(2 * c3, 2 * i2 + 1, 2 * i1)] += 0.5 * z1[i1];
                        expected[u.at(2 * c3, 2 * i2 + 1, 2 * i1 + 1)] += 0.25 * (z1[i1] + z1[i1 + 1]);
                        expected[u.at(2 * c3 + 1, 2 * i2, 2 * i1)] += 0.5 * z2[i1];
                        expected[u.at(2 * c3 + 1, 2 * i2, 2 * i1 + 1)] += 0.25 * (z2[i1] + z2[i1 + 1]);
                        expected[u.at(2 * c3 + 1, 2 * i2 + 1, 2 * i1)] += 0.25 * z3[i1];
                        expected[u.at(2 * c3 + 1, 2 * i2 + 1, 2 * i1 + 1)] += 0.125 * (z3[i1] + z3[i1 + 1]);
                    }
                    MgStencils.prolongateRow(z, u, c3, i2, 0);
                }
            }
            assertArrayEquals(expected, u.v, "level " + k);
        }
    }

    @Test
    void normRowAddsSquaresInOrderAndKeepsTheLargestMagnitude() {
        SplittableRandom random = new SplittableRandom(23);
        double[] v = new double[40];
        for (int i = 0; i < v.length; i++) {
            v[i] = random.nextDouble(-2.0, 2.0);
        }
        v[17] = -5.5;
        double[] norms = {0.25, 1.0, 7.0, 8.0};
        double sum = 7.0;
        for (int i = 3; i < 31; i++) {
            sum += v[i] * v[i];
        }
        MgStencils.normRow(v, 3, 31, norms, 2);
        assertEquals(Double.doubleToLongBits(sum), Double.doubleToLongBits(norms[2]), "sum of squares, added in order");
        assertEquals(8.0, norms[3], "a maximum already larger stays");
        MgStencils.normRow(v, 3, 31, norms, 0);
        assertEquals(5.5, norms[1], "the largest magnitude, from a negative value");
        MgStencils.normRow(v, 5, 5, norms, 0);
        assertEquals(5.5, norms[1], "an empty row changes nothing");
    }
}
