package org.hympj.benchmarks.paths;

import java.nio.MappedByteBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * One direction of the Agrona path: a {@link OneToOneRingBuffer} in a mapped file, carrying
 * messages of any size as records of at most {@link #CHUNK} bytes (type {@link #MORE} while
 * more follow, {@link #LAST} for the last one, {@link #STOP} to end the echo).
 *
 * <pre>
 *  file: [ ring 0 (RING bytes + trailer) | ring 1 (RING bytes + trailer) ]
 *        ring 0 carries pings, ring 1 pongs
 * </pre>
 */
final class AgronaChannel {
    static final int RING = 1 << 20;
    static final int SPAN = RING + RingBufferDescriptor.TRAILER_LENGTH;
    static final int FILE_BYTES = 2 * SPAN;
    static final int MORE = 1;
    static final int LAST = 2;
    static final int STOP = 3;
    /** Well under the ring's largest record (RING / 8), so a large message streams. */
    static final int CHUNK = 64 * 1024;

    private final OneToOneRingBuffer ring;
    private final UnsafeBuffer source = new UnsafeBuffer(new byte[0]);
    private final MessageHandler collect;
    private byte[] target;
    private int received;
    private boolean complete;
    private boolean stopped;

    AgronaChannel(MappedByteBuffer file, int index) {
        ring = new OneToOneRingBuffer(new UnsafeBuffer(file, index * SPAN, SPAN));
        collect = (type, buffer, index1, length) -> {
            if (type == STOP) {
                stopped = true;
                complete = true;
                return;
            }
            buffer.getBytes(index1, target, received, length);
            received += length;
            complete = type == LAST;
        };
    }

    /** Sends {@code length} bytes of {@code data}, waiting while the ring is full. */
    void send(byte[] data, int length) {
        source.wrap(data);
        int at = 0;
        do {
            int n = Math.min(CHUNK, length - at);
            int type = at + n == length ? LAST : MORE;
            while (!ring.write(type, source, at, n)) {
                Thread.onSpinWait();
            }
            at += n;
        } while (at < length);
    }

    void sendStop() {
        while (!ring.write(STOP, source, 0, 0)) {
            Thread.onSpinWait();
        }
    }

    /**
     * Receives one whole message into {@code into}; returns its length, or -1 for a stop.
     * {@code stalled} runs every 2^20 empty polls (the sender's liveness check).
     */
    int receive(byte[] into, Runnable stalled) {
        target = into;
        received = 0;
        complete = false;
        for (int empty = 0; !complete; ) {
            if (ring.read(collect, 1) == 0) {
                if ((++empty & 0xFFFFF) == 0) {
                    stalled.run();
                }
                Thread.onSpinWait();
            }
        }
        return stopped ? -1 : received;
    }
}
