package org.hympj.npb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * CG class S verifies zeta against the official value on 1, 2, 3 and 4 ranks, pure MPI and
 * hybrid, and computes each step's residual norm; so it does with the hybrid form's vector
 * loops run by the team, which class S's small blocks leave to the rank's thread. A team that shares
 * only the product (class S's default) gives every step exactly as the rank alone does.
 */
@Timeout(120)
class CgTest {

    static void assertVerified(Cg.Result result) {
        assertTrue(result.verified(), "zeta " + result.zeta() + ", expected " + Cg.Size.S.zeta);
        assertEquals(Cg.Size.S.zeta, result.zeta(), 1e-10 * Cg.Size.S.zeta);
        // The residual norm |x - A z| of every step: computed (not zero) and small, as CG converges.
        assertEquals(Cg.Size.S.niter, result.residualNorms().length);
        for (double norm : result.residualNorms()) {
            assertTrue(norm > 0 && norm < 1e-10, "residual norm " + norm);
        }
        assertEquals(result.zeta(), result.zetas()[Cg.Size.S.niter - 1]);
    }

    public static class Program {
        public static void main(String[] args) {
            assertVerified(KernelJobs.runInRank(args, team -> Cg.run(Cg.Size.S, team)));
        }
    }

    /** The vector loops run by each rank's team too, as blocks larger than class S's are. */
    public static class ProgramWithTeamVectors {
        public static void main(String[] args) {
            assertVerified(KernelJobs.runInRank(args, team -> Cg.run(Cg.Size.S, team, 0)));
        }
    }

    /**
     * Class S by the team, then by the rank alone: the team's threads take the product's rows
     * in chunks, whichever is free, and each row is still one running sum, so every step's
     * residual norm and zeta are the same bit for bit.
     */
    public static class ProgramTeamAgainstAlone {
        public static void main(String[] args) {
            Cg.Result[] byTeamAndAlone = KernelJobs.runInRank(args, team -> new Cg.Result[] {Cg.run(Cg.Size.S, team), Cg.run(Cg.Size.S, null)});
            Cg.Result byTeam = byTeamAndAlone[0];
            Cg.Result alone = byTeamAndAlone[1];
            assertEquals(2, byTeam.threads());
            assertVerified(byTeam);
            assertArrayEquals(alone.residualNorms(), byTeam.residualNorms());
            assertArrayEquals(alone.zetas(), byTeam.zetas());
        }
    }

    @ParameterizedTest
    @CsvSource({"1, 1", "2, 1", "3, 1", "4, 1", "2, 2"})
    void classSVerifies(int ranks, int threads) throws Exception {
        KernelJobs.runOk(ranks, Program.class, Cg.class, Integer.toString(threads));
    }

    @ParameterizedTest
    @CsvSource({"1, 2", "2, 2"})
    void classSVerifiesWithTheTeamRunningTheVectorLoops(int ranks, int threads) throws Exception {
        KernelJobs.runOk(ranks, ProgramWithTeamVectors.class, Cg.class, Integer.toString(threads));
    }

    @ParameterizedTest
    @CsvSource({"1, 2", "2, 2"})
    void aTeamSharingTheProductGivesTheRankAlonesSteps(int ranks, int threads) throws Exception {
        KernelJobs.runOk(ranks, ProgramTeamAgainstAlone.class, Cg.class, Integer.toString(threads));
    }
}
