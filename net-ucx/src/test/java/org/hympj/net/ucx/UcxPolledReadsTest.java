package org.hympj.net.ucx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.hympj.net.transport.Link;
import org.hympj.net.transport.PolledLink;
import org.junit.jupiter.api.Test;

/**
 * A UCX link read without waiting, as the bridge reads it once a rank thread may read the
 * link itself: reads that find nothing return at once, bytes come in order and once, the end
 * reads as -1, and the link's reading thread that sleeps until bytes come wakes whichever
 * thread's progress brought them, while nothing is left held.
 */
class UcxPolledReadsTest {
    private static final long SECONDS = 1_000_000_000L;

    @Test
    void aReadThatFindsNothingReturnsAtOnceThenBytesComeInOrderAndTheEndReadsAsMinusOne() throws Exception {
        int[] before = UcxLinkTest.held();
        Link[] p = UcxLinkTest.pair();
        PolledLink in = (PolledLink) p[1];
        try {
            in.pollReads();
            ByteBuffer into = ByteBuffer.allocate(1000);
            assertEquals(0, in.readNow(into), "a read found bytes nobody sent");
            byte[] sent = new byte[300_000];
            new SplittableRandom(3).nextBytes(sent);
            // A write past UCX's eager sizes returns once the peer has taken it: from a thread of its own.
            CompletableFuture<Void> written = CompletableFuture.runAsync(() -> {
                try {
                    p[0].write(ByteBuffer.wrap(sent, 0, 5));
                    p[0].write(ByteBuffer.allocateDirect(sent.length - 5).put(sent, 5, sent.length - 5).flip());
                    p[0].shutdownOutput();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }, Executors.newSingleThreadExecutor());
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            long deadline = System.nanoTime() + 20 * SECONDS;
            int n;
            while ((n = in.readNow(into.clear())) >= 0) {
                got.write(into.array(), 0, n);
                assertTrue(System.nanoTime() - deadline < 0, "the bytes or the end never came: " + got.size() + " bytes");
            }
            assertArrayEquals(sent, got.toByteArray());
            assertEquals(-1, in.readNow(into.clear()), "a read after the end found more");
            written.get(10, TimeUnit.SECONDS);
        } finally {
            p[0].close();
            p[1].close();
        }
        assertArrayEquals(before, UcxLinkTest.held(), "endpoints and requests are left");
    }

    @Test
    void aWaitForBytesEndsWhenTheyComeOrAtItsTimeOut() throws Exception {
        Link[] p = UcxLinkTest.pair();
        PolledLink in = (PolledLink) p[1];
        try {
            in.pollReads();
            long started = System.nanoTime();
            assertFalse(in.awaitReadable(200), "bytes nobody sent were readable");
            assertTrue(System.nanoTime() - started >= 190_000_000L, "the wait ended before its time-out");
            ExecutorService waiting = Executors.newSingleThreadExecutor();
            CompletableFuture<Boolean> waited = CompletableFuture.supplyAsync(() -> {
                try {
                    return in.awaitReadable(30_000);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }, waiting);
            waiting.shutdown();
            Thread.sleep(100);
            p[0].write(ByteBuffer.wrap(new byte[] {42}));
            assertTrue(waited.get(20, TimeUnit.SECONDS));
            ByteBuffer into = ByteBuffer.allocate(8);
            long deadline = System.nanoTime() + 20 * SECONDS;
            while (in.readNow(into) == 0) {
                assertTrue(System.nanoTime() - deadline < 0, "readable, but a read found nothing");
            }
            assertEquals(42, into.get(0));
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    /**
     * The link closed, or its peer gone, while its reading thread sleeps on the parked
     * receive: the sleep ends (the wait says readable, or fails as a closed link), and once
     * that thread is done nothing is left held.
     */
    @Test
    void aCloseOrAPeerThatGoesWhileTheReaderSleepsEndsTheSleepAndFreesAll() throws Exception {
        int[] before = UcxLinkTest.held();
        for (boolean closeHere : new boolean[] {true, false}) {
            Link[] p = UcxLinkTest.pair();
            PolledLink in = (PolledLink) p[1];
            in.pollReads();
            long[] slept = new long[1];
            Thread reader = new Thread(() -> {
                long started = System.nanoTime();
                try {
                    in.awaitReadable(30_000);
                } catch (IOException | RuntimeException closedMeanwhile) {
                    // as a closed link's wait may
                }
                slept[0] = System.nanoTime() - started;
            });
            reader.start();
            Thread.sleep(200);
            if (closeHere) {
                p[1].close();
                p[0].close();
            } else {
                p[0].close();
                p[1].close();
            }
            reader.join(20_000);
            assertFalse(reader.isAlive(), "the reading thread still sleeps");
            assertTrue(slept[0] < 20 * SECONDS, "the sleep lasted to its time-out");
        }
        assertArrayEquals(before, UcxLinkTest.held(), "endpoints and requests are left");
    }

    /**
     * As the bridge reads a link: a reading thread that waits until bytes come and reads, and
     * program threads that read as they spin, each read under one flag; every byte once and in
     * order, whoever reads it, and the waiting thread woken by the others' progress.
     */
    @Test
    void aWaitingReaderAndSpinningReadersTakeEveryByteOnceInOrder() throws Exception {
        int[] before = UcxLinkTest.held();
        Link[] p = UcxLinkTest.pair();
        PolledLink in = (PolledLink) p[1];
        byte[] sent = new byte[2_000_000];
        for (int i = 0; i < sent.length; i++) {
            sent[i] = (byte) (i * 31 + (i >>> 8));
        }
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        AtomicBoolean reading = new AtomicBoolean();
        AtomicBoolean ended = new AtomicBoolean();
        ConcurrentReads reads = new ConcurrentReads(in, reading, ended, got);
        try {
            in.pollReads();
            Thread waiter = new Thread(() -> {
                while (!ended.get()) {
                    try {
                        if (in.awaitReadable(50) && !reads.readOnce()) {
                            // Another thread holds the link: as the bridge's reading thread, wait rather than spin.
                            LockSupport.parkNanos(1_000_000L);
                        }
                    } catch (IOException e) {
                        reads.failed(e);
                        return;
                    }
                }
            });
            Thread spinner = new Thread(() -> {
                SplittableRandom random = new SplittableRandom(5);
                while (!ended.get()) {
                    reads.readOnce();
                    if (random.nextInt(100) == 0) {
                        try {
                            Thread.sleep(1);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }
            });
            waiter.start();
            spinner.start();
            SplittableRandom random = new SplittableRandom(9);
            for (int at = 0; at < sent.length; ) {
                int n = Math.min(sent.length - at, 1 + random.nextInt(random.nextBoolean() ? 64 : 40_000));
                p[0].write(ByteBuffer.wrap(sent, at, n));
                at += n;
                if (random.nextInt(50) == 0) {
                    Thread.sleep(2);
                }
            }
            p[0].shutdownOutput();
            waiter.join(60_000);
            spinner.join(60_000);
            assertFalse(waiter.isAlive() || spinner.isAlive(), "the readers never saw the end");
            assertEquals(null, reads.failure, "a read failed");
            assertArrayEquals(sent, got.toByteArray());
        } finally {
            p[0].close();
            p[1].close();
        }
        assertArrayEquals(before, UcxLinkTest.held(), "endpoints and requests are left");
    }

    /** Reads under one flag, as the bridge's threads take a connection in turn. */
    private static final class ConcurrentReads {
        private final PolledLink in;
        private final AtomicBoolean reading;
        private final AtomicBoolean ended;
        private final ByteArrayOutputStream got;
        private final ByteBuffer into = ByteBuffer.allocate(7_000);
        volatile IOException failure;

        ConcurrentReads(PolledLink in, AtomicBoolean reading, AtomicBoolean ended, ByteArrayOutputStream got) {
            this.in = in;
            this.reading = reading;
            this.ended = ended;
            this.got = got;
        }

        /** Reads once, if no other thread is reading; false if one was. */
        boolean readOnce() {
            if (!reading.compareAndSet(false, true)) {
                return false;
            }
            try {
                int n = in.readNow(into.clear());
                if (n < 0) {
                    ended.set(true);
                } else {
                    got.write(into.array(), 0, n);
                }
            } catch (IOException e) {
                failed(e);
            } finally {
                reading.set(false);
            }
            return true;
        }

        void failed(IOException e) {
            failure = e;
            ended.set(true);
        }
    }
}
