package org.hympj.npb.numerics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A block of columns, its column numbers in a char[] or an int[], multiplies a vector as the
 * block of rows it was transposed from does, each row adding its entries in column order
 * into one running sum, the same to the bit either way and over any split of the rows.
 */
class CgMatrixTest {
    /** Class S's order and nonzeros, the second half of the rows as 2 ranks split them. */
    private static final int N = 1400;
    private static final int FIRST = 700;
    private static final int COUNT = 700;

    /** Row i of the transpose: the rows' entries in global column i, in local row order, summed as the product sums them. */
    private static double[] transposedProduct(CgMatrix.Rows rows, double[] in) {
        double[] out = new double[N];
        for (int j = 0; j < rows.count; j++) {
            for (int k = rows.start[j]; k < rows.start[j + 1]; k++) {
                out[rows.column[k]] += rows.value[k] * in[j];
            }
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
            // Calls over parts of the rows, as a team's threads make them, one of them empty.
            columns.multiply(in, out, 0, 333);
            columns.multiply(in, out, 333, 333);
            columns.multiply(in, out, 333, 1001);
            columns.multiply(in, out, 1001, N);
            assertArrayEquals(expected, out);
        }
    }
}
