package org.hympj.comm.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mpi.MPI;
import mpi.MPIException;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Thread ranks keep their statics apart; a failing rank ends the whole job, fast. */
@Timeout(60)
class RankIsolationAndFailureTest {

    /** Each rank increments its own copy of a static; a shared one would count past 1. */
    public static class Statics {
        static int counter;
        static final Object IDENTITY = new Object();

        public static void main(String[] args) {
            MPI.Init(args);
            counter++;
            assertEquals(1, counter, "the static belongs to this rank alone");
            int me = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            // Exchange identity hashes of a static object and of COMM_WORLD: all must differ.
            int[] mine = {System.identityHashCode(IDENTITY), System.identityHashCode(MPI.COMM_WORLD),
                System.identityHashCode(MPI.class)};
            if (me != 0) {
                MPI.COMM_WORLD.Send(mine, 0, 3, MPI.INT, 0, 0);
            } else {
                for (int r = 1; r < n; r++) {
                    int[] other = new int[3];
                    MPI.COMM_WORLD.Recv(other, 0, 3, MPI.INT, r, 0);
                    for (int i = 0; i < 3; i++) {
                        assertTrue(other[i] != mine[i], "rank " + r + " shares static " + i + " with rank 0");
                    }
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    void everyRankHasItsOwnStaticsAndCommWorld() {
        RankJobs.runOk(4, Statics.class);
    }

    /** A fat jar that bundles the runtime: the runtime is still shared, the program still per rank. */
    @Test
    void runtimeClassesOnTheProgramsClassPathAreStillShared() {
        java.net.URL runtime = org.hympj.comm.runtime.Job.class.getProtectionDomain().getCodeSource().getLocation();
        RankJobs.runOk(4, Statics.class, new java.net.URL[] {runtime});
    }

    /** Rank 1 throws while ranks 0 and 2 wait for it in a receive and in a probe. */
    public static class OneRankFails {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            if (me == 1) {
                Thread.sleep(100);
                throw new IllegalStateException("boom in rank 1");
            } else if (me == 0) {
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
            } else {
                MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
            }
            MPI.Finalize();
        }
    }

    @Test
    void aFailingRankAbortsTheOthersWithAClearError() {
        long start = System.nanoTime();
        JobOutcome outcome = RankJobs.run(3, OneRankFails.class);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertFalse(outcome.succeeded());
        assertEquals(1, outcome.failedRank());
        assertInstanceOf(IllegalStateException.class, outcome.cause());
        assertEquals(List.of(0, 2), outcome.secondaryFailures());
        assertTrue(outcome.stuckRanks().isEmpty());
        assertTrue(seconds < 5, "the job ended " + seconds + " s after the failure");
    }

    /** The error the waiting ranks see names the failed rank. */
    public static class WaiterSeesAbort {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                throw new IllegalStateException("rank 1 gives up");
            }
            try {
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
            } catch (MPIException e) {
                assertEquals(MPI.ERR_OTHER, e.getErrorClass());
                assertTrue(e.getMessage().contains("rank 1 failed"), e.getMessage());
                assertTrue(e.getMessage().contains("rank 1 gives up"), e.getMessage());
                throw new IllegalStateException("checked: " + e.getMessage());
            }
        }
    }

    @Test
    void waitingRanksGetAnMpiExceptionNamingTheFailedRank() {
        JobOutcome outcome = RankJobs.run(2, WaiterSeesAbort.class);
        assertEquals(1, outcome.failedRank());
        assertEquals(List.of(0), outcome.secondaryFailures());
    }

    /**
     * 64 thread ranks on a 2-core machine pass a token 10,000 times around a ring: message i
     * goes from rank i mod n to its right neighbour, which sends message i+1 after receiving it.
     */
    public static class Ring {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            int messages = Integer.parseInt(args[0]);
            int next = (me + 1) % n;
            int prev = (me + n - 1) % n;
            int[] token = new int[1];
            for (int i = me; i < messages; i += n) {
                if (i > 0) {
                    MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, prev, 0);
                    assertEquals(i - 1, token[0]);
                }
                token[0] = i;
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, next, 0);
            }
            if (messages % n == me) {
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, prev, 0);
                assertEquals(messages - 1, token[0]);
            }
            MPI.Finalize();
        }
    }

    @Test
    void sixtyFourRanksPassTenThousandMessagesAroundARing() {
        long start = System.nanoTime();
        RankJobs.runOk(64, Ring.class, "10000");
        System.out.printf("64-rank ring, 10,000 hops: %.2f s%n", (System.nanoTime() - start) / 1e9);
    }

    /** The same ring with 512 thread ranks on 2 cores and 100,000 hops (-Pstress). */
    @Test
    @Tag("scale")
    @Timeout(900)
    void fiveHundredTwelveRanksPassAHundredThousandMessagesAroundARing() {
        long start = System.nanoTime();
        RankJobs.runOk(512, Ring.class, "100000");
        System.out.printf("512-rank ring, 100,000 hops: %.2f s%n", (System.nanoTime() - start) / 1e9);
    }
}
