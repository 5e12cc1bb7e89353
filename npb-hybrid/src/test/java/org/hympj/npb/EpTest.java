package org.hympj.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** EP class S verifies against the official sums on 1, 2 and 4 ranks, pure MPI and hybrid. */
@Timeout(120)
class EpTest {

    public static class Program {
        public static void main(String[] args) {
            Ep.Result result = KernelJobs.runInRank(args, team -> Ep.run(Ep.Size.S, team));
            assertTrue(result.verified(), "sx " + result.sx() + " sy " + result.sy());
            double pairs = 0;
            for (double q : result.q()) {
                pairs += q;
            }
            // About pi/4 of the pairs fall inside the unit circle.
            assertEquals(Math.PI / 4, pairs / (result.randomNumbers() / 2.0), 1e-3);
        }
    }

    @ParameterizedTest
    @CsvSource({"1, 1", "2, 1", "4, 1", "2, 2"})
    void classSVerifies(int ranks, int threads) throws Exception {
        KernelJobs.runOk(ranks, Program.class, Ep.class, Integer.toString(threads));
    }
}
