package org.hympj.comm.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mpi.MPI;
import mpi.MPIException;
import org.hympj.comm.launch.ProcessJobs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * With -Dhympj.check.collectives=true, mismatched collectives raise the same error on every
 * rank instead of hanging or corrupting. The engine reads the property once per JVM, so the
 * ranks run in JVMs of their own, which the launcher starts with this JVM's hympj.* properties.
 */
@Timeout(60)
class CheckedCollectivesTest {

    @BeforeEach
    void checkedMode() {
        System.setProperty("hympj.check.collectives", "true");
    }

    @AfterEach
    void normalMode() {
        System.clearProperty("hympj.check.collectives");
    }

    public static class Program {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int[] buf = new int[4];
            MPIException roots = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Bcast(buf, 0, 1, MPI.INT, me));
            assertEquals(MPI.ERR_ROOT, roots.getErrorClass());
            assertTrue(roots.getMessage().contains("rank 0 passed 0 but rank 1 passed 1"), roots.getMessage());
            MPIException counts = assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Allreduce(buf, 0, buf, 0, me + 1, MPI.INT, MPI.SUM));
            assertEquals(MPI.ERR_COUNT, counts.getErrorClass());
            MPIException types = me == 0
                ? assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Bcast(new double[1], 0, 1, MPI.DOUBLE, 0))
                : assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Bcast(new long[1], 0, 1, MPI.LONG, 0));
            assertEquals(MPI.ERR_TYPE, types.getErrorClass());
            MPIException kinds = me == 0
                ? assertThrows(MPIException.class, MPI.COMM_WORLD::Barrier)
                : assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Bcast(buf, 0, 1, MPI.INT, 0));
            assertEquals(MPI.ERR_OTHER, kinds.getErrorClass());
            assertTrue(kinds.getMessage().contains("rank 0 called Barrier but rank 1 called Bcast"), kinds.getMessage());
            // Matching calls still work in checked mode.
            int[] sum = new int[1];
            MPI.COMM_WORLD.Allreduce(new int[] {me}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            int n = MPI.COMM_WORLD.Size();
            assertEquals(n * (n - 1) / 2, sum[0]);
            MPI.Finalize();
        }
    }

    @Test
    void mismatchedRootsCountsTypesAndCollectivesAreReportedOnEveryRank() {
        ProcessJobs.runOk(3, 2, Program.class);
    }
}
