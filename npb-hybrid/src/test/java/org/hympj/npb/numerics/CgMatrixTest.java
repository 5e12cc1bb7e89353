package org.hympj.npb.numerics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.hympj.npb.numerics.CgMatrix.SparseBlock;
import org.junit.jupiter.api.Test;

/**
 * A rank's block of the matrix multiplies a vector as its block of rows does, in either form
 * (the rows as they are, with the whole vector; the columns they transpose into, with the
 * rank's block of it) and with its column numbers in a char[] or an int[]: each row adds its
 * entries in column order into one running sum, the same to the bit every way and over any
 * split of the rows.
 */
class CgMatrixTest {
    /** Class S's order and nonzeros, the second half of the rows as 2 ranks split them. */
    private static final int N = 1400;
    private static final int FIRST = 700;
    private static final int COUNT = 700;

    /** The block of rows times the whole vector, each row summed in its order. */
    private static double[] rowProduct(CgMatrix.Rows rows, double[] whole) {
        double[] out = new double[rows.count];
        for (int j = 0; j < rows.count; j++) {
            double sum = 0.0;
            for (int k = rows.start[j]; k < rows.start[j + 1]; k++) {
                sum += rows.value[k] * whole[rows.column[k]];
            }
            out[j] = sum;
        }
        return out;
    }

    /** Row i of the transpose: the rows' entries in global column i, in local row order, summed as the product sums them. */
    private static double[] transposedProduct(CgMatrix.Rows rows, double[] block) {
        double[] out = new double[N];
        for (int j = 0; j < rows.count; j++) {
            for (int k = rows.start[j]; k < rows.start[j + 1]; k++) {
                out[rows.column[k]] += rows.value[k] * block[j];
            }
        }
        return out;
    }

    private static double[] randomVector(int length, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] v = new double[length];
        for (int j = 0; j < length; j++) {
            v[j] = random.nextDouble(-1.0, 1.0);
        }
        return v;
    }

    /** The block's product in calls over parts of its rows, as a team's threads make them, one of them empty. */
    private static double[] multiplyInParts(SparseBlock block, double[] in) {
        double[] out = new double[block.rows];
        int third = block.rows / 3;
        block.multiply(in, out, 0, third);
        block.multiply(in, out, third, third);
        block.multiply(in, out, third, 2 * third + 1);
        block.multiply(in, out, 2 * third + 1, block.rows);
        return out;
    }

    /**
     * Both blocks are of the form given, {@code narrow}'s column numbers in chars and
     * {@code wide}'s in ints, and both give {@code expected}, the length of their product,
     * from {@code in}.
     */
    private static void assertNarrowAndWide(double[] expected, double[] in, boolean byRows, SparseBlock narrow, SparseBlock wide) {
        assertNotNull(narrow.narrowColumn);
        assertNull(wide.narrowColumn);
        for (SparseBlock block : new SparseBlock[] {narrow, wide}) {
            assertEquals(byRows, block.byRows);
            assertEquals(expected.length, block.rows);
            assertArrayEquals(expected, multiplyInParts(block, in));
        }
    }

    @Test
    void narrowAndWideColumnsGiveTheTransposedProduct() {
        CgMatrix.Rows rows = CgMatrix.rows(N, 7, 10, FIRST, COUNT);
        double[] in = randomVector(COUNT, 31);
        assertNarrowAndWide(transposedProduct(rows, in), in, false, SparseBlock.byColumns(rows, N),
            SparseBlock.byColumns(rows, N, false));
    }

    @Test
    void theRowsGiveTheRowProductWithCharOrIntColumnNumbers() {
        CgMatrix.Rows rows = CgMatrix.rows(N, 7, 10, FIRST, COUNT);
        double[] whole = randomVector(N, 37);
        // The same rows as part of a matrix too wide for chars keep their int column numbers.
        assertNarrowAndWide(rowProduct(rows, whole), whole, true, SparseBlock.byRows(rows, N),
            SparseBlock.byRows(rows, SparseBlock.NARROW_COLUMNS + 1));
    }

    @Test
    void theProductTakesTheRowsUnlessOnlyTheColumnsFitInChars() {
        CgMatrix.Rows rows = CgMatrix.rows(N, 7, 10, FIRST, COUNT);
        assertTrue(SparseBlock.forProduct(rows, N).byRows, "n = 1400: both forms in chars, the rows");
        SparseBlock columns = SparseBlock.forProduct(rows, SparseBlock.NARROW_COLUMNS + 1);
        assertFalse(columns.byRows, "a block of 700 columns fits in chars where the matrix's n does not");
        // NPB's orders: A on 2 ranks by rows, B on 2 and C on 2 by columns, any class on 1 rank by rows.
        assertTrue(SparseBlock.byRowsFor(14000, 7000));
        assertFalse(SparseBlock.byRowsFor(75000, 37500));
        assertFalse(SparseBlock.byRowsFor(150000, 75000));
        assertTrue(SparseBlock.byRowsFor(75000, 75000));
        assertTrue(SparseBlock.byRowsFor(150000, 150000));
    }
}
