package org.hympj.rings;

import java.util.SplittableRandom;
import org.agrona.DirectBuffer;

/** Deterministic test payloads: every byte follows from (producer, sequence), so a reader can check each one. */
final class Payloads {
    static final int PLAIN = 1;
    static final int BULK = 2;

    private Payloads() {
    }

    static byte[] make(int producer, int sequence, int length) {
        byte[] b = new byte[length];
        SplittableRandom r = new SplittableRandom(producer * 1_000_003L + sequence);
        for (int i = 0; i < length; i++) {
            b[i] = (byte) r.nextInt();
        }
        if (length >= 8) {
            b[0] = (byte) producer;
            b[1] = (byte) (producer >> 8);
            b[4] = (byte) sequence;
            b[5] = (byte) (sequence >> 8);
            b[6] = (byte) (sequence >> 16);
        }
        return b;
    }

    static void check(int producer, int sequence, DirectBuffer buffer, int index, int length) {
        byte[] expected = make(producer, sequence, length);
        for (int i = 0; i < length; i++) {
            if (buffer.getByte(index + i) != expected[i]) {
                throw new AssertionError("producer " + producer + " message " + sequence + " (" + length
                    + " bytes) differs at byte " + i);
            }
        }
    }

    /** Length of message {@code sequence} of {@code producer}: mostly small, every 50th one bulk. */
    static int length(int producer, int sequence) {
        SplittableRandom r = new SplittableRandom(producer * 31L + sequence * 7L);
        return sequence % 50 == 49 ? 50_000 + r.nextInt(150_000) : 8 + r.nextInt(2_000);
    }
}
