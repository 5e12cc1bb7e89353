package org.hympj.net;

import static org.hympj.net.frame.FrameDescriptor.HEADER_LENGTH;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.collections.LongArrayQueue;
import org.agrona.concurrent.ControlledMessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.hympj.net.frame.FrameDecoder;
import org.hympj.net.frame.FrameDescriptor;
import org.hympj.net.frame.FrameException;
import org.hympj.net.frame.FrameHandler;
import org.hympj.net.frame.FrameWriter;
import org.hympj.net.transport.Link;
import org.hympj.net.transport.PolledLink;

/**
 * This JVM's connection to one other JVM of the job, and both ends of its traffic here:
 * <ul>
 *   <li>out: the ring that this JVM's threads write frames into (many producers), which the
 *       leader ({@link NodeBridge}) empties into the socket: small frames gathered into one
 *       write, large ones written straight from the ring;</li>
 *   <li>in: the bytes that arrive, cut into frames, the program's handed to
 *       {@link BridgeEvents#onFrame}. On a {@link PolledLink} (TCP) a thread of the program
 *       that waits for a message reads them itself ({@link #poll}), as a rank thread drains its
 *       node's rings: the message reaches it without a wake-up of another thread, which on a
 *       node with as many busy threads as cores would first have to win a core. The
 *       connection's reader thread reads only while no such thread does: it parks while the
 *       program's threads poll (it would take a core from one of them at every arrival), and
 *       reads again when a poll-free spell of {@link #READER_PARK_NANOS} shows them computing,
 *       or at once when one parks ({@link #wakeReader}). On other links the reader thread
 *       reads everything, waiting inside the link's read.</li>
 * </ul>
 *
 * <p>Invariant: one thread at a time writes the socket and reads the ring: the one that holds
 * {@link #writing} (the leader, or a sending thread that found the connection idle and flushed
 * its own frame at once, see {@link NodeBridge#commit}); one thread at a time reads the socket
 * and the decoder: the one that holds {@link #reading}, which none holds while it waits. The
 * connection is lost at most once ({@link #lost}), after which writers fail at once and the
 * leader skips it.
 */
final class PeerLink implements ControlledMessageHandler {
    /** Frames up to this size are gathered; larger ones go from the ring in a write of their own. */
    private static final int GATHER_LIMIT = 8 * 1024;
    private static final int BATCH_BYTES = 64 * 1024;
    /** Records taken per pass: bounds how long one busy connection keeps the leader from the others. */
    private static final int RECORDS_PER_PASS = 256;
    /**
     * How long the reader thread parks while the program's threads poll: the longest a frame
     * waits when they stop polling without parking (to compute, or to write a socket that is
     * full), and the rate at which the reader looks again meanwhile.
     */
    static final long READER_PARK_NANOS = 1_000_000;

    final int jvm;
    private final Link link;
    private final ManyToOneRingBuffer ring;
    private final FrameDecoder decoder;
    private final BridgeEvents events;
    private final BridgeSettings settings;
    /** The ring's memory as the socket writes it: large frames go from here. */
    private final ByteBuffer ringBytes;

    /** Held by the thread that writes the socket; the batch and the write state below are its. */
    private final AtomicBoolean writing = new AtomicBoolean();
    private final ByteBuffer batch = ByteBuffer.allocateDirect(BATCH_BYTES);
    private final UnsafeBuffer batchView = new UnsafeBuffer(batch);
    private int batchLength;
    private long lastWriteNanos = System.nanoTime();
    /** Thrown inside the ring's handler, which may not throw checked exceptions. */
    private IOException writeFailure;

    /** (type, value) pairs written before the ring's frames; for frames no thread may wait to write. */
    private final LongArrayQueue urgent = new LongArrayQueue();
    private volatile boolean urgentPending;

    /** Why the connection is lost; null while it works. Set once. */
    private final AtomicReference<String> lost = new AtomicReference<>();
    private volatile boolean goodbyeReceived;
    private volatile boolean closing;
    private Thread reader;

    /** The link, if its reads can look without waiting; else null and only the reader thread reads. */
    private final PolledLink polled;
    /** Held by the thread that reads the socket and the decoder. */
    private final AtomicBoolean reading = new AtomicBoolean();
    private final FrameHandler frames = this::onFrame;
    /** When a frame last arrived (any reader's), for the liveness check. */
    private volatile long lastArrivalNanos = System.nanoTime();
    /** The end of the stream was read. */
    private volatile boolean ended;
    /** The polls of the program's threads, counted by the bridge: a change means they read. */
    private final IntSupplier polls;
    private volatile boolean wakeRequested;

    PeerLink(int jvm, Link link, FrameDecoder decoder, BridgeEvents events, BridgeSettings settings, IntSupplier polls)
        throws IOException {
        this.jvm = jvm;
        this.link = link;
        this.decoder = decoder;
        this.events = events;
        this.settings = settings;
        this.polls = polls;
        this.polled = link instanceof PolledLink p ? p : null;
        if (polled != null) {
            polled.pollReads();
        }
        // Direct memory: Agrona's atomic ring operations need 8-byte alignment, which a byte[] does not promise.
        this.ringBytes = ByteBuffer.allocateDirect(settings.ringBytes() + RingBufferDescriptor.TRAILER_LENGTH);
        this.ring = new ManyToOneRingBuffer(new UnsafeBuffer(ringBytes));
    }

    ManyToOneRingBuffer ring() {
        return ring;
    }

    String remote() {
        return link.remote();
    }

    /** Why the connection is lost, or null while it works. */
    String lostReason() {
        return lost.get();
    }

    boolean goodbyeReceived() {
        return goodbyeReceived;
    }

    /** True if there is anything for the leader to write. */
    boolean hasWork() {
        return lost.get() == null && (urgentPending || ring.size() > 0);
    }

    /** Queues a small frame ({@code type}, an 8-byte {@code value}) that the leader writes before the ring's next ones. */
    void offerUrgent(int type, long value) {
        synchronized (urgent) {
            urgent.addLong(type);
            urgent.addLong(value);
            urgentPending = true;
        }
    }

    // ---------------------------------------------------------------- leader side

    /**
     * One pass over this connection, if no other thread is writing it: urgent frames, then ring
     * frames, then a heartbeat if due. Returns the frames written, or -1 if another thread holds
     * the connection (it may have read the ring before the caller's frame went in).
     */
    int flush(long now) {
        // Test before the CAS: a leader and a sender meeting here do not fight over the line.
        if (writing.get() || !writing.compareAndSet(false, true)) {
            return -1;
        }
        try {
            return flushHeld(now);
        } finally {
            writing.set(false);
        }
    }

    /** Takes {@link #writing}, waiting for a sender that holds it; for the leader's last frames. */
    private void holdWriting() {
        while (!writing.compareAndSet(false, true)) {
            Thread.onSpinWait();
        }
    }

    private int flushHeld(long now) {
        if (lost.get() != null) {
            return 0;
        }
        try {
            int work = 0;
            if (urgentPending) {
                work += gatherUrgent();
            }
            writeFailure = null;
            work += ring.controlledRead(this, RECORDS_PER_PASS);
            if (writeFailure != null) {
                throw writeFailure;
            }
            if (batchLength > 0) {
                writeBatch(now);
            } else if (now - lastWriteNanos > settings.heartbeatMillis() * 1_000_000L) {
                appendHeader(FrameDescriptor.HEARTBEAT, 0);
                writeBatch(now);
            }
            return work;
        } catch (IOException | RuntimeException e) {
            lost("writing to it failed: " + e.getMessage());
            return 1;
        }
    }

    private int gatherUrgent() throws IOException {
        int n = 0;
        synchronized (urgent) {
            while (!urgent.isEmpty()) {
                if (batchLength + HEADER_LENGTH + 8 > BATCH_BYTES) {
                    writeBatch(System.nanoTime());
                }
                int type = (int) urgent.pollLong();
                long value = urgent.pollLong();
                appendHeader(type, 8);
                batchView.putLong(batchLength - 8, value);
                n++;
            }
            urgentPending = false;
        }
        return n;
    }

    private void appendHeader(int type, int bodyLength) {
        batchView.putInt(batchLength + FrameDescriptor.LENGTH_OFFSET, HEADER_LENGTH + bodyLength);
        batchView.putInt(batchLength + FrameDescriptor.TYPE_OFFSET, type);
        batchLength += HEADER_LENGTH + bodyLength;
    }

    private void writeBatch(long now) throws IOException {
        link.write(batch.limit(batchLength).position(0));
        batchLength = 0;
        lastWriteNanos = now;
    }

    /**
     * A record of the ring is a frame as it stands (Agrona's record header is the frame header,
     * see {@link FrameDescriptor}): small ones are copied into the batch, large ones written
     * from the ring, and their room freed before the next is read.
     */
    @Override
    public Action onMessage(int type, MutableDirectBuffer buffer, int index, int length) {
        int frameLength = HEADER_LENGTH + length;
        int frameStart = index - HEADER_LENGTH;
        try {
            if (frameLength > GATHER_LIMIT) {
                if (batchLength > 0) {
                    writeBatch(System.nanoTime());
                }
                link.write(ringBytes.limit(frameStart + frameLength).position(frameStart));
                lastWriteNanos = System.nanoTime();
                return Action.COMMIT;
            }
            if (batchLength + frameLength > BATCH_BYTES) {
                writeBatch(System.nanoTime());
            }
            batchView.putBytes(batchLength, buffer, frameStart, frameLength);
            batchLength += frameLength;
            return Action.CONTINUE;
        } catch (IOException e) {
            writeFailure = e;
            return Action.ABORT;
        }
    }

    /** The goodbye: everything queued is written, then GOODBYE, then this side's end of the stream. */
    void sayGoodbye() {
        if (lost.get() != null) {
            return;
        }
        holdWriting();
        try {
            while (hasWork()) {
                flushHeld(System.nanoTime());
            }
            if (lost.get() == null) {
                appendHeader(FrameDescriptor.GOODBYE, 0);
                writeBatch(System.nanoTime());
                link.shutdownOutput();
            }
        } catch (IOException e) {
            lost("saying goodbye failed: " + e.getMessage());
        } finally {
            writing.set(false);
        }
    }

    /**
     * Writes one frame of the program's now, from the leader, before anything else queued (the
     * abort notice), and ends this side's stream after it: the frame is the connection's last.
     */
    void writeLast(int type, byte[] body) {
        if (lost.get() != null) {
            return;
        }
        holdWriting();
        try {
            FrameWriter w = new FrameWriter(body.length);
            w.buffer().putBytes(HEADER_LENGTH, body);
            w.write(link, type, body.length);
            link.shutdownOutput();
        } catch (IOException e) {
            lost("writing to it failed: " + e.getMessage());
        } finally {
            writing.set(false);
        }
    }

    // ---------------------------------------------------------------- reader side

    void startReader(String name) {
        reader = new Thread(polled != null ? this::readPolled : this::read, name);
        reader.setDaemon(true);
        reader.start();
    }

    /** The reader thread of a link whose reads wait: it reads everything. */
    private void read() {
        try {
            link.readTimeout(settings.livenessMillis());
            while (!closing) {
                if (decoder.readFrames(link.input(), frames) < 0) {
                    ended();
                    return;
                }
            }
        } catch (SocketTimeoutException e) {
            silent();
        } catch (IOException | RuntimeException e) {
            readFailed(e);
        }
    }

    /**
     * The reader thread of a {@link PolledLink}: reads what arrives while no thread of the
     * program polls, parks while they do, and checks the connection's liveness either way.
     */
    private void readPolled() {
        int pollsSeen = polls.getAsInt();
        while (!closing && !ended && lost.get() == null) {
            int seen = polls.getAsInt();
            if (wakeRequested) {
                wakeRequested = false;
            } else if (seen != pollsSeen) {
                LockSupport.parkNanos(READER_PARK_NANOS);
                pollsSeen = seen;
                checkLiveness();
                continue;
            }
            pollsSeen = seen;
            try {
                if (this.polled.awaitReadable(settings.heartbeatMillis()) && poll(false) == 0 && reading.get()) {
                    // A thread of the program holds the connection (preempted, perhaps): the
                    // socket stays readable until it reads, so wait here rather than spin on the
                    // core it may need.
                    LockSupport.parkNanos(READER_PARK_NANOS);
                }
            } catch (IOException | RuntimeException e) {
                readFailed(e);
                return;
            }
            checkLiveness();
        }
    }

    /**
     * Reads what has arrived and hands over its frames, if no other thread is reading the
     * connection (or, with {@code wait}, once it has finished); returns the frames handed
     * over. For any thread; a link whose reads wait is left to its reader thread.
     */
    int poll(boolean wait) {
        if (polled == null || ended || closing || lost.get() != null) {
            return 0;
        }
        if (reading.get() || !reading.compareAndSet(false, true)) {
            if (!wait) {
                return 0;
            }
            // Yields now and then: the holder may be a thread preempted on this core.
            for (int spins = 1; !reading.compareAndSet(false, true); spins++) {
                if ((spins & 63) == 0) {
                    Thread.yield();
                } else {
                    Thread.onSpinWait();
                }
            }
        }
        try {
            int n = decoder.pollFrames(polled, frames);
            if (n < 0) {
                ended();
                return 0;
            }
            if (n > 0) {
                lastArrivalNanos = System.nanoTime();
            }
            return n;
        } catch (IOException | RuntimeException e) {
            readFailed(e);
            return 1;
        } finally {
            reading.set(false);
        }
    }

    /** A thread of the program is about to park: the reader thread reads for it from now on. */
    void wakeReader() {
        if (polled != null) {
            wakeRequested = true;
            LockSupport.unpark(reader);
        }
    }

    private void checkLiveness() {
        if (System.nanoTime() - lastArrivalNanos > settings.livenessMillis() * 1_000_000L) {
            silent();
        }
    }

    private void ended() {
        ended = true;
        if (!goodbyeReceived) {
            lost("it closed the connection without a goodbye (its JVM ended or was killed)");
        }
    }

    private void silent() {
        lost("it sent nothing, not even a heartbeat, for " + settings.livenessMillis() / 1000.0 + " s");
    }

    private void readFailed(Exception e) {
        if (e instanceof FrameException) {
            lost("it sent a malformed frame: " + e.getMessage());
            closeQuietly();
        } else if (!closing) {
            lost("reading from it failed: " + e);
        }
    }

    private void onFrame(int type, DirectBuffer buffer, int index, int length) throws FrameException {
        if (type >= FrameDescriptor.FIRST_APPLICATION_TYPE) {
            events.onFrame(jvm, type, buffer, index, length);
        } else if (type == FrameDescriptor.GOODBYE) {
            goodbyeReceived = true;
        } else if (type != FrameDescriptor.HEARTBEAT) {
            throw new FrameException(FrameDescriptor.typeName(type) + " after the handshake");
        }
    }

    /** Waits up to {@code millis} for the reader to end (the peer's goodbye and end of stream). */
    boolean awaitReader(long millis) throws InterruptedException {
        if (reader != null) {
            reader.join(Math.max(1, millis));
            return !reader.isAlive();
        }
        return true;
    }

    /** Takes the connection for lost; reported once, unless this side is closing it or the peer said goodbye. */
    void lost(String reason) {
        if (lost.compareAndSet(null, reason) && !closing && !goodbyeReceived) {
            events.onPeerLost(jvm, reason);
        }
    }

    void closeQuietly() {
        closing = true;
        try {
            link.close();
        } catch (IOException ignored) {
            // closing: nothing left to tell anyone
        }
    }
}
