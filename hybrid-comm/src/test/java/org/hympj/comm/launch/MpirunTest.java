package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.hympj.comm.collective.CollectivesTest;
import org.hympj.comm.multiprocess.ProcessFaultsTest;
import org.hympj.comm.p2p.MatchingSemanticsTest;
import org.hympj.comm.p2p.PointToPointTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Programs started by Open MPI's real {@code mpirun}, one rank per JVM, as users run them on
 * a cluster: the ranks find one another through shared memory under the job mpirun names.
 * Needs {@code mpirun} (Debian's openmpi-bin; {@code .ci/run} installs it).
 */
@Timeout(300)
class MpirunTest {
    @BeforeAll
    static void needsMpirun() {
        assumeTrue(ForeignLaunches.installed("mpirun"), "mpirun is not installed (apt-get install openmpi-bin; .ci/run does)");
    }

    private static ForeignLaunches.Run mpirun(int np, Class<?> program) throws Exception {
        List<String> launcher = new ArrayList<>(List.of("mpirun", "--oversubscribe", "-np", Integer.toString(np)));
        if ("root".equals(System.getProperty("user.name"))) {
            launcher.add(1, "--allow-run-as-root");
        }
        return ForeignLaunches.run(launcher, program);
    }

    private static void runOk(int np, Class<?> program) throws Exception {
        ForeignLaunches.Run r = mpirun(np, program);
        assertEquals(0, r.exitCode(), () -> program.getSimpleName() + " under mpirun -np " + np + " failed:\n" + r.output());
    }

    @Test
    void pointToPointAndCollectivesRunUnderMpirun() throws Exception {
        Set<String> before = ForeignLaunches.jobDirectories();
        runOk(2, PointToPointTest.AllTypes.class);
        runOk(3, PointToPointTest.SendrecvRing.class);
        runOk(3, MatchingSemanticsTest.ConcurrentSendersInOrder.class);
        runOk(4, CollectivesTest.Program.class);
        assertEquals(Set.of(), ForeignLaunches.leftBehind(before), "mpirun jobs left their directories in shared memory");
    }

    @Test
    void aRankThatThrowsFailsTheOthersAndLeavesNothing() throws Exception {
        Set<String> before = ForeignLaunches.jobDirectories();
        ForeignLaunches.Run r = mpirun(2, ProcessFaultsTest.ThrowsInOneProcess.class);
        assertNotEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("deliberate failure in rank 1"), r.output());
        assertTrue(r.output().contains("[ERR_OTHER] the job was aborted while waiting for Recv with rank 1 (tag 0): rank 1"), r.output());
        assertTrue(r.output().contains("died without finishing"), r.output());
        // The dying JVM exits; it does not crash (its shared memory stays mapped until it is gone).
        assertTrue(!r.output().contains("A fatal error has been detected"), r.output());
        assertEquals(Set.of(), ForeignLaunches.leftBehind(before), "the failed job left its directory in shared memory");
    }
}
