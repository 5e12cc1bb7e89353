package org.hympj.comm.ompi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Open MPI's blocking point-to-point calls: arrays, heap buffers, direct buffers and slices
 * (used from their start, whatever their position), wildcards and statuses, ordering,
 * truncation, probes, packing and argument errors, on thread ranks and on ranks in two JVMs.
 */
@Timeout(120)
public class OmpiPointToPointTest {
    /** Above the eager limit: such a message waits for its receive (in a JVM) or streams (between JVMs). */
    static final int LARGE = 50_000;

    static IntBuffer directInts(int n) {
        return ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder()).asIntBuffer();
    }

    static int[] iota(int n, int from) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = from + i;
        }
        return a;
    }

    /** Rank 0 sends, rank 1 receives, in every buffer form; the other ranks only check errors. */
    public static class Buffers {
        public static void main(String[] args) {
            MPI.Init(args);
            Comm world = MPI.COMM_WORLD;
            int me = world.getRank();
            if (me == 0) {
                world.send(iota(8, 100), 8, MPI.INT, 1, 1);
                world.send(IntBuffer.wrap(iota(8, 200)), 8, MPI.INT, 1, 2);
                IntBuffer direct = directInts(8);
                direct.put(iota(8, 300));
                // The position is ignored: the buffer is sent from its start.
                direct.position(5);
                world.send(direct, 8, MPI.INT, 1, 3);
                world.send(iota(LARGE, 7), LARGE, MPI.INT, 1, 4);
                IntBuffer largeDirect = directInts(LARGE);
                largeDirect.put(iota(LARGE, 9));
                world.send(largeDirect, LARGE, MPI.INT, 1, 5);
                world.send(iota(4, 400), 4, MPI.INT, 1, 6);
                world.send(iota(4, 500), 4, MPI.INT, 1, 7);
                DoubleBuffer doubles = ByteBuffer.allocateDirect(8 * 3).order(ByteOrder.nativeOrder()).asDoubleBuffer();
                doubles.put(new double[] {0.5, 1.5, 2.5});
                world.sSend(doubles, 3, MPI.DOUBLE, 1, 8);
                // Ints sent from a ByteBuffer are its bytes in the platform's order.
                ByteBuffer bytes = ByteBuffer.allocate(8).order(ByteOrder.nativeOrder());
                bytes.putInt(0, 41).putInt(4, 42);
                world.send(bytes, 2, MPI.INT, 1, 9);
            } else if (me == 1) {
                int[] a = new int[8];
                Status s = world.recv(a, 8, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                assertArrayEquals(iota(8, 100), a);
                assertEquals(0, s.source);
                assertEquals(1, s.tag);
                assertEquals(8, s.count);

                // A slice of a heap buffer: received into its backing array from the slice's start.
                int[] backing = new int[12];
                IntBuffer slice = IntBuffer.wrap(backing).position(3).slice();
                world.recv(slice, 8, MPI.INT, 0, 2);
                assertArrayEquals(iota(8, 200), java.util.Arrays.copyOfRange(backing, 3, 11));
                assertEquals(0, backing[2]);
                assertEquals(0, backing[11]);

                // A slice of a direct buffer, whose position is then moved: still used from the slice's start.
                IntBuffer whole = directInts(12);
                IntBuffer directSlice = whole.position(2).slice();
                directSlice.position(6);
                for (int i = 0; i < 12; i++) {
                    whole.put(i, -1);
                }
                world.recv(directSlice, 8, MPI.INT, 0, 3);
                for (int i = 0; i < 12; i++) {
                    assertEquals(i >= 2 && i < 10 ? 300 + i - 2 : -1, whole.get(i), "element " + i);
                }

                int[] large = new int[LARGE];
                assertEquals(LARGE, world.recv(large, LARGE, MPI.INT, 0, 4).count);
                assertArrayEquals(iota(LARGE, 7), large);
                IntBuffer largeDirect = directInts(LARGE);
                world.recv(largeDirect, LARGE, MPI.INT, 0, 5);
                for (int i = 0; i < LARGE; i += 997) {
                    assertEquals(9 + i, largeDirect.get(i));
                }

                // Tags select: tag 7 first, then tag 6.
                int[] seven = new int[4];
                int[] six = new int[4];
                world.recv(seven, 4, MPI.INT, 0, 7);
                world.recv(six, 4, MPI.INT, 0, 6);
                assertArrayEquals(iota(4, 500), seven);
                assertArrayEquals(iota(4, 400), six);

                double[] d = new double[3];
                world.recv(d, 3, MPI.DOUBLE, 0, 8);
                assertArrayEquals(new double[] {0.5, 1.5, 2.5}, d);

                int[] fromBytes = new int[2];
                world.recv(fromBytes, 2, MPI.INT, 0, 9);
                assertArrayEquals(new int[] {41, 42}, fromBytes);
            }
            MPI.Finalize();
        }
    }

    /** Messages from one sender with one tag arrive in order; sendRecv and sendRecvReplace exchange. */
    public static class OrderAndExchange {
        public static void main(String[] args) {
            MPI.Init(args);
            Comm world = MPI.COMM_WORLD;
            int me = world.getRank();
            int n = world.getSize();
            if (me == 0) {
                for (int i = 0; i < 100; i++) {
                    world.send(new int[] {i}, 1, MPI.INT, 1, 3);
                }
            } else if (me == 1) {
                for (int i = 0; i < 100; i++) {
                    int[] in = new int[1];
                    world.recv(in, 1, MPI.INT, 0, MPI.ANY_TAG);
                    assertEquals(i, in[0]);
                }
            }
            int right = (me + 1) % n;
            int left = (me + n - 1) % n;
            int[] got = new int[2];
            Status s = world.sendRecv(new int[] {me, me * 10}, 2, MPI.INT, right, 11, got, 2, MPI.INT, left, 11);
            assertArrayEquals(new int[] {left, left * 10}, got);
            assertEquals(left, s.source);
            assertEquals(11, s.tag);

            IntBuffer ring = directInts(3);
            ring.put(0, me).put(1, me + 1).put(2, me + 2);
            s = world.sendRecvReplace(ring, 3, MPI.INT, right, 12, MPI.ANY_SOURCE, 12);
            assertEquals(left, s.source);
            for (int i = 0; i < 3; i++) {
                assertEquals(left + i, ring.get(i));
            }

            // PROC_NULL: nothing is sent, an empty status is received.
            world.send(new int[1], 1, MPI.INT, MPI.PROC_NULL, 0);
            s = world.recv(new int[1], 1, MPI.INT, MPI.PROC_NULL, 0);
            assertEquals(MPI.PROC_NULL, s.source);
            assertEquals(0, s.count);
            MPI.Finalize();
        }
    }

    /** Truncation stores what fits and raises ERR_TRUNCATE; probes see what can be received. */
    public static class TruncationAndProbes {
        public static void main(String[] args) {
            MPI.Init(args);
            Comm world = MPI.COMM_WORLD;
            int me = world.getRank();
            if (me == 0) {
                world.send(iota(10, 1), 10, MPI.INT, 1, 1);
                world.send(iota(10, 1), 10, MPI.INT, 1, 2);
                world.send(iota(6, 60), 6, MPI.INT, 1, 3);
                world.send(iota(5, 70), 5, MPI.INT, 1, 4);
                world.send(new int[1], 1, MPI.INT, 1, 99);
            } else if (me == 1) {
                int[] small = new int[5];
                MPIException e = assertThrows(MPIException.class, () -> world.recv(small, 5, MPI.INT, 0, 1));
                assertEquals(MPI.ERR_TRUNCATE, e.getErrorClass());
                assertTrue(e.getMessage().contains("truncated"), e.getMessage());
                assertArrayEquals(iota(5, 1), small);

                // A staged direct buffer also gets what fits, and keeps the rest as it was.
                IntBuffer direct = directInts(8);
                for (int i = 0; i < 8; i++) {
                    direct.put(i, -5);
                }
                e = assertThrows(MPIException.class, () -> world.recv(direct, 5, MPI.INT, 0, 2));
                assertEquals(MPI.ERR_TRUNCATE, e.getErrorClass());
                for (int i = 0; i < 8; i++) {
                    assertEquals(i < 5 ? 1 + i : -5, direct.get(i));
                }

                Status p = world.probe(0, 3);
                assertEquals(0, p.source);
                assertEquals(3, p.tag);
                assertEquals(6, p.count);
                int[] sized = new int[p.count];
                world.recv(sized, p.count, MPI.INT, p.source, p.tag);
                assertArrayEquals(iota(6, 60), sized);

                // The last message is tag 99: once it is here, the earlier tag 4 is too.
                world.recv(new int[1], 1, MPI.INT, 0, 99);
                Status q = world.iProbe(MPI.ANY_SOURCE, 4);
                assertNotNull(q);
                assertEquals(5, q.count);
                assertNull(world.iProbe(0, 12345), "no message has tag 12345");
                world.recv(new int[5], 5, MPI.INT, 0, 4);
                assertNull(world.iProbe(0, 4));
            }
            MPI.Finalize();
        }
    }

    /** Bad ranks, tags, counts and buffers raise MPIException with the class and a sentence naming the call. */
    public static class Errors {
        public static void main(String[] args) {
            MPI.Init(args);
            Comm world = MPI.COMM_WORLD;
            int n = world.getSize();
            MPIException e = assertThrows(MPIException.class, () -> world.send(new int[1], 1, MPI.INT, n, 0));
            assertEquals(MPI.ERR_RANK, e.getErrorClass());
            assertTrue(e.getMessage().contains("send: destination rank " + n), e.getMessage());
            e = assertThrows(MPIException.class, () -> world.recv(new int[1], 1, MPI.INT, -7, 0));
            assertEquals(MPI.ERR_RANK, e.getErrorClass());
            assertTrue(e.getMessage().contains("recv: source rank -7"), e.getMessage());
            e = assertThrows(MPIException.class, () -> world.send(new int[1], 1, MPI.INT, 0, -1));
            assertEquals(MPI.ERR_TAG, e.getErrorClass());
            assertTrue(e.getMessage().contains("send: tag -1"), e.getMessage());
            e = assertThrows(MPIException.class, () -> world.recv(new int[1], -1, MPI.INT, 0, 0));
            assertEquals(MPI.ERR_COUNT, e.getErrorClass());
            e = assertThrows(MPIException.class, () -> world.send(new int[2], 3, MPI.INT, 0, 0));
            assertEquals(MPI.ERR_BUFFER, e.getErrorClass());
            e = assertThrows(MPIException.class, () -> world.send(directInts(2), 3, MPI.INT, 0, 0));
            assertEquals(MPI.ERR_BUFFER, e.getErrorClass());
            assertTrue(e.getMessage().startsWith("[MPI_ERR_BUFFER] send:") || e.getMessage().contains("send:"), e.getMessage());
            e = assertThrows(MPIException.class, () -> world.send(new Object[1], 1, MPI.INT, 0, 0));
            assertEquals(MPI.ERR_TYPE, e.getErrorClass());
            e = assertThrows(MPIException.class, () -> world.probe(0, -5));
            assertEquals(MPI.ERR_TAG, e.getErrorClass());
            assertTrue(e.getMessage().contains("probe: tag -5"), e.getMessage());
            e = assertThrows(MPIException.class, () -> world.iProbe(n + 1, 0));
            assertEquals(MPI.ERR_RANK, e.getErrorClass());
            MPI.Finalize();
        }
    }

    /** pack and unpack between a direct buffer and bytes; packSize says how many. */
    public static class Packing {
        public static void main(String[] args) {
            MPI.Init(args);
            Comm world = MPI.COMM_WORLD;
            IntBuffer in = directInts(4);
            in.put(new int[] {5, 6, 7, 8});
            byte[] packed = new byte[world.packSize(4, MPI.INT) + world.packSize(2, MPI.DOUBLE)];
            int at = world.pack(in, 4, MPI.INT, packed, 0);
            assertEquals(16, at);
            at = world.pack(new double[] {1.25, 2.5}, 2, MPI.DOUBLE, packed, at);
            assertEquals(packed.length, at);
            IntBuffer out = directInts(4);
            double[] d = new double[2];
            at = world.unpack(packed, 0, out, 4, MPI.INT);
            at = world.unpack(packed, at, d, 2, MPI.DOUBLE);
            assertEquals(packed.length, at);
            for (int i = 0; i < 4; i++) {
                assertEquals(5 + i, out.get(i));
            }
            assertArrayEquals(new double[] {1.25, 2.5}, d);
            MPI.Finalize();
        }
    }

    @Test
    void everyBufferFormOnThreadRanks() {
        RankJobs.runOk(2, Buffers.class);
    }

    @Test
    void everyBufferFormBetweenTwoJvms() {
        ProcessJobs.runOk(2, 2, Buffers.class);
    }

    @Test
    void orderAndExchange() {
        RankJobs.runOk(3, OrderAndExchange.class);
        ProcessJobs.runOk(3, 2, OrderAndExchange.class);
    }

    @Test
    void truncationAndProbes() {
        RankJobs.runOk(2, TruncationAndProbes.class);
        ProcessJobs.runOk(2, 2, TruncationAndProbes.class);
    }

    @Test
    void badArgumentsRaiseMpiExceptions() {
        RankJobs.runOk(2, Errors.class);
    }

    @Test
    void packAndUnpack() {
        RankJobs.runOk(1, Packing.class);
    }
}
