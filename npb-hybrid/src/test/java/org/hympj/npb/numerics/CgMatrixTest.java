package org.hympj.npb.numerics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A block of columns, its column numbers in a char[] or an int[], multiplies a vector as the
 * block of rows it was transposed from does, each row adding its entries in column order
 * into four running sums, the same to the bit either way.
 */
class CgMatrixTest {
    /** Class S's order and nonzeros, the second half of the rows as 2 ranks split them. */
    private static final int N = 1400;
    private static final int FIRST = 700;
    private static final int COUNT = 700;

    /** Row i of the transpose: the rows' entries in global column i, in local row order, summed as the product sums them. */
    private static double[] transposedProduct(CgMatrix.Rows rows, double[] in) {
        int[] entries = new int[N];
        for (int k = 0; k < rows.start[rows.count]; k++) {
            entries[rows.column[k]]++;
        }
        double[][] sums = new double[N][4];
        int[] seen = new int[N];
        for (int j = 0; j < rows.count; j++) {
            for (int k = rows.start[j]; k < rows.start[j + 1]; k++) {
                int i = rows.column[k];
                int e = entries[i];
                int slot = seen[i] < e - e % 4 ? seen[i] % 4 : 0;
                sums[i][slot] += rows.value[k] * in[j];
                seen[i]++;
            }
        }
        double[] out = new double[N];
        for (int i = 0; i < N; i++) {
            out[i] = (sums[i][0] + sums[i][1]) + (sums[i][2] + sums[i][3]);
        }
        return out;
    }

    @Test
    void narrowAndWideColumnsGiveTheTransposedProduct() {
        CgMatrix.Rows rows = CgMatrix.rows(N, 7, 10, FIRST, COUNT);
        SplittableRandom random = new SplittableRandom(31);
        double[] in = new double[COUNT];
        for (int j = 0; j < COUNT; j++) {
            in[j] = random.nextDouble(-1.0, 1.0);
        }
        double[] expected = transposedProduct(rows, in);
        CgMatrix.Columns narrow = CgMatrix.Columns.of(rows, N);
        assertNotNull(narrow.narrowColumn, "700 columns are numbered in chars");
        CgMatrix.Columns wide = CgMatrix.Columns.of(rows, N, false);
        assertNull(wide.narrowColumn);
        for (CgMatrix.Columns columns : new CgMatrix.Columns[] {narrow, wide}) {
            double[] out = new double[N];
            // Two calls over parts of the rows, as a team's threads make them.
            columns.multiply(in, out, 0, 333);
            columns.multiply(in, out, 333, N);
            assertArrayEquals(expected, out);
        }
    }
}
