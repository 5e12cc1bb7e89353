package org.hympj.npb.numerics;

import java.util.Arrays;

/**
 * IS's loops over keys: generating them, counting them into slots, scattering them into
 * buckets. Free of MPI and of per-rank state, so all thread ranks of a job share one copy
 * (the jar declares the package shared) and the JIT compiles it once: IS's timed section is
 * short, and a compilation per rank of these loops would fall in its first timed iterations.
 *
 * <p>The passes over the keys call their loop once per block, about four thousand blocks a
 * pass ({@link PassBlocks} says why): as one loop per iteration, a pass would run in C1's
 * profiling code in the first timed iterations until C2 had compiled it; four thousand calls
 * get it compiled in the untimed one. The passes over the
 * count table take larger blocks ({@link #COUNTS_BLOCK}).
 */
public final class Keys {
    private static final int BLOCKS_PER_PASS = 4096;
    /**
     * The count table's passes ({@link #clear}, {@link #accumulate}) run in blocks of this
     * many entries: IS A's 262,144 counts in 32 calls rather than 4096 of 64 entries, whose
     * calls would be most of the pass. A loop of 8192 iterations passes the JIT's back-edge
     * thresholds within a few calls, so both are still compiled in the untimed iteration.
     */
    private static final int COUNTS_BLOCK = 8192;

    private Keys() {
    }

    /**
     * keys[i] for i from lo to hi - 1: k times the sum of four numbers of the NPB stream
     * continuing from {@code seed}.
     */
    public static void generate(int[] keys, int lo, int hi, long seed, double k) {
        for (int i = lo; i < hi; i++) {
            seed = Randlc.multiply(Randlc.A, seed);
            double x = Randlc.deviate(seed);
            seed = Randlc.multiply(Randlc.A, seed);
            x += Randlc.deviate(seed);
            seed = Randlc.multiply(Randlc.A, seed);
            x += Randlc.deviate(seed);
            seed = Randlc.multiply(Randlc.A, seed);
            x += Randlc.deviate(seed);
            keys[i] = (int) (k * x);
        }
    }

    /**
     * The length of a histogram for {@link #countBuckets} or {@link #countKeys} with
     * {@code slots} slots: the smallest power of two that holds them.
     */
    public static int histogramLength(int slots) {
        return slots <= 1 ? 1 : Integer.highestOneBit(slots - 1) << 1;
    }

    /**
     * Adds to {@code out[key >> shift]} one for each key of {@code data[lo..hi)}.
     * {@code out.length} is a power of two ({@link #histogramLength}) above every
     * {@code key >> shift}: each slot is masked with {@code out.length - 1}, from which the JIT
     * proves it in bounds and drops the bounds check of every increment. A key beyond the
     * histogram would be counted in the wrong slot rather
     * than rejected: IS's keys are below its maximum key by construction, and its verification
     * ranks every key.
     */
    public static void countBuckets(int[] data, int lo, int hi, int shift, int[] out) {
        requirePowerOfTwo(out);
        for (int from = lo, block = PassBlocks.length(hi - lo, BLOCKS_PER_PASS); from < hi; from += block) {
            countBucketsBlock(data, from, Math.min(hi, from + block), shift, out);
        }
    }

    private static void countBucketsBlock(int[] data, int lo, int hi, int shift, int[] out) {
        int mask = out.length - 1;
        for (int i = lo; i < hi; i++) {
            out[(data[i] >> shift) & mask]++;
        }
    }

    /**
     * Adds to {@code out[base + key]} one for each key of {@code keys[lo..hi)}, every slot
     * {@code base + key} below {@code out.length}, a power of two; the slot is masked, as in
     * {@link #countBuckets}, so that the JIT drops the bounds check (here the misses in a table
     * of IS A's 1 MiB set the pace). A loop of its own rather than one shared with the bucket
     * count: one shared loop has one profile, which fits neither pass. IS calls it once per
     * bucket and sending rank, many times an iteration, so it needs no blocks of its own to be
     * compiled within the untimed iteration.
     */
    public static void countKeys(int[] keys, int lo, int hi, int base, int[] out) {
        requirePowerOfTwo(out);
        int mask = out.length - 1;
        for (int i = lo; i < hi; i++) {
            out[(base + keys[i]) & mask]++;
        }
    }

    private static void requirePowerOfTwo(int[] histogram) {
        if (Integer.bitCount(histogram.length) != 1) {
            throw new IllegalArgumentException("a histogram of " + histogram.length
                + " slots: its length must be a power of two (Keys.histogramLength)");
        }
    }

    /**
     * Copies keys {@code [lo, hi)} into {@code bucketed}, each into its bucket (bucket
     * {@code key >> shift}), in order within each. {@code next[b]} is where bucket b's next
     * key goes, and is advanced.
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
        for (int from = 1; from < n; from += COUNTS_BLOCK) {
            accumulateBlock(counts, from, Math.min(n, from + COUNTS_BLOCK));
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
        for (int from = 0; from < n; from += COUNTS_BLOCK) {
            Arrays.fill(counts, from, Math.min(n, from + COUNTS_BLOCK), 0);
        }
    }
}
