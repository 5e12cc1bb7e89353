package org.hympj.comm.coll.heap;

import org.hympj.comm.data.ElementType;

/**
 * One rank's part of a {@link CollectiveArea} on the heap: its arrays, and what only it
 * reads. The numbers and small contributions the others wait for are in the area's lines.
 *
 * <p>Invariant: only its rank's collective thread writes it; other ranks of its JVM read
 * {@link #large} (after the number that publishes it, in an area of one JVM) and
 * {@link #parked} (to wake it).
 */
final class HeapSlot {
    /** Its rank's thread, while parked in a wait of the area: whoever publishes wakes it. */
    volatile Thread parked;
    /**
     * Its rank's contributions too large for its line, by the generation of the collective's
     * number; each replaced, never resized in place, and only while no rank reads it.
     */
    final Object[] large = new Object[CollectiveArea.LARGE_GENERATIONS];
    /** Only its rank's: the number of its last collective. */
    long entered;
    /** Only its rank's: every rank has entered at least this collective. */
    long everyoneEntered;
    /** Only its rank's: its contribution, packed. */
    private Object packed;
    /** Only its rank's: another rank's contribution, copied out of its line. */
    private Object incoming;
    /** Only its rank's: where it folds a reduction. */
    private Object result;

    /** Its large array of generation {@code g}, holding at least {@code elements} elements of {@code base}. */
    Object large(int g, ElementType base, int elements) {
        Object a = large[g];
        if (!fits(a, base, elements)) {
            a = base.newArray(elements);
            large[g] = a;
        }
        return a;
    }

    Object packed(ElementType base, int elements) {
        if (!fits(packed, base, elements)) {
            packed = base.newArray(Math.max(elements, 1));
        }
        return packed;
    }

    Object incoming(ElementType base, int elements) {
        if (!fits(incoming, base, elements)) {
            incoming = base.newArray(Math.max(elements, 1));
        }
        return incoming;
    }

    Object result(ElementType base, int elements) {
        if (!fits(result, base, elements)) {
            result = base.newArray(Math.max(elements, 1));
        }
        return result;
    }

    private static boolean fits(Object array, ElementType base, int elements) {
        return array != null && base.accepts(array) && java.lang.reflect.Array.getLength(array) >= elements;
    }
}
