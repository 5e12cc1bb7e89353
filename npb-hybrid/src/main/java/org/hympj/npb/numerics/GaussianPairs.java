package org.hympj.npb.numerics;

/**
 * EP's batch: pairs of uniform deviates from the NPB stream, those inside the unit circle
 * turned into Gaussian pairs by the polar method, their sums and their counts per square
 * annulus. Free of MPI and of per-rank state, so all thread ranks of a job share one copy
 * (the jar declares the package shared) and the JIT compiles it once.
 */
public final class GaussianPairs {
    /** a^2 mod 2^46: two steps of the generator at once. */
    private static final long A2 = Randlc.multiply(Randlc.A, Randlc.A);

    private GaussianPairs() {
    }

    /**
     * Adds {@code pairs} pairs from the stream at {@code seed}: the sums of the deviates to
     * sums[0] and sums[1], and to counts[l] the pairs whose larger magnitude is in [l, l+1).
     * A method per batch, so that the JIT compiles it whole after a few calls rather than
     * replacing a long-running loop on the stack.
     */
    public static void addBatch(long seed, int pairs, double[] sums, long[] counts) {
        long x = seed;
        double sx = sums[0];
        double sy = sums[1];
        for (int i = 0; i < pairs; i++) {
            // Both deviates of the pair come from the pair's first state, the second by a^2:
            // the chain from pair to pair is one multiplication, not two in a row.
            double x1 = 2.0 * Randlc.deviate(Randlc.multiply(Randlc.A, x)) - 1.0;
            x = Randlc.multiply(A2, x);
            double x2 = 2.0 * Randlc.deviate(x) - 1.0;
            double r = x1 * x1 + x2 * x2;
            if (r <= 1.0) {
                double f = Math.sqrt(-2.0 * Logarithm.ln(r) / r); // not Math.log: Logarithm says why
                double gx = x1 * f;
                double gy = x2 * f;
                // The annulus is the larger of the two truncations (the same as truncating the
                // larger magnitude), counted in a long: Math.max on doubles, with its NaN and
                // -0.0 rules, and a double count would add work to every accepted pair.
                counts[Math.max((int) Math.abs(gx), (int) Math.abs(gy))]++;
                sx += gx;
                sy += gy;
            }
        }
        sums[0] = sx;
        sums[1] = sy;
    }
}
