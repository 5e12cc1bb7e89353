package org.hympj.net.ucx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.hympj.net.transport.Link;
import org.hympj.net.transport.Listener;
import org.junit.jupiter.api.Test;

/**
 * A UCX link as a byte stream of tagged messages: bytes in order across message and buffer
 * edges, eager and by rendezvous, links of one worker kept apart by their tags, a read
 * time-out, both ways of ending; and what a link holds of UCX (endpoint, requests) freed on
 * every path.
 */
class UcxLinkTest {
    /** A connected pair: [0] the connector's end, [1] the acceptor's (accepted meanwhile: a connect waits for it). */
    static Link[] pair() throws Exception {
        UcxTransport t = UcxTransport.open();
        try (Listener l = t.listen(InetAddress.getByName("127.0.0.1"))) {
            CompletableFuture<Link> server = CompletableFuture.supplyAsync(() -> {
                try {
                    return l.accept(5_000);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }, Executors.newSingleThreadExecutor());
            Link client = t.connect(l.address(), 5_000);
            Link accepted = server.get(10, TimeUnit.SECONDS);
            assertNotNull(accepted, "no connection came");
            return new Link[] {client, accepted};
        }
    }

    private static byte[] readFully(InputStream in, int n) throws IOException {
        byte[] b = new byte[n];
        for (int at = 0; at < n; ) {
            int r = in.read(b, at, n - at);
            if (r < 0) {
                throw new IOException("ended after " + at + " of " + n + " bytes");
            }
            at += r;
        }
        return b;
    }

    @Test
    void bytesOfWritesLargeAndSmallArriveInOrder() throws Exception {
        Link[] p = pair();
        try {
            SplittableRandom random = new SplittableRandom(7);
            byte[] all = new byte[3 * UcxLink.RECEIVE_BYTES + 12_345];
            random.nextBytes(all);
            Thread writer = new Thread(() -> {
                try {
                    for (int at = 0; at < all.length; ) {
                        int n = Math.min(all.length - at, 1 + random.nextInt(100_000));
                        ByteBuffer direct = ByteBuffer.allocateDirect(n).put(all, at, n).flip();
                        p[0].write(at % 2 == 0 ? direct : ByteBuffer.wrap(all, at, n));
                        at += n;
                    }
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            writer.start();
            p[1].readTimeout(20_000);
            assertArrayEquals(all, readFully(p[1].input(), all.length));
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    @Test
    void aReadWithNothingToReadTimesOutAndTheNextStillReads() throws Exception {
        Link[] p = pair();
        try {
            p[1].readTimeout(200);
            assertThrows(SocketTimeoutException.class, () -> p[1].input().read());
            p[0].write(ByteBuffer.wrap(new byte[] {42}));
            assertEquals(42, p[1].input().read());
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    /**
     * Either side's end (its output ended, or closed) reads as the end of the stream on the
     * other, after every byte written before it: a close waits for the reader's
     * acknowledgement, as UCX drops what the peer has not read when an endpoint closes.
     */
    @Test
    void eitherSideEndingItsOutputOrClosingIsTheEndOfTheOthersStreamAfterItsBytes() throws Exception {
        for (int closer = 0; closer < 2; closer++) {
            for (boolean shutdownOnly : new boolean[] {true, false}) {
                Link[] p = pair();
                try {
                    Link a = p[closer];
                    Link b = p[1 - closer];
                    b.readTimeout(5_000);
                    CompletableFuture<byte[]> read = CompletableFuture.supplyAsync(() -> {
                        try {
                            byte[] bytes = readFully(b.input(), 3);
                            return b.input().read() == -1 ? bytes : null;
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    }, Executors.newSingleThreadExecutor());
                    a.write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
                    if (shutdownOnly) {
                        a.shutdownOutput();
                    } else {
                        a.close();
                    }
                    String what = "closer " + closer + (shutdownOnly ? ", output ended" : ", closed");
                    assertArrayEquals(new byte[] {1, 2, 3}, read.get(10, TimeUnit.SECONDS), what);
                    if (shutdownOnly) {
                        b.write(ByteBuffer.wrap(new byte[] {9}));
                        a.readTimeout(5_000);
                        assertEquals(9, a.input().read(), "reading goes on after this side's end");
                    }
                } finally {
                    p[0].close();
                    p[1].close();
                }
            }
        }
    }

    /** {@code n} bytes of {@code seed}. */
    private static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }

    /** Writes {@code all} in pieces of {@code sizes}, direct and heap in turn, from a thread of its own. */
    private static CompletableFuture<Void> writeInPieces(Link link, byte[] all, int[] sizes) {
        return CompletableFuture.runAsync(() -> {
            try {
                int at = 0;
                for (int i = 0; i < sizes.length; i++) {
                    ByteBuffer piece = i % 2 == 0
                        ? ByteBuffer.allocateDirect(sizes[i]).put(all, at, sizes[i]).flip()
                        : ByteBuffer.wrap(all, at, sizes[i]);
                    link.write(piece);
                    at += sizes[i];
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }, Executors.newSingleThreadExecutor());
    }

    /**
     * Messages of every size the link sends arrive whole and in order among small ones; a write
     * longer than the peer's receive buffer goes as several. Run with {@code UCX_RNDV_THRESH}
     * set ({@code auto}), the large ones go by rendezvous (the receiver fetches them).
     */
    @Test
    void largeMessagesArriveWholeAndInOrderAmongSmallOnes() throws Exception {
        int[] sizes = {8, UcxLink.RECEIVE_BYTES, 1, UcxLink.RECEIVE_BYTES - 1, 100, 4 * UcxLink.RECEIVE_BYTES + 3, 8,
            UcxLink.STAGING_BYTES + 1, 1 << 20, 8};
        byte[] all = bytes(java.util.Arrays.stream(sizes).sum(), 13);
        Link[] p = pair();
        try {
            CompletableFuture<Void> written = writeInPieces(p[0], all, sizes);
            p[1].readTimeout(20_000);
            assertArrayEquals(all, readFully(p[1].input(), all.length));
            written.get(10, TimeUnit.SECONDS);
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    /**
     * Tag matching is the worker's, not the endpoint's: the four ends of two pairs in this JVM
     * share its worker, and each reads only its own peer's bytes, whichever is read first,
     * though both were sent before either side posted a receive for them.
     */
    @Test
    void twoLinksOfOneWorkerKeepTheirMessagesApart() throws Exception {
        int[] before = held();
        Link[] a = pair();
        Link[] b = pair();
        try {
            int[] sizes = {8, UcxLink.RECEIVE_BYTES + 5, 3, 70_000};
            int n = java.util.Arrays.stream(sizes).sum();
            byte[] forA = bytes(n, 1);
            byte[] forB = bytes(n, 2);
            byte[] backA = bytes(5, 3);
            byte[] backB = bytes(5, 4);
            CompletableFuture<Void> toA = writeInPieces(a[0], forA, sizes);
            CompletableFuture<Void> toB = writeInPieces(b[0], forB, sizes);
            a[1].write(ByteBuffer.wrap(backA));
            b[1].write(ByteBuffer.wrap(backB));
            for (Link l : new Link[] {a[0], a[1], b[0], b[1]}) {
                l.readTimeout(20_000);
            }
            assertArrayEquals(backB, readFully(b[0].input(), 5));
            assertArrayEquals(forB, readFully(b[1].input(), n));
            assertArrayEquals(forA, readFully(a[1].input(), n));
            assertArrayEquals(backA, readFully(a[0].input(), 5));
            toA.get(10, TimeUnit.SECONDS);
            toB.get(10, TimeUnit.SECONDS);
        } finally {
            for (Link l : new Link[] {a[0], a[1], b[0], b[1]}) {
                l.close();
            }
        }
        assertArrayEquals(before, held(), "endpoints and requests are left");
    }

    /**
     * A receive is the worker's, so closing the endpoint does not end it: the close cancels it,
     * and a read waiting on it (no time-out) reads the end; nothing is left held.
     */
    @Test
    void aCloseEndsAReadWaitingOnItAndFreesItsReceive() throws Exception {
        int[] before = held();
        Link[] p = pair();
        try {
            CompletableFuture<Integer> read = CompletableFuture.supplyAsync(() -> {
                try {
                    return p[1].input().read();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }, Executors.newSingleThreadExecutor());
            Thread.sleep(200);
            assertFalse(read.isDone(), "the read did not wait");
            p[1].close();
            assertEquals(-1, read.get(10, TimeUnit.SECONDS));
        } finally {
            p[0].close();
            p[1].close();
        }
        assertArrayEquals(before, held(), "endpoints and requests are left");
    }

    /** Live endpoints and outstanding requests of the JVM's worker. */
    static int[] held() throws IOException {
        UcxWorker w = UcxWorker.get();
        return new int[] {w.liveEndpoints(), w.outstandingRequests()};
    }

    /** A peer that takes the TCP connection and never answers UCX's exchange over it: the connect times out. */
    @Test
    void aConnectThatTimesOutFreesItsEndpointAndRequests() throws Exception {
        UcxTransport t = UcxTransport.open();
        try (ServerSocket silent = new ServerSocket(0, 4, InetAddress.getByName("127.0.0.1"))) {
            int[] before = held();
            assertThrows(SocketTimeoutException.class,
                () -> t.connect(new InetSocketAddress(silent.getInetAddress(), silent.getLocalPort()), 300));
            assertArrayEquals(before, held(), "endpoints and requests of a timed-out connect are left");
        }
    }

    /** A peer that never reads this side's end: the close gives up waiting, closes by force, and frees all. */
    @Test
    void aCloseThatTimesOutFreesItsEndpointAndRequests() throws Exception {
        int[] before = held();
        Link[] p = pair();
        try {
            p[0].write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
            p[0].close();
            assertArrayEquals(new int[] {before[0] + 1, before[1]}, held(), "the closed side left endpoints or requests");
        } finally {
            p[1].close();
        }
        assertArrayEquals(before, held(), "endpoints and requests are left");
    }

    /** A read that timed out leaves its receive pending for the next read; a close frees it. */
    @Test
    void aReceiveLeftByATimedOutReadIsFreedByTheClose() throws Exception {
        int[] before = held();
        Link[] p = pair();
        try {
            p[1].readTimeout(100);
            assertThrows(SocketTimeoutException.class, () -> p[1].input().read());
        } finally {
            p[0].close();
            p[1].close();
        }
        assertArrayEquals(before, held(), "endpoints and requests are left");
    }

    @Test
    void aLongWriteFromTheJavaHeapGoesThroughABoundedCopy() throws Exception {
        Link[] p = pair();
        try {
            byte[] all = new byte[4 * UcxLink.STAGING_BYTES + 17];
            new SplittableRandom(11).nextBytes(all);
            CompletableFuture<byte[]> read = CompletableFuture.supplyAsync(() -> {
                try {
                    p[1].readTimeout(20_000);
                    return readFully(p[1].input(), all.length);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }, Executors.newSingleThreadExecutor());
            p[0].write(ByteBuffer.wrap(all));
            assertArrayEquals(all, read.get(30, TimeUnit.SECONDS));
            assertEquals(UcxLink.STAGING_BYTES, ((UcxLink) p[0]).stagingBytes());
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    /**
     * A connection the listener made and no accept took is closed with the listener: the
     * connector's stream ends at once, not at its read's time-out, and nothing is left held.
     */
    @Test
    void aConnectionNoAcceptTookEndsWhenItsListenerCloses() throws Exception {
        UcxTransport t = UcxTransport.open();
        int[] before = held();
        UcxListener l = (UcxListener) t.listen(InetAddress.getByName("127.0.0.1"));
        Link client;
        try {
            client = t.connect(l.address(), 10_000);
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (l.waiting() == 0 && System.nanoTime() - deadline < 0) {
                Thread.sleep(5);
            }
            assertEquals(1, l.waiting(), "the listener made no link for the connection");
        } finally {
            l.close();
        }
        try {
            client.readTimeout(30_000);
            long started = System.nanoTime();
            assertEquals(-1, client.input().read(), "the stream of a connection closed with its listener did not end");
            assertTrue(System.nanoTime() - started < 20_000_000_000L, "the end came only near the read's time-out");
        } finally {
            client.close();
        }
        assertArrayEquals(before, held(), "endpoints and requests are left");
    }

    /** Past the links a listener holds for no accept, a connection is refused at once, and what was made is freed. */
    @Test
    void aConnectionPastTheLinksWaitingIsRefused() throws Exception {
        UcxTransport t = UcxTransport.open();
        int[] before = held();
        List<Link> clients = new ArrayList<>();
        UcxListener l = (UcxListener) t.listen(InetAddress.getByName("127.0.0.1"));
        try {
            for (int i = 0; i < UcxListener.MOST_WAITING; i++) {
                clients.add(t.connect(l.address(), 10_000));
            }
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (l.waiting() < UcxListener.MOST_WAITING && System.nanoTime() - deadline < 0) {
                Thread.sleep(5);
            }
            assertEquals(UcxListener.MOST_WAITING, l.waiting());
            Exception refused = assertThrows(IOException.class, () -> clients.add(t.connect(l.address(), 10_000)));
            assertFalse(refused instanceof SocketTimeoutException, refused::toString);
        } finally {
            l.close();
            for (Link c : clients) {
                c.close();
            }
        }
        assertArrayEquals(before, held(), "endpoints and requests are left");
    }
}
