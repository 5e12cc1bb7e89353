package org.hympj.rings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.agrona.BufferUtil;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.junit.jupiter.api.Test;

/**
 * The sizes of a bulk payload's fragments: the chunk asked for while nothing crosses the
 * stream, doubling up to the ring's largest record once the writer, waiting for room, has
 * found something else to drain (an exchange). The reader here is the writer's own progress
 * hook, run when the ring is full; whether it reports work is what tells the two cases apart.
 * And while the writer's window is the whole ring, fragments of at least
 * {@link RingWriter#WIDE_FRAGMENT_BYTES}.
 */
class BulkFragmentSizesTest {
    private static final int RING = 64 * 1024;
    private static final int CHUNK = 1024;
    private static final int PAYLOAD = 300 * 1024;

    @Test
    void aStreamOneWayKeepsItsChunk() {
        List<Integer> sizes = write(false);
        for (int size : sizes.subList(0, sizes.size() - 1)) {
            assertEquals(CHUNK, size);
        }
    }

    @Test
    void aStreamThatCrossesAnotherDoublesItsFragmentsUpToTheLargestRecord() {
        OneToOneRingBuffer ring = new OneToOneRingBuffer(RingStressTest.ringMemory(RING));
        int largest = new RingWriter(ring).maxFragmentLength();
        List<Integer> sizes = write(true);
        // Until the ring is first full (about 62 fragments of 1 KiB and their headers), and for
        // the fragment being claimed then, the writer has had nothing to drain.
        int first = 0;
        while (first < sizes.size() && sizes.get(first) == CHUNK) {
            first++;
        }
        assertTrue(first > RING / (2 * CHUNK) && first <= RING / CHUNK,
            "fragments of the chunk before the first wait: " + first + " of " + sizes.size());
        int expected = 2 * CHUNK;
        for (int i = first; i < sizes.size() - 1; i++) {
            assertEquals(expected, sizes.get(i), "fragment " + i + " of " + sizes);
            expected = Math.min(largest, expected * 2);
        }
    }

    @Test
    void aStreamOneWayTakesLargerFragmentsWhileTheWindowIsTheWholeRing() {
        int ringBytes = 4 << 20;
        int narrow = 256 * 1024;
        int chunk = 8 * 1024;
        int payload = 48 << 20;
        OneToOneRingBuffer ring = new OneToOneRingBuffer(RingStressTest.ringMemory(ringBytes));
        // Every copy takes 4 us on the writer's clock, whatever its size: the narrow window's
        // 8 KiB fragments copy at 2 GB/s, the whole ring's at least 32.
        long[] now = {0};
        RingWriter writer = new RingWriter(ring, narrow, () -> now[0] += 4096);
        List<Integer> sizes = write(ring, writer, payload, chunk, false);
        assertEquals(chunk, sizes.get(0), "narrow first, measured");
        int wide = 0;
        for (int size : sizes.subList(0, sizes.size() - 1)) {
            assertTrue(size == chunk || size == RingWriter.WIDE_FRAGMENT_BYTES, "fragment of " + size);
            wide += size == RingWriter.WIDE_FRAGMENT_BYTES ? 1 : 0;
        }
        assertTrue(wide * RingWriter.WIDE_FRAGMENT_BYTES > payload / 2, "most of the stream wide: " + wide + " large fragments");
        assertTrue(writer.wide());
    }

    /** Writes one payload through a small ring, draining it from the writer's hook; returns the fragment sizes read, in order. */
    private static List<Integer> write(boolean hookReportsWork) {
        OneToOneRingBuffer ring = new OneToOneRingBuffer(RingStressTest.ringMemory(RING));
        return write(ring, new RingWriter(ring), PAYLOAD, CHUNK, hookReportsWork);
    }

    /**
     * Writes one payload of {@code length} bytes through {@code writer} in fragments of
     * {@code chunk}, draining {@code ring} from the writer's hook, which reports work if
     * {@code hookReportsWork}; checks every byte and returns the fragment sizes read, in order.
     */
    private static List<Integer> write(OneToOneRingBuffer ring, RingWriter writer, int length, int chunk, boolean hookReportsWork) {
        byte[] payload = Payloads.make(1, 7, length);
        byte[] received = new byte[length];
        List<Integer> sizes = new ArrayList<>();
        FragmentHandler copy = (type, stream, total, offset, buffer, index, fragment) -> {
            sizes.add(fragment);
            buffer.getBytes(index, received, offset, fragment);
        };
        ProgressHook drain = () -> {
            int records = ring.read((type, buffer, index, record) -> RingWriter.decodeFragment(type, buffer, index, record, copy));
            return hookReportsWork ? records : 0;
        };
        writer.writeBulk(Payloads.BULK, 1L, payload, BufferUtil.ARRAY_BASE_OFFSET, length, chunk, drain);
        while (ring.size() > 0) {
            // The fragments still in the ring (a read that meets the padding before the ring's
            // end consumes it and returns 0, so count the bytes left, not the records read).
            ring.read((type, buffer, index, record) -> RingWriter.decodeFragment(type, buffer, index, record, copy));
        }
        assertArrayEquals(payload, received);
        return sizes;
    }
}
