package org.hympj.comm.data;

import org.agrona.UnsafeApi;

/**
 * Copies between the elements of a Java primitive array and raw memory (a mapped ring, or
 * the bytes of another array), in native byte order: how typed messages enter and leave the
 * process path with exactly one copy each way, whatever their element type.
 *
 * <p>Memory is named the way {@code Unsafe} names it: a base object (an array, or null for
 * an absolute address) and a byte offset from it.
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

    /** Copies {@code bytes} bytes; either side may be an array or raw memory (null base). */
    public static void copy(Object srcBase, long srcOffset, Object dstBase, long dstOffset, long bytes) {
        if (bytes > 0) {
            UnsafeApi.copyMemory(srcBase, srcOffset, dstBase, dstOffset, bytes);
        }
    }
}
