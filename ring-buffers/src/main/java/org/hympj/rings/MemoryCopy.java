package org.hympj.rings;

import org.agrona.UnsafeApi;

/**
 * Copies bytes between memory named as {@code Unsafe} names it (an array and a byte offset
 * from it, or null and an address): every payload's copy into or out of a ring or an inbox,
 * and between arrays.
 *
 * <p>Why not {@code Unsafe.copyMemory} for all: it checks its arguments and calls the JVM's
 * copy stub, a fixed cost that is most of a small message's copy. Up to 16 bytes, the size of
 * most latency-bound messages, two loads and two stores do the same; both loads come before
 * either store, so the copy is right even where the two ranges overlap (as the stub's is).
 * Beyond 16 bytes the stub, which moves 32 bytes at a time, is ahead of a loop of 8-byte
 * words, so our own copy stops at 16.
 */
public final class MemoryCopy {
    /** Copies this long and shorter take loads and stores of our own. */
    static final int SMALL = 16;

    private MemoryCopy() {
    }

    /** Copies {@code bytes} bytes; either side may be an array or raw memory (null base). */
    public static void copy(Object srcBase, long srcOffset, Object dstBase, long dstOffset, long bytes) {
        if (bytes > SMALL) {
            UnsafeApi.copyMemory(srcBase, srcOffset, dstBase, dstOffset, bytes);
        } else if (bytes >= 8) {
            // The two longs overlap when bytes < 16: the middle bytes are written twice, alike.
            long first = UnsafeApi.getLongUnaligned(srcBase, srcOffset);
            long last = UnsafeApi.getLongUnaligned(srcBase, srcOffset + bytes - 8);
            UnsafeApi.putLongUnaligned(dstBase, dstOffset, first);
            UnsafeApi.putLongUnaligned(dstBase, dstOffset + bytes - 8, last);
        } else if (bytes >= 4) {
            int first = UnsafeApi.getIntUnaligned(srcBase, srcOffset);
            int last = UnsafeApi.getIntUnaligned(srcBase, srcOffset + bytes - 4);
            UnsafeApi.putIntUnaligned(dstBase, dstOffset, first);
            UnsafeApi.putIntUnaligned(dstBase, dstOffset + bytes - 4, last);
        } else if (bytes > 0) {
            // 1 to 3 bytes: first, last and (for 3) the middle one, all read before any is written.
            byte first = UnsafeApi.getByte(srcBase, srcOffset);
            byte middle = UnsafeApi.getByte(srcBase, srcOffset + (bytes >> 1));
            byte last = UnsafeApi.getByte(srcBase, srcOffset + bytes - 1);
            UnsafeApi.putByte(dstBase, dstOffset, first);
            UnsafeApi.putByte(dstBase, dstOffset + (bytes >> 1), middle);
            UnsafeApi.putByte(dstBase, dstOffset + bytes - 1, last);
        }
    }
}
