package org.hympj.npb.numerics;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link Fft}'s Stockham stages with the block's {@link Fft#LINES} lines a vector at a time
 * (the Vector API, {@link Vectors}). C2 leaves the scalar stages' 16-line loop scalar (FT took
 * as long with {@code -XX:-UseSuperWord} as without), where each line is the same butterfly on
 * the same roots: the lines are lanes here. Each lane does its line's operations in the
 * scalar stage's order, none fused, so the transform is the same to the bit.
 *
 * <p>Loaded only when {@link Vectors#ON}. As in {@link MgVectorStencils}, every vector stays
 * within one method.
 */
final class FftVectorStages {
    private static final VectorSpecies<Double> SPECIES = DoubleLanes.SPECIES;
    private static final int LANES = DoubleLanes.COUNT;

    private FftVectorStages() {
    }

    /**
     * One group of {@link Fft}'s single stage: the butterflies of x[in1 + k] and x[in2 + k]
     * into y[out1 + k] and y[out2 + k] for k below lk, with root (wr, wi). The stage's indices
     * and roots stay in {@code Fft.oneStage}, which calls this for each group (the last stage,
     * the only one taken alone, has one).
     */
    static void butterflies(int lk, double wr, double wi, double[][] xr, double[][] xi, int in1, int in2,
                            double[][] yr, double[][] yi, int out1, int out2) {
        for (int k = 0; k < lk; k++) {
            double[] ar = xr[in1 + k];
            double[] ai = xi[in1 + k];
            double[] br = xr[in2 + k];
            double[] bi = xi[in2 + k];
            for (int j = 0; j < Fft.LINES; j += LANES) {
                DoubleVector vr = DoubleVector.fromArray(SPECIES, ar, j);
                DoubleVector vi = DoubleVector.fromArray(SPECIES, ai, j);
                DoubleVector ur = DoubleVector.fromArray(SPECIES, br, j);
                DoubleVector ui = DoubleVector.fromArray(SPECIES, bi, j);
                vr.add(ur).intoArray(yr[out1 + k], j);
                vi.add(ui).intoArray(yi[out1 + k], j);
                DoubleVector dr = vr.sub(ur);
                DoubleVector di = vi.sub(ui);
                dr.mul(wr).sub(di.mul(wi)).intoArray(yr[out2 + k], j);
                di.mul(wr).add(dr.mul(wi)).intoArray(yi[out2 + k], j);
            }
        }
    }

    /** {@link Fft}'s two stages in one pass (its comment gives the indices), the lines in vectors. */
    static void twoStages(Fft f, int stage, int sign, double[][] xr, double[][] xi, double[][] yr, double[][] yi) {
        int lk = 1 << (stage - 1);
        int li = 1 << (f.m - stage);
        int quarter = f.n / 4;
        for (int i = 0; i < li / 2; i++) {
            double wcr = f.rootRe[li + i];
            double wci = sign * f.rootIm[li + i];
            double wdr = f.rootRe[li + i + li / 2];
            double wdi = sign * f.rootIm[li + i + li / 2];
            double w2r = f.rootRe[li / 2 + i];
            double w2i = sign * f.rootIm[li / 2 + i];
            int in0 = i * lk;
            int in1 = i * lk + 2 * quarter;
            int in2 = i * lk + quarter;
            int in3 = i * lk + 3 * quarter;
            int out0 = 4 * i * lk;
            for (int k = 0; k < lk; k++) {
                for (int j = 0; j < Fft.LINES; j += LANES) {
                    DoubleVector v0r = DoubleVector.fromArray(SPECIES, xr[in0 + k], j);
                    DoubleVector v0i = DoubleVector.fromArray(SPECIES, xi[in0 + k], j);
                    DoubleVector v1r = DoubleVector.fromArray(SPECIES, xr[in1 + k], j);
                    DoubleVector v1i = DoubleVector.fromArray(SPECIES, xi[in1 + k], j);
                    DoubleVector v2r = DoubleVector.fromArray(SPECIES, xr[in2 + k], j);
                    DoubleVector v2i = DoubleVector.fromArray(SPECIES, xi[in2 + k], j);
                    DoubleVector v3r = DoubleVector.fromArray(SPECIES, xr[in3 + k], j);
                    DoubleVector v3i = DoubleVector.fromArray(SPECIES, xi[in3 + k], j);
                    DoubleVector c0r = v0r.add(v1r);
                    DoubleVector c0i = v0i.add(v1i);
                    DoubleVector d0r = v2r.add(v3r);
                    DoubleVector d0i = v2i.add(v3i);
                    DoubleVector er = v0r.sub(v1r);
                    DoubleVector ei = v0i.sub(v1i);
                    DoubleVector c1r = er.mul(wcr).sub(ei.mul(wci));
                    DoubleVector c1i = ei.mul(wcr).add(er.mul(wci));
                    DoubleVector fr = v2r.sub(v3r);
                    DoubleVector fi = v2i.sub(v3i);
                    DoubleVector d1r = fr.mul(wdr).sub(fi.mul(wdi));
                    DoubleVector d1i = fi.mul(wdr).add(fr.mul(wdi));
                    c0r.add(d0r).intoArray(yr[out0 + k], j);
                    c0i.add(d0i).intoArray(yi[out0 + k], j);
                    DoubleVector gr = c0r.sub(d0r);
                    DoubleVector gi = c0i.sub(d0i);
                    gr.mul(w2r).sub(gi.mul(w2i)).intoArray(yr[out0 + 2 * lk + k], j);
                    gi.mul(w2r).add(gr.mul(w2i)).intoArray(yi[out0 + 2 * lk + k], j);
                    c1r.add(d1r).intoArray(yr[out0 + lk + k], j);
                    c1i.add(d1i).intoArray(yi[out0 + lk + k], j);
                    DoubleVector hr = c1r.sub(d1r);
                    DoubleVector hi = c1i.sub(d1i);
                    hr.mul(w2r).sub(hi.mul(w2i)).intoArray(yr[out0 + 3 * lk + k], j);
                    hi.mul(w2r).add(hr.mul(w2i)).intoArray(yi[out0 + 3 * lk + k], j);
                }
            }
        }
    }
}
