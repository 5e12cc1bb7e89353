package org.hympj.npb.numerics;

/**
 * CG's loops over one rank's block of the vectors: the start of conj_grad, the updates of
 * z, r and p, and dot products. Free of MPI and of
 * per-rank state, so all thread ranks of a job share one copy (the jar declares the package
 * shared) and the JIT compiles it once.
 *
 * <p>Each loop runs one block per call, about {@link #BLOCKS_PER_PASS} blocks per pass over
 * a vector ({@link PassBlocks} says why), each block continuing from where the last one
 * stopped: the same operations in the same order as one loop, so the results are identical.
 * As loops inside each rank's conjugateGradient, these made the JIT compile that method,
 * every MPI call inlined, by on-stack replacement at each loop and then in full, in the first
 * timed iterations, on cores the ranks need. In blocks, the passes of the 25 inner iterations
 * make 800 to 1,700 calls in the one untimed outer iteration.
 *
 * <p>The start of conj_grad and the final scaling run once per outer iteration, so loops of
 * their own reached C2 only inside the timed section, by on-stack replacement and then whole,
 * on cores the ranks need. So they use no loop of their own: the start copies with {@code System.arraycopy},
 * which needs no compiling, and the scaling is a copy and then {@link #direction}'s loop,
 * which the inner iterations compile.
 */
public final class CgVectors {
    private static final int BLOCKS_PER_PASS = 32;

    private CgVectors() {
    }

    /**
     * conj_grad's start: q = z = 0, r = p = x, over the first {@code n} entries; {@code zeros}
     * holds at least {@code n} (positive) zeros.
     */
    public static void begin(double[] x, double[] q, double[] z, double[] r, double[] p, double[] zeros, int n) {
        System.arraycopy(zeros, 0, q, 0, n);
        System.arraycopy(zeros, 0, z, 0, n);
        System.arraycopy(x, 0, r, 0, n);
        System.arraycopy(x, 0, p, 0, n);
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

    /** z += alpha p and r -= alpha q, for entries lo to hi - 1. */
    public static void step(double alpha, double[] p, double[] q, double[] z, double[] r, int lo, int hi) {
        for (int from = lo, block = PassBlocks.length(hi - lo, BLOCKS_PER_PASS); from < hi; from += block) {
            stepBlock(alpha, p, q, z, r, from, Math.min(hi, from + block));
        }
    }

    private static void stepBlock(double alpha, double[] p, double[] q, double[] z, double[] r, int lo, int hi) {
        for (int j = lo; j < hi; j++) {
            z[j] += alpha * p[j];
            r[j] -= alpha * q[j];
        }
    }

    /** p = r + beta p, for entries lo to hi - 1. */
    public static void direction(double beta, double[] r, double[] p, int lo, int hi) {
        for (int from = lo, block = PassBlocks.length(hi - lo, BLOCKS_PER_PASS); from < hi; from += block) {
            directionBlock(beta, r, p, from, Math.min(hi, from + block));
        }
    }

    private static void directionBlock(double beta, double[] r, double[] p, int lo, int hi) {
        for (int j = lo; j < hi; j++) {
            p[j] = r[j] + beta * p[j];
        }
    }

    /**
     * to = factor from, over the first {@code n} entries, bit for bit: {@code to} takes a copy of
     * {@code from} and then {@link #direction}'s update with r = -0.0, the one value whose sum
     * with any double is that double (+0.0 would turn a product of -0.0 into +0.0).
     * {@code negativeZeros} holds at least {@code n} of them.
     */
    public static void scale(double factor, double[] from, double[] to, double[] negativeZeros, int n) {
        System.arraycopy(from, 0, to, 0, n);
        direction(factor, negativeZeros, to, 0, n);
    }
}
