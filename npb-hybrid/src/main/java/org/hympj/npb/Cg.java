package org.hympj.npb;

import mpi.MPI;
import org.hympj.nested.Team;

/**
 * NPB CG (conjugate gradient): the smallest eigenvalue of a large sparse symmetric positive
 * definite matrix by inverse power iteration, each step solving with 25 conjugate-gradient
 * iterations. The matrix is NPB's (makea: random sparse outer products of random vectors
 * from the NPB generator, scaled by rcond^(i/n), shifted); zeta is verified against the
 * official value to relative 1e-10.
 *
 * <p>Distribution: every rank generates the matrix's random structure (a few numbers per
 * row, cheap) and keeps, in compressed rows, only its block of consecutive rows. A
 * matrix-vector product needs the whole direction vector: each rank computes its block and
 * an Allgatherv assembles the rest; dot products are an Allreduce. In the hybrid form a
 * rank's team shares its rows in the products and its block in the vector updates.
 */
public final class Cg {
    private static final double RCOND = 0.1;
    private static final int CG_ITERATIONS = 25;
    private static final double EPSILON = 1e-10;

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

    record Result(Size size, double zeta, double seconds, int ranks, int threads) {
        boolean verified() {
            return Math.abs(zeta - size.zeta) / size.zeta <= EPSILON;
        }
    }

    /** The generator state shared by makea's helpers, in the order the reference draws. */
    private static final class Generator {
        long tran = 314159265L;

        double next() {
            tran = Randlc.multiply(Randlc.A, tran);
            return Randlc.R46 * tran;
        }
    }

    /** One rank's rows of the matrix in compressed rows, columns global. */
    static final class Rows {
        final int first;
        final int count;
        final int[] start;
        final int[] column;
        final double[] value;

        Rows(int first, int count, int[] start, int[] column, double[] value) {
            this.first = first;
            this.count = count;
            this.start = start;
            this.column = column;
            this.value = value;
        }
    }

    /**
     * NPB's makea for rows {@code first .. first + count - 1}: n sparse random vectors of
     * nonzer entries (plus a 0.5 on the diagonal position), whose outer products, scaled by
     * rcond^(i/n), are summed; rcond - shift is added on the diagonal.
     */
    static Rows makeMatrix(Size size, int first, int count) {
        int n = size.na;
        int nonzer = size.nonzer;
        Generator g = new Generator();
        g.next();
        int nn1 = 1;
        do {
            nn1 *= 2;
        } while (nn1 < n);
        int[] arow = new int[n];
        int[][] acol = new int[n][nonzer + 1];
        double[][] aelt = new double[n][nonzer + 1];
        double[] vc = new double[nonzer + 1];
        int[] ivc = new int[nonzer + 1];
        for (int outer = 0; outer < n; outer++) {
            int nzv = randomSparseVector(g, n, nonzer, nn1, vc, ivc);
            nzv = setElement(vc, ivc, nzv, outer + 1, 0.5);
            arow[outer] = nzv;
            for (int k = 0; k < nzv; k++) {
                acol[outer][k] = ivc[k] - 1;
                aelt[outer][k] = vc[k];
            }
        }
        return sparse(n, first, count, arow, acol, aelt, size.shift);
    }

    /** sprnvc: nz distinct random positions in 1..n with random values. */
    private static int randomSparseVector(Generator g, int n, int nz, int nn1, double[] v, int[] iv) {
        int nzv = 0;
        while (nzv < nz) {
            double value = g.next();
            double location = g.next();
            int i = (int) (nn1 * location) + 1;
            if (i > n) {
                continue;
            }
            boolean seen = false;
            for (int k = 0; k < nzv; k++) {
                if (iv[k] == i) {
                    seen = true;
                    break;
                }
            }
            if (seen) {
                continue;
            }
            v[nzv] = value;
            iv[nzv] = i;
            nzv++;
        }
        return nzv;
    }

    /** vecset: element i of the sparse vector becomes val (added if absent). */
    private static int setElement(double[] v, int[] iv, int nzv, int i, double val) {
        boolean set = false;
        for (int k = 0; k < nzv; k++) {
            if (iv[k] == i) {
                v[k] = val;
                set = true;
            }
        }
        if (!set) {
            v[nzv] = val;
            iv[nzv] = i;
            nzv++;
        }
        return nzv;
    }

    /** NPB's sparse, restricted to rows {@code first .. first + count - 1}. */
    private static Rows sparse(int n, int first, int count, int[] arow, int[][] acol, double[][] aelt, double shift) {
        int last = first + count - 1;
        int[] rowstr = new int[count + 1];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < arow[i]; k++) {
                int j = acol[i][k];
                if (j >= first && j <= last) {
                    rowstr[j - first + 1] += arow[i];
                }
            }
        }
        for (int j = 1; j <= count; j++) {
            rowstr[j] += rowstr[j - 1];
        }
        int slots = rowstr[count];
        double[] a = new double[slots];
        int[] colidx = new int[slots];
        java.util.Arrays.fill(colidx, -1);
        int[] duplicates = new int[count];
        double sizeFactor = 1.0;
        double ratio = StrictMath.pow(RCOND, 1.0 / n);
        for (int i = 0; i < n; i++) {
            for (int nza = 0; nza < arow[i]; nza++) {
                int j = acol[i][nza];
                if (j < first || j > last) {
                    continue;
                }
                int row = j - first;
                double scale = sizeFactor * aelt[i][nza];
                for (int nzrow = 0; nzrow < arow[i]; nzrow++) {
                    int jcol = acol[i][nzrow];
                    double va = aelt[i][nzrow] * scale;
                    if (jcol == j && j == i) {
                        va = va + RCOND - shift;
                    }
                    int k = rowstr[row];
                    boolean placed = false;
                    for (; k < rowstr[row + 1]; k++) {
                        if (colidx[k] > jcol) {
                            // Insert in column order: shift the occupied entries up by one.
                            for (int kk = rowstr[row + 1] - 2; kk >= k; kk--) {
                                if (colidx[kk] > -1) {
                                    a[kk + 1] = a[kk];
                                    colidx[kk + 1] = colidx[kk];
                                }
                            }
                            colidx[k] = jcol;
                            a[k] = 0.0;
                            placed = true;
                            break;
                        } else if (colidx[k] == -1) {
                            colidx[k] = jcol;
                            placed = true;
                            break;
                        } else if (colidx[k] == jcol) {
                            duplicates[row]++;
                            placed = true;
                            break;
                        }
                    }
                    if (!placed) {
                        throw new IllegalStateException("CG matrix generation: row " + j + " overflowed its slots");
                    }
                    a[k] += va;
                }
            }
            sizeFactor *= ratio;
        }
        // Squeeze out the slots that duplicates left empty.
        for (int j = 1; j < count; j++) {
            duplicates[j] += duplicates[j - 1];
        }
        for (int j = 0; j < count; j++) {
            int j1 = j > 0 ? rowstr[j] - duplicates[j - 1] : 0;
            int j2 = rowstr[j + 1] - duplicates[j];
            int from = rowstr[j];
            for (int k = j1; k < j2; k++) {
                a[k] = a[from];
                colidx[k] = colidx[from];
                from++;
            }
        }
        for (int j = 1; j <= count; j++) {
            rowstr[j] -= duplicates[j - 1];
        }
        return new Rows(first, count, rowstr, colidx, a);
    }

    /** The vectors and the team of one rank's solver. */
    private static final class Solver {
        final Rows rows;
        final Team team;
        final int n;
        final int[] counts;
        final int[] displs;
        final double[] x;
        final double[] z;
        final double[] p;
        final double[] q;
        final double[] r;
        final double[] partial = new double[2];
        final double[] total = new double[2];

        Solver(Rows rows, int n, int ranks, Team team) {
            this.rows = rows;
            this.team = team;
            this.n = n;
            counts = new int[ranks];
            displs = new int[ranks];
            for (int k = 0; k < ranks; k++) {
                displs[k] = blockStart(n, ranks, k);
                counts[k] = blockStart(n, ranks, k + 1) - displs[k];
            }
            x = new double[n];
            z = new double[n];
            p = new double[n];
            q = new double[n];
            r = new double[n];
        }

        /** q[block] = A p for this rank's rows. */
        private void multiply(double[] in, double[] out) {
            if (team == null) {
                multiply(in, out, 0, rows.count);
            } else {
                team.parallelFor(0, rows.count, (lo, hi) -> multiply(in, out, lo, hi));
            }
        }

        private void multiply(double[] in, double[] out, int lo, int hi) {
            int[] start = rows.start;
            int[] column = rows.column;
            double[] value = rows.value;
            int base = rows.first;
            // Two partial sums per row: the additions of one row no longer wait on each other
            // in a single chain (a different rounding order, well inside the 1e-10 check).
            for (int j = lo; j < hi; j++) {
                double even = 0.0;
                double odd = 0.0;
                int k = start[j];
                int end = start[j + 1];
                for (; k + 1 < end; k += 2) {
                    even += value[k] * in[column[k]];
                    odd += value[k + 1] * in[column[k + 1]];
                }
                if (k < end) {
                    even += value[k] * in[column[k]];
                }
                out[base + j] = even + odd;
            }
        }

        /** The sum over all ranks of a · b over each rank's block. */
        private double dot(double[] a, double[] b) {
            int lo = rows.first;
            int hi = rows.first + rows.count;
            partial[0] = team == null ? dot(a, b, lo, hi) : team.parallelReduce(lo, hi, org.hympj.nested.Reduction.SUM,
                (org.hympj.nested.DoubleRangeFunction) (from, to) -> dot(a, b, from, to));
            MPI.COMM_WORLD.Allreduce(partial, 0, total, 0, 1, MPI.DOUBLE, MPI.SUM);
            return total[0];
        }

        private static double dot(double[] a, double[] b, int lo, int hi) {
            double s = 0.0;
            for (int j = lo; j < hi; j++) {
                s += a[j] * b[j];
            }
            return s;
        }

        /** Makes every rank's copy of v whole from each rank's block. */
        private void gather(double[] v) {
            MPI.COMM_WORLD.Allgatherv(v, rows.first, rows.count, MPI.DOUBLE, v, 0, counts, displs, MPI.DOUBLE);
        }

        /** conj_grad: 25 CG iterations towards A z = x; z ends whole on every rank. */
        void conjugateGradient() {
            int lo = rows.first;
            int hi = rows.first + rows.count;
            for (int j = 0; j < n; j++) {
                q[j] = 0.0;
                z[j] = 0.0;
                r[j] = x[j];
                p[j] = x[j];
            }
            double rho = dot(r, r);
            for (int it = 1; it <= CG_ITERATIONS; it++) {
                multiply(p, q);
                double d = dot(p, q);
                double alpha = rho / d;
                double rho0 = rho;
                for (int j = lo; j < hi; j++) {
                    z[j] += alpha * p[j];
                    r[j] -= alpha * q[j];
                }
                rho = dot(r, r);
                double beta = rho / rho0;
                for (int j = lo; j < hi; j++) {
                    p[j] = r[j] + beta * p[j];
                }
                gather(p);
            }
            gather(z);
        }

        /** One step of the inverse power iteration; returns zeta and leaves x = z / |z|. */
        double powerStep(double shift) {
            conjugateGradient();
            int lo = rows.first;
            int hi = rows.first + rows.count;
            partial[0] = dot(x, z, lo, hi);
            partial[1] = dot(z, z, lo, hi);
            MPI.COMM_WORLD.Allreduce(partial, 0, total, 0, 2, MPI.DOUBLE, MPI.SUM);
            double norm = 1.0 / Math.sqrt(total[1]);
            for (int j = 0; j < n; j++) {
                x[j] = norm * z[j];
            }
            return shift + 1.0 / total[0];
        }
    }

    static int blockStart(int n, int ranks, int k) {
        return (int) ((long) n * k / ranks);
    }

    /** Runs CG on every rank of COMM_WORLD (with {@code team}, the hybrid form, or alone if null). */
    static Result run(Size size, Team team) {
        int rank = MPI.COMM_WORLD.Rank();
        int ranks = MPI.COMM_WORLD.Size();
        if (ranks > size.na) {
            throw new IllegalArgumentException("CG class " + size + " has " + size.na + " rows, fewer than the " + ranks + " ranks");
        }
        double rowsHere = (double) size.na / ranks;
        MemoryCheck.require("CG", size, 12.0 * size.na * (size.nonzer + 1) + 12.0 * rowsHere * (size.nonzer + 1) * (size.nonzer + 1)
            + 40.0 * size.na);
        int first = blockStart(size.na, ranks, rank);
        Rows rows = makeMatrix(size, first, blockStart(size.na, ranks, rank + 1) - first);
        Solver s = new Solver(rows, size.na, ranks, team);
        java.util.Arrays.fill(s.x, 1.0);
        s.powerStep(size.shift);
        java.util.Arrays.fill(s.x, 1.0);
        MPI.COMM_WORLD.Barrier();
        double start = MPI.Wtime();
        double zeta = 0;
        for (int it = 1; it <= size.niter; it++) {
            zeta = s.powerStep(size.shift);
        }
        double[] time = {MPI.Wtime() - start};
        double[] maxTime = new double[1];
        MPI.COMM_WORLD.Allreduce(time, 0, maxTime, 0, 1, MPI.DOUBLE, MPI.MAX);
        return new Result(size, zeta, maxTime[0], ranks, team == null ? 1 : team.size());
    }
}
