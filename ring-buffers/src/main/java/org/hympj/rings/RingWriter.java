package org.hympj.rings;

import static org.hympj.rings.FragmentDescriptor.FRAGMENT_OFFSET_OFFSET;
import static org.hympj.rings.FragmentDescriptor.HEADER_LENGTH;
import static org.hympj.rings.FragmentDescriptor.STREAM_ID_OFFSET;
import static org.hympj.rings.FragmentDescriptor.TOTAL_LENGTH_OFFSET;

import java.util.function.LongSupplier;
import org.agrona.BitUtil;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RecordDescriptor;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * Writes records into an Agrona ring ({@code OneToOneRingBuffer} or
 * {@code ManyToOneRingBuffer}) and waits, making progress, while it is full: nothing is ever
 * overwritten or dropped. Payloads larger than one record go as fragments (see
 * {@link FragmentDescriptor}), each claimed in the ring and copied straight into it. Into a
 * {@code OneToOneRingBuffer} it writes through a {@link WindowedProducer}, whose window a
 * {@link CopyRateWindow} moves when the ring is larger than the narrow window asked for; into
 * other rings through Agrona's own producer methods.
 *
 * <p>Not thread-safe: one writer object per writing thread (the ring itself may be MPSC).
 * A consumer that has stopped for good blocks its writers; the caller's {@link ProgressHook}
 * is where it notices a dead peer and throws.
 */
public final class RingWriter {
    /**
     * The smallest fragment while the window is the whole ring. The writer uses the whole ring
     * only while it copies faster than the narrow window (cores that share no cache), where the
     * reader falls behind and reads from memory, so little of the two copies' overlap that small
     * fragments buy is lost, and each fragment's fixed work is spread over more bytes
     * (docs/decisions/ring-size-and-writer-window.md).
     */
    static final int WIDE_FRAGMENT_BYTES = 128 * 1024;
    private final RingBuffer ring;
    /** The producer of a one-to-one ring, which may keep to a window of it; null for other rings. */
    private final WindowedProducer producer;
    /** Moves the producer's window by how fast payloads copy in; null when the ring is no larger than its small window. */
    private final CopyRateWindow windowPolicy;
    private final IdleStrategy idle;
    private final LongSupplier clock;
    /** Set by {@link #claim} when its progress hook did work while the ring was full. */
    private boolean drainedWhileWaiting;
    /** Copies of at least the timed size made, across messages, so that the one timed in each few rotates through a stream's. */
    private int copies;

    public RingWriter(RingBuffer ring) {
        this(ring, Integer.MAX_VALUE);
    }

    /**
     * A writer that, into a one-to-one ring larger than {@code smallWindow} bytes, keeps its
     * records in the ring's first {@code smallWindow} bytes or uses the whole ring, whichever
     * its payloads copy into faster ({@link CopyRateWindow}).
     */
    public RingWriter(RingBuffer ring, int smallWindow) {
        this(ring, smallWindow, System::nanoTime);
    }

    /** As {@link #RingWriter(RingBuffer, int)}, timing its copies with {@code clock} (nanoseconds). */
    RingWriter(RingBuffer ring, int smallWindow, LongSupplier clock) {
        this.ring = ring;
        this.clock = clock;
        this.producer = ring instanceof OneToOneRingBuffer ? new WindowedProducer((OneToOneRingBuffer) ring) : null;
        this.windowPolicy = producer != null && smallWindow < ring.capacity() ? new CopyRateWindow(producer, smallWindow) : null;
        this.idle = new BackoffIdleStrategy(100, 10, 1_000, 100_000);
    }

    /** The largest payload {@link #write} takes in one record. */
    public int maxRecordLength() {
        return ring.maxMsgLength();
    }

    /** The largest fragment of a bulk payload. */
    public int maxFragmentLength() {
        return ring.maxMsgLength() - HEADER_LENGTH;
    }

    /** The largest fragment that fits the window in use now: as large a part of it as a record may be of a whole ring. */
    private int windowFragmentLength() {
        return producer == null ? maxFragmentLength() : Math.min(maxFragmentLength(), producer.window() / 8 - HEADER_LENGTH);
    }

    /**
     * The length to claim for a record of {@code length} bytes so that it ends on a cache
     * line, when this writer alone writes the ring (SPSC, or under the caller's lock): the next
     * record then starts a line, and a small record lies in one line, which the reader fetches
     * from the writer's core in one transfer (a record across two lines costs two, the second
     * only after the first is read). A record claimed with this length has its padding
     * neither written nor read; {@link #tryWrite} copies that many bytes, so its source must be
     * as long. A length that padding would take past the ring's largest record is returned as
     * it is.
     */
    public int lineAlignedLength(int length) {
        int start;
        if (producer != null) {
            start = producer.nextRecordIndex(length);
        } else {
            int capacity = ring.capacity();
            start = (int) (ring.producerPosition() & (capacity - 1));
            if (start + RecordDescriptor.HEADER_LENGTH + length > capacity) {
                start = 0; // Agrona pads to the end and puts the record at the start
            }
        }
        int padded = BitUtil.align(start + RecordDescriptor.HEADER_LENGTH + length, BitUtil.CACHE_LINE_LENGTH)
            - start - RecordDescriptor.HEADER_LENGTH;
        return padded <= ring.maxMsgLength() ? padded : length;
    }

    /** Writes one record of {@code length} bytes, waiting (and calling {@code progress}) while the ring is full. */
    public void write(int typeId, DirectBuffer src, int offset, int length, ProgressHook progress) {
        if (length > ring.maxMsgLength()) {
            throw new IllegalArgumentException("a record of " + length + " bytes exceeds the ring's maximum of "
                + ring.maxMsgLength() + "; send it with writeBulk");
        }
        if (!tryWrite(typeId, src, offset, length)) {
            idle.reset();
            do {
                idle.idle(progress.doWork());
            } while (!tryWrite(typeId, src, offset, length));
            progress.roomFound();
        }
    }

    /**
     * Writes {@code length} bytes as fragments of stream {@code streamId}, in order, each
     * claimed in the ring and copied once from {@code src}. Returns when the last fragment is
     * in the ring.
     */
    public void writeBulk(int typeId, long streamId, DirectBuffer src, int offset, int length, ProgressHook progress) {
        writeBulk(typeId, streamId, src.byteArray(), src.addressOffset() + offset, length, maxFragmentLength(), progress);
    }

    /**
     * As {@link #writeBulk(int, long, DirectBuffer, int, int, ProgressHook)}, from memory named
     * as {@code Unsafe} names it (an array and a byte offset from it, or null and an address),
     * in fragments of {@code chunk} bytes: smaller fragments let the reader start copying
     * sooner, so the two copies overlap more. If the writer, waiting for room, finds something
     * to drain (the reader is streaming to it at the same time: an exchange), each later
     * fragment is twice the one before, up to the largest record of the window in use (an
     * eighth of it, as Agrona allows of a whole ring): the two streams then
     * take turns in fewer, larger pieces, and each turn costs per-fragment work on both sides
     * that the JIT has not yet compiled in a job's first exchanges. A stream one way keeps its
     * small fragments while the window is narrow; in the whole ring they are at least
     * {@link #WIDE_FRAGMENT_BYTES}.
     */
    public void writeBulk(int typeId, long streamId, Object srcBase, long srcOffset, int length, int chunk,
                          ProgressHook progress) {
        if (chunk < 1 || chunk > maxFragmentLength()) {
            throw new IllegalArgumentException("fragments of " + chunk + " bytes do not fit this ring's records (1.."
                + maxFragmentLength() + ")");
        }
        AtomicBuffer buffer = ring.buffer();
        int size = chunk;
        boolean crossing = false;
        int done = 0;
        do {
            narrowIfDue(); // before the fragment's size is chosen, which the window bounds
            int wanted = wide() ? Math.max(size, WIDE_FRAGMENT_BYTES) : size;
            int n = Math.min(Math.min(wanted, windowFragmentLength()), length - done);
            drainedWhileWaiting = false;
            int index = claim(typeId, HEADER_LENGTH + n, progress);
            crossing |= drainedWhileWaiting;
            if (crossing) {
                size = Math.min(maxFragmentLength(), size << 1);
            }
            buffer.putLong(index + STREAM_ID_OFFSET, streamId);
            buffer.putInt(index + TOTAL_LENGTH_OFFSET, length);
            buffer.putInt(index + FRAGMENT_OFFSET_OFFSET, done);
            copyIn(srcBase, srcOffset + done, index + HEADER_LENGTH, n);
            commit(index);
            done += n;
        } while (done < length);
    }

    /**
     * Claims room for a record of {@code length} bytes, waiting (and calling {@code progress})
     * while the ring is full; returns the index of its body in {@link #buffer}. The caller
     * fills it and then calls {@link #commit}.
     */
    public int claim(int typeId, int length, ProgressHook progress) {
        narrowIfDue();
        int index = tryClaim(typeId, length);
        if (index < 0) {
            idle.reset();
            do {
                int work = progress.doWork();
                drainedWhileWaiting |= work > 0;
                idle.idle(work);
            } while ((index = tryClaim(typeId, length)) < 0);
            progress.roomFound();
        }
        return index;
    }

    /**
     * Copies {@code length} bytes from memory named as {@code Unsafe} names it into the ring at
     * {@code index}, inside a record claimed and not yet committed. Every copy of a payload
     * into the ring goes through here, so that the window's policy sees them all: one in
     * {@link CopyRateWindow#COPIES_PER_SAMPLE} of at least {@link CopyRateWindow#TIMED_COPY_BYTES} is timed.
     */
    public void copyIn(Object srcBase, long srcOffset, int index, int length) {
        AtomicBuffer buffer = ring.buffer();
        if (windowPolicy != null && length >= CopyRateWindow.TIMED_COPY_BYTES && ++copies % CopyRateWindow.COPIES_PER_SAMPLE == 0) {
            long start = clock.getAsLong();
            MemoryCopy.copy(srcBase, srcOffset, buffer.byteArray(), buffer.addressOffset() + index, length);
            long now = clock.getAsLong();
            windowPolicy.copied(length, now - start, now);
        } else {
            MemoryCopy.copy(srcBase, srcOffset, buffer.byteArray(), buffer.addressOffset() + index, length);
        }
    }

    /** True while this writer's window is the whole ring (never for a ring without a window policy). */
    boolean wide() {
        return windowPolicy != null && !windowPolicy.isNarrow();
    }

    /** A wide window whose time is up becomes narrow before the next claim. */
    private void narrowIfDue() {
        if (wide()) {
            // Only a wide window reads the clock: the narrow one's claims, small messages', stay as cheap as before.
            windowPolicy.beforeClaim(clock.getAsLong());
        }
    }

    private int tryClaim(int typeId, int length) {
        return producer != null ? producer.tryClaim(typeId, length) : ring.tryClaim(typeId, length);
    }

    /** Publishes a record filled after {@link #claim}. */
    public void commit(int index) {
        if (producer != null) {
            producer.commit(index);
        } else {
            ring.commit(index);
        }
    }

    /** Writes one record if there is room now; never waits. */
    public boolean tryWrite(int typeId, DirectBuffer src, int offset, int length) {
        if (producer == null) {
            return ring.write(typeId, src, offset, length);
        }
        int index = producer.tryClaim(typeId, length);
        if (index < 0) {
            return false;
        }
        ring.buffer().putBytes(index, src, offset, length);
        producer.commit(index);
        return true;
    }

    /** The ring's memory, where claimed records are filled. */
    public AtomicBuffer buffer() {
        return ring.buffer();
    }

    /** Decodes a bulk fragment record the reader got, for {@code handler}. */
    public static void decodeFragment(int typeId, DirectBuffer buffer, int index, int length, FragmentHandler handler) {
        handler.onFragment(typeId, buffer.getLong(index + STREAM_ID_OFFSET), buffer.getInt(index + TOTAL_LENGTH_OFFSET),
            buffer.getInt(index + FRAGMENT_OFFSET_OFFSET), buffer, index + HEADER_LENGTH, length - HEADER_LENGTH);
    }
}
