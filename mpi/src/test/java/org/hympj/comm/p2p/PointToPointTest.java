package org.hympj.comm.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Each point-to-point operation of the mpiJava 1.2 API, between thread ranks. */
@Timeout(60)
public class PointToPointTest {

    /** Every datatype, both before and after the receive is posted, eager and rendezvous sizes. */
    public static class AllTypes {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            for (int n : new int[] {1, 100, 50_000}) {
                if (me == 0) {
                    for (int round = 0; round < 2; round++) {
                        if (round == 1) {
                            // Second round: let rank 1 post its receives first.
                            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 99);
                        }
                        MPI.COMM_WORLD.Send(bytes(n), 0, n, MPI.BYTE, 1, 1);
                        MPI.COMM_WORLD.Send(chars(n), 0, n, MPI.CHAR, 1, 2);
                        MPI.COMM_WORLD.Send(shorts(n), 0, n, MPI.SHORT, 1, 3);
                        MPI.COMM_WORLD.Send(booleans(n), 0, n, MPI.BOOLEAN, 1, 4);
                        MPI.COMM_WORLD.Send(ints(n), 0, n, MPI.INT, 1, 5);
                        MPI.COMM_WORLD.Send(longs(n), 0, n, MPI.LONG, 1, 6);
                        MPI.COMM_WORLD.Send(floats(n), 0, n, MPI.FLOAT, 1, 7);
                        MPI.COMM_WORLD.Send(doubles(n), 0, n, MPI.DOUBLE, 1, 8);
                    }
                } else if (me == 1) {
                    for (int round = 0; round < 2; round++) {
                        byte[] b = new byte[n]; char[] c = new char[n]; short[] s = new short[n]; boolean[] z = new boolean[n];
                        int[] i = new int[n]; long[] l = new long[n]; float[] f = new float[n]; double[] d = new double[n];
                        Request[] rs = {
                            MPI.COMM_WORLD.Irecv(b, 0, n, MPI.BYTE, 0, 1), MPI.COMM_WORLD.Irecv(c, 0, n, MPI.CHAR, 0, 2),
                            MPI.COMM_WORLD.Irecv(s, 0, n, MPI.SHORT, 0, 3), MPI.COMM_WORLD.Irecv(z, 0, n, MPI.BOOLEAN, 0, 4),
                            MPI.COMM_WORLD.Irecv(i, 0, n, MPI.INT, 0, 5), MPI.COMM_WORLD.Irecv(l, 0, n, MPI.LONG, 0, 6),
                            MPI.COMM_WORLD.Irecv(f, 0, n, MPI.FLOAT, 0, 7), MPI.COMM_WORLD.Irecv(d, 0, n, MPI.DOUBLE, 0, 8)};
                        if (round == 1) {
                            MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 0, 99);
                        }
                        Status[] st = Request.Waitall(rs);
                        for (Status x : st) {
                            assertEquals(0, x.source);
                        }
                        assertEquals(n, st[4].Get_count(MPI.INT));
                        assertEquals(n * 4, st[4].Get_count(MPI.BYTE));
                        assertArrayEquals(bytes(n), b); assertArrayEquals(chars(n), c); assertArrayEquals(shorts(n), s);
                        assertArrayEquals(booleans(n), z); assertArrayEquals(ints(n), i); assertArrayEquals(longs(n), l);
                        assertArrayEquals(floats(n), f); assertArrayEquals(doubles(n), d);
                    }
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    void everyDatatypeArrivesIntactEagerAndRendezvousPostedAndUnexpected() {
        RankJobs.runOk(2, AllTypes.class);
    }

    static byte[] bytes(int n) { byte[] a = new byte[n]; for (int i = 0; i < n; i++) a[i] = (byte) (i * 7); return a; }
    static char[] chars(int n) { char[] a = new char[n]; for (int i = 0; i < n; i++) a[i] = (char) (i * 13); return a; }
    static short[] shorts(int n) { short[] a = new short[n]; for (int i = 0; i < n; i++) a[i] = (short) (i * 31); return a; }
    static boolean[] booleans(int n) { boolean[] a = new boolean[n]; for (int i = 0; i < n; i++) a[i] = i % 3 == 0; return a; }
    static int[] ints(int n) { int[] a = new int[n]; for (int i = 0; i < n; i++) a[i] = i * 1_000_003; return a; }
    static long[] longs(int n) { long[] a = new long[n]; for (int i = 0; i < n; i++) a[i] = i * 0x1_0000_0001L; return a; }
    static float[] floats(int n) { float[] a = new float[n]; for (int i = 0; i < n; i++) a[i] = i / 3f; return a; }
    static double[] doubles(int n) { double[] a = new double[n]; for (int i = 0; i < n; i++) a[i] = i / 7.0; return a; }

    /** A user class: each rank loads its own copy, so the receiver must deserialize with its own loader. */
    public static class Particle implements Serializable {
        private static final long serialVersionUID = 1L;
        final double x;
        final String name;

        Particle(double x, String name) {
            this.x = x;
            this.name = name;
        }
    }

    public static class Objects {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 0) {
                Object[] out = {new Particle(1.5, "a"), "text", List.of(1, 2, 3), new Particle(-2, "b")};
                MPI.COMM_WORLD.Send(out, 1, 3, MPI.OBJECT, 1, 4);
                MPI.COMM_WORLD.Ssend(out, 0, 1, MPI.OBJECT, 1, 5);
            } else {
                Object[] in = new Object[5];
                Status s = MPI.COMM_WORLD.Recv(in, 2, 3, MPI.OBJECT, 0, 4);
                assertEquals(3, s.Get_count(MPI.OBJECT));
                assertEquals("text", in[2]);
                assertEquals(List.of(1, 2, 3), in[3]);
                Particle p = (Particle) in[4];
                assertEquals(-2, p.x);
                assertEquals("b", p.name);
                assertTrue(p.getClass() == Particle.class, "the object is an instance of the receiver's own class");
                MPI.COMM_WORLD.Recv(in, 0, 1, MPI.OBJECT, 0, 5);
                assertEquals(1.5, ((Particle) in[0]).x);
            }
            MPI.Finalize();
        }
    }

    @Test
    void objectsAreSerializedAndResolvedInTheReceiversClassLoader() {
        RankJobs.runOk(2, Objects.class);
    }

    public static class SendModes {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int[] data = ints(3000);
            if (me == 0) {
                MPI.COMM_WORLD.Ssend(data, 0, 10, MPI.INT, 1, 1);
                MPI.COMM_WORLD.Rsend(data, 10, 10, MPI.INT, 1, 2);
                Request a = MPI.COMM_WORLD.Issend(data, 20, 3000 - 20, MPI.INT, 1, 3);
                Request b = MPI.COMM_WORLD.Irsend(data, 0, 5, MPI.INT, 1, 4);
                assertFalse(a.Is_null());
                a.Wait();
                b.Wait();
                assertTrue(a.Is_null(), "a completed request becomes null");
            } else {
                int[] in = new int[3000];
                MPI.COMM_WORLD.Recv(in, 0, 10, MPI.INT, 0, 1);
                MPI.COMM_WORLD.Recv(in, 10, 10, MPI.INT, 0, 2);
                Status s = MPI.COMM_WORLD.Recv(in, 20, 3000 - 20, MPI.INT, 0, 3);
                assertEquals(2980, s.Get_count(MPI.INT));
                assertArrayEquals(data, in);
                MPI.COMM_WORLD.Recv(in, 0, 5, MPI.INT, 0, 4);
                assertArrayEquals(Arrays.copyOf(data, 5), Arrays.copyOf(in, 5));
            }
            MPI.Finalize();
        }
    }

    @Test
    void synchronousAndReadySendsDeliver() {
        RankJobs.runOk(2, SendModes.class);
    }

    /** Ssend does not return before the receive has started. */
    public static class SsendWaitsForReceiver {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 0) {
                Request r = MPI.COMM_WORLD.Issend(new int[] {7}, 0, 1, MPI.INT, 1, 0);
                Thread.sleep(200);
                assertNull(r.Test(), "Issend is incomplete while no receive matched it");
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 1, 1);
                r.Wait();
            } else {
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, 1);
                int[] in = new int[1];
                MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, 0, 0);
                assertEquals(7, in[0]);
            }
            MPI.Finalize();
        }
    }

    @Test
    void synchronousSendCompletesOnlyOnceMatched() {
        RankJobs.runOk(2, SsendWaitsForReceiver.class);
    }

    public static class SendrecvRing {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            int right = (me + 1) % n;
            int left = (me + n - 1) % n;
            // Large enough for rendezvous: every rank sends before it receives, and none may deadlock.
            double[] out = new double[20_000];
            Arrays.fill(out, me);
            double[] in = new double[20_000];
            Status s = MPI.COMM_WORLD.Sendrecv(out, 0, out.length, MPI.DOUBLE, right, 3, in, 0, in.length, MPI.DOUBLE, left, 3);
            assertEquals(left, s.source);
            assertEquals(left, in[19_999]);
            int[] token = {me};
            MPI.COMM_WORLD.Sendrecv_replace(token, 0, 1, MPI.INT, right, 4, left, 4);
            assertEquals(left, token[0]);
            Status none = MPI.COMM_WORLD.Sendrecv(out, 0, 1, MPI.DOUBLE, MPI.PROC_NULL, 0, in, 0, 1, MPI.DOUBLE, MPI.PROC_NULL, 0);
            assertEquals(MPI.PROC_NULL, none.source);
            MPI.Finalize();
        }
    }

    @Test
    void sendrecvExchangesAroundARingWithoutDeadlock() {
        RankJobs.runOk(3, SendrecvRing.class);
    }

    public static class Probes {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 0) {
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 1, 0);
                MPI.COMM_WORLD.Send(new long[17], 0, 17, MPI.LONG, 1, 42);
            } else {
                assertNull(MPI.COMM_WORLD.Iprobe(0, MPI.ANY_TAG), "nothing has been sent yet");
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 0, 0);
                Status p = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                assertEquals(0, p.source);
                assertEquals(42, p.tag);
                assertEquals(17, p.Get_count(MPI.LONG));
                Status again = MPI.COMM_WORLD.Iprobe(0, 42);
                assertNotNull(again, "a probe does not receive the message");
                long[] in = new long[p.Get_count(MPI.LONG)];
                MPI.COMM_WORLD.Recv(in, 0, in.length, MPI.LONG, p.source, p.tag);
                assertNull(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG));
                assertEquals(MPI.PROC_NULL, MPI.COMM_WORLD.Probe(MPI.PROC_NULL, 0).source);
            }
            MPI.Finalize();
        }
    }

    @Test
    void probeAndIprobeSeeTheEnvelopeWithoutReceiving() {
        RankJobs.runOk(2, Probes.class);
    }

    public static class ZeroLength {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 0) {
                MPI.COMM_WORLD.Send(new double[0], 0, 0, MPI.DOUBLE, 1, 1);
                MPI.COMM_WORLD.Send(null, 0, 0, MPI.INT, 1, 2);
                MPI.COMM_WORLD.Ssend(new byte[4], 4, 0, MPI.BYTE, 1, 3);
                MPI.COMM_WORLD.Send(new Object[0], 0, 0, MPI.OBJECT, 1, 4);
            } else {
                assertEquals(0, MPI.COMM_WORLD.Recv(new double[3], 0, 3, MPI.DOUBLE, 0, 1).Get_count(MPI.DOUBLE));
                assertEquals(2, MPI.COMM_WORLD.Recv(null, 0, 0, MPI.INT, 0, 2).tag);
                assertEquals(0, MPI.COMM_WORLD.Recv(new byte[0], 0, 0, MPI.BYTE, 0, 3).Get_count(MPI.BYTE));
                assertEquals(0, MPI.COMM_WORLD.Recv(new Object[1], 0, 1, MPI.OBJECT, 0, 4).Get_count(MPI.OBJECT));
            }
            MPI.Finalize();
        }
    }

    @Test
    void zeroLengthMessagesCarryTheirEnvelope() {
        RankJobs.runOk(2, ZeroLength.class);
    }

    public static class SelfAndNull {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            assertEquals(1, MPI.COMM_SELF.Size());
            assertEquals(0, MPI.COMM_SELF.Rank());
            Request r = MPI.COMM_SELF.Isend(new int[] {me}, 0, 1, MPI.INT, 0, 9);
            int[] in = new int[1];
            MPI.COMM_SELF.Recv(in, 0, 1, MPI.INT, 0, 9);
            r.Wait();
            assertEquals(me, in[0]);
            // Self-sends on COMM_WORLD, and PROC_NULL, which completes at once with nothing.
            MPI.COMM_WORLD.Send(new int[] {me + 100}, 0, 1, MPI.INT, me, 1);
            MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, me, 1);
            assertEquals(me + 100, in[0]);
            MPI.COMM_WORLD.Send(in, 0, 1, MPI.INT, MPI.PROC_NULL, 1);
            Status s = MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, MPI.PROC_NULL, 1);
            assertEquals(MPI.PROC_NULL, s.source);
            assertEquals(0, s.Get_count(MPI.INT));
            assertEquals(me + 100, in[0], "a receive from PROC_NULL leaves the buffer alone");
            MPI.Finalize();
        }
    }

    @Test
    void commSelfSelfSendsAndProcNull() {
        RankJobs.runOk(2, SelfAndNull.class);
    }

    public static class Environment {
        public static void main(String[] args) throws Exception {
            assertFalse(MPI.Initialized());
            String[] own = MPI.Init(args);
            assertArrayEquals(args, own, "Init returns the program's own arguments");
            assertTrue(MPI.Initialized());
            assertEquals(MPI.THREAD_MULTIPLE, MPI.Query_thread());
            assertTrue(MPI.Is_thread_main());
            boolean[] other = new boolean[1];
            Thread t = new Thread(() -> other[0] = MPI.Is_thread_main());
            t.start();
            t.join();
            assertFalse(other[0]);
            double t0 = MPI.Wtime();
            Thread.sleep(20);
            assertTrue(MPI.Wtime() - t0 >= 0.019);
            assertTrue(MPI.Wtick() > 0 && MPI.Wtick() < 1e-3);
            assertFalse(MPI.Get_processor_name().isEmpty());
            MPI.Finalize();
            assertTrue(MPI.Finalized());
        }
    }

    @Test
    void environmentQueries() {
        RankJobs.runOk(2, Environment.class, "alpha", "-x", "3");
    }

    public static class InitThread {
        public static void main(String[] args) {
            int provided = MPI.Init_thread(args, MPI.THREAD_FUNNELED);
            assertEquals(MPI.THREAD_MULTIPLE, provided);
            assertEquals(provided, MPI.Query_thread());
            MPI.Finalize();
        }
    }

    @Test
    void initThreadProvidesThreadMultiple() {
        RankJobs.runOk(2, InitThread.class);
    }
}
