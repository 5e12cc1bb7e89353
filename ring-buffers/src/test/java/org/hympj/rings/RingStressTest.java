package org.hympj.rings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Many threads writing randomized plain and bulk payloads through small rings (so they wrap
 * and fill often), a reader checking order per producer and every byte; and two endpoints
 * sending large payloads to each other at once through full rings without deadlock.
 */
@Timeout(120)
class RingStressTest {
    /** Per producer; {@code -Pstress} multiplies it (hympj.test.scale). */
    static final int MESSAGES = 3_000 * Integer.getInteger("hympj.test.scale", 1);

    static UnsafeBuffer ringMemory(int capacity) {
        return new UnsafeBuffer(BufferUtil.allocateDirectAligned(capacity + RingBufferDescriptor.TRAILER_LENGTH, 64));
    }

    @Test
    void manyProducersOneConsumerKeepOrderAndEveryByte() throws Exception {
        runProducers(new ManyToOneRingBuffer(ringMemory(64 * 1024)), 4);
    }

    @Test
    void oneProducerOneConsumerKeepsOrderAndEveryByte() throws Exception {
        runProducers(new OneToOneRingBuffer(ringMemory(16 * 1024)), 1);
    }

    private static void runProducers(RingBuffer ring, int producers) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int producer = p;
            threads.add(new Thread(() -> {
                try {
                    RingWriter writer = new RingWriter(ring);
                    for (int s = 0; s < MESSAGES; s++) {
                        byte[] payload = Payloads.make(producer, s, Payloads.length(producer, s));
                        UnsafeBuffer src = new UnsafeBuffer(payload);
                        if (payload.length > writer.maxRecordLength()) {
                            writer.writeBulk(Payloads.BULK, ((long) producer << 32) | s, src, 0, payload.length, ProgressHook.NONE);
                        } else {
                            writer.write(Payloads.PLAIN, src, 0, payload.length, ProgressHook.NONE);
                        }
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }, "producer-" + p));
        }
        threads.forEach(Thread::start);
        Reassembly reader = new Reassembly(producers);
        long deadline = System.nanoTime() + 90_000_000_000L;
        while (reader.messages < MESSAGES * producers && failure.get() == null && System.nanoTime() < deadline) {
            if (ring.read(reader::onRecord) == 0) {
                Thread.onSpinWait();
            }
        }
        for (Thread t : threads) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        for (int p = 0; p < producers; p++) {
            assertEquals(MESSAGES, reader.nextSequence[p], "producer " + p);
        }
    }

    /**
     * Two endpoints, each with its own small inbound ring, send twenty 1 MB payloads to each
     * other at the same time. Each fills the other's ring long before it is done; a writer
     * waiting on a full ring drains its own inbound ring meanwhile, so both finish.
     */
    @Test
    void largePayloadsBothWaysAtOnceDoNotDeadlock() throws Exception {
        RingBuffer toA = new OneToOneRingBuffer(ringMemory(32 * 1024));
        RingBuffer toB = new OneToOneRingBuffer(ringMemory(32 * 1024));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread a = endpoint(0, toB, toA, failure);
        Thread b = endpoint(1, toA, toB, failure);
        a.start();
        b.start();
        a.join();
        b.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    private static Thread endpoint(int me, RingBuffer out, RingBuffer in, AtomicReference<Throwable> failure) {
        return new Thread(() -> {
            try {
                // The peer's payloads are numbered as its producer id, which is the other endpoint.
                Reassembly reader = new Reassembly(2);
                ProgressHook drainOwnInbox = () -> in.read(reader::onRecord);
                RingWriter writer = new RingWriter(out);
                for (int s = 0; s < 20; s++) {
                    byte[] payload = Payloads.make(me, s, 1 << 20);
                    writer.writeBulk(Payloads.BULK, ((long) me << 32) | s, new UnsafeBuffer(payload), 0, payload.length, drainOwnInbox);
                }
                while (reader.messages < 20) {
                    if (drainOwnInbox.doWork() == 0) {
                        Thread.onSpinWait();
                    }
                }
                assertEquals(20, reader.nextSequence[1 - me]);
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }, "endpoint-" + me);
    }
}
