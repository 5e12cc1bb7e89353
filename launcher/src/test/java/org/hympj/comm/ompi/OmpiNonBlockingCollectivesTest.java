package org.hympj.comm.ompi;

import static org.hympj.comm.ompi.OmpiCollectivesTest.directDoubles;
import static org.hympj.comm.ompi.OmpiCollectivesTest.directInts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The non-blocking collectives of Open MPI's Java API: every one's values, several
 * outstanding at once and interleaved with blocking collectives on the same communicator,
 * progress while the rank computes, errors, and the end of their thread on free and Finalize.
 * Requests are completed with {@code Wait}/{@code Waitall}, which a Request of either face
 * has; {@code Rank()}/{@code Size()} stand for Open MPI's {@code getRank()}/{@code getSize()}.
 */
@Timeout(180)
public class OmpiNonBlockingCollectivesTest {

    /** The thread of the non-blocking collectives of {@code comm} on this rank, by its name; null if none is alive. */
    static Thread progressThread(String comm, int worldRank) {
        String name = "hympj non-blocking collectives of " + comm + " (rank " + worldRank + ")";
        // Other jobs in this JVM may have a thread of the same name; this rank's carries its class loader.
        ClassLoader rankLoader = MPI.class.getClassLoader();
        return Thread.getAllStackTraces().keySet().stream()
            .filter(t -> t.getName().equals(name) && t.getContextClassLoader() == rankLoader && t.isAlive())
            .findFirst().orElse(null);
    }

    /** Every non-blocking collective, all started before any is waited for, root the last rank. */
    public static class AllStartedThenWaited {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.Rank();
            int size = world.Size();
            int root = size - 1;
            int[] counts = new int[size];
            int[] displs = new int[size];
            for (int r = 0; r < size; r++) {
                counts[r] = r + 1;
                displs[r] = r * (r + 1) / 2;
            }
            int total = size * (size + 1) / 2;

            IntBuffer bc = directInts(2);
            if (rank == root) {
                bc.put(0, 41).put(1, 42);
            }
            IntBuffer gIn = directInts(1);
            gIn.put(0, 3 * rank);
            IntBuffer gOut = directInts(size);
            IntBuffer gvIn = directInts(rank + 1);
            for (int k = 0; k <= rank; k++) {
                gvIn.put(k, 10 * rank + k);
            }
            IntBuffer gvOut = directInts(total);
            IntBuffer scIn = directInts(size);
            for (int r = 0; r < size; r++) {
                scIn.put(r, 500 + r);
            }
            IntBuffer scOut = directInts(1);
            IntBuffer agOut = directInts(size);
            IntBuffer agvOut = directInts(total);
            IntBuffer a2aIn = directInts(size);
            for (int r = 0; r < size; r++) {
                a2aIn.put(r, 100 * rank + r);
            }
            IntBuffer a2aOut = directInts(size);
            DoubleBuffer redIn = directDoubles(1);
            redIn.put(0, rank + 1);
            DoubleBuffer redOut = directDoubles(1);
            DoubleBuffer allOut = directDoubles(1);
            IntBuffer rsIn = directInts(total);
            for (int i = 0; i < total; i++) {
                rsIn.put(i, 1);
            }
            IntBuffer rsOut = directInts(rank + 1);
            IntBuffer rsbIn = directInts(size);
            for (int r = 0; r < size; r++) {
                rsbIn.put(r, r);
            }
            IntBuffer rsbOut = directInts(1);
            IntBuffer scanIn = directInts(1);
            scanIn.put(0, rank + 1);
            IntBuffer scanOut = directInts(1);
            IntBuffer exOut = directInts(1);
            exOut.put(0, -5);
            IntBuffer inPlace = directInts(1);
            inPlace.put(0, rank);

            Request[] all = {
                world.iBarrier(),
                world.iBcast(bc, 2, MPI.INT, root),
                world.iGather(gIn, 1, MPI.INT, gOut, 1, MPI.INT, root),
                world.iGatherv(gvIn, rank + 1, MPI.INT, gvOut, counts, displs, MPI.INT, root),
                world.iScatter(scIn, 1, MPI.INT, scOut, 1, MPI.INT, root),
                world.iAllGather(gIn, 1, MPI.INT, agOut, 1, MPI.INT),
                world.iAllGatherv(gvIn, rank + 1, MPI.INT, agvOut, counts, displs, MPI.INT),
                world.iAllToAll(a2aIn, 1, MPI.INT, a2aOut, 1, MPI.INT),
                world.iReduce(redIn, redOut, 1, MPI.DOUBLE, MPI.SUM, root),
                world.iAllReduce(redIn, allOut, 1, MPI.DOUBLE, MPI.MAX),
                world.iReduceScatter(rsIn, rsOut, counts, MPI.INT, MPI.SUM),
                world.iReduceScatterBlock(rsbIn, rsbOut, 1, MPI.INT, MPI.SUM),
                world.iScan(scanIn, scanOut, 1, MPI.INT, MPI.SUM),
                world.iExScan(scanIn, exOut, 1, MPI.INT, MPI.SUM),
                world.iAllReduce(inPlace, 1, MPI.INT, MPI.SUM),
            };
            Request.Waitall(all);
            for (Request r : all) {
                assertTrue(r.Is_null(), "a completed request becomes null");
            }

            assertEquals(41, bc.get(0));
            assertEquals(42, bc.get(1));
            if (rank == root) {
                for (int r = 0; r < size; r++) {
                    assertEquals(3 * r, gOut.get(r));
                    assertEquals(10 * r + r, gvOut.get(displs[r] + r));
                }
                assertEquals(size * (size + 1) / 2.0, redOut.get(0));
            }
            assertEquals(500 + rank, scOut.get(0));
            for (int r = 0; r < size; r++) {
                assertEquals(3 * r, agOut.get(r));
                assertEquals(10 * r, agvOut.get(displs[r]));
                assertEquals(100 * r + rank, a2aOut.get(r));
            }
            assertEquals(size, allOut.get(0));
            for (int k = 0; k <= rank; k++) {
                assertEquals(size, rsOut.get(k));
            }
            assertEquals(size * rank, rsbOut.get(0));
            assertEquals((rank + 1) * (rank + 2) / 2, scanOut.get(0));
            assertEquals(rank == 0 ? -5 : rank * (rank + 1) / 2, exOut.get(0));
            assertEquals(size * (size - 1) / 2, inPlace.get(0));
            MPI.Finalize();
        }
    }

    /**
     * Non-blocking collectives interleaved with blocking ones and point-to-point on the same
     * communicator, several outstanding at once, on a duplicate and on COMM_WORLD at the same time.
     */
    public static class Interleaved {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            Intracomm dup = world.Dup();
            int rank = world.Rank();
            int size = world.Size();
            for (int round = 0; round < 20; round++) {
                IntBuffer a = directInts(1);
                a.put(0, rank + round);
                IntBuffer aOut = directInts(1);
                Request r1 = world.iAllReduce(a, aOut, 1, MPI.INT, MPI.SUM);
                int[] b = {rank == 0 ? round : -1};
                world.bcast(b, 1, MPI.INT, 0);
                assertEquals(round, b[0]);
                IntBuffer c = IntBuffer.allocate(1);
                c.put(0, rank == size - 1 ? 1000 + round : 0);
                Request r2 = world.iBcast(c, 1, MPI.INT, size - 1);
                IntBuffer d = directInts(1);
                d.put(0, 1);
                Request r3 = dup.iAllReduce(d, 1, MPI.INT, MPI.SUM);
                int[] sum = new int[1];
                world.allReduce(new int[] {1}, sum, 1, MPI.INT, MPI.SUM);
                assertEquals(size, sum[0]);
                if (size > 1) {
                    // Point-to-point on the same communicator does not meet the collectives' messages.
                    int[] token = {round};
                    if (rank == 0) {
                        world.Send(token, 0, 1, MPI.INT, 1, round);
                    } else if (rank == 1) {
                        world.Recv(token, 0, 1, MPI.INT, 0, round);
                        assertEquals(round, token[0]);
                    }
                }
                Request.Waitall(new Request[] {r3, r2, r1});
                assertEquals(size * (size - 1) / 2 + size * round, aOut.get(0));
                assertEquals(1000 + round, c.get(0));
                assertEquals(size, d.get(0));
            }
            dup.Free();
            MPI.Finalize();
        }
    }

    /**
     * Progress while the rank computes. Every rank starts an iAllReduce into a direct buffer,
     * then makes no MPI call at all: it only computes and reads the buffer, until the result
     * is there (or a deadline, far beyond any scheduling delay, passes). The staged result is
     * copied into a direct buffer only by the code that completes the collective, and no rank
     * enters MPI again before it sees the result, so the result can appear only if the
     * collective progresses outside the program's MPI calls: an implementation that progresses
     * only inside Wait/Test would leave every rank polling until the deadline and fail. Then an
     * iBarrier, polled with Test between rounds of computation, completes too.
     */
    public static class ProgressWhileComputing {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.Rank();
            int size = world.Size();
            int n = 1 << 14;
            DoubleBuffer in = directDoubles(n);
            DoubleBuffer out = directDoubles(n);
            for (int i = 0; i < n; i++) {
                in.put(i, rank + 1);
                out.put(i, -1);
            }
            double expected = size * (size + 1) / 2.0;
            Request req = world.iAllReduce(in, out, n, MPI.DOUBLE, MPI.SUM);
            long deadline = System.nanoTime() + 60_000_000_000L;
            double work = 0;
            boolean arrived = false;
            while (!arrived && System.nanoTime() < deadline) {
                for (int i = 0; i < 10_000; i++) {
                    work += Math.sqrt(i + work % 7);
                }
                arrived = out.get(0) == expected && out.get(n - 1) == expected;
            }
            assertTrue(arrived, "the iAllReduce completed while the rank computed, with no MPI call (work " + work + ")");
            req.Wait();
            for (int i = 0; i < n; i++) {
                assertEquals(expected, out.get(i));
            }

            Request barrier = world.iBarrier();
            long until = System.nanoTime() + 60_000_000_000L;
            boolean done = false;
            while (!done && System.nanoTime() < until) {
                for (int i = 0; i < 10_000; i++) {
                    work += Math.sqrt(i + work % 7);
                }
                done = barrier.Test() != null;
            }
            assertTrue(done, "the iBarrier completed");
            MPI.Finalize();
        }
    }

    /**
     * Errors: bad arguments are raised by the call that starts the collective; an error found
     * while the collective runs becomes its request's error, raised by Wait with its class and
     * sentence; the communicator goes on working.
     */
    public static class Errors {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int size = world.Size();
            OmpiCollectivesTest.assertError(MPI.ERR_ROOT, "root " + size, () -> world.iBcast(directInts(1), 1, MPI.INT, size));
            OmpiCollectivesTest.assertError(MPI.ERR_OP, "op is null",
                () -> world.iAllReduce(directInts(1), directInts(1), 1, MPI.INT, null));
            OmpiCollectivesTest.assertError(MPI.ERR_COUNT, "negative",
                () -> world.iReduce(directInts(1), directInts(1), -2, MPI.INT, MPI.SUM, 0));
            OmpiCollectivesTest.assertError(MPI.ERR_TYPE, "datatype is null", () -> world.iAllGather(directInts(1), 1, null));

            // A heap buffer too small for the result: found when the collective runs, on every rank.
            Request bad = world.iAllGather(IntBuffer.allocate(1), 1, MPI.INT, IntBuffer.allocate(size - 1), 1, MPI.INT);
            MPIException e = assertThrows(MPIException.class, bad::Wait);
            assertEquals(MPI.ERR_BUFFER, e.getErrorClass(), e.getMessage());
            assertTrue(e.getMessage().contains("do not lie within the buffer"), e.getMessage());
            assertFalse(e.getMessage().contains("] ["), "the class is named once: " + e.getMessage());

            IntBuffer ok = directInts(1);
            ok.put(0, 1);
            world.iAllReduce(ok, 1, MPI.INT, MPI.SUM).Wait();
            assertEquals(size, ok.get(0));

            Intracomm freed = world.Dup();
            freed.Free();
            OmpiCollectivesTest.assertError(MPI.ERR_COMM, "freed", freed::iBarrier);
            MPI.Finalize();
        }
    }

    /**
     * The errhandler of the communicator a non-blocking collective runs on applies to its
     * errors: COMM_WORLD is fatal, its duplicate returns errors, and an error in a collective on
     * the duplicate is raised by Wait instead of ending the job.
     */
    public static class ErrhandlerOfTheCommunicator {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int size = world.Size();
            world.Errhandler_set(MPI.ERRORS_ARE_FATAL);
            Intracomm dup = world.Dup();
            dup.Errhandler_set(MPI.ERRORS_RETURN);
            Request bad = dup.iAllGather(IntBuffer.allocate(1), 1, MPI.INT, IntBuffer.allocate(size - 1), 1, MPI.INT);
            MPIException e = assertThrows(MPIException.class, bad::Wait);
            assertEquals(MPI.ERR_BUFFER, e.getErrorClass(), e.getMessage());
            world.iBarrier().Wait();
            dup.Free();
            MPI.Finalize();
        }
    }

    /** Freeing a communicator ends its thread once its collectives are done; Finalize ends COMM_WORLD's. */
    public static class ThreadsEnd {
        public static void main(String[] args) throws InterruptedException {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int me = world.Rank();
            Intracomm dup = world.Dup();
            dup.iBarrier().Wait();
            Thread t = progressThread(dup.toString(), me);
            assertNotNull(t, "the first non-blocking collective made the thread");
            dup.Free();
            t.join(30_000);
            assertFalse(t.isAlive(), "free ended the thread");

            IntBuffer x = directInts(1);
            world.iAllReduce(x, 1, MPI.INT, MPI.SUM).Wait();
            Thread w = progressThread(world.toString(), me);
            assertNotNull(w);
            MPI.Finalize();
            assertFalse(w.isAlive(), "Finalize ended the thread");
        }
    }

    /**
     * Collectives waited for in an order other than the one they started in, some right away
     * and some after others: a wait runs a collective itself only when every one started
     * before it has completed, so each still meets the same collective on every rank.
     */
    public static class WaitedOutOfOrder {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.getRank();
            int size = world.getSize();
            for (int round = 0; round < 50; round++) {
                int n = 6;
                IntBuffer[] in = new IntBuffer[n];
                IntBuffer[] out = new IntBuffer[n];
                Request[] requests = new Request[n];
                for (int k = 0; k < n; k++) {
                    in[k] = directInts(1);
                    out[k] = directInts(1);
                    in[k].put(0, (rank + 1) * (k + 1) + round);
                    requests[k] = world.iAllReduce(in[k], out[k], 1, MPI.INT, MPI.SUM);
                }
                // Last first, then the first, then the rest from the second on; rank 0 waits in start order.
                int[] order = rank == 0 ? new int[] {0, 1, 2, 3, 4, 5} : new int[] {5, 0, 1, 2, 3, 4};
                for (int k : order) {
                    requests[k].waitFor();
                    assertEquals((k + 1) * size * (size + 1) / 2 + size * round, out[k].get(0), "collective " + k + " of round " + round);
                }
                if (round % 2 == 0) {
                    // Started, then waited at once: the wait runs it when nothing is before it.
                    IntBuffer x = directInts(1);
                    x.put(0, rank);
                    world.iAllReduce(x, 1, MPI.INT, MPI.MAX).waitFor();
                    assertEquals(size - 1, x.get(0));
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    void collectivesWaitedOutOfOrderMeetTheSameCollectiveOnEveryRank() {
        RankJobs.runOk(2, WaitedOutOfOrder.class);
        RankJobs.runOk(3, WaitedOutOfOrder.class);
        ProcessJobs.runOk(3, 2, WaitedOutOfOrder.class);
    }

    @Test
    void everyNonBlockingCollectiveOnTwoThreeAndFourThreadRanks() {
        RankJobs.runOk(1, AllStartedThenWaited.class);
        RankJobs.runOk(2, AllStartedThenWaited.class);
        RankJobs.runOk(3, AllStartedThenWaited.class);
        RankJobs.runOk(4, AllStartedThenWaited.class);
    }

    @Test
    void everyNonBlockingCollectiveAcrossTwoJvms() {
        ProcessJobs.runOk(4, 2, AllStartedThenWaited.class);
    }

    @Test
    void interleavedWithBlockingCollectivesAndPointToPoint() {
        RankJobs.runOk(3, Interleaved.class);
        ProcessJobs.runOk(3, 2, Interleaved.class);
    }

    @Test
    void collectivesProgressWhileTheRanksComputeOnThreadRanks() {
        RankJobs.runOk(3, ProgressWhileComputing.class);
    }

    @Test
    void collectivesProgressWhileTheRanksComputeAcrossTwoJvms() {
        ProcessJobs.runOk(2, 2, ProgressWhileComputing.class);
    }

    @Test
    void errorsAtTheCallAndInTheRequest() {
        RankJobs.runOk(2, Errors.class);
    }

    @Test
    void theErrhandlerOfTheCommunicatorApplies() {
        RankJobs.runOk(2, ErrhandlerOfTheCommunicator.class);
    }

    @Test
    void freeAndFinalizeEndTheThreads() {
        RankJobs.runOk(2, ThreadsEnd.class);
        ProcessJobs.runOk(2, 2, ThreadsEnd.class);
    }
}
