package org.hympj.rings;

import static org.hympj.rings.FragmentDescriptor.FRAGMENT_OFFSET_OFFSET;
import static org.hympj.rings.FragmentDescriptor.HEADER_LENGTH;
import static org.hympj.rings.FragmentDescriptor.STREAM_ID_OFFSET;
import static org.hympj.rings.FragmentDescriptor.TOTAL_LENGTH_OFFSET;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * Writes records into an Agrona ring ({@code OneToOneRingBuffer} or
 * {@code ManyToOneRingBuffer}) and waits, making progress, while it is full: nothing is ever
 * overwritten or dropped. Payloads larger than one record go as fragments (see
 * {@link FragmentDescriptor}), each claimed in the ring and copied straight into it.
 *
 * <p>Not thread-safe: one writer object per writing thread (the ring itself may be MPSC).
 * A consumer that has stopped for good blocks its writers; the caller's {@link ProgressHook}
 * is where it notices a dead peer and throws.
 */
public final class RingWriter {
    private final RingBuffer ring;
    private final IdleStrategy idle;

    public RingWriter(RingBuffer ring) {
        this(ring, new BackoffIdleStrategy(100, 10, 1_000, 100_000));
    }

    public RingWriter(RingBuffer ring, IdleStrategy idle) {
        this.ring = ring;
        this.idle = idle;
    }

    /** The largest payload {@link #write} takes in one record. */
    public int maxRecordLength() {
        return ring.maxMsgLength();
    }

    /** The largest fragment of a bulk payload. */
    public int maxFragmentLength() {
        return ring.maxMsgLength() - HEADER_LENGTH;
    }

    /** Writes one record of {@code length} bytes, waiting (and calling {@code progress}) while the ring is full. */
    public void write(int typeId, DirectBuffer src, int offset, int length, ProgressHook progress) {
        if (length > ring.maxMsgLength()) {
            throw new IllegalArgumentException("a record of " + length + " bytes exceeds the ring's maximum of "
                + ring.maxMsgLength() + "; send it with writeBulk");
        }
        idle.reset();
        while (!ring.write(typeId, src, offset, length)) {
            idle.idle(progress.doWork());
        }
    }

    /**
     * Writes {@code length} bytes as fragments of stream {@code streamId}, in order, each
     * claimed in the ring and copied once from {@code src}. Returns when the last fragment is
     * in the ring.
     */
    public void writeBulk(int typeId, long streamId, DirectBuffer src, int offset, int length, ProgressHook progress) {
        int chunk = maxFragmentLength();
        int done = 0;
        do {
            int n = Math.min(chunk, length - done);
            int index = claim(typeId, HEADER_LENGTH + n, progress);
            AtomicBuffer buffer = ring.buffer();
            buffer.putLong(index + STREAM_ID_OFFSET, streamId);
            buffer.putInt(index + TOTAL_LENGTH_OFFSET, length);
            buffer.putInt(index + FRAGMENT_OFFSET_OFFSET, done);
            buffer.putBytes(index + HEADER_LENGTH, src, offset + done, n);
            ring.commit(index);
            done += n;
        } while (done < length);
    }

    private int claim(int typeId, int length, ProgressHook progress) {
        idle.reset();
        int index;
        while ((index = ring.tryClaim(typeId, length)) < 0) {
            idle.idle(progress.doWork());
        }
        return index;
    }

    /** Decodes a bulk fragment record the reader got, for {@code handler}. */
    public static void decodeFragment(int typeId, DirectBuffer buffer, int index, int length, FragmentHandler handler) {
        handler.onFragment(typeId, buffer.getLong(index + STREAM_ID_OFFSET), buffer.getInt(index + TOTAL_LENGTH_OFFSET),
            buffer.getInt(index + FRAGMENT_OFFSET_OFFSET), buffer, index + HEADER_LENGTH, length - HEADER_LENGTH);
    }
}
