package org.hympj.comm.ompi;

import static org.hympj.comm.ompi.OmpiPointToPointTest.LARGE;
import static org.hympj.comm.ompi.OmpiPointToPointTest.directInts;
import static org.hympj.comm.ompi.OmpiPointToPointTest.iota;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.IntBuffer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Request;
import mpi.Status;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Matched probes ({@code Message}): a probed message leaves matching at once, so no other
 * probe or receive, of any thread of the rank, takes it; it is then received exactly.
 */
@Timeout(120)
public class OmpiMatchedProbeTest {

    /** Rank 0 sends; rank 1 probes, receives, and checks what a Message allows. */
    public static class Basics {
        public static void main(String[] args) {
            MPI.Init(args);
            Comm world = MPI.COMM_WORLD;
            int me = world.getRank();
            if (me == 0) {
                world.send(iota(3, 30), 3, MPI.INT, 1, 1);
                world.send(iota(4, 40), 4, MPI.INT, 1, 1);
                world.send(iota(LARGE, 5), LARGE, MPI.INT, 1, 2);
                world.send(iota(10, 100), 10, MPI.INT, 1, 3);
                world.send(iota(2, 20), 2, MPI.INT, 1, 4);
                world.sSend(iota(2, 60), 2, MPI.INT, 1, 6);
            } else if (me == 1) {
                Message m = new Message();
                assertTrue(m.isNull());
                assertFalse(m.isNoProc());
                Status s = m.mProbe(0, 1, world);
                assertEquals(0, s.source);
                assertEquals(1, s.tag);
                assertEquals(3, s.count);
                assertFalse(m.isNull());
                // The probed message is out of matching: a probe now finds the second one.
                assertEquals(4, world.probe(0, 1).count);
                int[] three = new int[3];
                Status r = m.mRecv(three, 3, MPI.INT);
                assertArrayEquals(iota(3, 30), three);
                assertEquals(3, r.count);
                assertEquals(1, r.tag);
                assertTrue(m.isNull());
                int[] four = new int[4];
                world.recv(four, 4, MPI.INT, 0, 1);
                assertArrayEquals(iota(4, 40), four);

                // A large message, received through a request into a staged direct buffer.
                s = m.mProbe(MPI.ANY_SOURCE, MPI.ANY_TAG, world);
                assertEquals(2, s.tag);
                assertEquals(LARGE, s.count);
                IntBuffer large = directInts(LARGE);
                Request req = m.imRecv(large, LARGE, MPI.INT);
                assertTrue(m.isNull());
                assertEquals(LARGE, req.waitStatus().count);
                for (int i = 0; i < LARGE; i += 811) {
                    assertEquals(5 + i, large.get(i));
                }

                // Truncation stores what fits.
                m.mProbe(0, 3, world);
                int[] five = new int[5];
                MPIException e = assertThrows(MPIException.class, () -> m.mRecv(five, 5, MPI.INT));
                assertEquals(MPI.ERR_TRUNCATE, e.getErrorClass());
                assertArrayEquals(iota(5, 100), five);
                assertTrue(m.isNull());

                assertNull(m.imProbe(0, 12345, world), "no message has tag 12345");
                assertTrue(m.isNull());
                Status found;
                while ((found = m.imProbe(0, 4, world)) == null) {
                    Thread.onSpinWait();
                }
                assertEquals(2, found.count);
                e = assertThrows(MPIException.class, () -> m.mProbe(0, 4, world));
                assertEquals(MPI.ERR_REQUEST, e.getErrorClass());
                assertTrue(e.getMessage().contains("still holds"), e.getMessage());
                int[] two = new int[2];
                m.mRecv(two, 2, MPI.INT);
                assertArrayEquals(iota(2, 20), two);

                // A synchronous send completes when its matched message is received.
                m.mProbe(0, 6, world);
                m.mRecv(two, 2, MPI.INT);
                assertArrayEquals(iota(2, 60), two);

                e = assertThrows(MPIException.class, () -> m.mRecv(two, 2, MPI.INT));
                assertEquals(MPI.ERR_REQUEST, e.getErrorClass());
                assertTrue(e.getMessage().contains("mRecv: this Message holds no message"), e.getMessage());

                s = m.mProbe(MPI.PROC_NULL, 0, world);
                assertEquals(MPI.PROC_NULL, s.source);
                assertTrue(m.isNoProc());
                assertEquals(MPI.PROC_NULL, m.mRecv(two, 2, MPI.INT).source);
                assertTrue(m.isNull());

                e = assertThrows(MPIException.class, () -> m.mProbe(0, -4, world));
                assertEquals(MPI.ERR_TAG, e.getErrorClass());
                assertTrue(e.getMessage().contains("mProbe: tag -4"), e.getMessage());
                e = assertThrows(MPIException.class, () -> m.imProbe(2, 0, world));
                assertEquals(MPI.ERR_RANK, e.getErrorClass());
            }
            MPI.Finalize();
        }
    }

    static final int MESSAGES = 200;

    /** The length of message {@code id}: every third one is large, the others short and of differing lengths. */
    static int lengthOf(int id) {
        return id % 3 == 0 ? LARGE + id : 1 + id % 7;
    }

    /**
     * Rank 0 sends messages of differing lengths, all with one tag; two threads of rank 1
     * take them with matched probes (one blocking, one polling) at the same time. Each must
     * receive exactly the message it probed (its length, its contents), and every message
     * exactly once. With a plain probe then receive, a thread could receive the message the
     * other thread had probed.
     */
    public static class TwoThreads {
        public static void main(String[] args) throws InterruptedException {
            MPI.Init(args);
            Comm world = MPI.COMM_WORLD;
            int me = world.getRank();
            if (me == 0) {
                for (int id = 0; id < MESSAGES; id++) {
                    int[] payload = new int[lengthOf(id)];
                    java.util.Arrays.fill(payload, id);
                    world.send(payload, payload.length, MPI.INT, 1, 9);
                }
                // One empty message per taker ends it; being sent last, they are taken last.
                world.send(new int[0], 0, MPI.INT, 1, 9);
                world.send(new int[0], 0, MPI.INT, 1, 9);
            } else if (me == 1) {
                ConcurrentHashMap<Integer, Boolean> seen = new ConcurrentHashMap<>();
                AtomicReference<Throwable> failure = new AtomicReference<>();
                Thread[] takers = new Thread[2];
                for (int t = 0; t < takers.length; t++) {
                    boolean polling = t == 1;
                    takers[t] = new Thread(() -> {
                        try {
                            Message m = new Message();
                            while (true) {
                                Status s = polling ? m.imProbe(0, 9, world) : m.mProbe(0, 9, world);
                                if (s == null) {
                                    Thread.yield();
                                    continue;
                                }
                                Thread.yield();
                                int[] in = new int[s.count];
                                Status r = m.mRecv(in, s.count, MPI.INT);
                                if (s.count == 0) {
                                    assertEquals(0, r.count);
                                    break;
                                }
                                int id = in[0];
                                assertEquals(lengthOf(id), s.count, "the probed length is the received message's");
                                assertEquals(s.count, r.count);
                                for (int v : in) {
                                    assertEquals(id, v);
                                }
                                assertNull(seen.put(id, Boolean.TRUE), "message " + id + " received twice");
                            }
                        } catch (Throwable e) {
                            failure.compareAndSet(null, e);
                        }
                    }, "taker-" + t);
                    takers[t].start();
                }
                for (Thread t : takers) {
                    t.join();
                }
                if (failure.get() != null) {
                    throw new AssertionError("a taker failed", failure.get());
                }
                assertEquals(MESSAGES, seen.size());
                assertNull(world.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG), "nothing is left");
            }
            MPI.Finalize();
        }
    }

    @Test
    void aProbedMessageIsReceivedExactlyOnThreadRanks() {
        RankJobs.runOk(2, Basics.class);
    }

    @Test
    void aProbedMessageIsReceivedExactlyFromAnotherJvm() {
        ProcessJobs.runOk(2, 2, Basics.class);
    }

    @Test
    void twoThreadsOfARankTakeDistinctMessagesOnThreadRanks() {
        RankJobs.runOk(2, TwoThreads.class);
    }

    @Test
    void twoThreadsOfARankTakeDistinctMessagesFromAnotherJvm() {
        ProcessJobs.runOk(2, 2, TwoThreads.class);
    }
}
