package org.hympj.comm.match;

import static org.hympj.comm.match.InboxRecordDescriptor.*;

import java.lang.invoke.VarHandle;
import org.agrona.BufferUtil;
import org.hympj.comm.data.AgronaAccess;
import org.agrona.MutableDirectBuffer;
import org.agrona.UnsafeApi;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RecordDescriptor;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.errors.ErrorClass;
import org.hympj.rings.MemoryCopy;
import org.hympj.rings.RingHead;

/**
 * Where small messages from the ranks of this JVM wait for one rank to match them: an Agrona
 * {@link ManyToOneRingBuffer} whose records carry envelope and payload together (see
 * {@link InboxRecordDescriptor}). The sending thread writes a record and its send is
 * complete; a thread of the receiving rank reads it, in its own cache, and matches it in its
 * own engine as it does a message from another process. A message so costs the lines its
 * record spans (one up to 32 payload bytes), where matching on the sender's side (the engine's
 * {@link MatchingEngine#deliver(SendOperation)} path) reads and writes the receiver's lock,
 * queues, operation and buffer, about five lines each way.
 *
 * <p>Only typed standard- and ready-mode messages of at most the inbox's limit come here;
 * everything else is still matched on the sender's side, after {@link #readClaimed} has put
 * every record claimed before it into the engine, so that no message overtakes one sent
 * before it by the same thread.
 *
 * <p>Reading takes the rank's {@link MatchingLock}, the lock its matching needs anyway: the
 * thread that drains a record matches it in the same critical section.
 *
 * <p>Invariants:
 * <ul>
 *   <li>Records reach the engine in ring order, which is each writing thread's send order:
 *       only the holder of the matching lock reads, and Agrona advances the consumer position
 *       only after a record has been handed to the engine.</li>
 *   <li>No lost wake-up: a thread of this rank that is about to park raises the lock's
 *       sleeper count (a full fence) and then drains; a writer commits its record and then,
 *       after a full fence, reads the count and, if raised, drains for it. One of the two sees
 *       the record, since a drain reads every committed record, past the padding before the
 *       ring's end.</li>
 *   <li>A full ring never blocks for good: a writer waiting for room drains it itself.</li>
 * </ul>
 */
public final class RankInbox {
    /** Default largest payload carried in a record. */
    public static final int DEFAULT_LIMIT = 512;
    /** Default ring capacity, bytes (a power of two). */
    public static final int DEFAULT_CAPACITY = 128 * 1024;
    /** Records handed to the engine per read: bounds the work one thread does for the others. */
    private static final int BATCH = 64;

    private final MatchingEngine engine;
    private final MatchingLock lock;
    private final JobContext job;
    private final int limit;
    private final ManyToOneRingBuffer ring;
    private final AtomicBuffer buffer;
    /** The absolute address of the ring's memory. */
    private final long address;
    /** Used only by the matching lock's holder. */
    private final Arrival arrival = new Arrival();
    private final MessageHandler reader = this::onRecord;

    /**
     * An inbox for {@code engine} carrying payloads up to {@code limit} bytes in a ring of
     * {@code capacity} bytes (a power of two of at least 8 times the largest record), read
     * under {@code lock}, the engine's matching lock.
     */
    RankInbox(MatchingEngine engine, MatchingLock lock, JobContext job, int limit, int capacity) {
        if (Integer.bitCount(capacity) != 1 || capacity / 8 < bodyLength(limit)) {
            throw new IllegalArgumentException("an inbox of " + capacity + " bytes cannot carry messages of " + limit
                + " bytes: its capacity must be a power of two and at least 8 times " + bodyLength(limit));
        }
        this.engine = engine;
        this.lock = lock;
        this.job = job;
        this.limit = limit;
        // Cache-line aligned, so that a small record spans one line where it can.
        this.buffer = new UnsafeBuffer(BufferUtil.allocateDirectAligned(capacity + RingBufferDescriptor.TRAILER_LENGTH, 64));
        this.ring = new ManyToOneRingBuffer(buffer);
        this.address = buffer.addressOffset();
    }

    /**
     * True if Agrona can reach the JDK's {@code Unsafe} (the JVM runs with
     * {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED}, as {@code hympjrun} starts
     * it); an inbox needs it. Otherwise says once, on standard error, that small messages
     * between thread ranks take the slower sender-side path.
     */
    public static boolean available() {
        return UnsafeAccess.AVAILABLE;
    }

    /** Holds the answer of {@link #available}, computed once. */
    private static final class UnsafeAccess {
        static final boolean AVAILABLE = probe();

        private static boolean probe() {
            if (AgronaAccess.usable()) {
                return true;
            }
            System.err.println("HyMPJ: Agrona cannot use the JDK's Unsafe (start java with " + AgronaAccess.ADD_OPENS
                + ", as hympjrun does); small messages between thread ranks are matched on the sender's side, about twice as slow");
            return false;
        }
    }

    /** True if {@code s} travels as a record here; false if it must be matched on the sender's side. */
    boolean carries(SendOperation s) {
        return s.form == SendOperation.TYPED && carries(s.byteLength)
            && (s.mode == SendOperation.STANDARD || s.mode == SendOperation.READY);
    }

    /** True if a typed standard- or ready-mode message of {@code length} bytes travels as a record here. */
    boolean carries(int length) {
        return length <= limit;
    }

    /**
     * Writes the message of {@code s} (which this inbox {@link #carries}) as one record. On
     * return the message is in the ring and the caller's array is free again. Waits, draining
     * the ring itself, while the ring is full.
     */
    void write(SendOperation s) {
        if (!write(s.context, s.commSize, s.source, s.tag, s.type, s.count, s.data, s.payloadOffset(), s.byteLength)) {
            s.fail(ErrorClass.ERR_OTHER, "the job was aborted while a message waited for room: " + job.abortReason());
        }
    }

    /**
     * Writes a message of {@code length} payload bytes at ({@code base}, {@code offset}) as one
     * record. Returns true once it is in the ring and the caller's memory is free again; false
     * if the job was aborted while the ring was full.
     */
    boolean write(int context, int commSize, int source, int tag, ElementType type, int count, Object base, long offset,
                  int length) {
        int index;
        int idle = 0;
        while ((index = ring.tryClaim(MESSAGE, bodyLength(length))) < 0) {
            // Full: the receiver is not reading. Put what is there into its engine ourselves.
            if (job.abortReason() != null) {
                return false;
            }
            if (drain() == 0) {
                idle = MatchingLock.backOff(idle);
            }
        }
        // Unchecked stores: tryClaim returned a record of bodyLength(length) bytes at index,
        // which holds the header and the payload, so every address below lies inside it.
        try {
            long record = address + index;
            UnsafeApi.putInt(null, record + CONTEXT_OFFSET, context);
            UnsafeApi.putInt(null, record + COMM_SIZE_OFFSET, commSize);
            UnsafeApi.putInt(null, record + SOURCE_OFFSET, source);
            UnsafeApi.putInt(null, record + TAG_OFFSET, tag);
            UnsafeApi.putInt(null, record + COUNT_OFFSET, count);
            UnsafeApi.putInt(null, record + TYPE_OFFSET, type.ordinal());
            MemoryCopy.copy(base, offset, null, record + HEADER_LENGTH, length);
        } catch (RuntimeException | Error e) {
            ring.abort(index);
            throw e;
        }
        ring.commit(index);
        // StoreLoad: the commit (a release store) must be visible before the sleeper count is read (see the class comment).
        VarHandle.fullFence();
        if (lock.anySleeper()) {
            drainAll();
        }
        return true;
    }

    /**
     * Hands what is in the ring to the engine, if the ring is not empty and no other thread is
     * at it; returns the number of messages handed over.
     */
    int drain() {
        if (RingHead.hasRecord(ring) && lock.tryLock()) {
            try {
                return readBatch();
            } finally {
                lock.unlock();
            }
        }
        return 0;
    }

    /**
     * Hands every committed record up to the first one still being written to the engine,
     * waiting for a thread that holds the matching lock to free it first.
     */
    int drainAll() {
        lock.lock();
        try {
            int work = 0;
            for (int n; (n = readBatch()) > 0; ) {
                work += n;
            }
            return work;
        } finally {
            lock.unlock();
        }
    }

    /**
     * With the matching lock held: returns once every record claimed before the call is in
     * the engine. A sender calls this before matching a message on its own side, so that its
     * earlier small messages, still in the ring, are matched first (MPI's non-overtaking
     * rule). A record claimed by another thread that has not yet committed it holds the ring
     * up only for the few instructions that writer has left, which need no lock.
     */
    void readClaimed() {
        long claimed = ring.producerPosition();
        for (int idle = 0; ring.consumerPosition() < claimed; ) {
            if (readBatch() == 0) {
                idle = MatchingLock.backOff(idle);
            }
        }
    }

    /**
     * Reads up to a batch of records; returns how many reached the engine. A record that does
     * not fit before the ring's end follows a padding record, which Agrona's read steps over
     * without counting: a read that found only the padding reads once more, from the ring's
     * start, so that a caller stopping at a read of none never leaves a record behind it.
     */
    private int readBatch() {
        int n = ring.read(reader, BATCH);
        return n == 0 && RingHead.hasRecord(ring) ? ring.read(reader, BATCH) : n;
    }

    /** A thread of this rank is about to park: from now on writers drain for it. */
    void beforePark() {
        lock.sleeperParking();
        drainAll();
    }

    void afterPark() {
        lock.sleeperAwake();
    }

    /**
     * The body length to claim for a payload of {@code payloadLength} bytes: whole cache
     * lines with Agrona's header, so that every record starts a line and a small one (up to
     * 32 payload bytes) is read in one line transfer, not two.
     */
    private static int bodyLength(int payloadLength) {
        return ((RecordDescriptor.HEADER_LENGTH + HEADER_LENGTH + payloadLength + 63) & -64) - RecordDescriptor.HEADER_LENGTH;
    }

    private void onRecord(int recordType, MutableDirectBuffer b, int index, int length) {
        // Unchecked loads, for the reason given in write: the record was written whole there.
        long record = address + index;
        ElementType type = ElementType.of(UnsafeApi.getInt(null, record + TYPE_OFFSET));
        int count = UnsafeApi.getInt(null, record + COUNT_OFFSET);
        arrival.envelope(UnsafeApi.getInt(null, record + CONTEXT_OFFSET), UnsafeApi.getInt(null, record + COMM_SIZE_OFFSET),
            UnsafeApi.getInt(null, record + SOURCE_OFFSET), UnsafeApi.getInt(null, record + TAG_OFFSET), type, count,
            Arrival.ELEMENTS, count * type.size(), 0);
        arrival.payload(null, record + HEADER_LENGTH, false);
        engine.deliverLocked(arrival);
    }
}
