package org.hympj.npb;

import mpi.MPI;
import org.hympj.nested.Team;
import org.hympj.npb.numerics.GaussianBatches;
import org.hympj.npb.numerics.Logarithm;
import org.hympj.npb.numerics.Randlc;

/**
 * NPB EP ("embarrassingly parallel"): 2^(m+1) uniform deviates of the NPB generator, taken in
 * pairs in batches of 2^16 pairs; the pairs inside the unit circle become Gaussian deviates by
 * the polar method, whose sums (sx, sy) and counts per annulus are verified against the
 * official values. Batch k starts at seed {@code s × a^(2^17 × k)}, reached by binary
 * powering, so the batches can be split among ranks, and within a rank among threads, in
 * any way; the sums are combined with an Allreduce. A thread with enough batches adds them
 * eight pairs at a time once its vector loop is compiled ({@link GaussianBatches}).
 */
public final class Ep {
    private static final int MK = 16;
    private static final int NK = 1 << MK;
    private static final int NQ = 10;
    private static final long SEED = 271828183L;
    private static final double EPSILON = 1e-8;
    /** What a thread's batches add up, and the ranks' Allreduce sums: sx, sy, the NQ counts, the vector batches. */
    private static final int SLOTS = 2 + NQ + 1;

    private Ep() {
    }

    /** Class S to C: the exponent m and the verification sums. */
    enum Size {
        S(24, -3.247834652034740e+3, -6.958407078382297e+3),
        W(25, -2.863319731645753e+3, -6.320053679109499e+3),
        A(28, -4.295875165629892e+3, -1.580732573678431e+4),
        B(30, 4.033815542441498e+4, -2.660669192809235e+4),
        C(32, 4.764367927995374e+4, -8.084072988043731e+4);

        final int m;
        final double sx;
        final double sy;

        Size(int m, double sx, double sy) {
            this.m = m;
            this.sx = sx;
            this.sy = sy;
        }
    }

    /** What one run found: the sums, the counts, the time, and whether they verify. */
    record Result(Size size, double sx, double sy, double[] q, double seconds, int ranks, int threads, long vectorBatches) {
        boolean verified() {
            return Math.abs((sx - size.sx) / size.sx) <= EPSILON && Math.abs((sy - size.sy) / size.sy) <= EPSILON;
        }

        long randomNumbers() {
            return 1L << (size.m + 1);
        }

        long batches() {
            return 1L << (size.m - MK);
        }
    }

    /** Runs EP on every rank of COMM_WORLD, each rank's batches shared by {@code team} (or its own thread if null). */
    static Result run(Size size, Team team) {
        int rank = MPI.COMM_WORLD.Rank();
        int ranks = MPI.COMM_WORLD.Size();
        long batches = 1L << (size.m - MK);
        if (batches < ranks) {
            throw new IllegalArgumentException("EP class " + size + " has " + batches + " batches, fewer than the " + ranks + " ranks");
        }
        // a^(2 × NK): the stride between the first seeds of consecutive batches.
        long an = Randlc.skip(1, Randlc.A, 2L * NK);
        int first = (int) (batches * rank / ranks);
        int last = (int) (batches * (rank + 1) / ranks);
        // The logarithm's tables are built, and the vector loop's classes loaded, when first
        // used: here, not in the timed section (the reference, too, calls its generator and its
        // mathematical functions before its timer).
        Logarithm.ln(1.0);
        GaussianBatches.prepare((last - first) / (team == null ? 1 : team.size()));
        MPI.COMM_WORLD.Barrier();
        double start = MPI.Wtime();
        double[] local;
        if (team == null) {
            local = batches(first, last, an);
        } else {
            local = team.parallelReduce(first, last, new double[SLOTS], (lo, hi) -> batches(lo, hi, an), Ep::sum);
        }
        double[] global = new double[SLOTS];
        MPI.COMM_WORLD.Allreduce(local, 0, global, 0, SLOTS, MPI.DOUBLE, MPI.SUM);
        double seconds = MPI.Wtime() - start;
        double[] q = java.util.Arrays.copyOfRange(global, 2, 2 + NQ);
        return new Result(size, global[0], global[1], q, seconds, ranks, team == null ? 1 : team.size(), (long) global[2 + NQ]);
    }

    /**
     * Sums (sx, sy), annulus counts and the number of batches the vector loop added, of batches
     * {@code [first, last)}. Each pair is drawn and tested as it is generated (the reference
     * first fills an array with the batch's deviates): the same numbers, without a 1 MiB array
     * passing through the cache for every batch.
     */
    private static double[] batches(int first, int last, long an) {
        double[] acc = new double[SLOTS];
        long[] counts = new long[NQ];
        GaussianBatches gaussian = new GaussianBatches(last - first);
        for (int k = first; k < last; k++) {
            gaussian.addBatch(Randlc.skip(SEED, an, k), NK, acc, counts); // batch k starts at SEED × an^k
        }
        for (int l = 0; l < NQ; l++) {
            acc[2 + l] = counts[l];
        }
        acc[2 + NQ] = gaussian.vectorBatches();
        return acc;
    }

    private static double[] sum(double[] a, double[] b) {
        double[] s = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            s[i] = a[i] + b[i];
        }
        return s;
    }
}
