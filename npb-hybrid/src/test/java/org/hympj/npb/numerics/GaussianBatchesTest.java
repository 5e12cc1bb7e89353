package org.hympj.npb.numerics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The choice between the scalar and the vector loop: a thread with few batches keeps the
 * scalar loop (the same bits as {@link GaussianPairs} alone); one with many hands its batches
 * to the vector loop once C2 has compiled it, and adds up the same counts and, within 1e-13 a
 * pair, the same sums. Surefire runs this module with the Vector API's module.
 */
class GaussianBatchesTest {
    private static final int PAIRS = 4096;
    private static final long SEED = 271828183L;
    private static final long STRIDE = Randlc.skip(1, Randlc.A, 2L * PAIRS);

    @Test
    void aThreadWithFewBatchesKeepsTheScalarLoop() {
        int batches = GaussianBatches.FEWEST_BATCHES_FOR_VECTORS - 1;
        GaussianBatches gaussian = new GaussianBatches(batches);
        double[] sums = new double[2];
        long[] counts = new long[10];
        double[] scalarSums = new double[2];
        long[] scalarCounts = new long[10];
        for (int k = 0; k < batches; k++) {
            gaussian.addBatch(Randlc.skip(SEED, STRIDE, k), PAIRS, sums, counts);
            GaussianPairs.addBatch(Randlc.skip(SEED, STRIDE, k), PAIRS, scalarSums, scalarCounts);
        }
        assertEquals(0, gaussian.vectorBatches());
        assertArrayEquals(scalarSums, sums, 0.0);
        assertArrayEquals(scalarCounts, counts);
    }

    @Test
    void theVectorLoopTakesOverOnceCompiledAndAddsUpTheSame() {
        assertTrue(Vectors.ON, "jdk.incubator.vector is in this JVM");
        GaussianBatches gaussian = new GaussianBatches(GaussianBatches.FEWEST_BATCHES_FOR_VECTORS);
        double[] sums = new double[2];
        long[] counts = new long[10];
        double[] scalarSums = new double[2];
        long[] scalarCounts = new long[10];
        // Batches until the vector loop has added 200 (C2 takes a few hundred milliseconds);
        // the deadline only keeps a JVM that never compiles it from hanging the build.
        long deadline = System.nanoTime() + 120_000_000_000L;
        int k = 0;
        while (gaussian.vectorBatches() < 200 && System.nanoTime() < deadline) {
            gaussian.addBatch(Randlc.skip(SEED, STRIDE, k), PAIRS, sums, counts);
            GaussianPairs.addBatch(Randlc.skip(SEED, STRIDE, k), PAIRS, scalarSums, scalarCounts);
            k++;
        }
        assertEquals(200, gaussian.vectorBatches(), "vector batches after " + k + " batches");
        assertArrayEquals(scalarCounts, counts);
        assertEquals(scalarSums[0], sums[0], 1e-13 * k * PAIRS);
        assertEquals(scalarSums[1], sums[1], 1e-13 * k * PAIRS);
    }
}
