package org.hympj.npb.numerics;

/**
 * CG's matrix: NPB's makea for a block of rows, and that block transposed into the same
 * block of columns, which multiplies a vector. Free of MPI and of per-rank state, so all
 * thread ranks of a job share one copy (the jar declares the package shared) and the JIT
 * compiles it once.
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
        public final int first;
        public final int count;
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
        return new Rows(first, count, rowstr, colidx, a);
    }

    /**
     * One rank's block of columns of the matrix, in compressed rows over all {@code n} rows,
     * columns numbered from the block's first. A block of at most {@link #NARROW_COLUMNS}
     * columns (classes S to B on 2 ranks, C from 3) holds its column numbers in a
     * {@code char[]}: an entry is 10 bytes instead of 12, and the product, which streams the
     * entries and is bound by memory, reads a sixth less: in CG B on 2 thread ranks its CPU
     * samples fell 9 to 12 % (two profiled runs each), and the run went from 2816 to 2925 Mop/s
     * (medians of three alternated rounds, faster in 3 of 3). Wider blocks keep an
     * {@code int[]}. Either way each row adds its entries in the same order.
     */
    public static final class Columns {
        /** The widest block whose column numbers fit in a {@code char}. */
        static final int NARROW_COLUMNS = 1 << 16;
        public final int first;
        public final int count;
        final int[] start;
        /** The column numbers, if the block is narrow; else null. */
        final char[] narrowColumn;
        /** The column numbers, if the block is wide; else null. */
        final int[] wideColumn;
        final double[] value;

        private Columns(int first, int count, int[] start, char[] narrowColumn, int[] wideColumn, double[] value) {
            this.first = first;
            this.count = count;
            this.start = start;
            this.narrowColumn = narrowColumn;
            this.wideColumn = wideColumn;
            this.value = value;
        }

        /** The transpose of a block of rows: the same block of columns, each row in column order. */
        public static Columns of(Rows rows, int n) {
            return of(rows, n, rows.count <= NARROW_COLUMNS);
        }

        /** As {@link #of(Rows, int)}, with the column numbers in a {@code char[]} if {@code narrow} (at most 65,536 columns). */
        static Columns of(Rows rows, int n, boolean narrow) {
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
            return new Columns(rows.first, rows.count, start, narrowColumn, wideColumn, value);
        }

        /** out[i] = row i of this block of columns times {@code in}, this block's part of a vector, for rows lo to hi - 1. */
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
        // range checks of value[k] and column[k]. Against four partial sums per row (a loop
        // stepping by four to a bound it cannot count), one thread alone, ns a nonzero: CG A
        // on 2 ranks 0.43-0.44 against 0.51, on 1 rank 0.50 against 0.63 (JDK 25: 0.44 against
        // 0.51), CG B on 2 ranks 0.97 against 1.04. The row's additions still form one chain;
        // the out-of-order core overlaps the chains of neighbouring rows.

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
