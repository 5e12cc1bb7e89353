package org.hympj.examples.nbody;

/**
 * Sorts particle indices by (key, id): a stable merge sort over primitive arrays (no boxing).
 * Ids are unique, so the order is total and the same on every rank for the same particles.
 */
final class KeyOrder {
    private int[] scratch = new int[0];

    /** Fills {@code order[0..n)} with 0..n-1 sorted by ({@code key[i]}, {@code id[i]}). */
    void sort(long[] key, long[] id, int[] order, int n) {
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        if (scratch.length < n) {
            scratch = new int[n];
        }
        int[] from = order;
        int[] to = scratch;
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int a = lo;
                int b = mid;
                for (int k = lo; k < hi; k++) {
                    if (a < mid && (b >= hi || !before(key, id, from[b], from[a]))) {
                        to[k] = from[a++];
                    } else {
                        to[k] = from[b++];
                    }
                }
            }
            int[] t = from;
            from = to;
            to = t;
        }
        if (from != order) {
            System.arraycopy(from, 0, order, 0, n);
        }
    }

    /** True if particle {@code a} comes strictly before particle {@code b}. */
    static boolean before(long[] key, long[] id, int a, int b) {
        return key[a] < key[b] || key[a] == key[b] && id[a] < id[b];
    }

    /** True if (ka, ia) comes strictly before (kb, ib). */
    static boolean before(long ka, long ia, long kb, long ib) {
        return ka < kb || ka == kb && ia < ib;
    }
}
