package org.hympj.rings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The windowed producer writes what Agrona's one-to-one reader reads: records in order, every
 * byte, inside the window while it is narrow (a padding record to the ring's end takes the
 * reader back to the start), through any number of window changes, with a reader in another
 * thread; and a ring that is full is refused, never overwritten.
 */
@Timeout(60)
class WindowedProducerTest {
    private static final int RING = 64 * 1024;
    private static final int TYPE = 3;

    @Test
    void recordsStayInTheWindowAndArriveInOrderWholeWhileTheWindowMoves() throws Exception {
        OneToOneRingBuffer ring = new OneToOneRingBuffer(RingStressTest.ringMemory(RING));
        WindowedProducer producer = new WindowedProducer(ring);
        int messages = 200_000 * Integer.getInteger("hympj.test.scale", 1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            long[] next = {0};
            try {
                while (next[0] < messages) {
                    if (ring.read((type, buffer, index, length) -> {
                        assertEquals(TYPE, type);
                        long seq = buffer.getLong(index);
                        assertEquals(next[0], seq, "order");
                        assertEquals(lengthOf(seq), length, "length of record " + seq);
                        for (int b = 8; b < length; b++) {
                            assertEquals((byte) (seq + b), buffer.getByte(index + b), "byte " + b + " of record " + seq);
                        }
                        next[0]++;
                    }) == 0) {
                        Thread.onSpinWait();
                    }
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "reader");
        reader.start();
        SplittableRandom random = new SplittableRandom(11);
        for (long seq = 0; seq < messages && failure.get() == null; seq++) {
            if (random.nextInt(500) == 0) {
                producer.window(random.nextBoolean() ? RING : WindowedProducer.MIN_WINDOW * (1 + random.nextInt(8)));
            }
            int length = lengthOf(seq);
            int index;
            while ((index = producer.tryClaim(TYPE, length)) == RingBuffer.INSUFFICIENT_CAPACITY) {
                Thread.onSpinWait();
            }
            assertTrue(index + length <= producer.window(), "record " + seq + " at " + index + " passes the window of "
                + producer.window());
            ring.buffer().putLong(index, seq);
            for (int b = 8; b < length; b++) {
                ring.buffer().putByte(index + b, (byte) (seq + b));
            }
            producer.commit(index);
        }
        reader.join(50_000);
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertFalse(reader.isAlive(), "the reader did not get every record");
        assertTrue(ring.consumerPosition() > 100L * RING, "the ring wrapped many times");
    }

    private static int lengthOf(long seq) {
        return 8 + (int) ((seq * 2_654_435_761L >>> 7) % 700);
    }

    @Test
    void aFullRingIsRefusedAndNothingIsOverwritten() {
        OneToOneRingBuffer ring = new OneToOneRingBuffer(RingStressTest.ringMemory(RING));
        WindowedProducer producer = new WindowedProducer(ring);
        producer.window(8192);
        int written = 0;
        int index;
        while ((index = producer.tryClaim(TYPE, 1000)) != RingBuffer.INSUFFICIENT_CAPACITY) {
            ring.buffer().putInt(index, written++);
            producer.commit(index);
        }
        assertTrue(written >= 7 && written <= 8, "an 8 KiB window holds " + written + " records of 1 KiB");
        int[] seen = {0};
        ring.read((type, buffer, i, length) -> assertEquals(seen[0]++, buffer.getInt(i)));
        assertEquals(written, seen[0]);
    }

    @Test
    void badWindowsAndRecordsLargerThanTheWindowAreRefused() {
        WindowedProducer producer = new WindowedProducer(new OneToOneRingBuffer(RingStressTest.ringMemory(RING)));
        assertThrows(IllegalArgumentException.class, () -> producer.window(WindowedProducer.MIN_WINDOW - 1));
        assertThrows(IllegalArgumentException.class, () -> producer.window(RING + 1));
        producer.window(WindowedProducer.MIN_WINDOW);
        assertThrows(IllegalArgumentException.class, () -> producer.tryClaim(TYPE, WindowedProducer.MIN_WINDOW));
        int index = producer.tryClaim(TYPE, 16);
        assertThrows(IllegalStateException.class, () -> producer.tryClaim(TYPE, 16), "one claim at a time");
        producer.commit(index);
        assertThrows(IllegalStateException.class, () -> producer.commit(index), "a record is committed once");
    }

    @Test
    void aRingWriterWithANarrowWindowStreamsBulkPayloadsWhole() {
        OneToOneRingBuffer ring = new OneToOneRingBuffer(RingStressTest.ringMemory(1 << 20));
        RingWriter writer = new RingWriter(ring, 64 * 1024);
        byte[] payload = Payloads.make(0, 0, 300_000);
        Reassembly reader = new Reassembly(1);
        writer.writeBulk(Payloads.BULK, 0, new UnsafeBuffer(payload), 0, payload.length, () -> ring.read(reader::onRecord));
        // A read that meets the padding at the window's end returns having read no message.
        for (int reads = 0; reads < 100 && reader.messages == 0; reads++) {
            ring.read(reader::onRecord);
        }
        assertEquals(1, reader.messages, "the payload arrived whole (Reassembly checks every byte)");
    }
}
