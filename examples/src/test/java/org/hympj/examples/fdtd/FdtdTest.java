package org.hympj.examples.fdtd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mpi.MPI;
import org.hympj.examples.ExampleJobs;
import org.junit.jupiter.api.Test;

class FdtdTest {
    /** In a rank: runs the solver with the command-line arguments and requires a bitwise match with the one-rank run. */
    public static final class MatchesOneRank {
        public static void main(String[] args) {
            MPI.Init(args);
            Fdtd.Result result = Fdtd.run(Fdtd.Options.parse(args));
            MPI.Finalize();
            assertTrue(result.verified(), () -> "differs from one rank by " + result.maxRelativeDifference());
            assertTrue(result.bitwise(), "a split must not change a single bit");
            assertTrue(result.finalEnergy() > 0, "the source must put energy into the grid");
        }
    }

    /**
     * In a rank: the physics the boundaries promise. args[0] is the expected behaviour: an
     * absorbing layer lets the pulse leave (under 5% of its energy is left), a periodic grid
     * keeps it (within 3%).
     */
    public static final class Boundaries {
        public static void main(String[] args) {
            MPI.Init(args);
            String[] own = java.util.Arrays.copyOfRange(args, 1, args.length);
            Fdtd.Result result = Fdtd.run(Fdtd.Options.parse(own));
            MPI.Finalize();
            double kept = result.finalEnergy() / result.injectedEnergy();
            if (args[0].equals("absorbs")) {
                assertTrue(kept < 0.05, "the absorbing layer kept " + kept + " of the energy");
            } else {
                assertEquals(1.0, kept, 0.03, "the periodic grid must keep its energy");
            }
        }
    }

    @Test
    void twoDimensionalFieldsMatchAOneRankRunOnOneTwoAndFourRanks() throws InterruptedException {
        for (int ranks : new int[] {1, 2, 4}) {
            ExampleJobs.runOk(ranks, MatchesOneRank.class, "2d", "40", "80");
        }
        ExampleJobs.runOk(3, MatchesOneRank.class, "2d", "37", "60", "--periodic", "--persistent");
        ExampleJobs.runOk(2, MatchesOneRank.class, "2d", "40", "60", "2");
    }

    @Test
    void threeDimensionalFieldsMatchAOneRankRunOnOneTwoFourAndEightRanks() throws InterruptedException {
        for (int ranks : new int[] {1, 2, 4}) {
            ExampleJobs.runOk(ranks, MatchesOneRank.class, "3d", "18", "40");
        }
        ExampleJobs.runOk(8, MatchesOneRank.class, "3d", "16", "30", "--periodic", "--persistent");
        ExampleJobs.runOk(2, MatchesOneRank.class, "3d", "17", "30", "2", "--persistent");
    }

    @Test
    void absorbingBoundariesLetThePulseLeaveAndPeriodicOnesKeepIt() throws InterruptedException {
        ExampleJobs.runOk(2, Boundaries.class, "absorbs", "2d", "96", "400");
        ExampleJobs.runOk(2, Boundaries.class, "keeps", "2d", "64", "300", "--periodic");
        ExampleJobs.runOk(2, Boundaries.class, "keeps", "3d", "24", "150", "--periodic");
    }

    @Test
    void runsInTwoJvmsThroughTheLauncher() throws Exception {
        String out = ExampleJobs.hympjrunOk(3, 2, Fdtd.class.getName(), "3d", "20", "40", "--persistent");
        assertTrue(out.contains("Ranks           = 3 (3 x 1 x 1)"), out);
        assertTrue(out.contains("Verification    = SUCCESSFUL (bitwise identical to a one-rank run)"), out);
    }

    @Test
    void badArgumentsAreRefusedWithTheUsage() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Fdtd.Options.parse(new String[] {"4d"}))
            .getMessage().startsWith("the first argument must be 2d or 3d; usage: fdtd"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Fdtd.Options.parse(new String[] {"2d", "20", "5", "1", "--layer", "10"}))
            .getMessage().startsWith("an absorbing layer of 10 cells does not fit a grid of 20"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Fdtd.Options.parse(new String[] {"2d", "--fast"}))
            .getMessage().startsWith("unknown option --fast"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Fdtd.Options.parse(new String[] {"3d", "x"}))
            .getMessage().startsWith("n must be a whole number, got 'x'"));
        Fdtd.Options defaults = Fdtd.Options.parse(new String[] {"2d"});
        assertEquals(512, defaults.n());
        assertEquals(16, defaults.layer());
    }
}
