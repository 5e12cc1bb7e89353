package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import org.hympj.comm.collective.CollectivesTest;
import org.hympj.comm.p2p.MatchingSemanticsTest;
import org.hympj.comm.p2p.PointToPointTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Programs started by Slurm's real {@code srun}, one task per JVM, on one node
 * ({@code --overcommit}: more tasks than the node has CPUs, as the other tests oversubscribe). Needs a Slurm cluster that
 * answers: where none does but Slurm is installed and the tests run as root (CI: {@code .ci/run}
 * installs Debian's slurm-wlm), the class makes this machine a one-node cluster with
 * {@code scripts/slurm-one-node.sh start} and stops it afterwards; elsewhere it is skipped and
 * says why. Each test's jobs keep their shared memory and their user's key in directories of
 * its own, and each job must leave its shared-memory base empty.
 */
@Timeout(300)
class SrunTest {
    private static final String SCRIPT = Path.of("..", "scripts", "slurm-one-node.sh").toAbsolutePath().normalize()
        .toString();
    private static boolean startedHere;
    private ForeignLaunches.OwnDirectories own;

    @BeforeAll
    static void needsACluster() throws Exception {
        boolean up = answers();
        if (!up && ForeignLaunches.installed("slurmctld") && "root".equals(System.getProperty("user.name"))) {
            ForeignLaunches.Run start = ForeignLaunches.execute(List.of(SCRIPT, "start"));
            startedHere = true;
            up = answers();
            assertEquals(true, up, () -> "Slurm is installed but the one-node cluster did not start:\n" + start.output());
        }
        assumeTrue(up, "no Slurm cluster answers here, and none can be started (needs root and slurm-wlm; "
            + "scripts/slurm-one-node.sh start makes one)");
    }

    @AfterAll
    static void stopTheClusterStartedHere() throws Exception {
        if (startedHere) {
            ForeignLaunches.execute(List.of(SCRIPT, "stop"));
        }
    }

    private static boolean answers() throws Exception {
        return ForeignLaunches.installed("sinfo")
            && ForeignLaunches.execute(List.of("timeout", "10", "sinfo", "-h", "-o", "%t")).output().contains("idle");
    }

    @BeforeEach
    void makeOwnDirectories() throws Exception {
        own = ForeignLaunches.OwnDirectories.make("SrunTest");
    }

    @AfterEach
    void removeOwnDirectories() throws Exception {
        if (own != null) {
            own.close();
        }
    }

    /** Runs {@code program} under srun in this test's directories, which the job must leave empty. */
    private void runOk(int tasks, Class<?> program) throws Exception {
        ForeignLaunches.Run r = ForeignLaunches.run(List.of("srun", "--overcommit", "-N", "1", "-n", Integer.toString(tasks)),
            own.jvmOptions(), program);
        assertEquals(0, r.exitCode(), () -> program.getSimpleName() + " under srun -n " + tasks + " failed:\n" + r.output());
        assertEquals(List.of(), own.leftInSharedMemory(), () -> "the job left this in its shared memory:\n" + r.output());
    }

    @Test
    void pointToPointAndCollectivesRunUnderSrun() throws Exception {
        runOk(2, PointToPointTest.AllTypes.class);
        runOk(3, MatchingSemanticsTest.ConcurrentSendersInOrder.class);
        runOk(4, CollectivesTest.Program.class);
    }

    /** Programs written for Open MPI's Java bindings run under srun, as their users start them on a Slurm cluster. */
    @Test
    void openMpiStyleProgramsRunUnderSrun() throws Exception {
        runOk(2, org.hympj.comm.ompi.OmpiPointToPointTest.Buffers.class);
        runOk(3, org.hympj.comm.ompi.OmpiNonBlockingCollectivesTest.AllStartedThenWaited.class);
    }
}
