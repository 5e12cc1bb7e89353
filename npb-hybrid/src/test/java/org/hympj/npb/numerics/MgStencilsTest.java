package org.hympj.npb.numerics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The operators, whose line buffers slide through locals (and whose residual and smoother
 * go a vector at a time on long rows), against the reference's form with its buffers (resid,
 * psinv, rprj3, interp), written out here: the same values, bit for bit.
 */
class MgStencilsTest {
    private static final double[] A = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
    private static final double[] C = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};

    private static MgGrid randomGrid(int k, SplittableRandom random) {
        MgGrid g = new MgGrid(k, 1, 0);
        for (int i = 0; i < g.v.length; i++) {
            g.v[i] = random.nextDouble(-1.0, 1.0);
        }
        return g;
    }

    @Test
    void residualMatchesTheReferenceForm() {
        SplittableRandom random = new SplittableRandom(24);
        // Levels 2 to 5 take the scalar loop alone, 6 and 7 (rows of 64 and 128) the vectors.
        for (int k = 2; k <= 7; k++) {
            MgGrid u = randomGrid(k, random);
            MgGrid v = randomGrid(k, random);
            MgGrid r = randomGrid(k, random);
            double[] expected = r.v.clone();
            double[] a = u.v;
            double[] u1 = new double[u.n1];
            double[] u2 = new double[u.n1];
            for (int i3 = 1; i3 < u.n3 - 1; i3++) {
                for (int i2 = 1; i2 < u.n2 - 1; i2++) {
                    for (int i1 = 0; i1 < u.n1; i1++) {
                        u1[i1] = a[u.at(i3, i2 - 1, i1)] + a[u.at(i3, i2 + 1, i1)] + a[u.at(i3 - 1, i2, i1)] + a[u.at(i3 + 1, i2, i1)];
                        u2[i1] = a[u.at(i3 - 1, i2 - 1, i1)] + a[u.at(i3 - 1, i2 + 1, i1)]
                            + a[u.at(i3 + 1, i2 - 1, i1)] + a[u.at(i3 + 1, i2 + 1, i1)];
                    }
                    for (int i1 = 1; i1 < u.n1 - 1; i1++) {
                        expected[u.at(i3, i2, i1)] = v.v[u.at(i3, i2, i1)] - A[0] * a[u.at(i3, i2, i1)]
                            - A[2] * (u2[i1] + u1[i1 - 1] + u1[i1 + 1]) - A[3] * (u2[i1 - 1] + u2[i1 + 1]);
                    }
                }
                MgStencils.residualPlane(u, i3, v.v, r.v, A[0], A[2], A[3]);
            }
            assertArrayEquals(expected, r.v, "level " + k);
        }
    }

    @Test
    void smootherMatchesTheReferenceForm() {
        SplittableRandom random = new SplittableRandom(25);
        for (int k = 2; k <= 7; k++) {
            MgGrid r = randomGrid(k, random);
            MgGrid u = randomGrid(k, random);
            double[] expected = u.v.clone();
            double[] a = r.v;
            double[] r1 = new double[r.n1];
            double[] r2 = new double[r.n1];
            for (int i3 = 1; i3 < r.n3 - 1; i3++) {
                for (int i2 = 1; i2 < r.n2 - 1; i2++) {
                    for (int i1 = 0; i1 < r.n1; i1++) {
                        r1[i1] = a[r.at(i3, i2 - 1, i1)] + a[r.at(i3, i2 + 1, i1)] + a[r.at(i3 - 1, i2, i1)] + a[r.at(i3 + 1, i2, i1)];
                        r2[i1] = a[r.at(i3 - 1, i2 - 1, i1)] + a[r.at(i3 - 1, i2 + 1, i1)]
                            + a[r.at(i3 + 1, i2 - 1, i1)] + a[r.at(i3 + 1, i2 + 1, i1)];
                    }
                    for (int i1 = 1; i1 < r.n1 - 1; i1++) {
                        int at = r.at(i3, i2, i1);
                        expected[at] = expected[at] + C[0] * a[at] + C[1] * (a[at - 1] + a[at + 1] + r1[i1])
                            + C[2] * (r2[i1] + r1[i1 - 1] + r1[i1 + 1]);
                    }
                }
                MgStencils.smoothPlane(r, i3, u.v, C[0], C[1], C[2]);
            }
            assertArrayEquals(expected, u.v, "level " + k);
        }
    }

    /**
     * Rows of every length from 1 to 80 points, so that the vectors leave every possible
     * remainder: the vector loop stops at the last whole vector, and with the scalar loop from
     * there the row is the scalar loop's alone, bit for bit.
     */
    @Test
    void vectorRowsLeaveTheirRemainderToTheScalarLoopAndAgreeWithIt() {
        SplittableRandom random = new SplittableRandom(26);
        int lanes = Vectors.lanes();
        for (int points = 1; points <= 80; points++) {
            int n1 = points + 2;
            int plane = n1 * 3;
            double[] a = random.doubles(3 * plane, -1.0, 1.0).toArray();
            double[] vv = random.doubles(3 * plane, -1.0, 1.0).toArray();
            double[] scalar = random.doubles(3 * plane, -1.0, 1.0).toArray();
            double[] vector = scalar.clone();
            int o = plane + n1;
            MgStencils.residualRow(a, vv, scalar, o, n1, plane, 1, A[0], A[2], A[3]);
            int from = MgVectorStencils.residualRow(a, vv, vector, o, n1, plane, A[0], A[2], A[3]);
            assertEquals(1 + points / lanes * lanes, from, "the residual's vectors on a row of " + points);
            MgStencils.residualRow(a, vv, vector, o, n1, plane, from, A[0], A[2], A[3]);
            assertArrayEquals(scalar, vector, "residual, row of " + points);
            MgStencils.smoothRow(a, scalar, o, n1, plane, 1, C[0], C[1], C[2]);
            from = MgVectorStencils.smoothRow(a, vector, o, n1, plane, C[0], C[1], C[2]);
            assertEquals(1 + points / lanes * lanes, from, "the smoother's vectors on a row of " + points);
            MgStencils.smoothRow(a, vector, o, n1, plane, from, C[0], C[1], C[2]);
            assertArrayEquals(scalar, vector, "smoother, row of " + points);
        }
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
