package org.hympj.npb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import mpi.MPI;
import org.hympj.nested.Team;
import org.hympj.npb.numerics.MgGrid;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * MG class S verifies the residual norm on 1, 2, 4 and 8 ranks (8: the coarse levels are whole
 * on every rank), pure MPI and hybrid; and the fused sweep of resid, psinv (and resid again)
 * gives the same bits as the operators one after the other, for every level, team size and
 * rank count, so that every way the planes are cut into blocks (one plane a block included)
 * is covered.
 */
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

    /** In each rank: random u, v and r on every level, each sweep run fused and apart, compared bit for bit. */
    public static class FusedSweepProgram {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            for (int threads = 1; threads <= 5; threads++) {
                try (Team team = threads > 1 ? Team.create(threads) : null) {
                    Mg.Solver s = new Mg.Solver(Mg.Size.S, team);
                    for (int k = 2; k <= s.lt; k++) {
                        for (boolean residualAfter : new boolean[] {false, true}) {
                            MgGrid v = k == s.lt ? s.v : s.r[k];
                            SplittableRandom random = new SplittableRandom(1000L * k + 10L * threads + rank);
                            fill(s.u[k].v, random);
                            fill(s.r[k].v, random);
                            if (v != s.r[k]) {
                                fill(v.v, random);
                            }
                            double[] u0 = s.u[k].v.clone();
                            double[] r0 = s.r[k].v.clone();

                            s.residual(s.u[k], v, s.r[k]);
                            s.smooth(s.r[k], s.u[k]);
                            if (residualAfter) {
                                s.residual(s.u[k], v, s.r[k]);
                            }
                            double[] uApart = s.u[k].v.clone();
                            double[] rApart = s.r[k].v.clone();

                            System.arraycopy(u0, 0, s.u[k].v, 0, u0.length);
                            System.arraycopy(r0, 0, s.r[k].v, 0, r0.length);
                            s.residualAndSmooth(s.u[k], v, s.r[k], residualAfter);
                            String where = "level " + k + ", " + threads + " threads, rank " + rank + " of "
                                + MPI.COMM_WORLD.Size() + (residualAfter ? ", with the second residual" : "");
                            assertArrayEquals(uApart, s.u[k].v, "u, " + where);
                            assertArrayEquals(rApart, s.r[k].v, "r, " + where);
                        }
                    }
                }
            }
            MPI.Finalize();
        }

        private static void fill(double[] a, SplittableRandom random) {
            for (int i = 0; i < a.length; i++) {
                a[i] = random.nextDouble() - 0.5;
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"1", "2", "4"})
    void fusedSweepGivesTheBitsOfTheOperatorsApart(int ranks) throws Exception {
        KernelJobs.runOk(ranks, FusedSweepProgram.class, Mg.class);
    }
}
