package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Set;
import org.hympj.comm.collective.CollectivesTest;
import org.hympj.comm.p2p.MatchingSemanticsTest;
import org.hympj.comm.p2p.PointToPointTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Programs started by Slurm's real {@code srun}, one task per JVM, on one node
 * ({@code --overcommit}: more tasks than the node has CPUs, as the other tests oversubscribe). Needs a Slurm cluster that
 * answers: {@code scripts/slurm-one-node.sh start} makes this machine one; CI does not start
 * one, so there this class is skipped and says why.
 */
@Timeout(300)
class SrunTest {
    @BeforeAll
    static void needsACluster() throws Exception {
        boolean up = ForeignLaunches.installed("sinfo")
            && ForeignLaunches.execute(List.of("sinfo", "-h", "-o", "%t")).output().contains("idle");
        assumeTrue(up, "no Slurm cluster answers here (scripts/slurm-one-node.sh start makes one)");
    }

    private static void runOk(int tasks, Class<?> program) throws Exception {
        ForeignLaunches.Run r = ForeignLaunches.run(List.of("srun", "--overcommit", "-N", "1", "-n", Integer.toString(tasks)), program);
        assertEquals(0, r.exitCode(), () -> program.getSimpleName() + " under srun -n " + tasks + " failed:\n" + r.output());
    }

    @Test
    void pointToPointAndCollectivesRunUnderSrun() throws Exception {
        Set<String> before = ForeignLaunches.jobDirectories();
        runOk(2, PointToPointTest.AllTypes.class);
        runOk(3, MatchingSemanticsTest.ConcurrentSendersInOrder.class);
        runOk(4, CollectivesTest.Program.class);
        assertEquals(before, ForeignLaunches.jobDirectories(), "srun jobs left their directories in shared memory");
    }
}
