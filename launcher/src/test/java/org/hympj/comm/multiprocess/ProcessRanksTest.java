package org.hympj.comm.multiprocess;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import mpi.Datatype;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.hympj.comm.collective.CollectivesTest;
import org.hympj.comm.collective.CommunicatorsTest;
import org.hympj.comm.collective.MoreCollectivesTest;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.p2p.DerivedDatatypesTest;
import org.hympj.comm.p2p.MatchingSemanticsTest;
import org.hympj.comm.p2p.PointToPointTest;
import org.hympj.comm.p2p.RequestsTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The mpi semantics on the process path and on mixes of paths: the same programs the thread
 * ranks pass, run with their ranks spread over several JVMs (so some pairs talk through the
 * rings and others in the heap), and traffic only the rings see (streams, flow control).
 * (Programs live outside the runtime's packages, which rank class loaders never redefine.)
 *
 * <p>{@code RequestsTest.Buffered} is left out on purpose: it checks that a buffered message
 * holds its region of the attached buffer until received, which is true in one JVM; a
 * message to another process leaves the buffer as soon as it is in the ring, as MPI allows.
 * {@code RequestsTest.Cancel} is left out because a send already in another process's ring
 * cannot be cancelled here (MPI lets a cancel fail; docs/architecture.md says so).
 */
@Timeout(180)
public class ProcessRanksTest {

    /** Rank 0 takes messages from a thread-rank neighbour and two process ranks with ANY_SOURCE, in order per source. */
    @Test
    void anySourceKeepsEachSendersOrderAcrossBothPaths() {
        ProcessJobs.runOk(4, 2, MatchingSemanticsTest.ConcurrentSendersInOrder.class);
    }

    @Test
    void aLargeStreamedMessageIsNotOvertakenByASmallOne() {
        ProcessJobs.runOk(2, 2, MatchingSemanticsTest.ProtocolSwitchKeepsOrder.class);
    }

    @Test
    void pointToPointBasicsAcrossProcesses() {
        ProcessJobs.runOk(2, 2, PointToPointTest.AllTypes.class);
        ProcessJobs.runOk(2, 2, PointToPointTest.Objects.class);
        ProcessJobs.runOk(2, 2, PointToPointTest.SendModes.class);
        ProcessJobs.runOk(2, 2, PointToPointTest.Probes.class);
        ProcessJobs.runOk(2, 2, PointToPointTest.ZeroLength.class);
        ProcessJobs.runOk(3, 3, PointToPointTest.SendrecvRing.class);
    }

    @Test
    void synchronousSendCompletesOnlyOnceMatchedInAnotherProcess() {
        ProcessJobs.runOk(2, 2, PointToPointTest.SsendWaitsForReceiver.class);
    }

    @Test
    void requestsAcrossProcesses() {
        ProcessJobs.runOk(2, 2, RequestsTest.WaitanyWaitsome.class);
        ProcessJobs.runOk(2, 2, RequestsTest.Persistent.class);
    }

    @Test
    void collectivesOnMixedThreadAndProcessRanks() {
        ProcessJobs.runOk(5, 2, CollectivesTest.Program.class);
        ProcessJobs.runOk(3, 3, MoreCollectivesTest.Program.class);
    }

    /** The whole matrix of sizes on mixed ranks: each size spread over fewer JVMs than ranks, so every job mixes both paths. */
    @ParameterizedTest(name = "{0} ranks in {1} JVMs")
    @CsvSource({"2, 2", "3, 2", "5, 3", "8, 3"})
    void everyCollectiveAndCommunicatorOperationOnMixedRanksOfEverySize(int ranks, int jvms) {
        ProcessJobs.runOk(ranks, jvms, CollectivesTest.Program.class);
        ProcessJobs.runOk(ranks, jvms, MoreCollectivesTest.Program.class);
        ProcessJobs.runOk(ranks, jvms, CommunicatorsTest.Program.class);
    }

    @Test
    void communicatorsAndDatatypesOnMixedRanks() {
        ProcessJobs.runOk(5, 3, CommunicatorsTest.Program.class);
        ProcessJobs.runOk(3, 2, DerivedDatatypesTest.Program.class);
    }

    /**
     * Every rank sends every other rank a stream of messages of random types and sizes (up to
     * several fragments, and past the ring's capacity) with Isend, all at once, and only then
     * receives: writers blocked on full rings must drain their own. The receiver probes
     * ANY_SOURCE, then checks each message's order, length and every element. One round of
     * this by default; {@code -Pstress} runs as many rounds as hympj.test.scale says (the
     * launcher passes it to every JVM), each with messages of its own, so the traffic grows
     * and the memory a round holds does not.
     */
    public static class RandomTraffic {
        /** Per ordered pair and round. */
        static final int MESSAGES = 60;
        static final Datatype[] TYPES = {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG, MPI.FLOAT, MPI.DOUBLE};

        static Random stream(int from, int to, int i) {
            return new Random(((long) from * 1_000_003 + to) * 1_000_033 + i);
        }

        static int length(Random r) {
            int kind = r.nextInt(10);
            return kind < 6 ? r.nextInt(64) : kind < 9 ? r.nextInt(40_000) : 150_000 + r.nextInt(200_000);
        }

        static Object fill(Datatype type, int n, Random r) {
            if (type == MPI.BYTE) { byte[] a = new byte[n]; r.nextBytes(a); return a; }
            if (type == MPI.CHAR) { char[] a = new char[n]; for (int i = 0; i < n; i++) { a[i] = (char) r.nextInt(); } return a; }
            if (type == MPI.SHORT) { short[] a = new short[n]; for (int i = 0; i < n; i++) { a[i] = (short) r.nextInt(); } return a; }
            if (type == MPI.BOOLEAN) { boolean[] a = new boolean[n]; for (int i = 0; i < n; i++) { a[i] = r.nextBoolean(); } return a; }
            if (type == MPI.INT) { int[] a = new int[n]; for (int i = 0; i < n; i++) { a[i] = r.nextInt(); } return a; }
            if (type == MPI.LONG) { long[] a = new long[n]; for (int i = 0; i < n; i++) { a[i] = r.nextLong(); } return a; }
            if (type == MPI.FLOAT) { float[] a = new float[n]; for (int i = 0; i < n; i++) { a[i] = r.nextFloat(); } return a; }
            double[] a = new double[n];
            for (int i = 0; i < n; i++) { a[i] = r.nextDouble(); }
            return a;
        }

        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            int rounds = Integer.getInteger("hympj.test.scale", 1);
            for (int round = 0; round < rounds; round++) {
                exchange(round * MESSAGES);
            }
            MPI.Finalize();
        }

        /** One round: messages {@code first} to {@code first + MESSAGES - 1} of every ordered pair. */
        private static void exchange(int first) {
            int me = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            Request[] sends = new Request[MESSAGES * (n - 1)];
            int k = 0;
            for (int i = first; i < first + MESSAGES; i++) {
                for (int peer = 0; peer < n; peer++) {
                    if (peer == me) {
                        continue;
                    }
                    Random r = stream(me, peer, i);
                    Datatype type = TYPES[r.nextInt(TYPES.length)];
                    int len = length(r);
                    sends[k++] = MPI.COMM_WORLD.Isend(fill(type, len, r), 0, len, type, peer, i % 7);
                }
            }
            int[] next = new int[n];
            java.util.Arrays.fill(next, first);
            for (int m = 0; m < MESSAGES * (n - 1); m++) {
                Status probed = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                int src = probed.source;
                int i = next[src]++;
                assertEquals(i % 7, probed.tag, "message " + i + " from rank " + src + " overtaken");
                Random r = stream(src, me, i);
                Datatype type = TYPES[r.nextInt(TYPES.length)];
                int len = length(r);
                Object expected = fill(type, len, r);
                Object got = fill(type, len + 3, new Random(0));
                Status s = MPI.COMM_WORLD.Recv(got, 0, len + 3, type, src, i % 7);
                assertEquals(len, s.Get_count(type), "length of message " + i + " from rank " + src);
                Object trimmed = java.lang.reflect.Array.newInstance(got.getClass().getComponentType(), len);
                System.arraycopy(got, 0, trimmed, 0, len);
                assertTrue(java.util.Objects.deepEquals(expected, trimmed), "content of message " + i + " from rank " + src
                    + " (" + len + " " + type + ")");
            }
            Request.Waitall(sends);
            // Every rank has taken this round's messages: the next round's cannot be taken for them.
            MPI.COMM_WORLD.Barrier();
        }
    }

    @Test
    void randomTrafficBetweenEveryPairArrivesWholeAndInOrder() {
        ProcessJobs.runOk(3, 3, RandomTraffic.class);
        ProcessJobs.runOk(4, 2, RandomTraffic.class);
    }

    /** The same traffic on more JVMs than cores, and on a mix of many thread ranks per JVM (-Pstress). */
    @ParameterizedTest(name = "{0} ranks in {1} JVMs")
    @CsvSource({"8, 8", "16, 4"})
    @Tag("scale")
    @Timeout(1800)
    void randomTrafficOnManyJvmsArrivesWholeAndInOrder(int ranks, int jvms) {
        ProcessJobs.runOk(ranks, jvms, RandomTraffic.class);
    }

    /**
     * Rank 1 computes for 1.5 s without calling MPI while rank 0 sends it 200 messages of 8 KiB,
     * more than its ring holds: rank 1's JVM drains them meanwhile (its progress agent, quiet as
     * it may be with no rank polling or parked), so rank 0's sends end long before rank 1 computes
     * its last step. Wall-clock times, one machine's clock in both JVMs.
     */
    public static class ArrivalsWhileComputing {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            int messages = 200;
            byte[] message = new byte[8 * 1024];
            MPI.COMM_WORLD.Barrier();
            if (MPI.COMM_WORLD.Rank() == 0) {
                Thread.sleep(100);
                for (int i = 0; i < messages; i++) {
                    message[0] = (byte) i;
                    MPI.COMM_WORLD.Send(message, 0, message.length, MPI.BYTE, 1, 5);
                }
                long[] sent = {System.currentTimeMillis()};
                MPI.COMM_WORLD.Send(sent, 0, 1, MPI.LONG, 1, 6);
            } else {
                long computedUntil = System.currentTimeMillis() + 1500;
                double x = 0;
                while (System.currentTimeMillis() < computedUntil) {
                    x += Math.sqrt(x + 1);
                }
                for (int i = 0; i < messages; i++) {
                    MPI.COMM_WORLD.Recv(message, 0, message.length, MPI.BYTE, 0, 5);
                    assertEquals((byte) i, message[0]);
                }
                long[] sent = new long[1];
                MPI.COMM_WORLD.Recv(sent, 0, 1, MPI.LONG, 0, 6);
                assertTrue(sent[0] < computedUntil - 500, "the sends ended " + (computedUntil - sent[0])
                    + " ms before the receiver's computation (" + x + "); they should have ended at least 500 ms before");
            }
            MPI.Finalize();
        }
    }

    @Test
    void aJvmWhoseRanksComputeStillDrainsWhatArrives() {
        ProcessJobs.runOk(2, 2, ArrivalsWhileComputing.class);
    }

    /** Two ranks send each other 8 MB at once with blocking sends: both rings fill, neither side deadlocks. */
    public static class LargeBothWays {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int other = 1 - me;
            double[] out = new double[1 << 20];
            for (int i = 0; i < out.length; i++) {
                out[i] = me * 1e7 + i;
            }
            double[] in = new double[out.length];
            for (int round = 0; round < 3; round++) {
                Request r = MPI.COMM_WORLD.Irecv(in, 0, in.length, MPI.DOUBLE, other, round);
                MPI.COMM_WORLD.Send(out, 0, out.length, MPI.DOUBLE, other, round);
                r.Wait();
                for (int i = 0; i < in.length; i += 997) {
                    assertEquals(other * 1e7 + i, in[i]);
                }
                // Now without a posted receive: the other's message is staged while our send streams out.
                MPI.COMM_WORLD.Send(out, 0, out.length, MPI.DOUBLE, other, 100 + round);
                MPI.COMM_WORLD.Recv(in, 0, in.length, MPI.DOUBLE, other, 100 + round);
                assertEquals(other * 1e7 + in.length - 1, in[in.length - 1]);
            }
            MPI.Finalize();
        }
    }

    @Test
    void largeMessagesBothWaysAtOnceDoNotDeadlock() {
        ProcessJobs.runOk(2, 2, LargeBothWays.class);
    }

    /**
     * Rank 1 sends rank 0 a message its posted receive takes, then one nobody has asked for,
     * then tells rank 2, in a third JVM, which tells rank 0. Once rank 0 has that word, its
     * Iprobe sees the second message, although the drain that completed the first receive may
     * have stopped there (a poll leaves a ring after a completed receive; Iprobe reads on).
     */
    public static class ProbeAfterWordFromAThirdJvm {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int[] one = new int[1];
            for (int round = 0; round < 50; round++) {
                if (me == 0) {
                    Request taken = MPI.COMM_WORLD.Irecv(one, 0, 1, MPI.INT, 1, 1);
                    MPI.COMM_WORLD.Barrier();
                    MPI.COMM_WORLD.Recv(one, 0, 1, MPI.INT, 2, 9);
                    Status s = MPI.COMM_WORLD.Iprobe(1, 5);
                    org.junit.jupiter.api.Assertions.assertNotNull(s, "round " + round + ": a message sent before the word is not seen");
                    MPI.COMM_WORLD.Recv(one, 0, 1, MPI.INT, 1, 5);
                    assertEquals(round * 10 + 5, one[0]);
                    taken.Wait();
                } else if (me == 1) {
                    MPI.COMM_WORLD.Barrier();
                    MPI.COMM_WORLD.Send(new int[] {round * 10 + 1}, 0, 1, MPI.INT, 0, 1);
                    MPI.COMM_WORLD.Send(new int[] {round * 10 + 5}, 0, 1, MPI.INT, 0, 5);
                    MPI.COMM_WORLD.Send(one, 0, 1, MPI.INT, 2, 8);
                } else {
                    MPI.COMM_WORLD.Barrier();
                    MPI.COMM_WORLD.Recv(one, 0, 1, MPI.INT, 1, 8);
                    MPI.COMM_WORLD.Send(one, 0, 1, MPI.INT, 0, 9);
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    void iprobeSeesWhatWasSentBeforeAWordThatCameThroughAnotherJvm() {
        ProcessJobs.runOk(3, 3, ProbeAfterWordFromAThirdJvm.class);
    }

    /** A receive too small for a streamed message gets ERR_TRUNCATE; the next message is intact. */
    public static class TruncatedStream {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 0) {
                int[] big = new int[100_000];
                java.util.Arrays.fill(big, 3);
                MPI.COMM_WORLD.Send(big, 0, big.length, MPI.INT, 1, 0);
                MPI.COMM_WORLD.Send(new int[] {42}, 0, 1, MPI.INT, 1, 0);
            } else {
                int[] small = new int[10];
                mpi.MPIException e = org.junit.jupiter.api.Assertions.assertThrows(mpi.MPIException.class,
                    () -> MPI.COMM_WORLD.Recv(small, 0, small.length, MPI.INT, 0, 0));
                assertEquals(MPI.ERR_TRUNCATE, e.getErrorClass());
                assertArrayEquals(new int[] {3, 3, 3, 3, 3, 3, 3, 3, 3, 3}, small);
                int[] one = new int[1];
                MPI.COMM_WORLD.Recv(one, 0, 1, MPI.INT, 0, 0);
                assertEquals(42, one[0]);
            }
            MPI.Finalize();
        }
    }

    @Test
    void aTruncatedStreamRaisesErrTruncateAndLosesNothingElse() {
        ProcessJobs.runOk(2, 2, TruncatedStream.class);
    }
}
