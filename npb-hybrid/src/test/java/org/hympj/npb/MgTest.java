package org.hympj.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** MG class S verifies the residual norm on 1, 2, 4 and 8 ranks (8: the coarse levels are whole on every rank), pure MPI and hybrid. */
@Timeout(120)
class MgTest {

    public static class Program {
        public static void main(String[] args) {
            Mg.Result result = KernelJobs.runInRank(args, team -> Mg.run(Mg.Size.S, team));
            assertTrue(result.verified(), "rnm2 " + result.rnm2() + ", expected " + Mg.Size.S.rnm2);
            assertEquals(Mg.Size.S.rnm2, result.rnm2(), 1e-8 * Mg.Size.S.rnm2);
        }
    }

    @ParameterizedTest
    @CsvSource({"1, 1", "2, 1", "4, 1", "8, 1", "2, 2"})
    void classSVerifies(int ranks, int threads) throws Exception {
        KernelJobs.runOk(ranks, Program.class, Mg.class, Integer.toString(threads));
    }
}
