package org.hympj.rings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RecordDescriptor;
import org.junit.jupiter.api.Test;

/**
 * Records claimed with {@link RingWriter#lineAlignedLength} end on a cache line, so the next
 * one starts a line: after a record of any size (one that was not padded included), through
 * the ring's wrap-around, and with every byte the writer put in read back as it was.
 */
class LineAlignedRecordsTest {
    private static final int RING = 4096;
    private static final int TYPE = 1;

    @Test
    void everyPaddedRecordEndsOnALineAndItsBytesArriveIntact() {
        UnsafeBuffer memory = RingStressTest.ringMemory(RING);
        assertEquals(0, memory.addressOffset() % 64, "the test's ring memory starts a line");
        OneToOneRingBuffer ring = new OneToOneRingBuffer(memory);
        RingWriter writer = new RingWriter(ring);
        SplittableRandom random = new SplittableRandom(7);
        int[] lastLength = new int[1];
        int[] lastSeed = new int[1];
        for (int i = 0; i < 20_000; i++) {
            int length = random.nextInt(0, 200);
            boolean padded = random.nextInt(4) != 0;
            int claimed = padded ? writer.lineAlignedLength(length) : length;
            assertTrue(claimed >= length && claimed < length + 64, length + " -> " + claimed);
            int index = writer.claim(TYPE, claimed, () -> 0);
            for (int b = 0; b < length; b++) {
                ring.buffer().putByte(index + b, (byte) (i + b));
            }
            writer.commit(index);
            if (padded) {
                assertEquals(0, (index + claimed) % 64, "record " + i + " of " + length + " bytes ends inside a line");
            }
            lastLength[0] = length;
            lastSeed[0] = i;
            // A read stops at the end of the buffer: after a wrap, the padding record first.
            int read = 0;
            for (int attempt = 0; attempt < 2 && read == 0; attempt++) {
                read = ring.read((type, buffer, at, recordLength) -> {
                    assertEquals(TYPE, type);
                    for (int b = 0; b < lastLength[0]; b++) {
                        assertEquals((byte) (lastSeed[0] + b), buffer.getByte(at + b));
                    }
                });
            }
            assertEquals(1, read);
        }
        assertTrue(ring.consumerPosition() > 4 * RING, "the ring wrapped several times");
    }

    @Test
    void aLengthThatPaddingWouldTakePastTheLargestRecordStaysAsItIs() {
        OneToOneRingBuffer ring = new OneToOneRingBuffer(RingStressTest.ringMemory(RING));
        RingWriter writer = new RingWriter(ring);
        int largest = ring.maxMsgLength();
        assertEquals(largest, writer.lineAlignedLength(largest));
        assertEquals(largest - 1, writer.lineAlignedLength(largest - 1));
        assertEquals(64 - RecordDescriptor.HEADER_LENGTH, writer.lineAlignedLength(1));
    }
}
