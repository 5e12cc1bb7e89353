package org.hympj.comm.data;

import org.agrona.UnsafeApi;

/**
 * Where the elements of a Java primitive array are, named the way {@code Unsafe} names
 * memory (the array and a byte offset from it), so that typed messages enter and leave rings
 * and inboxes byte for byte in native order, whatever their element type; the copies
 * themselves are {@code MemoryCopy}'s.
 */
public final class ArrayMemory {
    private static final long[] BASE = new long[ElementType.COUNT];

    static {
        for (ElementType t : ElementType.values()) {
            if (!t.isObject()) {
                BASE[t.ordinal()] = UnsafeApi.arrayBaseOffset(t.newArray(0).getClass());
            }
        }
    }

    private ArrayMemory() {
    }

    /** The byte offset, from the array object, of element {@code index} of a {@code type} array. */
    public static long elementOffset(ElementType type, int index) {
        return BASE[type.ordinal()] + (long) index * type.size();
    }

    /** The byte offset, from a byte[] object, of its byte {@code index}. */
    public static long byteOffset(int index) {
        return BASE[ElementType.BYTE.ordinal()] + index;
    }
}
