package org.hympj.npb;

import mpi.MPI;
import org.hympj.nested.Team;
import org.hympj.npb.numerics.MgGrid;
import org.hympj.npb.numerics.MgStencils;
import org.hympj.npb.numerics.Randlc;

/**
 * NPB MG: V-cycle multigrid on a periodic 3-D grid for the Poisson problem whose right-hand
 * side is +1 at the ten largest and -1 at the ten smallest of the grid's NPB random numbers.
 * The operators (residual, smoother, restriction, trilinear prolongation) and their
 * coefficients are NPB's; the final residual norm is verified to relative 1e-8.
 *
 * <p>Distribution: slabs of z-planes. A level with at least two planes per rank is
 * distributed, each rank holding its planes and one ghost plane on each side, exchanged with
 * its neighbours (periodically) after every operator; the coarser levels are small and every
 * rank holds and computes them whole. In the hybrid form a rank's team shares its planes.
 */
public final class Mg {
    private static final long SEED = 314159265L;
    private static final int LB = 1;
    private static final int EXTREMES = 10;
    private static final double EPSILON = 1e-8;
    private static final double[] A = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};

    private Mg() {
    }

    enum Size {
        S(32, 4, 0.5307707005734e-04),
        W(128, 4, 0.6467329375339e-05),
        A(256, 4, 0.2433365309069e-05),
        B(256, 20, 0.1800564401355e-05),
        C(512, 20, 0.5706732285740e-06);

        final int n;
        final int iterations;
        final double rnm2;

        Size(int n, int iterations, double rnm2) {
            this.n = n;
            this.iterations = iterations;
            this.rnm2 = rnm2;
        }

        /** The smoother's coefficients: one set for S, W and A, another for B and C. */
        double[] smoother() {
            return this == B || this == C ? new double[] {-3.0 / 17.0, 1.0 / 33.0, -1.0 / 61.0, 0.0}
                : new double[] {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};
        }
    }

    record Result(Size size, double rnm2, double seconds, int ranks, int threads) {
        boolean verified() {
            return Math.abs(rnm2 - size.rnm2) / size.rnm2 <= EPSILON;
        }
    }

    static final class Solver {
        final Size size;
        final Team team;
        final int ranks;
        final int rank;
        final int lt;
        final MgGrid[] u;
        final MgGrid[] r;
        final MgGrid v;
        final double[] c;
        final double[] plane;
        final double[] planeIn;
        /** Per plane of the finest level, its sum of squares and its largest absolute value ({@link #norms}). */
        final double[] planeNorms;

        Solver(Size size, Team team) {
            this.size = size;
            this.team = team;
            ranks = MPI.COMM_WORLD.Size();
            rank = MPI.COMM_WORLD.Rank();
            lt = Integer.numberOfTrailingZeros(size.n);
            u = new MgGrid[lt + 1];
            r = new MgGrid[lt + 1];
            for (int k = LB; k <= lt; k++) {
                u[k] = new MgGrid(k, ranks, rank);
                r[k] = new MgGrid(k, ranks, rank);
            }
            v = new MgGrid(lt, ranks, rank);
            c = size.smoother();
            int largestPlane = (size.n + 2) * (size.n + 2);
            plane = new double[largestPlane];
            planeIn = new double[largestPlane];
            planeNorms = new double[2 * v.n3];
        }

        /**
         * Runs {@code body} over the planes [from, to) cut into one contiguous block per team
         * thread (or whole, without a team), always the same cut for the same range: the fused
         * sweep ({@link #residualAndSmooth}) finishes each block's edge planes in a second pass
         * and must find the same blocks.
         */
        void planes(int from, int to, org.hympj.nested.RangeBody body) {
            if (team == null) {
                body.run(from, to);
                return;
            }
            team.parallel(context -> {
                int b = context.threadId();
                int lo = context.staticBlockStart(from, to, b);
                int hi = context.staticBlockStart(from, to, b + 1);
                if (lo < hi) {
                    body.run(lo, hi);
                }
            });
        }

        /** zran3: +1 at the ten largest and -1 at the ten smallest random numbers of the grid. */
        void randomRightHandSide() {
            MgGrid z = v;
            java.util.Arrays.fill(z.v, 0.0);
            int nx = size.n;
            // The ten largest (ascending, [0] smallest of them) and ten smallest (descending).
            double[] top = new double[EXTREMES];
            long[] topAt = new long[EXTREMES];
            double[] bottom = new double[EXTREMES];
            long[] bottomAt = new long[EXTREMES];
            java.util.Arrays.fill(bottom, 1.0);
            for (int i3 = 1; i3 < z.n3 - 1; i3++) {
                long e = (long) (z.firstPlane + i3 - 1) * nx * nx;
                long x = Randlc.skip(SEED, Randlc.A, e);
                for (int i2 = 1; i2 < z.n2 - 1; i2++) {
                    for (int i1 = 1; i1 < z.n1 - 1; i1++) {
                        x = Randlc.multiply(Randlc.A, x);
                        double value = Randlc.deviate(x);
                        long global = ((long) (z.firstPlane + i3 - 1) * nx + (i2 - 1)) * nx + (i1 - 1);
                        if (value > top[0]) {
                            top[0] = value;
                            topAt[0] = global;
                            bubble(top, topAt, true);
                        }
                        if (value < bottom[0]) {
                            bottom[0] = value;
                            bottomAt[0] = global;
                            bubble(bottom, bottomAt, false);
                        }
                    }
                }
            }
            double[] allTop = new double[EXTREMES * ranks];
            long[] allTopAt = new long[EXTREMES * ranks];
            double[] allBottom = new double[EXTREMES * ranks];
            long[] allBottomAt = new long[EXTREMES * ranks];
            MPI.COMM_WORLD.Allgather(top, 0, EXTREMES, MPI.DOUBLE, allTop, 0, EXTREMES, MPI.DOUBLE);
            MPI.COMM_WORLD.Allgather(topAt, 0, EXTREMES, MPI.LONG, allTopAt, 0, EXTREMES, MPI.LONG);
            MPI.COMM_WORLD.Allgather(bottom, 0, EXTREMES, MPI.DOUBLE, allBottom, 0, EXTREMES, MPI.DOUBLE);
            MPI.COMM_WORLD.Allgather(bottomAt, 0, EXTREMES, MPI.LONG, allBottomAt, 0, EXTREMES, MPI.LONG);
            mark(extremes(allTop, allTopAt, true), 1.0);
            mark(extremes(allBottom, allBottomAt, false), -1.0);
            exchange(z);
        }

        /** Keeps {@code values[0]} the least extreme of the kept ones: one bubble pass, as NPB's bubble. */
        private static void bubble(double[] values, long[] at, boolean largest) {
            for (int i = 0; i < values.length - 1; i++) {
                boolean swap = largest ? values[i] > values[i + 1] : values[i] < values[i + 1];
                if (!swap) {
                    return;
                }
                double t = values[i];
                values[i] = values[i + 1];
                values[i + 1] = t;
                long a = at[i];
                at[i] = at[i + 1];
                at[i + 1] = a;
            }
        }

        /** The global positions of the ten most extreme of every rank's candidates. */
        private static long[] extremes(double[] values, long[] at, boolean largest) {
            Integer[] order = new Integer[values.length];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            java.util.Arrays.sort(order, (p, q) -> largest ? Double.compare(values[q], values[p]) : Double.compare(values[p], values[q]));
            long[] chosen = new long[EXTREMES];
            for (int i = 0; i < EXTREMES; i++) {
                chosen[i] = at[order[i]];
            }
            return chosen;
        }

        private void mark(long[] positions, double value) {
            int nx = size.n;
            for (long p : positions) {
                int i1 = (int) (p % nx) + 1;
                int i2 = (int) (p / nx % nx) + 1;
                int i3 = (int) (p / ((long) nx * nx)) - v.firstPlane + 1;
                if (i3 >= 1 && i3 <= v.n3 - 2) {
                    v.v[v.at(i3, i2, i1)] = value;
                }
            }
        }

        /**
         * comm3: the periodic ghost points. x and y are whole on every rank; in z the ghost
         * planes come from the neighbouring ranks (or, for a whole grid, the opposite side).
         */
        void exchange(MgGrid g) {
            for (int i3 = 1; i3 < g.n3 - 1; i3++) {
                planeGhosts(g, i3);
            }
            exchangePlanes(g);
        }

        /** The periodic ghosts in x and y of one interior plane (its own rows and columns only). */
        private static void planeGhosts(MgGrid g, int i3) {
            double[] a = g.v;
            int n1 = g.n1;
            int n2 = g.n2;
            for (int i2 = 1; i2 < n2 - 1; i2++) {
                int row = g.at(i3, i2, 0);
                a[row] = a[row + n1 - 2];
                a[row + n1 - 1] = a[row + 1];
            }
            System.arraycopy(a, g.at(i3, n2 - 2, 0), a, g.at(i3, 0, 0), n1);
            System.arraycopy(a, g.at(i3, 1, 0), a, g.at(i3, n2 - 1, 0), n1);
        }

        /** The ghost planes in z (whole planes, their x and y ghosts included). */
        void exchangePlanes(MgGrid g) {
            double[] a = g.v;
            int n3 = g.n3;
            int planeSize = g.n1 * g.n2;
            if (!g.distributed || ranks == 1) {
                System.arraycopy(a, g.at(n3 - 2, 0, 0), a, 0, planeSize);
                System.arraycopy(a, g.at(1, 0, 0), a, g.at(n3 - 1, 0, 0), planeSize);
                return;
            }
            int up = (rank + 1) % ranks;
            int down = (rank + ranks - 1) % ranks;
            // My top interior plane is the lower ghost of the rank above; its bottom one my upper ghost.
            MPI.COMM_WORLD.Sendrecv(a, g.at(n3 - 2, 0, 0), planeSize, MPI.DOUBLE, up, 31,
                a, 0, planeSize, MPI.DOUBLE, down, 31);
            MPI.COMM_WORLD.Sendrecv(a, g.at(1, 0, 0), planeSize, MPI.DOUBLE, down, 32,
                a, g.at(n3 - 1, 0, 0), planeSize, MPI.DOUBLE, up, 32);
        }

        /**
         * resid then psinv (r = v - A u; u = u + C r), and, if {@code residualAfter}, resid
         * again with the smoothed u, in one sweep over the planes: each stage follows the one
         * before it a plane behind, so the planes of u, v and r it reads are still in cache
         * instead of coming from memory again. The V-cycle's levels below the finest take the
         * pair (with v = r, in place); the finest level takes all three, its last resid being
         * the one the benchmark runs after each V-cycle, so that u and v are read from memory
         * once and u and r written once, where the three operators apart stream u four times,
         * v twice and r three times. Each point sees the same operations on the same values as
         * with the operators one after the other, so the result is the same to the bit.
         *
         * <p>Order within a block of planes [lo, hi): plane p-1 is smoothed once the residual
         * of plane p (and its x and y ghosts) is done, that is after that residual has read
         * the unsmoothed u of plane p-1; the second residual of plane s needs the smoothed u of
         * planes s-1..s+1 and overwrites r of plane s, which only the smoothing of planes
         * s-1..s+1 reads, so it runs once plane s+1 is smoothed, for s in [lo+2, hi-3]. A
         * block's edge planes, whose neighbours lie in another block or on another rank, come
         * last: their smoothing after the exchange of r's ghost planes, their second residual
         * (planes lo, lo+1, hi-2, hi-1) after the exchange of u's.
         */
        void residualAndSmooth(MgGrid ug, MgGrid vg, MgGrid rg, boolean residualAfter) {
            double[] vv = vg.v;
            double[] rr = rg.v;
            double[] uu = ug.v;
            double a0 = A[0]; // in locals, as in residual
            double a2 = A[2];
            double a3 = A[3];
            double c0 = c[0];
            double c1 = c[1];
            double c2 = c[2];
            int planes = ug.n3 - 2;
            planes(1, planes + 1, (lo, hi) -> {
                for (int p = lo; p < hi; p++) {
                    MgStencils.residualPlane(ug, p, vv, rr, a0, a2, a3);
                    planeGhosts(rg, p);
                    if (p - 1 > lo) {
                        MgStencils.smoothPlane(rg, p - 1, uu, c0, c1, c2);
                        planeGhosts(ug, p - 1);
                    }
                    int s = p - 2;
                    if (residualAfter && s >= lo + 2 && s <= hi - 3) {
                        MgStencils.residualPlane(ug, s, vv, rr, a0, a2, a3);
                        planeGhosts(rg, s);
                    }
                }
            });
            exchangePlanes(rg);
            planes(1, planes + 1, (lo, hi) -> {
                MgStencils.smoothPlane(rg, lo, uu, c0, c1, c2);
                planeGhosts(ug, lo);
                if (hi - 1 > lo) {
                    MgStencils.smoothPlane(rg, hi - 1, uu, c0, c1, c2);
                    planeGhosts(ug, hi - 1);
                }
            });
            exchangePlanes(ug);
            if (residualAfter) {
                planes(1, planes + 1, (lo, hi) -> {
                    for (int s = lo; s < hi; s++) {
                        if (s < lo + 2 || s > hi - 3) {
                            MgStencils.residualPlane(ug, s, vv, rr, a0, a2, a3);
                            planeGhosts(rg, s);
                        }
                    }
                });
                exchangePlanes(rg);
            }
        }

        /** r = v - A u on the interior, then ghosts. */
        void residual(MgGrid ug, MgGrid vg, MgGrid rg) {
            double[] vv = vg.v;
            double[] rr = rg.v;
            // The coefficients in locals: read from an array, each store into r (also a double[])
            // could have changed them, so the JIT would reload them for every point.
            double a0 = A[0];
            double a2 = A[2];
            double a3 = A[3];
            planes(1, ug.n3 - 1, (lo, hi) -> {
                for (int i3 = lo; i3 < hi; i3++) {
                    MgStencils.residualPlane(ug, i3, vv, rr, a0, a2, a3);
                }
            });
            exchange(rg);
        }

        /** psinv: u = u + C r (the smoother), then ghosts. */
        void smooth(MgGrid rg, MgGrid ug) {
            double[] uu = ug.v;
            double c0 = c[0]; // in locals, as in residual
            double c1 = c[1];
            double c2 = c[2];
            planes(1, ug.n3 - 1, (lo, hi) -> {
                for (int i3 = lo; i3 < hi; i3++) {
                    MgStencils.smoothPlane(rg, i3, uu, c0, c1, c2);
                }
            });
            exchange(ug);
        }

        /** rprj3: the residual of level k restricted to level k-1. */
        void restrict(MgGrid fine, MgGrid coarse) {
            double[] s = coarse.v;
            // The coarse planes this rank computes: its own (distributed), or, when the coarse
            // level is whole, those under its fine planes, then gathered from every rank.
            int coarsePlanes = fine.distributed ? (fine.n3 - 2) / 2 : coarse.n3 - 2;
            int coarseOffset = coarse.distributed || !fine.distributed ? 0 : fine.firstPlane / 2;
            planes(1, coarsePlanes + 1, (lo, hi) -> {
                for (int j3 = lo; j3 < hi; j3++) {
                    for (int j2 = 1; j2 < coarse.n2 - 1; j2++) {
                        MgStencils.restrictRow(fine, coarse, j3, j2, coarseOffset);
                    }
                }
            });
            if (fine.distributed && !coarse.distributed && ranks > 1) {
                // Make the whole coarse grid: every rank's planes from every rank.
                int planeSize = coarse.n1 * coarse.n2;
                int count = coarsePlanes * planeSize;
                double[] mine = java.util.Arrays.copyOfRange(s, coarse.at(1 + coarseOffset, 0, 0), coarse.at(1 + coarseOffset, 0, 0) + count);
                MPI.COMM_WORLD.Allgather(mine, 0, count, MPI.DOUBLE, s, planeSize, count, MPI.DOUBLE);
            }
            exchange(coarse);
        }

        /** interp: u(level k) += the trilinear prolongation of z (level k-1). */
        void prolongate(MgGrid zg, MgGrid ug) {
            // The coarse planes under this rank's fine planes: all (same layout), or a slice of a whole grid.
            int coarseOffset = ug.distributed && !zg.distributed ? ug.firstPlane / 2 : 0;
            int coarsePlanes = (ug.n3 - 2) / 2;
            planes(0, coarsePlanes + 1, (lo, hi) -> {
                for (int c3 = lo; c3 < hi; c3++) {
                    for (int i2 = 0; i2 < zg.n2 - 1; i2++) {
                        MgStencils.prolongateRow(zg, ug, c3, i2, coarseOffset);
                    }
                }
            });
        }

        /**
         * One iteration of the benchmark: mg3P (one V-cycle) and then resid on the finest grid,
         * the reference's {@code call mg3P; call resid}, with each level's resid and psinv, and the
         * finest level's last resid, fused ({@link #residualAndSmooth}).
         */
        void iterate() {
            for (int k = lt; k >= LB + 1; k--) {
                restrict(r[k], r[k - 1]);
            }
            java.util.Arrays.fill(u[LB].v, 0.0);
            smooth(r[LB], u[LB]);
            for (int k = LB + 1; k <= lt - 1; k++) {
                java.util.Arrays.fill(u[k].v, 0.0);
                prolongate(u[k - 1], u[k]);
                residualAndSmooth(u[k], r[k], r[k], false);
            }
            prolongate(u[lt - 1], u[lt]);
            residualAndSmooth(u[lt], v, r[lt], true);
        }

        /**
         * norm2u3 of a finest-level grid: its L2 norm and its largest absolute value, over the
         * whole grid. Each plane is summed on its own and the planes are added in order, so the
         * result does not depend on the team's size; as in the reference, the maximum and the
         * sum are each an Allreduce.
         */
        Norms norms(MgGrid g) {
            double[] perPlane = planeNorms;
            planes(1, g.n3 - 1, (lo, hi) -> {
                for (int i3 = lo; i3 < hi; i3++) {
                    perPlane[2 * i3] = 0.0;
                    perPlane[2 * i3 + 1] = 0.0;
                    for (int i2 = 1; i2 < g.n2 - 1; i2++) {
                        int o = g.at(i3, i2, 0);
                        MgStencils.normRow(g.v, o + 1, o + g.n1 - 1, perPlane, 2 * i3);
                    }
                }
            });
            double[] local = new double[2];
            for (int i3 = 1; i3 < g.n3 - 1; i3++) {
                local[0] += perPlane[2 * i3];
                local[1] = Math.max(local[1], perPlane[2 * i3 + 1]);
            }
            double[] total = new double[2];
            MPI.COMM_WORLD.Allreduce(local, 1, total, 1, 1, MPI.DOUBLE, MPI.MAX);
            MPI.COMM_WORLD.Allreduce(local, 0, total, 0, 1, MPI.DOUBLE, MPI.SUM);
            return new Norms(Math.sqrt(total[0] / ((double) size.n * size.n * size.n)), total[1]);
        }
    }

    /**
     * norm2u3's two results: the L2 norm, which is verified, and the largest absolute value,
     * which nothing reads; the reference computes and reduces it inside its timed section, so
     * MG here does that work too.
     */
    record Norms(double l2, double max) {
    }

    /** Runs MG on every rank of COMM_WORLD (with {@code team}, the hybrid form, or alone if null). */
    static Result run(Size size, Team team) {
        int ranks = MPI.COMM_WORLD.Size();
        if (Integer.bitCount(ranks) != 1 || 2 * ranks > size.n) {
            throw new IllegalArgumentException("MG class " + size + " runs on a power-of-two number of ranks up to "
                + size.n / 2 + ", not " + ranks);
        }
        double finest = (size.n + 2.0) * (size.n + 2.0) * (size.n / (double) ranks + 2.0) * 8;
        MemoryCheck.require("MG", size, finest * (1 + 2 * 8.0 / 7));
        Solver s = new Solver(size, team);
        int lt = s.lt;
        // The reference's untimed start, norms included, and its one untimed iteration.
        java.util.Arrays.fill(s.u[lt].v, 0.0);
        s.randomRightHandSide();
        s.norms(s.v);
        s.residual(s.u[lt], s.v, s.r[lt]);
        s.norms(s.r[lt]);
        s.iterate();
        java.util.Arrays.fill(s.u[lt].v, 0.0);
        s.randomRightHandSide();
        MPI.COMM_WORLD.Barrier();
        double start = MPI.Wtime();
        s.residual(s.u[lt], s.v, s.r[lt]);
        s.norms(s.r[lt]);
        for (int it = 1; it <= size.iterations; it++) {
            s.iterate();
        }
        double rnm2 = s.norms(s.r[lt]).l2();
        double[] time = {MPI.Wtime() - start};
        double[] maxTime = new double[1];
        MPI.COMM_WORLD.Allreduce(time, 0, maxTime, 0, 1, MPI.DOUBLE, MPI.MAX);
        return new Result(size, rnm2, maxTime[0], ranks, team == null ? 1 : team.size());
    }
}
