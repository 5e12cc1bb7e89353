package org.hympj.rings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** Every length around the small-copy bounds, at every alignment, between arrays, raw memory and overlapping ranges. */
class MemoryCopyTest {
    private static final long BASE = BufferUtil.ARRAY_BASE_OFFSET;

    @Test
    void copiesEveryLengthAtEveryAlignmentBetweenArrays() {
        SplittableRandom random = new SplittableRandom(7);
        for (int length = 0; length <= 3 * MemoryCopy.SMALL; length++) {
            for (int from = 0; from < 8; from++) {
                for (int to = 0; to < 8; to++) {
                    byte[] src = randomBytes(random, 64 + length);
                    byte[] dst = randomBytes(random, 64 + length);
                    byte[] expected = dst.clone();
                    System.arraycopy(src, from, expected, to, length);
                    MemoryCopy.copy(src, BASE + from, dst, BASE + to, length);
                    assertArrayEquals(expected, dst, length + " bytes from " + from + " to " + to);
                }
            }
        }
    }

    @Test
    void overlappingRangesOfOneArrayCopyAsMemmoveDoes() {
        SplittableRandom random = new SplittableRandom(11);
        for (int length = 1; length <= 3 * MemoryCopy.SMALL; length++) {
            for (int shift = -length; shift <= length; shift++) {
                int from = 2 * length + 8;
                byte[] data = randomBytes(random, 5 * length + 16);
                byte[] expected = data.clone();
                System.arraycopy(expected, from, expected, from + shift, length);
                MemoryCopy.copy(data, BASE + from, data, BASE + from + shift, length);
                assertArrayEquals(expected, data, length + " bytes moved by " + shift);
            }
        }
    }

    @Test
    void copiesIntoAndOutOfRawMemory() {
        SplittableRandom random = new SplittableRandom(13);
        UnsafeBuffer raw = new UnsafeBuffer(ByteBuffer.allocateDirect(256));
        for (int length = 0; length <= 3 * MemoryCopy.SMALL; length++) {
            for (int at = 0; at < 8; at++) {
                byte[] src = randomBytes(random, length);
                raw.setMemory(0, 256, (byte) 0x5a);
                MemoryCopy.copy(src, BASE, null, raw.addressOffset() + 64 + at, length);
                byte[] inRaw = new byte[length + 2];
                raw.getBytes(64 + at - 1, inRaw);
                byte[] expected = new byte[length + 2];
                expected[0] = 0x5a;
                expected[length + 1] = 0x5a;
                System.arraycopy(src, 0, expected, 1, length);
                assertArrayEquals(expected, inRaw, length + " bytes into raw memory at +" + at + ", nothing around them touched");
                byte[] back = new byte[length];
                MemoryCopy.copy(null, raw.addressOffset() + 64 + at, back, BASE, length);
                assertArrayEquals(src, back, length + " bytes out of raw memory at +" + at);
            }
        }
    }

    private static byte[] randomBytes(SplittableRandom random, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) random.nextInt(256);
        }
        return b;
    }
}
