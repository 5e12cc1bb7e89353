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
        int[] keys = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = random.nextInt(bound);
        }
        return keys;
    }

    @Test
    void countsMatchOneKeyAtATime() {
        SplittableRandom random = new SplittableRandom(7);
        for (int n : LENGTHS) {
            int[] data = keys(random, n + 10, 1 << 12);
            int lo = Math.min(5, n);
            int hi = lo + n;
            int[] buckets = new int[1 << 5];
            int[] expectedBuckets = new int[1 << 5];
            Keys.countBuckets(data, lo, hi, 7, buckets);
            int[] values = new int[Keys.histogramLength((1 << 12) - 100)];
            int[] expectedValues = new int[values.length];
            int[] inRange = Arrays.stream(data).filter(k -> k >= 100).toArray();
            Keys.countValues(inRange, 0, inRange.length, 100, values);
            for (int i = lo; i < hi; i++) {
                expectedBuckets[data[i] >> 7]++;
            }
            for (int k : inRange) {
                expectedValues[k - 100]++;
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
        assertThrows(IllegalArgumentException.class, () -> Keys.countValues(keys, 0, 3, 1, new int[3]));
    }

    @Test
    void scatterKeepsOrderWithinBuckets() {
        SplittableRandom random = new SplittableRandom(8);
        for (int n : LENGTHS) {
            int[] data = keys(random, n, 1 << 12);
            int[] sizes = new int[1 << 5];
            for (int k : data) {
                sizes[k >> 7]++;
            }
            int[] next = new int[sizes.length];
            for (int b = 1; b < sizes.length; b++) {
                next[b] = next[b - 1] + sizes[b - 1];
            }
            int[] expected = new int[n];
            int[] expectedNext = next.clone();
            for (int k : data) {
                expected[expectedNext[k >> 7]++] = k;
            }
            int[] bucketed = new int[n];
            Keys.scatter(data, 0, n, 7, next, bucketed);
            assertArrayEquals(expected, bucketed, "n=" + n);
            assertArrayEquals(expectedNext, next, "n=" + n);
        }
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
