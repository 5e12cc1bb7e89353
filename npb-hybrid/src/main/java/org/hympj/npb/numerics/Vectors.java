package org.hympj.npb.numerics;

/**
 * The vector loops of CG's conjugate-gradient iteration, on the first {@code count} elements.
 * Methods of their own, in the shared package, so that the JIT compiles each loop once for
 * all thread ranks rather than within every rank's copy of the iteration.
 */
public final class Vectors {
    private Vectors() {
    }

    /** The sum of a[j] b[j] for j from lo to hi - 1, in order. */
    public static double dot(double[] a, double[] b, int lo, int hi) {
        double s = 0.0;
        for (int j = lo; j < hi; j++) {
            s += a[j] * b[j];
        }
        return s;
    }

    /** z += alpha p and r -= alpha q: one step of the solution and of its residual. */
    public static void step(double alpha, double[] p, double[] q, double[] z, double[] r, int count) {
        for (int j = 0; j < count; j++) {
            z[j] += alpha * p[j];
            r[j] -= alpha * q[j];
        }
    }

    /** p = r + beta p: the next search direction. */
    public static void direction(double[] r, double beta, double[] p, int count) {
        for (int j = 0; j < count; j++) {
            p[j] = r[j] + beta * p[j];
        }
    }

    /** out = factor in. */
    public static void scale(double factor, double[] in, double[] out, int count) {
        for (int j = 0; j < count; j++) {
            out[j] = factor * in[j];
        }
    }
}
