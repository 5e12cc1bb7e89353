package org.hympj.npb.numerics;

/**
 * CG's matrix: NPB's makea for a block of rows, and that block ready to multiply a vector.
 * Free of MPI and of
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
     * One rank's block of rows of the matrix, ready for the product: compressed rows with
     * 32-bit column numbers and double values, as NPB's CG keeps them, each row adding its
     * entries in column order.
     */
    public static final class SparseBlock {
        /** The rows of the rank's block. */
        public final int count;
        final int[] start;
        final int[] column;
        final double[] value;

        /** The block of rows as generated, sharing its arrays. */
        public SparseBlock(Rows rows) {
            this.count = rows.count;
            this.start = rows.start;
            this.column = rows.column;
            this.value = rows.value;
        }

        /**
         * out[i] = row i of this block times {@code in}, the whole vector, for rows lo to hi - 1.
         */
        public void multiply(double[] in, double[] out, int lo, int hi) {
            // One running sum per row, as the reference adds, with the entry index carried from
            // row to row so that the inner loop's only bound is the row's end: C2 then drops the
            // range checks of value[k] and column[k], which four partial sums per row (a loop
            // stepping by four to a bound it cannot count) would keep. The row's additions still
            // form one chain; the out-of-order core overlaps the chains of neighbouring rows.
            int[] start = this.start;
            int[] column = this.column;
            double[] value = this.value;
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
