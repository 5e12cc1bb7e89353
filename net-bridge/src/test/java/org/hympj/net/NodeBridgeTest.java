package org.hympj.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.AtomicBuffer;
import org.hympj.net.frame.FrameDescriptor;
import org.hympj.net.frame.FrameException;
import org.hympj.net.wireup.JobSecret;
import org.hympj.net.wireup.WireUp;
import org.hympj.rings.FragmentDescriptor;
import org.junit.jupiter.api.Test;

/**
 * The bridge between JVMs on different "nodes" (threads of this JVM over 127.0.0.1): many
 * producer threads per JVM, small frames and fragmented large ones interleaved, every byte
 * checked, each producer's order kept; and the ends of a connection: goodbye, loss, silence.
 */
class NodeBridgeTest {
    private static final int SMALL = FrameDescriptor.FIRST_APPLICATION_TYPE;
    private static final int STREAM_START = SMALL + 1;
    private static final int FRAGMENT = SMALL + 2;
    private static final int NOTICE = SMALL + 3;
    private static final BridgeSettings SETTINGS = new BridgeSettings(1 << 20, 64 * 1024, 100, 1_000, 1_000, 4);

    /** What one JVM of the test received, and from whom. */
    private static final class Receiver implements BridgeEvents {
        final Map<Long, Long> nextSequence = new ConcurrentHashMap<>();
        final Map<Long, byte[]> streams = new ConcurrentHashMap<>();
        final AtomicLong frames = new AtomicLong();
        final AtomicReference<String> lost = new AtomicReference<>();
        final AtomicReference<String> error = new AtomicReference<>();
        final CountDownLatch lostLatch = new CountDownLatch(1);
        final AtomicReference<String> notice = new AtomicReference<>();

        @Override
        public void onFrame(int peer, int type, DirectBuffer b, int index, int length) throws FrameException {
            try {
                if (type == NOTICE) {
                    notice.compareAndSet(null, b.getStringWithoutLengthUtf8(index, length));
                    return;
                }
                if (type == SMALL || type == STREAM_START) {
                    long producer = ((long) peer << 32) | b.getInt(index);
                    long seq = b.getLong(index + 4);
                    long expected = nextSequence.getOrDefault(producer, 0L);
                    if (seq != expected) {
                        error.compareAndSet(null, "producer " + producer + ": got " + seq + ", expected " + expected);
                    }
                    nextSequence.put(producer, seq + 1);
                    if (type == SMALL) {
                        for (int i = 12; i < length; i++) {
                            if (b.getByte(index + i) != (byte) (seq + i)) {
                                error.compareAndSet(null, "small frame " + seq + " byte " + i);
                            }
                        }
                    } else {
                        streams.put(b.getLong(index + 12), new byte[b.getInt(index + 20)]);
                    }
                } else if (type == FRAGMENT) {
                    long stream = b.getLong(index + FragmentDescriptor.STREAM_ID_OFFSET);
                    int offset = b.getInt(index + FragmentDescriptor.FRAGMENT_OFFSET_OFFSET);
                    byte[] into = streams.get(stream);
                    int n = length - FragmentDescriptor.HEADER_LENGTH;
                    b.getBytes(index + FragmentDescriptor.HEADER_LENGTH, into, offset, n);
                    if (offset + n == into.length) {
                        for (int i = 0; i < into.length; i++) {
                            if (into[i] != (byte) (stream * 31 + i)) {
                                error.compareAndSet(null, "stream " + stream + " byte " + i);
                                break;
                            }
                        }
                        streams.remove(stream);
                    }
                }
                frames.incrementAndGet();
            } catch (RuntimeException e) {
                error.compareAndSet(null, e.toString());
            }
        }

        @Override
        public void onPeerLost(int peer, String reason) {
            lost.compareAndSet(null, "JVM " + peer + ": " + reason);
            lostLatch.countDown();
        }

        @Override
        public String stopReason() {
            return null;
        }

        @Override
        public void log(String message) {
        }
    }

    /** The wire-up the tests run over: TCP here; the UCX module runs them over UCX. */
    LoopbackJob job() {
        return new LoopbackJob();
    }

    private static NodeBridge[] start(WireUp.Connections[] c, Receiver[] receivers) throws Exception {
        NodeBridge[] bridges = new NodeBridge[c.length];
        for (int j = 0; j < c.length; j++) {
            receivers[j] = new Receiver();
            bridges[j] = new NodeBridge(j, c[j].links(), c[j].decoders(), receivers[j], SETTINGS);
        }
        return bridges;
    }

    @Test
    void framesOfManyThreadsArriveWholeAndInEachThreadsOrderThenGoodbyeEndsQuietly() throws Exception {
        int jvms = 3;
        int producers = 4;
        int perProducer = 1_500;
        Receiver[] receivers = new Receiver[jvms];
        NodeBridge[] bridges = start(job().wireUp(jvms, JobSecret.random(), 20_000), receivers);
        AtomicLong streamIds = new AtomicLong(1);
        List<Thread> threads = new ArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        for (int j = 0; j < jvms; j++) {
            for (int p = 0; p < producers; p++) {
                NodeBridge bridge = bridges[j];
                int me = j;
                int producer = p;
                Thread t = new Thread(() -> {
                    SplittableRandom random = new SplittableRandom(me * 100 + producer);
                    long[] seq = new long[jvms];
                    try {
                        for (int i = 0; i < perProducer; i++) {
                            int to = (me + 1 + random.nextInt(jvms - 1)) % jvms;
                            if (random.nextInt(50) == 0) {
                                int length = 1 + random.nextInt(300_000);
                                long stream = streamIds.getAndIncrement() + ((long) me << 40);
                                int index = bridge.claim(to, STREAM_START, 24);
                                AtomicBuffer b = bridge.buffer(to);
                                b.putInt(index, producer);
                                b.putLong(index + 4, seq[to]++);
                                b.putLong(index + 12, stream);
                                b.putInt(index + 20, length);
                                bridge.commit(to, index);
                                byte[] payload = new byte[length];
                                for (int k = 0; k < length; k++) {
                                    payload[k] = (byte) (stream * 31 + k);
                                }
                                bridge.writeFragments(to, FRAGMENT, stream, payload, org.agrona.BufferUtil.ARRAY_BASE_OFFSET, length);
                            } else {
                                int length = 12 + random.nextInt(random.nextInt(10) == 0 ? 20_000 : 100);
                                int index = bridge.claim(to, SMALL, length);
                                AtomicBuffer b = bridge.buffer(to);
                                long s = seq[to]++;
                                b.putInt(index, producer);
                                b.putLong(index + 4, s);
                                for (int k = 12; k < length; k++) {
                                    b.putByte(index + k, (byte) (s + k));
                                }
                                bridge.commit(to, index);
                            }
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                });
                threads.add(t);
                t.start();
            }
        }
        for (Thread t : threads) {
            t.join(60_000);
        }
        assertNull(failure.get());
        long deadline = System.currentTimeMillis() + 30_000;
        long expectedProducers = (long) jvms * producers;
        while (System.currentTimeMillis() < deadline) {
            long seen = 0;
            for (Receiver r : receivers) {
                seen += r.nextSequence.values().stream().mapToLong(Long::longValue).sum();
            }
            boolean streamsDone = true;
            for (Receiver r : receivers) {
                streamsDone &= r.streams.isEmpty();
            }
            if (seen == expectedProducers * perProducer && streamsDone) {
                break;
            }
            Thread.sleep(20);
        }
        for (Receiver r : receivers) {
            assertNull(r.error.get());
            assertTrue(r.streams.isEmpty(), "unfinished streams: " + r.streams.keySet());
        }
        long total = 0;
        for (Receiver r : receivers) {
            total += r.nextSequence.values().stream().mapToLong(Long::longValue).sum();
        }
        assertEquals(expectedProducers * perProducer, total);
        Thread[] finishers = new Thread[jvms];
        for (int j = 0; j < jvms; j++) {
            NodeBridge b = bridges[j];
            finishers[j] = new Thread(() -> b.finish(10_000));
            finishers[j].start();
        }
        for (Thread f : finishers) {
            f.join(20_000);
        }
        for (Receiver r : receivers) {
            assertNull(r.lost.get(), "a goodbye is not a loss");
        }
    }

    /**
     * A bridge with nothing to carry parks its threads (the leader, the readers), apart from
     * heartbeats: over an idle second they use a small part of a core. Only the threads of
     * this test's bridges are counted.
     */
    @Test
    void anIdleBridgeParksItsThreads() throws Exception {
        java.util.Set<Long> before = new java.util.HashSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            before.add(t.getId());
        }
        Receiver[] receivers = new Receiver[2];
        NodeBridge[] bridges = start(job().wireUp(2, JobSecret.random(), 20_000), receivers);
        try {
            List<Long> own = new ArrayList<>();
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith("hympj-bridge-") && !before.contains(t.getId())) {
                    own.add(t.getId());
                }
            }
            assertEquals(4, own.size(), "a leader and a reader per bridge");
            // Past the leader's spins and any start-up work.
            Thread.sleep(300);
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            long cpu0 = 0;
            for (long id : own) {
                cpu0 += mx.getThreadCpuTime(id);
            }
            Thread.sleep(1_000);
            long cpu1 = 0;
            for (long id : own) {
                cpu1 += mx.getThreadCpuTime(id);
            }
            long millis = (cpu1 - cpu0) / 1_000_000;
            assertTrue(millis < 100, "the idle bridges' threads used " + millis + " ms of CPU in 1 s");
        } finally {
            for (NodeBridge b : bridges) {
                b.close();
            }
        }
    }

    @Test
    void aJvmThatVanishesWithoutGoodbyeIsReportedLostAndItsWritersFail() throws Exception {
        Receiver[] receivers = new Receiver[2];
        NodeBridge[] bridges = start(job().wireUp(2, JobSecret.random(), 20_000), receivers);
        long t0 = System.nanoTime();
        bridges[1].close();
        assertTrue(receivers[0].lostLatch.await(5, TimeUnit.SECONDS), "no loss reported");
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(receivers[0].lost.get().contains("JVM 1: it closed the connection without a goodbye"), receivers[0].lost.get());
        assertTrue(millis < 5_000, millis + " ms");
        PeerLostException e = assertThrows(PeerLostException.class, () -> bridges[0].claim(1, SMALL, 16));
        assertTrue(e.getMessage().contains("without a goodbye"), e.getMessage());
        bridges[0].close();
    }

    /**
     * A JVM that aborts while its peer floods it (so frames it has not read wait in its
     * socket) still gets its final notice to the peer, read before the connection's end: a
     * survivor learns why the job ends from the first JVM that knew, not as "lost" from a JVM
     * that ended over it. Closing a socket with unread data resets the connection, which can
     * drop the notice in flight, so the closing side ends its output and reads to the peer's
     * end first.
     */
    @Test
    void anAbortNoticeReachesAPeerThatFloodsTheAbortingJvm() throws Exception {
        for (int round = 0; round < 20; round++) {
            Receiver[] receivers = new Receiver[2];
            NodeBridge[] bridges = start(job().wireUp(2, JobSecret.random(), 20_000), receivers);
            AtomicReference<Boolean> flooding = new AtomicReference<>(true);
            Thread flood = new Thread(() -> {
                try {
                    for (long seq = 0; flooding.get(); seq++) {
                        int index = bridges[1].claim(0, SMALL, 1024);
                        AtomicBuffer b = bridges[1].buffer(0);
                        b.putInt(index, 0);
                        b.putLong(index + 4, seq);
                        for (int i = 12; i < 1024; i++) {
                            b.putByte(index + i, (byte) (seq + i));
                        }
                        bridges[1].commit(0, index);
                    }
                } catch (PeerLostException expected) {
                    // JVM 0 ended
                }
            });
            flood.start();
            while (receivers[0].frames.get() < 1_000) {
                Thread.onSpinWait();
            }
            byte[] reason = ("round " + round + ": rank 0 failed").getBytes(java.nio.charset.StandardCharsets.UTF_8);
            bridges[0].broadcastFinal(NOTICE, reason);
            Thread closing = new Thread(bridges[0]::close);
            closing.start();
            assertTrue(receivers[1].lostLatch.await(10, TimeUnit.SECONDS), "JVM 1 never saw JVM 0 end");
            assertEquals("round " + round + ": rank 0 failed", receivers[1].notice.get(),
                "JVM 1 saw JVM 0 end (" + receivers[1].lost.get() + ") without its notice");
            // As a survivor does on the notice: stop, and close this end, which ends JVM 0's wait.
            flooding.set(false);
            flood.join(10_000);
            bridges[1].close();
            closing.join(10_000);
        }
    }

    @Test
    void aConnectionThatFallsSilentIsReportedLostAfterTheLivenessTimeout() throws Exception {
        WireUp.Connections[] c = job().wireUp(2, JobSecret.random(), 20_000);
        Receiver receiver = new Receiver();
        // JVM 1 completed its handshake but never runs a bridge: no frame, no heartbeat.
        NodeBridge bridge = new NodeBridge(0, c[0].links(), c[0].decoders(), receiver, SETTINGS);
        try {
            assertTrue(receiver.lostLatch.await(5, TimeUnit.SECONDS));
            assertTrue(receiver.lost.get().contains("sent nothing, not even a heartbeat, for 1.0 s"), receiver.lost.get());
        } finally {
            bridge.close();
            c[1].links()[0].close();
        }
    }

    @Test
    void aMalformedOrHostileFrameAfterTheHandshakeClosesTheConnectionAsLost() throws Exception {
        byte[] oversized = new byte[8];
        new org.agrona.concurrent.UnsafeBuffer(oversized).putInt(0, Integer.MAX_VALUE);
        new org.agrona.concurrent.UnsafeBuffer(oversized).putInt(4, SMALL);
        byte[][] attacks = {FrameDecoderFuzzTest.encode(FrameDescriptor.CHALLENGE, new byte[28]), oversized,
            FrameDecoderFuzzTest.encode(99, new byte[3])};
        String[] reasons = {"malformed frame: CHALLENGE after the handshake", "claims a length of 2147483647", "type 99"};
        for (int k = 0; k < attacks.length; k++) {
            WireUp.Connections[] c = job().wireUp(2, JobSecret.random(), 20_000);
            Receiver receiver = new Receiver();
            NodeBridge bridge = new NodeBridge(0, c[0].links(), c[0].decoders(), receiver, SETTINGS);
            try {
                c[1].links()[0].write(java.nio.ByteBuffer.wrap(attacks[k]));
                assertTrue(receiver.lostLatch.await(5, TimeUnit.SECONDS));
                assertTrue(receiver.lost.get().contains(reasons[k]), receiver.lost.get());
                assertTrue(c[1].links()[0].input().read() < 0, "the bridge closed the connection");
            } finally {
                bridge.close();
                c[1].links()[0].close();
            }
        }
    }
}
