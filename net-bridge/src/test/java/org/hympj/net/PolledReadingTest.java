package org.hympj.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.AtomicBuffer;
import org.hympj.net.frame.FrameDescriptor;
import org.hympj.net.wireup.JobSecret;
import org.hympj.net.wireup.WireUp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Who reads a TCP connection of the bridge: a thread of the program that polls
 * ({@link NodeBridge#progress}) reads it itself, and the connection's reader thread reads it
 * again once the program stops polling; silence is noticed either way. Two "JVMs", threads
 * of this one, over 127.0.0.1.
 */
@Timeout(60)
class PolledReadingTest {
    private static final int FRAME = FrameDescriptor.FIRST_APPLICATION_TYPE;
    private static final BridgeSettings SETTINGS = new BridgeSettings(1 << 20, 64 * 1024, 100, 1_000, 1_000, 1);

    /** Counts the frames JVM 1 received by the name of the thread that handed each over. */
    private static final class Receiver implements BridgeEvents {
        final Map<String, AtomicInteger> byThread = new ConcurrentHashMap<>();
        final AtomicInteger frames = new AtomicInteger();
        final AtomicReference<String> lost = new AtomicReference<>();
        final CountDownLatch lostLatch = new CountDownLatch(1);

        @Override
        public void onFrame(int peer, int type, DirectBuffer buffer, int index, int length) {
            byThread.computeIfAbsent(Thread.currentThread().getName(), n -> new AtomicInteger()).incrementAndGet();
            frames.incrementAndGet();
        }

        @Override
        public void onPeerLost(int peer, String reason) {
            lost.compareAndSet(null, reason);
            lostLatch.countDown();
        }

        @Override
        public String stopReason() {
            return null;
        }

        @Override
        public void log(String message) {
        }

        int readBy(String prefix) {
            return byThread.entrySet().stream().filter(e -> e.getKey().startsWith(prefix)).mapToInt(e -> e.getValue().get()).sum();
        }
    }

    /** A thread that polls {@code bridge} until stopped, as a rank thread does while it waits. */
    private static final class Poller extends Thread {
        private final NodeBridge bridge;
        private final AtomicBoolean running = new AtomicBoolean(true);

        Poller(NodeBridge bridge, String name) {
            super(name);
            this.bridge = bridge;
            start();
        }

        @Override
        public void run() {
            while (running.get()) {
                bridge.progress();
            }
        }

        void stopPolling() throws InterruptedException {
            running.set(false);
            join(10_000);
        }
    }

    private static void send(NodeBridge from, int to, long value) {
        int index = from.claim(to, FRAME, 8);
        AtomicBuffer b = from.buffer(to);
        b.putLong(index, value);
        from.commit(to, index);
    }

    private static void awaitFrames(Receiver r, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (r.frames.get() < n && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(n, r.frames.get(), "frames handed over, by thread: " + r.byThread);
    }

    @Test
    void aThreadThatPollsReadsTheConnectionItselfAndTheReaderThreadReadsOnceItStops() throws Exception {
        WireUp.Connections[] c = new LoopbackJob(1).wireUp(2, JobSecret.random(), 20_000);
        Receiver r0 = new Receiver();
        Receiver r1 = new Receiver();
        NodeBridge b0 = new NodeBridge(0, c[0].links(), c[0].decoders(), r0, SETTINGS);
        NodeBridge b1 = new NodeBridge(1, c[1].links(), c[1].decoders(), r1, SETTINGS);
        try {
            Poller poller = new Poller(b1, "test-poller");
            // The reader thread notices the polls at its next look, at most a heartbeat away.
            Thread.sleep(3L * SETTINGS.heartbeatMillis());
            for (int i = 1; i <= 100; i++) {
                send(b0, 1, i);
                awaitFrames(r1, i);
            }
            poller.stopPolling();
            assertTrue(r1.readBy("test-poller") > 0, "no frame was read by the thread that polled: " + r1.byThread);

            int before = r1.readBy("hympj-bridge-read-");
            for (int i = 101; i <= 110; i++) {
                send(b0, 1, i);
                awaitFrames(r1, i);
            }
            assertEquals(before + 10, r1.readBy("hympj-bridge-read-"),
                "with no thread polling, the reader thread hands every frame over: " + r1.byThread);
            assertNull(r1.lost.get());
        } finally {
            b0.close();
            b1.close();
        }
    }

    @Test
    void aConnectionThatFallsSilentIsLostAlsoWhileTheProgramPolls() throws Exception {
        WireUp.Connections[] c = new LoopbackJob(1).wireUp(2, JobSecret.random(), 20_000);
        Receiver receiver = new Receiver();
        // JVM 1 completed its handshake but never runs a bridge: no frame, no heartbeat.
        NodeBridge bridge = new NodeBridge(0, c[0].links(), c[0].decoders(), receiver, SETTINGS);
        Poller poller = new Poller(bridge, "test-poller");
        try {
            assertTrue(receiver.lostLatch.await(10, TimeUnit.SECONDS), "silence went unnoticed while a thread polled");
            assertTrue(receiver.lost.get().contains("sent nothing, not even a heartbeat, for 1.0 s"), receiver.lost.get());
        } finally {
            poller.stopPolling();
            bridge.close();
            c[1].links()[0].close();
        }
    }
}
