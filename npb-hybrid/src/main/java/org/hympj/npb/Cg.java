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
 * <p>Distribution: by blocks of columns, as the NPB reference lays out two ranks (its grid
 * has one row of processes there). Every rank generates the matrix's random structure (a few
 * numbers per row, cheap), keeps the block of rows {@code [first, first + count)} and
 * transposes it: the matrix is symmetric in structure, and the transpose of a row block is
 * the column block with each entry formed as the reference forms it. A rank owns the same
 * block of every vector, so the product needs no gathered vector: each rank multiplies its
 * columns by its block of p into a partial result over all rows, and one Alltoallv hands every
 * rank the partials of its own block, summed in rank order. Its gathers then touch only its
 * block of p, which stays in cache while the matrix streams past. Dot products are an
 * Allreduce. In the hybrid form a rank's team shares the rows of the product and the block
 * in the dots.
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

    /**
     * One rank's block of columns of the matrix, in compressed rows over all {@code n} rows,
     * columns numbered from the block's first.
     */
    static final class Columns {
        final int first;
        final int count;
        final int[] start;
        final int[] column;
        final double[] value;

        private Columns(int first, int count, int[] start, int[] column, double[] value) {
            this.first = first;
            this.count = count;
            this.start = start;
            this.column = column;
            this.value = value;
        }

        /** The transpose of a block of rows: the same block of columns, each row in column order. */
        static Columns of(Rows rows, int n) {
            int entries = rows.start[rows.count];
            int[] start = new int[n + 1];
            for (int k = 0; k < entries; k++) {
                start[rows.column[k] + 1]++;
            }
            for (int i = 0; i < n; i++) {
                start[i + 1] += start[i];
            }
            int[] next = java.util.Arrays.copyOf(start, n);
            int[] column = new int[entries];
            double[] value = new double[entries];
            for (int j = 0; j < rows.count; j++) {
                for (int k = rows.start[j]; k < rows.start[j + 1]; k++) {
                    int at = next[rows.column[k]]++;
                    column[at] = j;
                    value[at] = rows.value[k];
                }
            }
            return new Columns(rows.first, rows.count, start, column, value);
        }
    }

    /** The vectors (this rank's block of each) and the team of one rank's solver. */
    private static final class Solver {
        final Columns matrix;
        final Team team;
        final int n;
        final int ranks;
        final int[] blockCounts;
        final int[] blockStarts;
        final int[] partialCounts;
        final int[] partialStarts;
        final double[] x;
        final double[] z;
        final double[] p;
        final double[] q;
        final double[] r;
        /** The product of this rank's columns with its block of a vector, over all rows. */
        final double[] partial;
        /** Every rank's partial product over this rank's block, rank after rank. */
        final double[] partials;
        final double[] local = new double[2];
        final double[] total = new double[2];

        Solver(Columns matrix, int n, int ranks, Team team) {
            this.matrix = matrix;
            this.team = team;
            this.n = n;
            this.ranks = ranks;
            int count = matrix.count;
            blockCounts = new int[ranks];
            blockStarts = new int[ranks];
            partialCounts = new int[ranks];
            partialStarts = new int[ranks];
            for (int k = 0; k < ranks; k++) {
                blockStarts[k] = blockStart(n, ranks, k);
                blockCounts[k] = blockStart(n, ranks, k + 1) - blockStarts[k];
                partialCounts[k] = count;
                partialStarts[k] = k * count;
            }
            x = new double[count];
            z = new double[count];
            p = new double[count];
            q = new double[count];
            r = new double[count];
            partial = new double[n];
            partials = new double[ranks * count];
        }

        /** out = A in, on this rank's block: its columns times its block, then summed across ranks. */
        private void multiply(double[] in, double[] out) {
            if (team == null) {
                multiply(in, 0, n);
            } else {
                team.parallelFor(0, n, (lo, hi) -> multiply(in, lo, hi));
            }
            MPI.COMM_WORLD.Alltoallv(partial, 0, blockCounts, blockStarts, MPI.DOUBLE,
                partials, 0, partialCounts, partialStarts, MPI.DOUBLE);
            int count = matrix.count;
            for (int j = 0; j < count; j++) {
                double sum = partials[j];
                for (int k = 1; k < ranks; k++) {
                    sum += partials[k * count + j];
                }
                out[j] = sum;
            }
        }

        private void multiply(double[] in, int lo, int hi) {
            int[] start = matrix.start;
            int[] column = matrix.column;
            double[] value = matrix.value;
            // Four partial sums per row: the additions of one row no longer wait on each other
            // in a single chain (a different rounding order, well inside the 1e-10 check).
            for (int i = lo; i < hi; i++) {
                double s0 = 0.0;
                double s1 = 0.0;
                double s2 = 0.0;
                double s3 = 0.0;
                int k = start[i];
                int end = start[i + 1];
                for (; k + 3 < end; k += 4) {
                    s0 += value[k] * in[column[k]];
                    s1 += value[k + 1] * in[column[k + 1]];
                    s2 += value[k + 2] * in[column[k + 2]];
                    s3 += value[k + 3] * in[column[k + 3]];
                }
                for (; k < end; k++) {
                    s0 += value[k] * in[column[k]];
                }
                partial[i] = (s0 + s1) + (s2 + s3);
            }
        }

        /** The sum over all ranks of a · b over each rank's block. */
        private double dot(double[] a, double[] b) {
            local[0] = team == null ? dot(a, b, 0, matrix.count) : team.parallelReduce(0, matrix.count,
                org.hympj.nested.Reduction.SUM, (org.hympj.nested.DoubleRangeFunction) (from, to) -> dot(a, b, from, to));
            MPI.COMM_WORLD.Allreduce(local, 0, total, 0, 1, MPI.DOUBLE, MPI.SUM);
            return total[0];
        }

        private static double dot(double[] a, double[] b, int lo, int hi) {
            double s = 0.0;
            for (int j = lo; j < hi; j++) {
                s += a[j] * b[j];
            }
            return s;
        }

        /** conj_grad: 25 CG iterations towards A z = x, on this rank's block of each vector. */
        void conjugateGradient() {
            int count = matrix.count;
            for (int j = 0; j < count; j++) {
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
                for (int j = 0; j < count; j++) {
                    z[j] += alpha * p[j];
                    r[j] -= alpha * q[j];
                }
                rho = dot(r, r);
                double beta = rho / rho0;
                for (int j = 0; j < count; j++) {
                    p[j] = r[j] + beta * p[j];
                }
            }
        }

        /** One step of the inverse power iteration; returns zeta and leaves x = z / |z|. */
        double powerStep(double shift) {
            conjugateGradient();
            int count = matrix.count;
            local[0] = dot(x, z, 0, count);
            local[1] = dot(z, z, 0, count);
            MPI.COMM_WORLD.Allreduce(local, 0, total, 0, 2, MPI.DOUBLE, MPI.SUM);
            double norm = 1.0 / Math.sqrt(total[1]);
            for (int j = 0; j < count; j++) {
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
        // The generated structure, the row block and its transpose (both alive while transposing), the vectors.
        MemoryCheck.require("CG", size, 12.0 * size.na * (size.nonzer + 1) + 24.0 * rowsHere * (size.nonzer + 1) * (size.nonzer + 1)
            + 16.0 * size.na + 48.0 * rowsHere);
        int first = blockStart(size.na, ranks, rank);
        Columns columns = Columns.of(makeMatrix(size, first, blockStart(size.na, ranks, rank + 1) - first), size.na);
        Solver s = new Solver(columns, size.na, ranks, team);
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
