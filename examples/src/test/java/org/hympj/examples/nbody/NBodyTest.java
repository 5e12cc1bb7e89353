package org.hympj.examples.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mpi.MPI;
import org.hympj.examples.ExampleJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NBodyTest {
    /**
     * In a rank: runs the simulation with args[2..], requires it to verify, and either writes
     * its state digest to the file args[1] (args[0] = "write") or requires it to equal the
     * digest in that file (args[0] = "same").
     */
    public static final class Simulation {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            NBody.Result result = NBody.run(NBody.Options.parse(java.util.Arrays.copyOfRange(args, 2, args.length)));
            boolean first = MPI.COMM_WORLD.Rank() == 0;
            MPI.Finalize();
            assertTrue(result.verified(), () -> "did not verify: " + result);
            Path digest = Path.of(args[1]);
            if (args[0].equals("write")) {
                if (first) {
                    Files.writeString(digest, Long.toHexString(result.digest()));
                }
            } else {
                assertEquals(Files.readString(digest), Long.toHexString(result.digest()), "the state must not depend on the split");
            }
        }
    }

    /** In a rank: the tree's force error grows with the opening angle and stays within its bound. */
    public static final class OpeningAngle {
        public static void main(String[] args) {
            MPI.Init(args);
            double previous = 0;
            for (String theta : new String[] {"0.3", "0.6", "0.9"}) {
                NBody.Result r = NBody.run(NBody.Options.parse(new String[] {"2000", "1", "--theta", theta}));
                assertTrue(r.forceRms() > previous, "theta " + theta + ": error " + r.forceRms() + " not above " + previous);
                assertTrue(r.forceRms() <= NBody.forceBound(Double.parseDouble(theta)), "theta " + theta + ": " + r.forceRms());
                previous = r.forceRms();
            }
            // A vanishing angle opens every cell: the tree is then a direct sum.
            NBody.Result exact = NBody.run(NBody.Options.parse(new String[] {"500", "1", "--theta", "0.001"}));
            assertTrue(exact.forceRms() < 1e-12, "theta 0.001: " + exact.forceRms());
            MPI.Finalize();
        }
    }

    @Test
    void theSameStateOnOneTwoAndFourRanksAndWithThreads(@TempDir Path dir) throws InterruptedException {
        String digest = dir.resolve("digest").toString();
        ExampleJobs.runOk(1, Simulation.class, "write", digest, "3000", "10");
        ExampleJobs.runOk(2, Simulation.class, "same", digest, "3000", "10");
        ExampleJobs.runOk(4, Simulation.class, "same", digest, "3000", "10");
        ExampleJobs.runOk(3, Simulation.class, "same", digest, "3000", "10");
        ExampleJobs.runOk(2, Simulation.class, "same", digest, "3000", "10", "2");
    }

    @Test
    void forcesAreWithinTheOpeningAngleErrorOfADirectSum() throws InterruptedException {
        ExampleJobs.runOk(2, OpeningAngle.class);
    }

    @Test
    void runsInTwoJvmsThroughTheLauncherWithTheSameState() throws Exception {
        String one = ExampleJobs.hympjrunOk(1, 1, NBody.class.getName(), "2000", "8");
        String two = ExampleJobs.hympjrunOk(4, 2, NBody.class.getName(), "2000", "8");
        assertTrue(two.contains("Verification    = SUCCESSFUL"), two);
        assertEquals(digestOf(one), digestOf(two), two);
    }

    @Test
    void energyAndMomentumStayWithinTheirBoundsOverALongerRun() throws InterruptedException {
        // 200 steps of 0.005: one crossing time of the sphere.
        ExampleJobs.runOk(2, Simulation.class, "write", "/dev/null", "1500", "200");
    }

    @Test
    void badArgumentsAreRefusedWithTheUsage() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NBody.Options.parse(new String[] {"--theta", "1.5"}))
            .getMessage().startsWith("--theta must be in (0, 1], got 1.5; usage: nbody"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NBody.Options.parse(new String[] {"1"}))
            .getMessage().startsWith("at least 2 particles are needed"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NBody.Options.parse(new String[] {"--dt", "-1"}))
            .getMessage().startsWith("--dt must be a positive number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NBody.Options.parse(new String[] {"100", "--leaf"}))
            .getMessage().startsWith("--leaf needs a value"));
    }

    private static String digestOf(String output) {
        Matcher m = Pattern.compile("State digest    = ([0-9a-f]+)").matcher(output);
        assertTrue(m.find(), output);
        return m.group(1);
    }
}
