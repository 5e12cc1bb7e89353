package org.hympj.npb.numerics;

/**
 * Unnormalized complex FFTs of one length n = 2^m, on up to {@link #LINES} lines at once:
 * out_k = sum_j in_j exp(sign 2 pi i j k / n). The lines are held as a block, one small array
 * per point (point p of line j at {@code re[p][j]}, real and imaginary parts apart), so the
 * innermost loop runs over the lines with unit stride and each root of unity is loaded once
 * for all of them. Stockham's self-sorting form: each of the m stages reads one buffer and
 * writes the other, and no bit-reversal pass is needed. One instance per thread: it owns its
 * scratch buffers. Free of MPI and of per-rank state, so all thread ranks of a job share one
 * copy of the code (the jar declares the package shared) and the JIT compiles it once.
 *
 * <p>Why an array per point, not one flat array with point p at {@code p * LINES + j}: in
 * the flat form a butterfly's loads and stores index the same arrays at different
 * loop-invariant offsets, which C2 cannot tell apart, so it cannot keep values in registers
 * across them; indexed from 0 in arrays of their own, with a constant trip count, the same
 * loop runs faster, on JDK 17 and 25 alike, with the same results to the bit. Every block transforms all {@link #LINES} lines; lines beyond
 * those loaded are kept at zero, so they cost time but never overflow.
 */
public final class Fft {
    /** Lines transformed together: 16 lines of 512 points fill about 290 KiB with both buffers. */
    static final int LINES = 16;
    final int n;
    final int m;
    /** exp(i pi q / h) at index h + q, for h = 1, 2, 4, ..., n/2 and 0 <= q < h. */
    final double[] rootRe;
    final double[] rootIm;
    final double[][] re;
    final double[][] im;
    private final double[][] re2;
    private final double[][] im2;

    public Fft(int n) {
        if (Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException("FFT length " + n + " is not a power of two");
        }
        this.n = n;
        m = Integer.numberOfTrailingZeros(n);
        rootRe = new double[Math.max(n, 2)];
        rootIm = new double[Math.max(n, 2)];
        for (int h = 1; h < n; h <<= 1) {
            for (int q = 0; q < h; q++) {
                rootRe[h + q] = Math.cos(Math.PI * q / h);
                rootIm[h + q] = Math.sin(Math.PI * q / h);
            }
        }
        re = new double[n][LINES];
        im = new double[n][LINES];
        re2 = new double[n][LINES];
        im2 = new double[n][LINES];
    }

    /**
     * Transforms every line of the block in {@link #re} and {@link #im}, in
     * place: the reference's radix-2 Stockham stages, two at a time where two remain. A pair
     * of stages reads and writes the block once instead of twice, with the same operations on
     * the same values in the same order, so the result is bit for bit that of the stages one
     * by one (the block lives in L2, whose traffic the pairing halves). With {@link Vectors#ON}
     * the stages take the lines a vector at a time ({@link FftVectorStages}), to the same bits.
     */
    void transform(int sign) {
        double[][] xr = re;
        double[][] xi = im;
        double[][] yr = re2;
        double[][] yi = im2;
        int stage = 1;
        for (; stage <= m; stage += stage < m ? 2 : 1) {
            if (stage < m) {
                if (Vectors.ON) {
                    FftVectorStages.twoStages(this, stage, sign, xr, xi, yr, yi);
                } else {
                    twoStages(stage, sign, xr, xi, yr, yi);
                }
            } else {
                oneStage(stage, sign, xr, xi, yr, yi, Vectors.ON);
            }
            double[][] t = xr;
            xr = yr;
            yr = t;
            t = xi;
            xi = yi;
            yi = t;
        }
        if (xr != re) {
            for (int p = 0; p < n; p++) {
                System.arraycopy(xr[p], 0, re[p], 0, LINES);
                System.arraycopy(xi[p], 0, im[p], 0, LINES);
            }
        }
    }

    /**
     * Stage {@code stage} from x into y: for each i below li = n / 2^stage and k below
     * lk = 2^(stage-1), a = x[i lk + k] and b = x[i lk + k + n/2] give y[2 i lk + k] = a + b and
     * y[2 i lk + lk + k] = w_i (a - b), w_i = exp(sign i pi i / li).
     * With {@code vectors}, each group's butterflies take the lines a vector at a time
     * ({@link FftVectorStages#butterflies}).
     */
    void oneStage(int stage, int sign, double[][] xr, double[][] xi, double[][] yr, double[][] yi, boolean vectors) {
        int lk = 1 << (stage - 1);
        int li = 1 << (m - stage);
        int half = n / 2;
        for (int i = 0; i < li; i++) {
            double wr = rootRe[li + i];
            double wi = sign * rootIm[li + i];
            int in1 = i * lk;
            int in2 = i * lk + half;
            int out1 = i * 2 * lk;
            int out2 = i * 2 * lk + lk;
            if (vectors) {
                FftVectorStages.butterflies(lk, wr, wi, xr, xi, in1, in2, yr, yi, out1, out2);
                continue;
            }
            for (int k = 0; k < lk; k++) {
                double[] ar = xr[in1 + k];
                double[] ai = xi[in1 + k];
                double[] br = xr[in2 + k];
                double[] bi = xi[in2 + k];
                double[] sr = yr[out1 + k];
                double[] si = yi[out1 + k];
                double[] tr = yr[out2 + k];
                double[] ti = yi[out2 + k];
                for (int j = 0; j < LINES; j++) {
                    sr[j] = ar[j] + br[j];
                    si[j] = ai[j] + bi[j];
                    double dr = ar[j] - br[j];
                    double di = ai[j] - bi[j];
                    tr[j] = wr * dr - wi * di;
                    ti[j] = wr * di + wi * dr;
                }
            }
        }
    }

    /**
     * Stages {@code stage} and {@code stage + 1} from x into y, the intermediate values in
     * registers. With i below li / 2 (li of the first stage), the first stage turns
     * x[i lk + k] and x[i lk + k + n/2] into c0, c1 and x[i lk + k + n/4] and
     * x[i lk + k + 3n/4] (its i + li/2) into d0, d1; the second stage, whose i is the same i,
     * turns c0, d0 into y[4 i lk + k] and y[4 i lk + 2 lk + k], and c1, d1 into
     * y[4 i lk + lk + k] and y[4 i lk + 3 lk + k].
     */
    void twoStages(int stage, int sign, double[][] xr, double[][] xi, double[][] yr, double[][] yi) {
        int lk = 1 << (stage - 1);
        int li = 1 << (m - stage);
        int quarter = n / 4;
        for (int i = 0; i < li / 2; i++) {
            double wcr = rootRe[li + i];
            double wci = sign * rootIm[li + i];
            double wdr = rootRe[li + i + li / 2];
            double wdi = sign * rootIm[li + i + li / 2];
            double w2r = rootRe[li / 2 + i];
            double w2i = sign * rootIm[li / 2 + i];
            int in0 = i * lk;
            int in1 = i * lk + 2 * quarter;
            int in2 = i * lk + quarter;
            int in3 = i * lk + 3 * quarter;
            int out0 = 4 * i * lk;
            int out1 = 4 * i * lk + lk;
            int out2 = 4 * i * lk + 2 * lk;
            int out3 = 4 * i * lk + 3 * lk;
            for (int k = 0; k < lk; k++) {
                double[] x0r = xr[in0 + k];
                double[] x0i = xi[in0 + k];
                double[] x1r = xr[in1 + k];
                double[] x1i = xi[in1 + k];
                double[] x2r = xr[in2 + k];
                double[] x2i = xi[in2 + k];
                double[] x3r = xr[in3 + k];
                double[] x3i = xi[in3 + k];
                double[] y0r = yr[out0 + k];
                double[] y0i = yi[out0 + k];
                double[] y1r = yr[out1 + k];
                double[] y1i = yi[out1 + k];
                double[] y2r = yr[out2 + k];
                double[] y2i = yi[out2 + k];
                double[] y3r = yr[out3 + k];
                double[] y3i = yi[out3 + k];
                for (int j = 0; j < LINES; j++) {
                    double v0r = x0r[j];
                    double v0i = x0i[j];
                    double v1r = x1r[j];
                    double v1i = x1i[j];
                    double v2r = x2r[j];
                    double v2i = x2i[j];
                    double v3r = x3r[j];
                    double v3i = x3i[j];
                    double c0r = v0r + v1r;
                    double c0i = v0i + v1i;
                    double d0r = v2r + v3r;
                    double d0i = v2i + v3i;
                    double er = v0r - v1r;
                    double ei = v0i - v1i;
                    double c1r = wcr * er - wci * ei;
                    double c1i = wcr * ei + wci * er;
                    double fr = v2r - v3r;
                    double fi = v2i - v3i;
                    double d1r = wdr * fr - wdi * fi;
                    double d1i = wdr * fi + wdi * fr;
                    y0r[j] = c0r + d0r;
                    y0i[j] = c0i + d0i;
                    double gr = c0r - d0r;
                    double gi = c0i - d0i;
                    y2r[j] = w2r * gr - w2i * gi;
                    y2i[j] = w2r * gi + w2i * gr;
                    y1r[j] = c1r + d1r;
                    y1i[j] = c1i + d1i;
                    double hr = c1r - d1r;
                    double hi = c1i - d1i;
                    y3r[j] = w2r * hr - w2i * hi;
                    y3i[j] = w2r * hi + w2i * hr;
                }
            }
        }
    }

    /**
     * Gathers {@code lines} lines of n interleaved complex numbers from {@code u} into the
     * block (line j, point p at {@code u[start + j * lineStride + p * pointStride]}), and zeros
     * into the block's other lines.
     */
    void load(double[] u, int start, int lineStride, int pointStride, int lines) {
        for (int p = 0; p < n; p++) {
            int from = start + p * pointStride;
            for (int j = 0; j < lines; j++) {
                re[p][j] = u[from + j * lineStride];
                im[p][j] = u[from + j * lineStride + 1];
            }
            for (int j = lines; j < LINES; j++) {
                re[p][j] = 0;
                im[p][j] = 0;
            }
        }
    }

    /** Scatters the block back, as {@link #load} gathered it. */
    void store(double[] u, int start, int lineStride, int pointStride, int lines) {
        for (int p = 0; p < n; p++) {
            int to = start + p * pointStride;
            for (int j = 0; j < lines; j++) {
                u[to + j * lineStride] = re[p][j];
                u[to + j * lineStride + 1] = im[p][j];
            }
        }
    }

    /**
     * Transforms {@code count} lines of {@code u} (line j starting at
     * {@code start + j * lineStride}, its points {@code pointStride} doubles apart), a
     * block of lines at a time.
     */
    public void transformLines(double[] u, int start, int lineStride, int pointStride, int count, int sign) {
        for (int first = 0; first < count; first += LINES) {
            int lines = Math.min(LINES, count - first);
            int at = start + first * lineStride;
            load(u, at, lineStride, pointStride, lines);
            transform(sign);
            store(u, at, lineStride, pointStride, lines);
        }
    }
}
