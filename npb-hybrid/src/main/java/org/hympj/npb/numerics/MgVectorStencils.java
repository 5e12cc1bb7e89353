package org.hympj.npb.numerics;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * MG's residual and smoother on a row's x-points a vector at a time, with the Vector API
 * ({@link Vectors}). C2 does not vectorize
 * the scalar loops of {@link MgStencils} by itself: their loads and store are on
 * {@code double[]}s at offsets it cannot prove apart, so every point is a chain of scalar
 * additions, where gfortran's code for the reference's loops does several points at once.
 *
 * <p>Each lane does what the scalar loop does for its point, the same additions and
 * multiplications in the same order and none fused, so the results are the same to the bit.
 * The lanes recompute the edge and corner sums at x - 1 and x + 1 where the scalar loop
 * slides them through locals: those loads overlap the neighbouring vectors' and come from
 * the L1 cache.
 *
 * <p>Loaded only when {@link Vectors#ON}.
 * The sums are written out in each loop, not drawn from a helper as the scalar loops' are:
 * a vector returned from a call the JIT did not inline is an object, allocated per call, and
 * outside the JDK nothing can force the inlining.
 */
final class MgVectorStencils {
    private static final VectorSpecies<Double> SPECIES = DoubleLanes.SPECIES;
    private static final int LANES = DoubleLanes.COUNT;

    private MgVectorStencils() {
    }

    /**
     * The residual of {@link MgStencils#residualRow} on the row starting at {@code o}, from
     * x = 1 in whole vectors; returns the first x left to do, one at a time.
     */
    static int residualRow(double[] a, double[] vv, double[] rr, int o, int n1, int plane, double a0, double a2, double a3) {
        int i1 = 1;
        for (; i1 + LANES <= n1 - 1; i1 += LANES) {
            int p = o + i1;
            DoubleVector edgesBefore = DoubleVector.fromArray(SPECIES, a, p - 1 - n1).add(DoubleVector.fromArray(SPECIES, a, p - 1 + n1))
                .add(DoubleVector.fromArray(SPECIES, a, p - 1 - plane)).add(DoubleVector.fromArray(SPECIES, a, p - 1 + plane));
            DoubleVector edgesAfter = DoubleVector.fromArray(SPECIES, a, p + 1 - n1).add(DoubleVector.fromArray(SPECIES, a, p + 1 + n1))
                .add(DoubleVector.fromArray(SPECIES, a, p + 1 - plane)).add(DoubleVector.fromArray(SPECIES, a, p + 1 + plane));
            DoubleVector cornersBefore = DoubleVector.fromArray(SPECIES, a, p - 1 - plane - n1).add(DoubleVector.fromArray(SPECIES, a, p - 1 - plane + n1))
                .add(DoubleVector.fromArray(SPECIES, a, p - 1 + plane - n1)).add(DoubleVector.fromArray(SPECIES, a, p - 1 + plane + n1));
            DoubleVector corners = DoubleVector.fromArray(SPECIES, a, p - plane - n1).add(DoubleVector.fromArray(SPECIES, a, p - plane + n1))
                .add(DoubleVector.fromArray(SPECIES, a, p + plane - n1)).add(DoubleVector.fromArray(SPECIES, a, p + plane + n1));
            DoubleVector cornersAfter = DoubleVector.fromArray(SPECIES, a, p + 1 - plane - n1).add(DoubleVector.fromArray(SPECIES, a, p + 1 - plane + n1))
                .add(DoubleVector.fromArray(SPECIES, a, p + 1 + plane - n1)).add(DoubleVector.fromArray(SPECIES, a, p + 1 + plane + n1));
            // v - a0 u - a2 (c1 + e0 + e2) - a3 (c0 + c2), as the scalar loop.
            DoubleVector.fromArray(SPECIES, vv, p)
                .sub(DoubleVector.fromArray(SPECIES, a, p).mul(a0))
                .sub(corners.add(edgesBefore).add(edgesAfter).mul(a2))
                .sub(cornersBefore.add(cornersAfter).mul(a3))
                .intoArray(rr, p);
        }
        return i1;
    }

    /**
     * The smoother of {@link MgStencils#smoothRow} on the row starting at {@code o}, from
     * x = 1 in whole vectors; returns the first x left to do, one at a time.
     */
    static int smoothRow(double[] r, double[] uu, int o, int n1, int plane, double c0, double c1, double c2) {
        int i1 = 1;
        for (; i1 + LANES <= n1 - 1; i1 += LANES) {
            int p = o + i1;
            DoubleVector edgesBefore = DoubleVector.fromArray(SPECIES, r, p - 1 - n1).add(DoubleVector.fromArray(SPECIES, r, p - 1 + n1))
                .add(DoubleVector.fromArray(SPECIES, r, p - 1 - plane)).add(DoubleVector.fromArray(SPECIES, r, p - 1 + plane));
            DoubleVector edges = DoubleVector.fromArray(SPECIES, r, p - n1).add(DoubleVector.fromArray(SPECIES, r, p + n1))
                .add(DoubleVector.fromArray(SPECIES, r, p - plane)).add(DoubleVector.fromArray(SPECIES, r, p + plane));
            DoubleVector edgesAfter = DoubleVector.fromArray(SPECIES, r, p + 1 - n1).add(DoubleVector.fromArray(SPECIES, r, p + 1 + n1))
                .add(DoubleVector.fromArray(SPECIES, r, p + 1 - plane)).add(DoubleVector.fromArray(SPECIES, r, p + 1 + plane));
            DoubleVector corners = DoubleVector.fromArray(SPECIES, r, p - plane - n1).add(DoubleVector.fromArray(SPECIES, r, p - plane + n1))
                .add(DoubleVector.fromArray(SPECIES, r, p + plane - n1)).add(DoubleVector.fromArray(SPECIES, r, p + plane + n1));
            // u + c0 r + c1 (r(x-1) + r(x+1) + e1) + c2 (k1 + e0 + e2), as the scalar loop.
            DoubleVector.fromArray(SPECIES, uu, p)
                .add(DoubleVector.fromArray(SPECIES, r, p).mul(c0))
                .add(DoubleVector.fromArray(SPECIES, r, p - 1).add(DoubleVector.fromArray(SPECIES, r, p + 1)).add(edges).mul(c1))
                .add(corners.add(edgesBefore).add(edgesAfter).mul(c2))
                .intoArray(uu, p);
        }
        return i1;
    }
}
