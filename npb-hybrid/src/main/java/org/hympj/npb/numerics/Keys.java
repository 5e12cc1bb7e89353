package org.hympj.npb.numerics;

import java.util.Arrays;

/**
 * IS's loops over keys: generating them, counting them into slots, scattering them into
 * buckets. Free of MPI and of per-rank state, so all thread ranks of a job share one copy
 * (the jar declares the package shared) and the JIT compiles it once: IS class A is a
 * quarter of a second, and its first timed iterations ran two and three times slower than
 * the rest while each rank compiled its own copy of these loops.
 *
 * <p>The passes of a timed iteration call their loop once per block, about four thousand
 * blocks a pass ({@link PassBlocks} says why): as one loop per iteration, a pass ran in C1's
 * profiling code in the first timed iterations until C2 had compiled it (IS A: 19-37 ms
 * against 12-14 for the rest); four thousand calls get it compiled in the untimed one.
 */
public final class Keys {
    private static final int BLOCKS_PER_PASS = 4096;

    private Keys() {
    }

    /**
     * keys[i] for i from lo to hi - 1: k times the sum of four numbers of the NPB stream
     * continuing from {@code seed}.
     */
    public static void generate(int[] keys, int lo, int hi, long seed, double k) {
        for (int i = lo; i < hi; i++) {
            seed = Randlc.multiply(Randlc.A, seed);
            double x = Randlc.R46 * seed;
            seed = Randlc.multiply(Randlc.A, seed);
            x += Randlc.R46 * seed;
            seed = Randlc.multiply(Randlc.A, seed);
            x += Randlc.R46 * seed;
            seed = Randlc.multiply(Randlc.A, seed);
            x += Randlc.R46 * seed;
            keys[i] = (int) (k * x);
        }
    }

    /**
     * Adds to {@code out[key >> shift]} one for each key of {@code data[lo..hi)}. Four keys
     * are loaded before their four increments: IS class A's 4M keys into 1024 buckets took
     * 2.85 ms one key at a time and 2.35 ms so (JDK 17), presumably because C2 otherwise
     * keeps each key's load behind the previous increment's store (both arrays are int[], and
     * it cannot rule out that they overlap).
     */
    public static void countBuckets(int[] data, int lo, int hi, int shift, int[] out) {
        for (int from = lo, block = PassBlocks.length(hi - lo, BLOCKS_PER_PASS); from < hi; from += block) {
            countBucketsBlock(data, from, Math.min(hi, from + block), shift, out);
        }
    }

    private static void countBucketsBlock(int[] data, int lo, int hi, int shift, int[] out) {
        int i = lo;
        for (; i + 3 < hi; i += 4) {
            int a = data[i] >> shift;
            int b = data[i + 1] >> shift;
            int c = data[i + 2] >> shift;
            int d = data[i + 3] >> shift;
            out[a]++;
            out[b]++;
            out[c]++;
            out[d]++;
        }
        for (; i < hi; i++) {
            out[data[i] >> shift]++;
        }
    }

    /**
     * Adds to {@code out[key - min]} one for each key of {@code data[lo..hi)}. A loop of its
     * own rather than {@link #countBuckets} with no shift: sharing one loop (and its profile)
     * with the bucket count made this pass 1.6 times slower (2.8 against 1.6 ms in IS A).
     */
    public static void countValues(int[] data, int lo, int hi, int min, int[] out) {
        for (int from = lo, block = PassBlocks.length(hi - lo, BLOCKS_PER_PASS); from < hi; from += block) {
            countValuesBlock(data, from, Math.min(hi, from + block), min, out);
        }
    }

    private static void countValuesBlock(int[] data, int lo, int hi, int min, int[] out) {
        for (int i = lo; i < hi; i++) {
            out[data[i] - min]++;
        }
    }

    /**
     * Moves keys {@code [lo, hi)} into their buckets (bucket {@code key >> shift}), in
     * order within each; {@code next[b]} is where bucket b's next key goes, and is advanced.
     */
    public static void scatter(int[] keys, int lo, int hi, int shift, int[] next, int[] bucketed) {
        for (int from = lo, block = PassBlocks.length(hi - lo, BLOCKS_PER_PASS); from < hi; from += block) {
            scatterBlock(keys, from, Math.min(hi, from + block), shift, next, bucketed);
        }
    }

    private static void scatterBlock(int[] keys, int lo, int hi, int shift, int[] next, int[] bucketed) {
        for (int i = lo; i < hi; i++) {
            int key = keys[i];
            bucketed[next[key >> shift]++] = key;
        }
    }

    /** counts[i] += counts[i - 1] for i from 1 to n - 1: counts become running totals. */
    public static void accumulate(int[] counts, int n) {
        for (int from = 1, block = PassBlocks.length(n, BLOCKS_PER_PASS); from < n; from += block) {
            accumulateBlock(counts, from, Math.min(n, from + block));
        }
    }

    /** counts[i] += counts[i - 1] for i from lo (at least 1) to hi - 1. */
    private static void accumulateBlock(int[] counts, int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            counts[i] += counts[i - 1];
        }
    }

    /** Zeroes {@code counts[0..n)}. */
    public static void clear(int[] counts, int n) {
        for (int from = 0, block = PassBlocks.length(n, BLOCKS_PER_PASS); from < n; from += block) {
            Arrays.fill(counts, from, Math.min(n, from + block), 0);
        }
    }
}
