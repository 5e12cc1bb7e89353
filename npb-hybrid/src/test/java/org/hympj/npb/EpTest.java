package org.hympj.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** EP class S verifies against the official sums on 1, 2 and 4 ranks, pure MPI and hybrid; class A with the vector loop. */
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

    /**
     * Class A, whose threads have enough batches for the vector loop: started as hympjrun
     * starts it with the Vector API's module in {@code HYMPJ_JVM_OPTS}, on 2 thread ranks and
     * on 1 rank with a team of 2, it verifies and its report counts batches the vector loop added.
     */
    @ParameterizedTest
    @CsvSource({"2, 1", "1, 2"})
    void classAVerifiesWithTheVectorLoop(String ranks, String threads) throws Exception {
        String report = KernelJobs.npb(100, KernelJobs.VECTOR_MODULE, List.of("-np", ranks), "ep", "A", threads);
        assertTrue(java.util.regex.Pattern.compile("doubles a vector \\(Vector API\\), [1-9][0-9]* of 4096 batches").matcher(report).find(),
            "EP A's threads hand batches to the vector loop:\n" + report);
    }
}
