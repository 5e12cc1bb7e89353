package org.hympj.comm.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Intercommunicators: creation, point-to-point between the groups (wildcards included), Merge. */
@Timeout(120)
public class IntercommTest {

    /** The even and the odd ranks of COMM_WORLD, joined by an intercommunicator. */
    public static class EvenAndOdd {
        public static void main(String[] args) {
            MPI.Init(args);
            int world = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            int color = world % 2;
            Intracomm local = MPI.COMM_WORLD.Split(color, world);
            assertFalse(local.Test_inter());
            Intercomm inter = MPI.COMM_WORLD.Create_intercomm(local, 0, color == 0 ? 1 : 0, 99);
            assertTrue(inter.Test_inter());
            int localSize = color == 0 ? (n + 1) / 2 : n / 2;
            int remoteSize = n - localSize;
            assertEquals(localSize, inter.Size());
            assertEquals(remoteSize, inter.Remote_size());
            assertEquals(world / 2, inter.Rank());
            assertEquals(remoteSize, inter.Remote_group().Size());

            // Every rank sends its world rank to every remote rank; receives with ANY_SOURCE name remote ranks.
            for (int r = 0; r < remoteSize; r++) {
                inter.Send(new int[] {world}, 0, 1, MPI.INT, r, 5);
            }
            Set<Integer> sources = new HashSet<>();
            for (int k = 0; k < remoteSize; k++) {
                int[] in = new int[1];
                Status s = inter.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, 5);
                assertEquals(2 * s.source + (1 - color), in[0], "remote rank " + s.source + " is world rank " + in[0]);
                sources.add(s.source);
            }
            assertEquals(remoteSize, sources.size());

            MPIException bad = assertThrows(MPIException.class, () -> inter.Send(new int[1], 0, 1, MPI.INT, remoteSize, 0));
            assertEquals(MPI.ERR_RANK, bad.getErrorClass());
            assertTrue(bad.getMessage().contains("remote size " + remoteSize), bad.getMessage());

            // The odd group is high: the even ranks come first in the merged communicator.
            Intracomm merged = inter.Merge(color == 1);
            assertEquals(n, merged.Size());
            assertEquals(color == 0 ? world / 2 : (n + 1) / 2 + world / 2, merged.Rank());
            int[] sum = new int[1];
            merged.Allreduce(new int[] {world}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(n * (n - 1) / 2, sum[0]);
            int[] firstWorld = {world};
            merged.Bcast(firstWorld, 0, 1, MPI.INT, 0);
            assertEquals(0, firstWorld[0], "merged rank 0 is world rank 0, the first even rank");

            // The intercommunicator's traffic does not mix with COMM_WORLD's or the merged one's.
            MPI.COMM_WORLD.Barrier();
            inter.Free();
            merged.Free();
            MPI.Finalize();
        }
    }

    @Test
    void evenAndOddRanksTalkThroughAnIntercommunicatorAndMerge() {
        RankJobs.runOk(4, EvenAndOdd.class);
        RankJobs.runOk(5, EvenAndOdd.class);
    }

    @Test
    void onRanksInTwoJvms() {
        ProcessJobs.runOk(4, 2, EvenAndOdd.class);
    }
}
