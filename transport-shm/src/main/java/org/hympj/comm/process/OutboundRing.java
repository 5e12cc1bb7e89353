package org.hympj.comm.process;

import static org.hympj.comm.protocol.MessageDescriptor.*;

import org.hympj.comm.protocol.MessageDescriptor;

import java.util.concurrent.locks.ReentrantLock;
import org.agrona.BitUtil;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.hympj.comm.events.EngineEvents;
import org.hympj.comm.events.RingFullEvent;
import org.hympj.comm.match.SendOperation;
import org.hympj.rings.ProgressHook;
import org.hympj.rings.RingWriter;

/**
 * This JVM's ring into one other JVM's segment. The ring is single-producer, so the threads
 * of this JVM that send to that JVM take turns by {@link #lock}: a message, streamed ones
 * included, goes in whole before the next starts, which is what keeps one sender's messages
 * in order and lets the reader find a stream's fragments one after the other.
 *
 * <p>A writer that finds the ring full drains (its hook) until there is room; each such wait
 * is a {@link RingFullEvent} while a recording enables HyMPJ's events.
 */
final class OutboundRing {
    private final int jvm;
    private final RingWriter writer;
    private final ReentrantLock lock = new ReentrantLock();
    /** Holds a sync acknowledgement while it is written, with room for its padding to a line; used only under {@link #lock}. */
    private final UnsafeBuffer ack = new UnsafeBuffer(new byte[BitUtil.CACHE_LINE_LENGTH]);
    /** What a writer does while the ring is full: drains, and records the wait. */
    private final ProgressHook waitForRoom;
    /** The current wait for room, while one is recorded; used only under {@link #lock}. */
    private RingFullEvent fullWait;

    /**
     * The ring to JVM {@code jvm} in {@code ringMemory}, written in a window of {@code window}
     * bytes; a writer waiting for room calls {@code drain}, which throws to give up.
     */
    OutboundRing(int jvm, AtomicBuffer ringMemory, int window, ProgressHook drain) {
        this.jvm = jvm;
        this.writer = new RingWriter(new OneToOneRingBuffer(ringMemory), window);
        this.waitForRoom = new ProgressHook() {
            @Override
            public int doWork() {
                if (fullWait == null) {
                    fullWait = EngineEvents.ringFull();
                }
                return drain.doWork();
            }

            @Override
            public void roomFound() {
                RingFullEvent wait = fullWait;
                if (wait != null) {
                    fullWait = null;
                    EngineEvents.roomFound(wait, jvm);
                }
            }
        };
    }

    int jvm() {
        return jvm;
    }

    /**
     * Writes the message of {@code s} to world rank {@code dest}: inline if its payload is at
     * most {@code fragmentBytes}, else as an envelope and fragments of that size. Waits while
     * the ring is full, draining with the hook it was made with, which throws to give up.
     */
    void write(int dest, SendOperation s, long syncToken, int fragmentBytes) {
        int length = s.byteLength();
        boolean inline = length <= fragmentBytes;
        boolean compact = inline && MessageDescriptor.fitsCompact(dest, s, syncToken);
        int envelope = compact ? COMPACT_HEADER_LENGTH : HEADER_LENGTH;
        lock.lock();
        // A write this thread makes while it waits for room (the lock is reentrant) leaves the
        // outer wait's event to the outer write.
        RingFullEvent outer = fullWait;
        try {
            // The padding is reckoned from the tail before a wait for room; an acknowledgement this
            // thread writes into the ring while it waits (the lock is reentrant) only leaves this
            // record off a line boundary, and the next one aligned again.
            int index = writer.claim(compact ? INLINE_COMPACT : inline ? INLINE : STREAMED,
                writer.lineAlignedLength(envelope + (inline ? length : 0)), waitForRoom);
            AtomicBuffer b = writer.buffer();
            if (compact) {
                MessageDescriptor.putCompactEnvelope(b, index, dest, s);
            } else {
                MessageDescriptor.putEnvelope(b, index, dest, s, syncToken);
            }
            if (inline) {
                writer.copyIn(s.payloadBase(), s.payloadOffset(), index + envelope, length);
            }
            writer.commit(index);
            if (!inline) {
                writer.writeBulk(FRAGMENT, syncToken, s.payloadBase(), s.payloadOffset(), length, fragmentBytes, waitForRoom);
            }
        } finally {
            // A wait the job's end cut short is not one that found room.
            fullWait = outer;
            lock.unlock();
        }
    }

    /**
     * Writes a sync acknowledgement if the ring is free and has room now; never waits, so the
     * thread draining the rings can call it without risking a deadlock with a writer.
     */
    boolean tryAcknowledge(long syncToken) {
        if (!lock.tryLock()) {
            return false;
        }
        try {
            ack.putLong(0, syncToken);
            return writer.tryWrite(SYNC_ACK, ack, 0, writer.lineAlignedLength(SYNC_ACK_LENGTH));
        } finally {
            lock.unlock();
        }
    }
}
