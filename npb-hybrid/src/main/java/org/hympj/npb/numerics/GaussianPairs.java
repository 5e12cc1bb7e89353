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
     * Adds {@code pairs} pairs from the stream at {@code seed} to {@code acc}: the sums of the
     * deviates at acc[0] and acc[1], the count of pairs whose larger magnitude is in [l, l+1)
     * at acc[2 + l]. A method per batch, so that the JIT compiles it whole after a few calls
     * rather than replacing a long-running loop on the stack.
     */
    public static void addBatch(long seed, int pairs, double[] acc) {
        long x = seed;
        double sx = acc[0];
        double sy = acc[1];
        for (int i = 0; i < pairs; i++) {
            // Both deviates of the pair come from the pair's first state, the second by a^2:
            // the chain from pair to pair is one multiplication, not two in a row.
            double x1 = 2.0 * (Randlc.R46 * Randlc.multiply(Randlc.A, x)) - 1.0;
            x = Randlc.multiply(A2, x);
            double x2 = 2.0 * (Randlc.R46 * x) - 1.0;
            double r = x1 * x1 + x2 * x2;
            if (r <= 1.0) {
                double f = Math.sqrt(-2.0 * Math.log(r) / r);
                double gx = x1 * f;
                double gy = x2 * f;
                acc[2 + (int) Math.max(Math.abs(gx), Math.abs(gy))] += 1;
                sx += gx;
                sy += gy;
            }
        }
        acc[0] = sx;
        acc[1] = sy;
    }
}
