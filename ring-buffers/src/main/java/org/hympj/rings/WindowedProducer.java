package org.hympj.rings;

import static org.agrona.concurrent.ringbuffer.RecordDescriptor.HEADER_LENGTH;
import static org.agrona.concurrent.ringbuffer.RecordDescriptor.encodedMsgOffset;
import static org.agrona.concurrent.ringbuffer.RingBuffer.INSUFFICIENT_CAPACITY;
import static org.agrona.concurrent.ringbuffer.RingBuffer.PADDING_MSG_TYPE_ID;

import org.agrona.BitUtil;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RecordDescriptor;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * The producer side of an Agrona {@link OneToOneRingBuffer}, in the ring's own layout and
 * protocol (Agrona's {@code read} and {@code controlledRead} consume what it writes), that can
 * keep its records in the first {@link #window} bytes of the ring. A record that does not fit
 * before the window's end is preceded by a padding record to the ring's physical end, which a
 * reader skips in one step, so the ring works as one of the window's size; the window may move
 * at any time, and the next record starts obeying it.
 *
 * <pre>
 *   window = W &lt; capacity:
 *   0                          W                                capacity
 *   |== records ... ==|PADDING (one header, length capacity - i) ........|
 *                     i
 * </pre>
 *
 * Why: while the cores at both ends move cache lines fast, a small window keeps the ring in
 * their caches; when they move lines slowly (cores that share no cache), the whole ring lets
 * the reader fall far enough behind that what it copies has gone to memory, which is faster
 * than a transfer between those cores (docs/decisions/ring-size-and-writer-window.md).
 *
 * <p>Invariants, as in Agrona: every position from the tail to the next header a reader can
 * reach reads zero (a claim zeroes the header word after its record before that record can be
 * published), so a reader stops at a claimed record until its commit; the tail and the head
 * cache live in the ring's trailer ({@link RingBufferDescriptor}) and only this producer
 * writes them; the space a claim takes, padding included, is free (the reader's head is at
 * most {@code capacity} behind the new tail). A record's header is published by one release
 * store of its length and type together: Agrona's producer writes a negative length at the
 * claim and the real one at the commit, and a reader polling between the two takes the line
 * away from the writer once more.
 *
 * <p>One thread at a time (or callers that take turns under a lock); at most one record is
 * claimed and not yet committed. Never share a ring with Agrona's own producer methods.
 */
public final class WindowedProducer {
    /** The smallest window. */
    public static final int MIN_WINDOW = 4096;
    private final AtomicBuffer buffer;
    private final int capacity;
    private final int maxMsgLength;
    private final int tailPositionIndex;
    private final int headCachePositionIndex;
    private final int headPositionIndex;
    private int window;
    /** The header index of the claimed record that awaits its commit, or -1. */
    private int claimedIndex = -1;
    private long claimedHeader;

    public WindowedProducer(OneToOneRingBuffer ring) {
        this.buffer = ring.buffer();
        this.capacity = ring.capacity();
        this.maxMsgLength = ring.maxMsgLength();
        this.tailPositionIndex = capacity + RingBufferDescriptor.TAIL_POSITION_OFFSET;
        this.headCachePositionIndex = capacity + RingBufferDescriptor.HEAD_CACHE_POSITION_OFFSET;
        this.headPositionIndex = capacity + RingBufferDescriptor.HEAD_POSITION_OFFSET;
        this.window = capacity;
    }

    public int capacity() {
        return capacity;
    }

    public int window() {
        return window;
    }

    /**
     * Keeps the records that follow in the first {@code bytes} of the ring (at most all of
     * it); a record that cannot fit in the window is refused by {@link #tryClaim}.
     */
    public void window(int bytes) {
        if (bytes < MIN_WINDOW || bytes > capacity) {
            throw new IllegalArgumentException("a window of " + bytes + " bytes does not fit this ring (" + MIN_WINDOW + ".."
                + capacity + ")");
        }
        window = bytes;
    }

    /** The producer's position: bytes written since the ring began, padding included. */
    public long position() {
        // Plain: only this producer writes the tail.
        return buffer.getLong(tailPositionIndex);
    }

    /** Where a record of {@code length} bytes claimed next would start (its header), were there room. */
    public int nextRecordIndex(int length) {
        int recordIndex = (int) position() & (capacity - 1);
        return wraps(recordIndex, BitUtil.align(length + HEADER_LENGTH, RecordDescriptor.ALIGNMENT)) ? 0 : recordIndex;
    }

    /**
     * Claims a record of {@code length} bytes; returns the index of its body in the ring's
     * buffer, or {@link org.agrona.concurrent.ringbuffer.RingBuffer#INSUFFICIENT_CAPACITY} if
     * the ring has no room now. Readers do not see the record until {@link #commit}.
     */
    public int tryClaim(int typeId, int length) {
        RecordDescriptor.checkTypeId(typeId);
        if (length < 0 || length > maxMsgLength) {
            throw new IllegalArgumentException("a record of " + length + " bytes does not fit this ring (0.." + maxMsgLength + ")");
        }
        if (claimedIndex >= 0) {
            throw new IllegalStateException("the record claimed at " + claimedIndex + " is not committed yet");
        }
        int recordLength = length + HEADER_LENGTH;
        if (BitUtil.align(recordLength, RecordDescriptor.ALIGNMENT) + HEADER_LENGTH > window) {
            throw new IllegalArgumentException("a record of " + length + " bytes does not fit the ring's window of " + window);
        }
        int recordIndex = claimCapacity(recordLength);
        if (recordIndex == INSUFFICIENT_CAPACITY) {
            return INSUFFICIENT_CAPACITY;
        }
        claimedIndex = recordIndex;
        claimedHeader = header(recordLength, typeId);
        return encodedMsgOffset(recordIndex);
    }

    /** Publishes the record whose body {@link #tryClaim} returned at {@code index}. */
    public void commit(int index) {
        int recordIndex = index - HEADER_LENGTH;
        if (recordIndex != claimedIndex) {
            throw new IllegalStateException("no record claimed at " + index);
        }
        claimedIndex = -1;
        // Release: the body, and the zeroed header after it, are visible before the header that publishes them.
        buffer.putLongRelease(recordIndex, claimedHeader);
    }

    /** True if a record of {@code alignedLength} bytes at {@code recordIndex}, and the header after it, pass the window's end. */
    private boolean wraps(int recordIndex, int alignedLength) {
        int room = Math.min(capacity, window) - recordIndex;
        // A record that ends exactly at the ring's end needs no header after it (the reader stops there).
        return alignedLength + HEADER_LENGTH > room && !(alignedLength == room && window == capacity);
    }

    /**
     * Finds room for {@code recordLength} bytes plus the next header, pads to the end of the
     * ring if the record would pass the window, moves the tail and zeroes the header after the
     * record. Returns the record's header index or {@code INSUFFICIENT_CAPACITY}.
     */
    private int claimCapacity(int recordLength) {
        int aligned = BitUtil.align(recordLength, RecordDescriptor.ALIGNMENT);
        int mask = capacity - 1;
        // Plain reads: only this producer writes the tail and the head cache.
        long head = buffer.getLong(headCachePositionIndex);
        long tail = buffer.getLong(tailPositionIndex);
        int recordIndex = (int) tail & mask;
        boolean wrap = wraps(recordIndex, aligned);
        int padding = wrap ? capacity - recordIndex : 0;
        boolean endsRing = !wrap && recordIndex + aligned == capacity;
        // As Agrona: room for the header after the record too, though one that ends the ring has it at 0.
        long required = (long) padding + aligned + HEADER_LENGTH;
        if (required > capacity - (tail - head)) {
            // Acquire: what the reader read before it moved the head is ours to overwrite.
            head = buffer.getLongVolatile(headPositionIndex);
            if (required > capacity - (tail - head)) {
                return INSUFFICIENT_CAPACITY;
            }
            buffer.putLong(headCachePositionIndex, head);
        }
        int writeIndex = wrap ? 0 : recordIndex;
        if (wrap || endsRing) {
            // The reader's next header after the padding, or after a record that ends the ring, is at 0.
            buffer.putLong(0, 0L);
        }
        if (!endsRing) {
            buffer.putLong(writeIndex + aligned, 0L);
        }
        if (wrap) {
            // Release: the zeroed headers are visible before the padding that leads the reader to them.
            buffer.putLongRelease(recordIndex, header(padding, PADDING_MSG_TYPE_ID));
        }
        // Release: the tail is read by other threads only as a position (Agrona's producerPosition).
        buffer.putLongRelease(tailPositionIndex, tail + padding + aligned);
        return writeIndex;
    }

    /**
     * A record's header as one long: the length in the low half (offset 0 of the record on the
     * little-endian machines Agrona's layout assumes), the type in the high half (offset 4).
     */
    private static long header(int length, int typeId) {
        return ((typeId & 0xFFFF_FFFFL) << 32) | (length & 0xFFFF_FFFFL);
    }
}
