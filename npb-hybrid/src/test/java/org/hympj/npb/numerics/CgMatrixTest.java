package org.hympj.npb.numerics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.hympj.npb.numerics.CgMatrix.SparseBlock;
import org.junit.jupiter.api.Test;

/**
 * A rank's block of the matrix multiplies the whole vector as its rows do: each row adds its
 * entries in column order into one running sum, the same to the bit over any split of the
 * rows; and it keeps the reference's data, 32-bit column numbers and double values.
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
        double[] out = new double[block.count];
        int third = block.count / 3;
        block.multiply(in, out, 0, third);
        block.multiply(in, out, third, third);
        block.multiply(in, out, third, 2 * third + 1);
        block.multiply(in, out, 2 * third + 1, block.count);
        return out;
    }

    @Test
    void theBlockGivesTheRowProduct() {
        CgMatrix.Rows rows = CgMatrix.rows(N, 7, 10, FIRST, COUNT);
        double[] whole = randomVector(N, 37);
        SparseBlock block = new SparseBlock(rows);
        assertEquals(COUNT, block.count);
        assertArrayEquals(rowProduct(rows, whole), multiplyInParts(block, whole));
    }

    /** NPB's cg.f90 keeps colidx as 32-bit integers and a as doubles: the product streams the same bytes. */
    @Test
    void columnNumbersAreThirtyTwoBitsWideAsTheReferencesAre() {
        SparseBlock block = new SparseBlock(CgMatrix.rows(N, 7, 10, FIRST, COUNT));
        assertEquals(int[].class, block.column.getClass());
        assertEquals(double[].class, block.value.getClass());
    }
}
