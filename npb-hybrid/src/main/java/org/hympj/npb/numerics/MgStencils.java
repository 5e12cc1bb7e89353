package org.hympj.npb.numerics;

/**
 * MG's stencils on one rank's block of a level: the residual and the smoother plane by
 * plane, the restriction and the prolongation row by row. Free of MPI and of per-rank state,
 * so all thread ranks of a job share one copy (the jar declares the package shared), and the
 * JIT compiles them once, not once per rank.
 */
public final class MgStencils {
    /**
     * The shortest row (interior x-points) that goes through the vector stencils. Until C2
     * compiles them, vector operations are objects, far slower than scalar code: class S's
     * rows, 32 points and fewer, are too few calls for C2 to compile them early, while the
     * finest levels of classes W to C have
     * 16,384 rows and more, 64 points long and more.
     */
    static final int SHORTEST_VECTOR_ROW = 64;

    private MgStencils() {
    }

    /**
     * One plane of the residual. Each operator's plane is a method of its own, called once
     * per plane: the JIT compiles it whole after a few planes, where one loop over the whole
     * grid would run for long in the interpreter and then in on-stack-replaced code. With
     * {@link Vectors#ON}, the x-points of a row of {@link #SHORTEST_VECTOR_ROW} or more go a
     * vector at a time, the last few, fewer than a vector, one at a time.
     */
    public static void residualPlane(MgGrid ug, int i3, double[] vv, double[] rr, double a0, double a2, double a3) {
        double[] a = ug.v;
        int n1 = ug.n1;
        int plane = n1 * ug.n2;
        boolean vectors = Vectors.ON && n1 - 2 >= SHORTEST_VECTOR_ROW;
        for (int i2 = 1; i2 < ug.n2 - 1; i2++) {
            int o = ug.at(i3, i2, 0);
            int from = vectors ? MgVectorStencils.residualRow(a, vv, rr, o, n1, plane, a0, a2, a3) : 1;
            residualRow(a, vv, rr, o, n1, plane, from, a0, a2, a3);
        }
    }

    /**
     * The residual on the x-points [from, n1 - 1) of the row starting at {@code o}, one at a time.
     *
     * <p>Along an x-line, the sums of a point's four edge neighbours (y ± 1, z ± 1) and of
     * its four corner neighbours are needed at x - 1, x and x + 1; the reference keeps them
     * in two line buffers, here they slide through locals (e0 e1 e2, c0 c1 c2), added in the
     * reference's order, so the result is the same to the bit with fewer loads and stores.
     */
    static void residualRow(double[] a, double[] vv, double[] rr, int o, int n1, int plane, int from,
                            double a0, double a2, double a3) {
        if (from >= n1 - 1) {
            return;
        }
        double e0 = edges(a, o + from - 1, n1, plane);
        double c0 = corners(a, o + from - 1, n1, plane);
        double e1 = edges(a, o + from, n1, plane);
        double c1 = corners(a, o + from, n1, plane);
        for (int p = o + from; p < o + n1 - 1; p++) {
            double e2 = edges(a, p + 1, n1, plane);
            double c2 = corners(a, p + 1, n1, plane);
            rr[p] = vv[p] - a0 * a[p] - a2 * (c1 + e0 + e2) - a3 * (c0 + c2);
            e0 = e1;
            e1 = e2;
            c0 = c1;
            c1 = c2;
        }
    }

    /** The sum of the four edge neighbours of point {@code p}, in the reference's order: y - 1, y + 1, z - 1, z + 1. */
    private static double edges(double[] a, int p, int n1, int plane) {
        return a[p - n1] + a[p + n1] + a[p - plane] + a[p + plane];
    }

    /** The sum of the four corner neighbours of point {@code p} in y and z, in the reference's order. */
    private static double corners(double[] a, int p, int n1, int plane) {
        return a[p - plane - n1] + a[p - plane + n1] + a[p + plane - n1] + a[p + plane + n1];
    }

    /**
     * One plane of the smoother, as {@link #residualPlane}; its fourth coefficient is zero, as
     * the reference assumes, so corners at x ± 1 are not needed.
     */
    public static void smoothPlane(MgGrid rg, int i3, double[] uu, double c0, double c1, double c2) {
        double[] r = rg.v;
        int n1 = rg.n1;
        int plane = n1 * rg.n2;
        boolean vectors = Vectors.ON && n1 - 2 >= SHORTEST_VECTOR_ROW;
        for (int i2 = 1; i2 < rg.n2 - 1; i2++) {
            int o = rg.at(i3, i2, 0);
            int from = vectors ? MgVectorStencils.smoothRow(r, uu, o, n1, plane, c0, c1, c2) : 1;
            smoothRow(r, uu, o, n1, plane, from, c0, c1, c2);
        }
    }

    /** The smoother on the x-points [from, n1 - 1) of the row starting at {@code o}, with the sliding sums of {@link #residualRow}. */
    static void smoothRow(double[] r, double[] uu, int o, int n1, int plane, int from, double c0, double c1, double c2) {
        if (from >= n1 - 1) {
            return;
        }
        double e0 = edges(r, o + from - 1, n1, plane);
        double e1 = edges(r, o + from, n1, plane);
        for (int p = o + from; p < o + n1 - 1; p++) {
            double e2 = edges(r, p + 1, n1, plane);
            uu[p] = uu[p] + c0 * r[p] + c1 * (r[p - 1] + r[p + 1] + e1) + c2 * (corners(r, p, n1, plane) + e0 + e2);
            e0 = e1;
            e1 = e2;
        }
    }

    /**
     * One coarse row of the restriction. A method per row, not per plane: the finest level
     * has only 128 coarse planes, too few calls for the JIT to compile a plane method
     * before the timed iterations start, while its rows are called 16,384 times a sweep.
     *
     * <p>The reference sums each odd fine point's four edge and four corner neighbours into two
     * line buffers first; here those sums slide through locals (x at i1 and i1 + 2, and y), as
     * in {@link #residualPlane}: the same additions in the same order, so the same bits, with
     * no buffer whose stores the JIT must assume may feed the loads of {@code rr}.
     */
    public static void restrictRow(MgGrid fine, MgGrid coarse, int j3, int j2, int coarseOffset) {
        double[] rr = fine.v;
        double[] s = coarse.v;
        int m1j = coarse.n1;
        int i3 = 2 * j3 - 1;
        int i2 = 2 * j2 - 1;
        int a0 = fine.at(i3, i2, 0);
        int a02 = fine.at(i3, i2 + 2, 0);
        int a11 = fine.at(i3 + 1, i2 + 1, 0);
        int a10 = fine.at(i3 + 1, i2, 0);
        int a12 = fine.at(i3 + 1, i2 + 2, 0);
        int a01 = fine.at(i3, i2 + 1, 0);
        int a21 = fine.at(i3 + 2, i2 + 1, 0);
        int a20 = fine.at(i3 + 2, i2, 0);
        int a22 = fine.at(i3 + 2, i2 + 2, 0);
        int out = coarse.at(j3 + coarseOffset, j2, 0);
        double x0 = rr[a10 + 1] + rr[a12 + 1] + rr[a01 + 1] + rr[a21 + 1];
        double y0 = rr[a0 + 1] + rr[a20 + 1] + rr[a02 + 1] + rr[a22 + 1];
        for (int j1 = 1; j1 < m1j - 1; j1++) {
            int i1 = 2 * j1 - 1;
            double x1 = rr[a10 + i1 + 2] + rr[a12 + i1 + 2] + rr[a01 + i1 + 2] + rr[a21 + i1 + 2];
            double y1 = rr[a0 + i1 + 2] + rr[a20 + i1 + 2] + rr[a02 + i1 + 2] + rr[a22 + i1 + 2];
            double y2 = rr[a0 + i1 + 1] + rr[a20 + i1 + 1] + rr[a02 + i1 + 1] + rr[a22 + i1 + 1];
            double x2 = rr[a10 + i1 + 1] + rr[a12 + i1 + 1] + rr[a01 + i1 + 1] + rr[a21 + i1 + 1];
            s[out + j1] = 0.5 * rr[a11 + i1 + 1]
                + 0.25 * (rr[a11 + i1] + rr[a11 + i1 + 2] + x2)
                + 0.125 * (x0 + x1 + y2)
                + 0.0625 * (y0 + y1);
            x0 = x1;
            y0 = y1;
        }
    }

    /**
     * The four fine rows over coarse row (c3, i2) of the prolongation (a method per row, as
     * {@link #restrictRow}), in one pass: the reference's three line buffers of sums of coarse
     * points become locals at i1 and i1 + 1, and each fine point still gets one addition of
     * the same value, so the result is the same to the bit.
     */
    public static void prolongateRow(MgGrid zg, MgGrid ug, int c3, int i2, int coarseOffset) {
        double[] z = zg.v;
        double[] uu = ug.v;
        int mm1 = zg.n1;
        int i3 = c3 + coarseOffset;
        int z00 = zg.at(i3, i2, 0);
        int z01 = zg.at(i3, i2 + 1, 0);
        int z10 = zg.at(i3 + 1, i2, 0);
        int z11 = zg.at(i3 + 1, i2 + 1, 0);
        int u00 = ug.at(2 * c3, 2 * i2, 0);
        int u01 = ug.at(2 * c3, 2 * i2 + 1, 0);
        int u10 = ug.at(2 * c3 + 1, 2 * i2, 0);
        int u11 = ug.at(2 * c3 + 1, 2 * i2 + 1, 0);
        double za = z[z00];
        double z1a = z[z01] + za;
        double z2a = z[z10] + za;
        double z3a = z[z11] + z[z10] + z1a;
        for (int i1 = 0; i1 < mm1 - 1; i1++) {
            double zb = z[z00 + i1 + 1];
            double z1b = z[z01 + i1 + 1] + zb;
            double z2b = z[z10 + i1 + 1] + zb;
            double z3b = z[z11 + i1 + 1] + z[z10 + i1 + 1] + z1b;
            uu[u00 + 2 * i1] += za;
            uu[u00 + 2 * i1 + 1] += 0.5 * (zb + za);
            uu[u01 + 2 * i1] += 0.5 * z1a;
            uu[u01 + 2 * i1 + 1] += 0.25 * (z1a + z1b);
            uu[u10 + 2 * i1] += 0.5 * z2a;
            uu[u10 + 2 * i1 + 1] += 0.25 * (z2a + z2b);
            uu[u11 + 2 * i1] += 0.25 * z3a;
            uu[u11 + 2 * i1 + 1] += 0.125 * (z3a + z3b);
            za = zb;
            z1a = z1b;
            z2a = z2b;
            z3a = z3b;
        }
    }

    /**
     * norm2u3's loop over the points [from, to) of {@code v}, one row: adds their squares, in
     * order, to {@code norms[at]} and raises {@code norms[at + 1]} to the largest absolute value
     * among them. A method per row, as {@link #restrictRow}, so that the JIT compiles it whole
     * during the untimed norms.
     */
    public static void normRow(double[] v, int from, int to, double[] norms, int at) {
        double sum = norms[at];
        double max = norms[at + 1];
        for (int i = from; i < to; i++) {
            double x = v[i];
            sum += x * x;
            double a = Math.abs(x);
            if (a > max) {
                max = a;
            }
        }
        norms[at] = sum;
        norms[at + 1] = max;
    }
}
