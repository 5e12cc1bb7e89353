package org.hympj.npb.numerics;

/**
 * CG's matrix: NPB's makea for a block of rows, and that block in the form that multiplies
 * a vector, as it is or transposed into the same block of columns. Free of MPI and of
 * per-rank state, so all thread ranks of a job share one copy (the jar declares the package
 * shared) and the JIT compiles it once.
 */
public final class CgMatrix {
    private static final double RCOND = 0.1;

    private CgMatrix() {
    }

    /** The generator state shared by makea's helpers, in the order the reference draws. */
    private static final class Generator {
        long tran = 314159265L;

        double next() {
            tran = Randlc.multiply(Randlc.A, tran);
            return Randlc.deviate(tran);
        }
    }

    /** One rank's rows of the matrix in compressed rows, columns global. */
    public static final class Rows {
        public final int count;
        final int[] start;
        final int[] column;
        final double[] value;

        Rows(int count, int[] start, int[] column, double[] value) {
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
    public static Rows rows(int n, int nonzer, double shift, int first, int count) {
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
        return sparse(n, first, count, arow, acol, aelt, shift);
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
        return new Rows(count, rowstr, colidx, a);
    }

    /**
     * One rank's part of the matrix, ready for the product, in compressed rows: either its
     * block of rows as generated ({@link #byRows}: it multiplies the whole vector and gives
     * the rank's block of the product), or that block transposed into the same block of
     * columns over all {@code n} rows (the matrix is symmetric in structure: it multiplies the
     * rank's block of the vector and gives a partial product over all rows, which the ranks
     * sum). Column numbers that all fit in a {@code char} ({@link #NARROW_COLUMNS}) are held
     * in a {@code char[]}: an entry is 10 bytes instead of 12, and the product, which streams
     * the entries and is bound by memory, reads a sixth less. Either way each row adds its
     * entries in column order.
     *
     * <p>{@link #forProduct} chooses: the rows when their column numbers fit a {@code char}
     * (n at most 65,536: classes S, W and A) or when the rank holds the whole matrix; else
     * the columns, whose numbers fit while a block has at most 65,536 (class B from 2 ranks,
     * C from 3). With both narrow the rows win: a row holds all its entries instead of a
     * rank's share (CG A on 2 ranks: 7,000 rows of about 132 where the columns give 14,000 of
     * about 66), so a rank ends half as many rows, writes half as many sums and adds up no
     * partial products. Where only the columns are narrow they win by the bytes
     * (docs/logs/2026-11-26-cg-by-rows-where-the-rows-fit-in-chars.md).
     */
    public static final class SparseBlock {
        /** The most columns whose numbers fit in a {@code char}. */
        static final int NARROW_COLUMNS = 1 << 16;
        /** The size of the rank's block: its rows, and the same columns. */
        public final int count;
        /** True for the block of rows (columns global), false for the block of columns over all rows. */
        public final boolean byRows;
        /** The rows this block has, so the length of its product: {@link #count} by rows, n by columns. */
        public final int rows;
        final int[] start;
        /** The column numbers, if they fit in chars; else null. */
        final char[] narrowColumn;
        /** The column numbers, if they do not fit in chars; else null. */
        final int[] wideColumn;
        final double[] value;

        private SparseBlock(int count, boolean byRows, int rows, int[] start, char[] narrowColumn, int[] wideColumn,
                            double[] value) {
            this.count = count;
            this.byRows = byRows;
            this.rows = rows;
            this.start = start;
            this.narrowColumn = narrowColumn;
            this.wideColumn = wideColumn;
            this.value = value;
        }

        /** The form of {@code rows}, a block of the matrix of order {@code n}, that multiplies faster (see the class comment). */
        public static SparseBlock forProduct(Rows rows, int n) {
            return byRowsFor(n, rows.count) ? byRows(rows, n) : byColumns(rows, n);
        }

        /** Whether a rank with {@code count} rows of a matrix of order {@code n} multiplies by rows. */
        static boolean byRowsFor(int n, int count) {
            return n <= NARROW_COLUMNS || count == n;
        }

        /** The block of rows as it is, sharing its arrays (its column numbers copied into chars if they fit). */
        static SparseBlock byRows(Rows rows, int n) {
            int entries = rows.start[rows.count];
            char[] narrowColumn = null;
            if (n <= NARROW_COLUMNS) {
                narrowColumn = new char[entries];
                for (int k = 0; k < entries; k++) {
                    narrowColumn[k] = (char) rows.column[k];
                }
            }
            return new SparseBlock(rows.count, true, rows.count, rows.start, narrowColumn,
                narrowColumn == null ? rows.column : null, rows.value);
        }

        /** The transpose of a block of rows: the same block of columns, each row in column order. */
        public static SparseBlock byColumns(Rows rows, int n) {
            return byColumns(rows, n, rows.count <= NARROW_COLUMNS);
        }

        /** As {@link #byColumns(Rows, int)}, with the column numbers in a {@code char[]} if {@code narrow} (at most 65,536 columns). */
        static SparseBlock byColumns(Rows rows, int n, boolean narrow) {
            int entries = rows.start[rows.count];
            int[] start = new int[n + 1];
            for (int k = 0; k < entries; k++) {
                start[rows.column[k] + 1]++;
            }
            for (int i = 0; i < n; i++) {
                start[i + 1] += start[i];
            }
            int[] next = java.util.Arrays.copyOf(start, n);
            char[] narrowColumn = narrow ? new char[entries] : null;
            int[] wideColumn = narrow ? null : new int[entries];
            double[] value = new double[entries];
            for (int j = 0; j < rows.count; j++) {
                for (int k = rows.start[j]; k < rows.start[j + 1]; k++) {
                    int at = next[rows.column[k]]++;
                    if (narrow) {
                        narrowColumn[at] = (char) j;
                    } else {
                        wideColumn[at] = j;
                    }
                    value[at] = rows.value[k];
                }
            }
            return new SparseBlock(rows.count, false, n, start, narrowColumn, wideColumn, value);
        }

        /**
         * out[i] = row i of this block times {@code in}, for rows lo to hi - 1: {@code in} is the
         * whole vector for a block of rows, this rank's block of it for a block of columns.
         */
        public void multiply(double[] in, double[] out, int lo, int hi) {
            if (narrowColumn != null) {
                multiply(start, narrowColumn, value, in, out, lo, hi);
            } else {
                multiply(start, wideColumn, value, in, out, lo, hi);
            }
        }

        // The two products differ only in the type of the column numbers' array (Java has no
        // generic primitive arrays, and an index read through an interface would not inline).
        // One running sum per row, as the reference adds, with the entry index carried from
        // row to row so that the inner loop's only bound is the row's end: C2 then drops the
        // range checks of value[k] and column[k], which four partial sums per row (a loop
        // stepping by four to a bound it cannot count) would keep. The row's additions still
        // form one chain; the out-of-order core overlaps the chains of neighbouring rows.

        private static void multiply(int[] start, char[] column, double[] value, double[] in, double[] out, int lo, int hi) {
            int k = start[lo];
            for (int i = lo; i < hi; i++) {
                double sum = 0.0;
                for (int end = start[i + 1]; k < end; k++) {
                    sum += value[k] * in[column[k]];
                }
                out[i] = sum;
            }
        }

        private static void multiply(int[] start, int[] column, double[] value, double[] in, double[] out, int lo, int hi) {
            int k = start[lo];
            for (int i = lo; i < hi; i++) {
                double sum = 0.0;
                for (int end = start[i + 1]; k < end; k++) {
                    sum += value[k] * in[column[k]];
                }
                out[i] = sum;
            }
        }
    }
}
