package org.hympj.net.ucx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.hympj.net.transport.Link;
import org.hympj.net.transport.Listener;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Connections made and closed by many threads of one JVM at once, for tens of seconds: pairs
 * that exchange bytes, connects to a peer that never answers, links left to a listener's
 * close. Under such churn UCX's TCP connection manager aborted the process when a request left
 * waiting at a listener was rejected after its client had gone; a run ends in the JVM's death,
 * not a failed assertion, if that comes back. Long: tagged "scale", run with {@code -Pstress}.
 */
@Tag("scale")
class UcxConnectionChurnTest {
    private static final int THREADS = 12;
    private static final long SECONDS = 40;

    @Test
    void connectionsMadeAndClosedByManyThreadsAtOnceLeaveNothingBehind() throws Exception {
        UcxTransport t = UcxTransport.open();
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        UcxWorker w = UcxWorker.get();
        int[] before = {w.liveEndpoints(), w.outstandingRequests()};
        long end = System.nanoTime() + SECONDS * 1_000_000_000L;
        AtomicLong pairs = new AtomicLong();
        AtomicLong timedOut = new AtomicLong();
        AtomicLong ended = new AtomicLong();
        ConcurrentLinkedQueue<Throwable> errors = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newCachedThreadPool(r -> {
            Thread th = new Thread(r, "churn");
            th.setDaemon(true);
            return th;
        });
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int i = 0; i < THREADS; i++) {
                long seed = i;
                workers.add(pool.submit(() -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    while (System.nanoTime() - end < 0) {
                        try {
                            int kind = random.nextInt(10);
                            if (kind == 0) {
                                try (ServerSocket silent = new ServerSocket(0, 4, loopback)) {
                                    t.connect(new InetSocketAddress(loopback, silent.getLocalPort()), 50).close();
                                    errors.add(new AssertionError("a connect to a silent peer succeeded"));
                                } catch (SocketTimeoutException expected) {
                                    timedOut.incrementAndGet();
                                }
                            } else if (kind == 1) {
                                Link client;
                                UcxListener l = (UcxListener) t.listen(loopback);
                                try {
                                    client = t.connect(l.address(), 10_000);
                                } finally {
                                    l.close();
                                }
                                client.readTimeout(10_000);
                                if (client.input().read() < 0) {
                                    ended.incrementAndGet();
                                }
                                client.close();
                            } else {
                                try (Listener l = t.listen(loopback)) {
                                    Future<Link> accepted = pool.submit(() -> l.accept(10_000));
                                    Link client = t.connect(l.address(), 10_000);
                                    Link server = accepted.get();
                                    byte[] sent = {(byte) kind, 2, 3, 4};
                                    client.write(ByteBuffer.wrap(sent));
                                    server.readTimeout(10_000);
                                    byte[] got = server.input().readNBytes(4);
                                    assertArrayEquals(sent, got);
                                    Future<?> serverClosed = pool.submit(() -> {
                                        server.close();
                                        return null;
                                    });
                                    client.close();
                                    serverClosed.get();
                                    pairs.incrementAndGet();
                                }
                            }
                        } catch (Throwable e) {
                            errors.add(e);
                        }
                    }
                }));
            }
            for (Future<?> f : workers) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertTrue(errors.isEmpty(), () -> errors.size() + " errors, the first: " + errors.peek());
        assertTrue(pairs.get() > 0 && timedOut.get() > 0 && ended.get() > 0,
            "pairs " + pairs + ", time-outs " + timedOut + ", ends " + ended);
        assertEquals(before[0], w.liveEndpoints(), "endpoints are left");
        assertEquals(before[1], w.outstandingRequests(), "requests are left");
    }
}
