package org.hympj.nested;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.runtime.ThreadJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hybrid MPI + threads: on 3 thread ranks, every thread of each rank's team calls MPI from
 * inside regions (blocking and non-blocking point-to-point, wildcards, from a single, and
 * inside a work-sharing loop), and collectives are called from inside regions by one thread
 * per rank (in {@code single} and {@code master}), as MPI requires of concurrent threads on
 * one communicator.
 */
@Timeout(120)
class MpiFromTeamThreadsTest {
    static final int THREADS = 3;

    public static class Program {
        public static void main(String[] args) {
            int provided = MPI.Init_thread(args, MPI.THREAD_MULTIPLE);
            assertEquals(MPI.THREAD_MULTIPLE, provided);
            int me = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            int right = (me + 1) % n;
            int left = (me + n - 1) % n;
            try (Team team = Team.create(THREADS)) {
                for (int round = 0; round < 50; round++) {
                    int r = round;
                    team.parallel(ctx -> {
                        int t = ctx.threadId();
                        assertEquals(t == 0, MPI.Is_thread_main());
                        int[] out = {me * 1000 + t * 10 + r};
                        int[] in = new int[1];
                        // Thread t talks to thread t of the neighbours: the tag keeps the pairs apart.
                        Status s = MPI.COMM_WORLD.Sendrecv(out, 0, 1, MPI.INT, right, t, in, 0, 1, MPI.INT, left, t);
                        assertEquals(left, s.source);
                        assertEquals(left * 1000 + t * 10 + r, in[0]);
                        ctx.barrier();
                        ctx.single(() -> {
                            int[] token = {me};
                            MPI.COMM_WORLD.Sendrecv_replace(token, 0, 1, MPI.INT, right, 100, left, 100);
                            assertEquals(left, token[0]);
                        });
                    });
                    // A work-sharing loop whose iterations message the right neighbour's same iteration.
                    int[] got = new int[12];
                    team.parallelFor(0, 12, Schedule.DYNAMIC, 1, (lo, hi) -> {
                        for (int i = lo; i < hi; i++) {
                            Request recv = MPI.COMM_WORLD.Irecv(got, i, 1, MPI.INT, MPI.ANY_SOURCE, 200 + i);
                            MPI.COMM_WORLD.Send(new int[] {me * 100 + i}, 0, 1, MPI.INT, right, 200 + i);
                            Status st = recv.Wait();
                            assertEquals(left, st.source);
                        }
                    });
                    for (int i = 0; i < 12; i++) {
                        assertEquals(left * 100 + i, got[i]);
                    }
                    // Collectives from inside a region: a hybrid global sum and a broadcast.
                    double[] local = new double[THREADS];
                    double[] global = new double[1];
                    int[] fromRoot = new int[1];
                    team.parallel(ctx -> {
                        local[ctx.threadId()] = me + ctx.threadId() + r;
                        ctx.barrier();
                        ctx.single(() -> {
                            double sum = 0;
                            for (double v : local) {
                                sum += v;
                            }
                            MPI.COMM_WORLD.Allreduce(new double[] {sum}, 0, global, 0, 1, MPI.DOUBLE, MPI.SUM);
                        });
                        ctx.master(() -> {
                            fromRoot[0] = me == r % n ? 1000 + r : -1;
                            MPI.COMM_WORLD.Bcast(fromRoot, 0, 1, MPI.INT, r % n);
                            MPI.COMM_WORLD.Barrier();
                        });
                        ctx.barrier();
                        assertEquals(1000 + r, fromRoot[0], "every team thread sees the broadcast value after the barrier");
                    });
                    double expected = 0;
                    for (int rank = 0; rank < n; rank++) {
                        for (int t = 0; t < THREADS; t++) {
                            expected += rank + t + r;
                        }
                    }
                    assertEquals(expected, global[0]);
                }
            }
            assertFalse(MPI.Finalized());
            MPI.Finalize();
        }
    }

    /**
     * MPI allows collectives on different communicators at once from different threads: each
     * team thread gets its own duplicate of COMM_WORLD and runs collectives on it concurrently
     * with the other threads of its rank.
     */
    public static class ConcurrentCollectives {
        public static void main(String[] args) {
            MPI.Init_thread(args, MPI.THREAD_MULTIPLE);
            int me = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            mpi.Intracomm[] perThread = new mpi.Intracomm[THREADS];
            for (int t = 0; t < THREADS; t++) {
                perThread[t] = MPI.COMM_WORLD.Dup();
            }
            try (Team team = Team.create(THREADS)) {
                team.parallel(ctx -> {
                    mpi.Intracomm mine = perThread[ctx.threadId()];
                    for (int round = 0; round < 200; round++) {
                        long[] sum = new long[1];
                        mine.Allreduce(new long[] {me * 1000L + ctx.threadId() * 10L + round}, 0, sum, 0, 1, MPI.LONG, MPI.SUM);
                        long expected = 0;
                        for (int r = 0; r < n; r++) {
                            expected += r * 1000L + ctx.threadId() * 10L + round;
                        }
                        assertEquals(expected, sum[0], "thread " + ctx.threadId() + " round " + round);
                        int[] fromRoot = {me == round % n ? round + ctx.threadId() : -1};
                        mine.Bcast(fromRoot, 0, 1, MPI.INT, round % n);
                        assertEquals(round + ctx.threadId(), fromRoot[0]);
                    }
                    mine.Barrier();
                });
            }
            MPI.Finalize();
        }
    }

    @Test
    void teamThreadsRunCollectivesConcurrentlyOnTheirOwnCommunicators() throws Exception {
        URL classes = ConcurrentCollectives.class.getProtectionDomain().getCodeSource().getLocation();
        JobOutcome outcome = ThreadJob.start(3, new URL[] {classes}, ConcurrentCollectives.class.getName(), new String[0]).await(5_000);
        if (!outcome.succeeded()) {
            throw new AssertionError("rank " + outcome.failedRank() + " failed", outcome.cause());
        }
    }

    @Test
    void everyTeamThreadOfEveryRankCallsMpiInsideRegions() throws Exception {
        URL classes = Program.class.getProtectionDomain().getCodeSource().getLocation();
        JobOutcome outcome = ThreadJob.start(3, new URL[] {classes}, Program.class.getName(), new String[0]).await(5_000);
        if (!outcome.succeeded()) {
            throw new AssertionError("rank " + outcome.failedRank() + " failed", outcome.cause());
        }
        assertTrue(outcome.stuckRanks().isEmpty());
    }
}
