package org.hympj.npb.numerics;

/**
 * IS's loops over keys: generating them, counting them into slots, scattering them into
 * buckets. Free of MPI and of per-rank state, so all thread ranks of a job share one copy
 * (the jar declares the package shared) and the JIT compiles it once: IS class A is a
 * quarter of a second, and its first timed iterations ran two and three times slower than
 * the rest while each rank compiled its own copy of these loops.
 */
public final class Keys {
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

    /** Adds to {@code out[(key >> shift) - base]} one for each key of {@code data[lo..hi)}. */
    public static void count(int[] data, int lo, int hi, int shift, int base, int[] out) {
        for (int i = lo; i < hi; i++) {
            out[(data[i] >> shift) - base]++;
        }
    }

    /**
     * Moves the first {@code n} keys into their buckets (bucket {@code key >> shift}), in
     * order within each; {@code next[b]} is where bucket b's next key goes, and is advanced.
     */
    public static void scatter(int[] keys, int n, int shift, int[] next, int[] bucketed) {
        for (int i = 0; i < n; i++) {
            int key = keys[i];
            bucketed[next[key >> shift]++] = key;
        }
    }

    /** counts[i] += counts[i - 1] for i from 1 to n - 1: counts become running totals. */
    public static void accumulate(int[] counts, int n) {
        for (int i = 1; i < n; i++) {
            counts[i] += counts[i - 1];
        }
    }
}
