package org.hympj.comm.match;

import org.hympj.comm.data.ElementType;

/**
 * Reusable arrays for eager copies of unexpected messages, per element type and per size
 * class (powers of two from 8 elements), so a warm job allocates no array for a small
 * message. At most {@link #RETAINED} arrays are kept per type and class; beyond that they are
 * left to the garbage collector, so a burst of unexpected messages does not pin memory.
 * Guarded by the owning {@link ContextQueues}.
 */
final class EagerBufferPool {
    static final int RETAINED = 16;
    private static final int MIN_SHIFT = 3;
    private static final int CLASSES = 32 - MIN_SHIFT;

    private final Object[][][] free = new Object[ElementType.COUNT][CLASSES][];
    private final int[][] freeCount = new int[ElementType.COUNT][CLASSES];

    /** An array of {@code type} with room for at least {@code elements}. */
    Object take(ElementType type, int elements) {
        int c = sizeClass(elements);
        int t = type.ordinal();
        int n = freeCount[t][c];
        if (n > 0) {
            freeCount[t][c] = n - 1;
            Object array = free[t][c][n - 1];
            free[t][c][n - 1] = null;
            return array;
        }
        return type.newArray(1 << (c + MIN_SHIFT));
    }

    /** Returns an array obtained from {@link #take}. */
    void give(ElementType type, Object array, int elements) {
        int c = sizeClass(elements);
        int t = type.ordinal();
        Object[] stack = free[t][c];
        if (stack == null) {
            stack = new Object[RETAINED];
            free[t][c] = stack;
        }
        int n = freeCount[t][c];
        if (n < RETAINED) {
            stack[n] = array;
            freeCount[t][c] = n + 1;
        }
    }

    private static int sizeClass(int elements) {
        return elements <= (1 << MIN_SHIFT) ? 0 : 32 - Integer.numberOfLeadingZeros(elements - 1) - MIN_SHIFT;
    }
}
