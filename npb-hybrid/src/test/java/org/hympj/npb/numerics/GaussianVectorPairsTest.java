package org.hympj.npb.numerics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The vector loop against the scalar batch ({@link GaussianPairs}, itself checked against the
 * reference's formulas): the same counts, annulus by annulus, and sums within 1e-13 per pair
 * (each Gaussian deviate is about 1 in magnitude; the vector loop's logarithm and its order of
 * addition differ, so the last bits of the sums do). Surefire runs this module
 * with the Vector API's module, so {@link Vectors#ON} holds here.
 */
class GaussianVectorPairsTest {
    private static final double PER_PAIR = 1e-13;

    @Test
    void batchesOfEpsStreamMatchTheScalarBatch() {
        assertTrue(Vectors.ON, "jdk.incubator.vector is in this JVM, so the vector loop can be tested");
        long an = Randlc.skip(1, Randlc.A, 2L << 16);
        for (int k = 0; k < 8; k++) {
            assertMatchesScalar(Randlc.skip(271828183L, an, k), 1 << 16);
        }
    }

    @Test
    void shortRunsOfCallsMatchTheScalarBatch() {
        int call = GaussianVectorPairs.pairsPerCall();
        for (int calls = 1; calls <= 5; calls++) {
            assertMatchesScalar(12345L + 2L * calls, calls * call);
        }
    }

    /**
     * Every annulus from 0 to the farthest one the generator can reach: a stream whose first
     * pair is as far out as a search finds, then the calls that follow it. A pair lands far out
     * when both its deviates are near 1/2; its first state 2^45 + d gives a first deviate of
     * 1/2 + d 2^-46, and its second state a (2^45 + d) = 2^45 + a d (mod 2^46), so d with a
     * small a d mod 2^46 gives both. The seed is that first state stepped back once, by a's
     * inverse modulo 2^46 (a^(2^44 - 1): the odd residues' group has exponent 2^44).
     */
    @Test
    void theOuterAnnuliAreCountedAsTheScalarLoopCountsThem() {
        long modulus = 1L << 46;
        int farthest = -1;
        long farthestState = 0;
        for (long d = 1; d < 1 << 22; d++) {
            long first = (modulus >> 1) + d;
            int annulus = annulus(first, Randlc.multiply(Randlc.A, first));
            if (annulus > farthest) {
                farthest = annulus;
                farthestState = first;
            }
        }
        assertTrue(farthest >= 7, "the search reaches annulus " + farthest);
        long inverse = Randlc.skip(1, Randlc.A, (1L << 44) - 1);
        assertEquals(1, Randlc.multiply(Randlc.A, inverse), "a's inverse modulo 2^46");
        long seed = Randlc.multiply(inverse, farthestState);
        long[] counts = assertMatchesScalar(seed, GaussianVectorPairs.pairsPerCall());
        assertTrue(counts[farthest] >= 1, "the stream's first pair is in annulus " + farthest);
    }

    /** The annulus of the pair whose states are s1 and s2, as the scalar loop computes it; -1 outside the circle. */
    private static int annulus(long s1, long s2) {
        double x1 = 2.0 * Randlc.deviate(s1) - 1.0;
        double x2 = 2.0 * Randlc.deviate(s2) - 1.0;
        double r = x1 * x1 + x2 * x2;
        if (r > 1.0 || r == 0.0) {
            return -1;
        }
        double f = Math.sqrt(-2.0 * Math.log(r) / r);
        return (int) Math.max(Math.abs(x1 * f), Math.abs(x2 * f));
    }

    private static long[] assertMatchesScalar(long seed, int pairs) {
        double[] sums = new double[2];
        long[] counts = new long[GaussianVectorPairs.ANNULI];
        GaussianPairs.addBatch(seed, pairs, sums, counts);
        double[] vectorSums = new double[2];
        long[] vectorCounts = new long[GaussianVectorPairs.ANNULI];
        new GaussianVectorPairs().addPairs(seed, pairs, vectorSums, vectorCounts);
        assertArrayEquals(counts, vectorCounts, "counts of " + pairs + " pairs from " + seed);
        assertEquals(sums[0], vectorSums[0], pairs * PER_PAIR, "sx of " + pairs + " pairs from " + seed);
        assertEquals(sums[1], vectorSums[1], pairs * PER_PAIR, "sy of " + pairs + " pairs from " + seed);
        return counts;
    }
}
