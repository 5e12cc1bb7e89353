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

    /**
     * Copies the first {@code bytes} bytes of the primitive array {@code src} (of {@code srcType})
     * over the first bytes of {@code dst} (of {@code dstType}): the memory of one seen as the
     * other, as C copies between buffers of different types. A boolean destination holds each
     * nonzero byte as {@code true}, since Java has no other booleans.
     */
    public static void copyBytes(Object src, ElementType srcType, Object dst, ElementType dstType, long bytes) {
        long dstBase = BASE[dstType.ordinal()];
        UnsafeApi.copyMemory(src, BASE[srcType.ordinal()], dst, dstBase, bytes);
        if (dstType == ElementType.BOOLEAN) {
            for (long at = dstBase; at < dstBase + bytes; at++) {
                UnsafeApi.putBoolean(dst, at, UnsafeApi.getByte(dst, at) != 0);
            }
        }
    }

    /** The byte offset, from a byte[] object, of its byte {@code index}. */
    public static long byteOffset(int index) {
        return BASE[ElementType.BYTE.ordinal()] + index;
    }
}
