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
 * inside a work-sharing loop). Collectives from regions come with the collectives issue (#4).
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
                }
            }
            assertFalse(MPI.Finalized());
            MPI.Finalize();
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
