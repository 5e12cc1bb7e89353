package org.hympj.npb.numerics;

/**
 * CG's loops over one rank's block of the vectors: the start of conj_grad, the updates of
 * z, r and p, dot products, and the sum of the ranks' partial products. Free of MPI and of
 * per-rank state, so all thread ranks of a job share one copy (the jar declares the package
 * shared) and the JIT compiles it once.
 *
 * <p>Each loop runs one block per call, about {@link #BLOCKS_PER_PASS} blocks per pass over
 * a vector ({@link PassBlocks} says why), each block continuing from where the last one
 * stopped: the same operations in the same order as one loop, so the results are identical.
 * As loops inside each rank's conjugateGradient, these made the JIT compile that method,
 * every MPI call inlined, by on-stack replacement at each loop and then in full, in the first
 * timed iterations (CG A: 63-93 ms for the first against 25-35 ms for the rest, 150-240 ms of
 * compiler time in a 0.5 s timed section). In blocks, the passes of the 25 inner iterations
 * make 800 to 1,700 calls in the one untimed outer iteration; the start and the final
 * scaling, once per outer iteration, reach C2 later, and cost little until then.
 */
public final class CgVectors {
    private static final int BLOCKS_PER_PASS = 32;

    private CgVectors() {
    }

    /** conj_grad's start: q = z = 0, r = p = x, over the first {@code n} entries. */
    public static void begin(double[] x, double[] q, double[] z, double[] r, double[] p, int n) {
        for (int lo = 0, block = PassBlocks.length(n, BLOCKS_PER_PASS); lo < n; lo += block) {
            beginBlock(x, q, z, r, p, lo, Math.min(n, lo + block));
        }
    }

    private static void beginBlock(double[] x, double[] q, double[] z, double[] r, double[] p, int lo, int hi) {
        for (int j = lo; j < hi; j++) {
            q[j] = 0.0;
            z[j] = 0.0;
            r[j] = x[j];
            p[j] = x[j];
        }
    }

    /** The sum of a[j] b[j] for j from lo to hi - 1, added in that order. */
    public static double dot(double[] a, double[] b, int lo, int hi) {
        double sum = 0.0;
        for (int from = lo, block = PassBlocks.length(hi - lo, BLOCKS_PER_PASS); from < hi; from += block) {
            sum = dotBlock(a, b, from, Math.min(hi, from + block), sum);
        }
        return sum;
    }

    private static double dotBlock(double[] a, double[] b, int lo, int hi, double sum) {
        for (int j = lo; j < hi; j++) {
            sum += a[j] * b[j];
        }
        return sum;
    }

    /** z += alpha p and r -= alpha q, over the first {@code n} entries. */
    public static void step(double alpha, double[] p, double[] q, double[] z, double[] r, int n) {
        for (int lo = 0, block = PassBlocks.length(n, BLOCKS_PER_PASS); lo < n; lo += block) {
            stepBlock(alpha, p, q, z, r, lo, Math.min(n, lo + block));
        }
    }

    private static void stepBlock(double alpha, double[] p, double[] q, double[] z, double[] r, int lo, int hi) {
        for (int j = lo; j < hi; j++) {
            z[j] += alpha * p[j];
            r[j] -= alpha * q[j];
        }
    }

    /** p = r + beta p, over the first {@code n} entries. */
    public static void direction(double beta, double[] r, double[] p, int n) {
        for (int lo = 0, block = PassBlocks.length(n, BLOCKS_PER_PASS); lo < n; lo += block) {
            directionBlock(beta, r, p, lo, Math.min(n, lo + block));
        }
    }

    private static void directionBlock(double beta, double[] r, double[] p, int lo, int hi) {
        for (int j = lo; j < hi; j++) {
            p[j] = r[j] + beta * p[j];
        }
    }

    /** to = factor from, over the first {@code n} entries. */
    public static void scale(double factor, double[] from, double[] to, int n) {
        for (int lo = 0, block = PassBlocks.length(n, BLOCKS_PER_PASS); lo < n; lo += block) {
            scaleBlock(factor, from, to, lo, Math.min(n, lo + block));
        }
    }

    private static void scaleBlock(double factor, double[] from, double[] to, int lo, int hi) {
        for (int j = lo; j < hi; j++) {
            to[j] = factor * from[j];
        }
    }

    /**
     * out[j] = the sum over k of partials[k n + j], k from 0 to ranks - 1 in order, for j from
     * 0 to n - 1: every rank's partial product over this rank's block, added up.
     */
    public static void combine(double[] partials, int ranks, int n, double[] out) {
        for (int lo = 0, block = PassBlocks.length(n, BLOCKS_PER_PASS); lo < n; lo += block) {
            combineBlock(partials, ranks, n, out, lo, Math.min(n, lo + block));
        }
    }

    private static void combineBlock(double[] partials, int ranks, int n, double[] out, int lo, int hi) {
        for (int j = lo; j < hi; j++) {
            double sum = partials[j];
            for (int k = 1; k < ranks; k++) {
                sum += partials[k * n + j];
            }
            out[j] = sum;
        }
    }
}
