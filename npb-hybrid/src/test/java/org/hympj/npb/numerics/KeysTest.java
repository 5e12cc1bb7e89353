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
            char[] offsets = new char[n + 10];
            for (int i = 0; i < offsets.length; i++) {
                offsets[i] = (char) (data[i] & 127);
            }
            int[] values = new int[Keys.histogramLength(100 + 128)];
            int[] expectedValues = new int[values.length];
            Keys.countOffsets(offsets, lo, hi, 100, values);
            for (int i = lo; i < hi; i++) {
                expectedBuckets[data[i] >> 7]++;
                expectedValues[100 + (data[i] & 127)]++;
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
        assertThrows(IllegalArgumentException.class, () -> Keys.countOffsets(new char[3], 0, 3, 1, new int[3]));
        IllegalArgumentException wide = assertThrows(IllegalArgumentException.class,
            () -> Keys.scatter(keys, 0, 3, 17, new int[1], new char[3]));
        assertTrue(wide.getMessage().contains("fit in a char"), wide.getMessage());
    }

    @Test
    void scatterKeepsOrderWithinBucketsAndEachKeysOffset() {
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
            int[] starts = next.clone();
            int[] expected = new int[n];
            int[] expectedNext = next.clone();
            for (int k : data) {
                expected[expectedNext[k >> 7]++] = k;
            }
            char[] offsets = new char[n];
            Keys.scatter(data, 0, n, 7, next, offsets);
            assertArrayEquals(expectedNext, next, "n=" + n);
            // Each key comes back from its bucket, known from where it lies, and its offset.
            int[] restored = new int[n];
            for (int b = 0; b < sizes.length; b++) {
                for (int i = starts[b]; i < starts[b] + sizes[b]; i++) {
                    restored[i] = (b << 7) + offsets[i];
                }
            }
            assertArrayEquals(expected, restored, "n=" + n);
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
