package org.hympj.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mpi.MPI;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** IS class S verifies (all 50 partial checks and the full sort) on 1, 2 and 4 ranks, pure MPI and hybrid; other rank counts are refused. */
@Timeout(120)
class IsTest {

    public static class Program {
        public static void main(String[] args) {
            Is.Result result = KernelJobs.runInRank(args, team -> Is.run(Is.Size.S, team));
            assertEquals(50, result.partialPassed(), "partial verifications passed");
            assertTrue(result.sorted(), "keys sorted across ranks");
            assertTrue(result.verified());
        }
    }

    /** Three ranks: IS needs a power of two, and says so. */
    public static class ThreeRanks {
        public static void main(String[] args) {
            MPI.Init(args);
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Is.run(Is.Size.S, null));
            assertTrue(e.getMessage().contains("power-of-two number of ranks"), e.getMessage());
            MPI.Finalize();
        }
    }

    @org.junit.jupiter.api.Test
    void aRankCountThatIsNotAPowerOfTwoIsRefused() throws Exception {
        KernelJobs.runOk(3, ThreeRanks.class, Is.class);
    }

    @ParameterizedTest
    @CsvSource({"1, 1", "2, 1", "4, 1", "2, 2", "1, 2", "2, 3"})
    void classSVerifies(int ranks, int threads) throws Exception {
        KernelJobs.runOk(ranks, Program.class, Is.class, Integer.toString(threads));
    }
}
