package org.hympj.npb;

import mpi.MPI;
import org.hympj.nested.Reduction;
import org.hympj.nested.Schedule;
import org.hympj.nested.Team;
import org.hympj.npb.numerics.CgMatrix;
import org.hympj.npb.numerics.CgVectors;
import org.hympj.npb.numerics.CgMatrix.SparseBlock;

/**
 * NPB CG (conjugate gradient): the smallest eigenvalue of a large sparse symmetric positive
 * definite matrix by inverse power iteration, each step solving with 25 conjugate-gradient
 * iterations and then, as the reference does, computing the residual norm |x - A z| by one
 * more product. The matrix is NPB's (makea: random sparse outer products of random vectors
 * from the NPB generator, scaled by rcond^(i/n), shifted); zeta is verified against the
 * official value to relative 1e-10.
 *
 * <p>Distribution: a rank owns a block of rows and the same block of every vector. Every
 * rank generates the matrix's random structure (a few numbers per row, cheap) and keeps its
 * block of rows, 32-bit column numbers and double values as the reference keeps them
 * ({@link SparseBlock}). A product gathers the whole vector (one Allgatherv) and each rank
 * computes its block of the result. Dot products are an Allreduce. In the hybrid form a rank's
 * team shares the rows of the product (in chunks, to whichever thread is free:
 * {@link #PRODUCT_CHUNK_ROWS}), and the block in the dots and the updates of z, r and p once
 * the block is large enough ({@link #TEAM_VECTOR_MIN_ENTRIES}).
 */
public final class Cg {
    private static final int CG_ITERATIONS = 25;
    private static final double EPSILON = 1e-10;
    /**
     * A rank's vector loops (its dots, and the updates of z, r and p) go to its team only when
     * its block holds at least this many entries; below it the rank's thread runs them alone.
     * A loop over a small block is a few microseconds of work, and a team region waits for its
     * slowest thread, which on a busy node is often one a compiler or another rank has just
     * preempted. A class A block (14,000 entries) runs faster on the rank's thread alone, a
     * class B block (75,000) faster by the team; the bound lies between the two.
     */
    static final int TEAM_VECTOR_MIN_ENTRIES = 32_768;
    /**
     * A team shares a product's rows in chunks of this many, taken by whichever thread is free
     * (OpenMP's dynamic schedule). The two vCPUs of a busy node often run at different speeds
     * for stretches of dozens of products, and one may lose a scheduler slice to a compiler
     * thread; with one fixed half each the region waits for the slower. A chunk of 256 rows is
     * tens of microseconds of work, against the hundred-odd nanoseconds of taking one. Every row
     * is still one thread's running sum, so the result is the same bit for bit.
     */
    static final int PRODUCT_CHUNK_ROWS = 256;

    private Cg() {
    }

    /** Class S to C: order, nonzeros per generated vector, outer iterations, shift, zeta. */
    enum Size {
        S(1400, 7, 15, 10, 8.5971775078648),
        W(7000, 8, 15, 12, 10.362595087124),
        A(14000, 11, 15, 20, 17.130235054029),
        B(75000, 13, 75, 60, 22.712745482631),
        C(150000, 15, 75, 110, 28.973605592845);

        final int na;
        final int nonzer;
        final int niter;
        final double shift;
        final double zeta;

        Size(int na, int nonzer, int niter, double shift, double zeta) {
            this.na = na;
            this.nonzer = nonzer;
            this.niter = niter;
            this.shift = shift;
            this.zeta = zeta;
        }

        /** Floating-point operations of a run, as the NPB reports count them. */
        double operations() {
            double nz1 = nonzer * (nonzer + 1.0);
            return 2.0 * niter * na * (3.0 + nz1 + 25.0 * (5.0 + nz1) + 3.0);
        }
    }

    /** The final zeta, and per timed step the residual norm of conj_grad and zeta, as the reference prints them. */
    record Result(Size size, double zeta, double seconds, int ranks, int threads, double[] residualNorms, double[] zetas) {
        boolean verified() {
            return Math.abs(zeta - size.zeta) / size.zeta <= EPSILON;
        }
    }

    /** The vectors (this rank's block of each) and the team of one rank's solver. */
    private static final class Solver {
        final SparseBlock matrix;
        final Team team;
        /** Whether the team runs the vector loops too (see {@link #TEAM_VECTOR_MIN_ENTRIES}). */
        final boolean teamVectors;
        final int[] blockCounts;
        final int[] blockStarts;
        final double[] x;
        final double[] z;
        final double[] p;
        final double[] q;
        final double[] r;
        /** On more than one rank: the whole vector, gathered for a product; else null. */
        final double[] whole;
        /** Zeros of both signs, for {@link CgVectors#begin} and {@link CgVectors#scale}. */
        final double[] zeros;
        final double[] negativeZeros;
        final double[] local = new double[2];
        final double[] total = new double[2];
        /** The residual norm of the last conj_grad. */
        double residualNorm;

        Solver(SparseBlock matrix, int n, int ranks, Team team, int teamVectorMinEntries) {
            this.matrix = matrix;
            this.team = team;
            this.teamVectors = team != null && matrix.count >= teamVectorMinEntries;
            int count = matrix.count;
            blockCounts = new int[ranks];
            blockStarts = new int[ranks];
            for (int k = 0; k < ranks; k++) {
                blockStarts[k] = blockStart(n, ranks, k);
                blockCounts[k] = blockStart(n, ranks, k + 1) - blockStarts[k];
            }
            x = new double[count];
            z = new double[count];
            p = new double[count];
            q = new double[count];
            r = new double[count];
            whole = ranks > 1 ? new double[n] : null;
            zeros = new double[count];
            negativeZeros = new double[count];
            java.util.Arrays.fill(negativeZeros, -0.0);
        }

        /** out = A in, on this rank's block: its rows times the whole vector, by its team if it has one. */
        private void multiply(double[] in, double[] out) {
            double[] vector = in;
            if (whole != null) {
                MPI.COMM_WORLD.Allgatherv(in, 0, matrix.count, MPI.DOUBLE, whole, 0, blockCounts, blockStarts, MPI.DOUBLE);
                vector = whole;
            }
            double[] v = vector;
            if (team == null) {
                matrix.multiply(v, out, 0, matrix.count);
            } else {
                team.parallelFor(0, matrix.count, Schedule.DYNAMIC, PRODUCT_CHUNK_ROWS, (lo, hi) -> matrix.multiply(v, out, lo, hi));
            }
        }

        /** The sum over all ranks of a · b over each rank's block. */
        private double dot(double[] a, double[] b) {
            local[0] = !teamVectors ? CgVectors.dot(a, b, 0, matrix.count)
                : team.parallelReduce(0, matrix.count, Reduction.SUM, (from, to) -> CgVectors.dot(a, b, from, to));
            MPI.COMM_WORLD.Allreduce(local, 0, total, 0, 1, MPI.DOUBLE, MPI.SUM);
            return total[0];
        }

        /** z += alpha p and r -= alpha q, by the team if it runs the vector loops. */
        private void step(double alpha) {
            if (teamVectors) {
                team.parallelFor(0, matrix.count, (lo, hi) -> CgVectors.step(alpha, p, q, z, r, lo, hi));
            } else {
                CgVectors.step(alpha, p, q, z, r, 0, matrix.count);
            }
        }

        /** to = from + beta to, by the team if it runs the vector loops. */
        private void direction(double beta, double[] from, double[] to) {
            if (teamVectors) {
                team.parallelFor(0, matrix.count, (lo, hi) -> CgVectors.direction(beta, from, to, lo, hi));
            } else {
                CgVectors.direction(beta, from, to, 0, matrix.count);
            }
        }

        /**
         * conj_grad: 25 CG iterations towards A z = x, then, as the reference does, the
         * residual norm |x - A z| by one more product. Returns that norm.
         */
        double conjugateGradient() {
            CgVectors.begin(x, q, z, r, p, zeros, matrix.count);
            double rho = dot(r, r);
            for (int it = 1; it <= CG_ITERATIONS; it++) {
                multiply(p, q);
                double alpha = rho / dot(p, q);
                double rho0 = rho;
                step(alpha);
                rho = dot(r, r);
                direction(rho / rho0, r, p);
            }
            multiply(z, r);
            // r = x + (-1) r: the reference's x - r, bit for bit, through a loop already compiled.
            direction(-1.0, x, r);
            return Math.sqrt(dot(r, r));
        }

        /** One step of the inverse power iteration; returns zeta and leaves x = z / |z|. */
        double powerStep(double shift) {
            residualNorm = conjugateGradient();
            int count = matrix.count;
            local[0] = CgVectors.dot(x, z, 0, count);
            local[1] = CgVectors.dot(z, z, 0, count);
            MPI.COMM_WORLD.Allreduce(local, 0, total, 0, 2, MPI.DOUBLE, MPI.SUM);
            CgVectors.scale(1.0 / Math.sqrt(total[1]), z, x, negativeZeros, count);
            return shift + 1.0 / total[0];
        }
    }

    static int blockStart(int n, int ranks, int k) {
        return (int) ((long) n * k / ranks);
    }

    /** Runs CG on every rank of COMM_WORLD (with {@code team}, the hybrid form, or alone if null). */
    static Result run(Size size, Team team) {
        return run(size, team, TEAM_VECTOR_MIN_ENTRIES);
    }

    /** As {@link #run(Size, Team)}, with the team running the vector loops from blocks of {@code teamVectorMinEntries} (tests take 0). */
    static Result run(Size size, Team team, int teamVectorMinEntries) {
        int rank = MPI.COMM_WORLD.Rank();
        int ranks = MPI.COMM_WORLD.Size();
        if (ranks > size.na) {
            throw new IllegalArgumentException("CG class " + size + " has " + size.na + " rows, fewer than the " + ranks + " ranks");
        }
        double rowsHere = (double) size.na / ranks;
        // The generated structure, the row block (a 4-byte column number and an 8-byte value an entry), the vectors.
        MemoryCheck.require("CG", size, 12.0 * size.na * (size.nonzer + 1) + 12.0 * rowsHere * (size.nonzer + 1) * (size.nonzer + 1)
            + 16.0 * size.na + 64.0 * rowsHere);
        int first = blockStart(size.na, ranks, rank);
        SparseBlock block = new SparseBlock(CgMatrix.rows(size.na, size.nonzer, size.shift, first,
            blockStart(size.na, ranks, rank + 1) - first));
        Solver s = new Solver(block, size.na, ranks, team, teamVectorMinEntries);
        java.util.Arrays.fill(s.x, 1.0);
        s.powerStep(size.shift);
        java.util.Arrays.fill(s.x, 1.0);
        MPI.COMM_WORLD.Barrier();
        double start = MPI.Wtime();
        double zeta = 0;
        double[] residualNorms = new double[size.niter];
        double[] zetas = new double[size.niter];
        for (int it = 1; it <= size.niter; it++) {
            zeta = s.powerStep(size.shift);
            residualNorms[it - 1] = s.residualNorm;
            zetas[it - 1] = zeta;
        }
        double[] time = {MPI.Wtime() - start};
        double[] maxTime = new double[1];
        MPI.COMM_WORLD.Allreduce(time, 0, maxTime, 0, 1, MPI.DOUBLE, MPI.MAX);
        return new Result(size, zeta, maxTime[0], ranks, team == null ? 1 : team.size(), residualNorms, zetas);
    }
}
