package org.hympj.npb.numerics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The blocked passes against one plain loop each, on lengths that leave a partial last block. */
class KeysTest {
    private static final int[] LENGTHS = {0, 1, 3, 63, 64, 65, 1000, 262_147, 300_001};

    private static int[] keys(SplittableRandom random, int n, int bound) {
        return keys(random, n, 0, bound);
    }

    private static int[] keys(SplittableRandom random, int n, int origin, int bound) {
        int[] keys = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = random.nextInt(origin, bound);
        }
        return keys;
    }

    @Test
    void countsMatchOneKeyAtATime() {
        SplittableRandom random = new SplittableRandom(7);
        for (int n : LENGTHS) {
            int[] data = keys(random, n + 10, 1000, 1 << 12);
            int lo = Math.min(5, n);
            int hi = lo + n;
            int[] buckets = new int[1 << 5];
            int[] expectedBuckets = new int[1 << 5];
            Keys.countBuckets(data, lo, hi, 7, buckets);
            // Keys from 1000 up counted from slot 0: a rank's count table starts at its lowest key.
            int[] values = new int[Keys.histogramLength(1 << 12)];
            int[] expectedValues = new int[values.length];
            Keys.countKeys(data, lo, hi, -1000, values);
            for (int i = lo; i < hi; i++) {
                expectedBuckets[data[i] >> 7]++;
                if (data[i] >= 1000) {
                    expectedValues[data[i] - 1000]++;
                }
            }
            assertArrayEquals(expectedBuckets, buckets, "buckets, n=" + n);
            assertArrayEquals(expectedValues, values, "values, n=" + n);
        }
    }

    @Test
    void histogramsArePowersOfTwoLongAndOthersAreRefused() {
        assertEquals(1, Keys.histogramLength(0));
        assertEquals(1, Keys.histogramLength(1));
        assertEquals(2, Keys.histogramLength(2));
        assertEquals(4, Keys.histogramLength(3));
        assertEquals(1024, Keys.histogramLength(1024));
        assertEquals(2048, Keys.histogramLength(1029));
        int[] keys = {1, 2, 3};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Keys.countBuckets(keys, 0, 3, 0, new int[1029]));
        assertTrue(e.getMessage().contains("power of two"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Keys.countKeys(keys, 0, 3, 1, new int[3]));
    }

    @Test
    void scatterKeepsOrderWithinBucketsAndEachKeyWhole() {
        SplittableRandom random = new SplittableRandom(8);
        for (int n : LENGTHS) {
            scatterMatchesOneKeyAtATime(keys(random, n, 1 << 12), 7, "n=" + n);
        }
    }

    /** IS C's buckets hold 2^13 keys each; buckets of 2^20 keys still get every key whole, all 32 bits of it. */
    @Test
    void scatterMovesWholeKeysFromBucketsOfAnyWidth() {
        SplittableRandom random = new SplittableRandom(10);
        scatterMatchesOneKeyAtATime(keys(random, 100_000, 1 << 25), 20, "2^20 keys a bucket");
        scatterMatchesOneKeyAtATime(keys(random, 100_000, Integer.MAX_VALUE), 26, "2^26 keys a bucket");
    }

    private static void scatterMatchesOneKeyAtATime(int[] data, int shift, String what) {
        int[] sizes = new int[(Arrays.stream(data).max().orElse(0) >> shift) + 1];
        for (int k : data) {
            sizes[k >> shift]++;
        }
        int[] next = new int[sizes.length];
        for (int b = 1; b < sizes.length; b++) {
            next[b] = next[b - 1] + sizes[b - 1];
        }
        int[] expected = new int[data.length];
        int[] expectedNext = next.clone();
        for (int k : data) {
            expected[expectedNext[k >> shift]++] = k;
        }
        int[] bucketed = new int[data.length];
        Keys.scatter(data, 0, data.length, shift, next, bucketed);
        assertArrayEquals(expectedNext, next, what);
        assertArrayEquals(expected, bucketed, what);
    }

    @Test
    void accumulateAndClearCoverEveryEntry() {
        SplittableRandom random = new SplittableRandom(9);
        for (int n : LENGTHS) {
            int[] counts = keys(random, n + 3, 100);
            int[] expected = counts.clone();
            for (int i = 1; i < n; i++) {
                expected[i] += expected[i - 1];
            }
            Keys.accumulate(counts, n);
            assertArrayEquals(expected, counts, "accumulate, n=" + n);
            Keys.clear(counts, n);
            Arrays.fill(expected, 0, n, 0);
            assertArrayEquals(expected, counts, "clear, n=" + n);
        }
    }
}
