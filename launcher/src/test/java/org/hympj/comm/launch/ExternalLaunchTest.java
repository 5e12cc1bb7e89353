package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading where mpirun and srun put a JVM, from their environment variables. */
class ExternalLaunchTest {
    private static Map<String, String> ompi(int rank, int size, int localSize) {
        Map<String, String> env = new HashMap<>();
        env.put("OMPI_COMM_WORLD_RANK", Integer.toString(rank));
        env.put("OMPI_COMM_WORLD_SIZE", Integer.toString(size));
        env.put("OMPI_COMM_WORLD_LOCAL_SIZE", Integer.toString(localSize));
        env.put("PMIX_NAMESPACE", "prterun-node1-4242@1");
        env.put("OMPI_MCA_ess_base_jobid", "1234567");
        return env;
    }

    @Test
    void mpirunRanksOnOneNodeArePlacedByOmpiCommWorld() {
        ExternalLaunch.Placement p = ExternalLaunch.placement(ompi(2, 4, 4));
        assertEquals("mpirun", p.launcher());
        assertEquals(2, p.rank());
        assertEquals(4, p.size());
        // Every JVM of the job names the same job (rendezvous, wire-up); another job names another.
        assertEquals(ExternalLaunch.jobId(p.jobKey()), ExternalLaunch.jobId(ExternalLaunch.placement(ompi(0, 4, 4)).jobKey()));
        Map<String, String> other = ompi(0, 4, 4);
        other.put("OMPI_MCA_ess_base_jobid", "1234568");
        assertNotEquals(ExternalLaunch.jobId(p.jobKey()), ExternalLaunch.jobId(ExternalLaunch.placement(other).jobKey()));
    }

    @Test
    void srunTasksArePlacedBySlurmProcid() {
        Map<String, String> env = new HashMap<>(Map.of("SLURM_PROCID", "1", "SLURM_NTASKS", "2", "SLURM_LOCALID", "1",
            "SLURM_STEP_ID", "0", "SLURM_JOB_ID", "77", "SLURM_STEP_NUM_NODES", "1"));
        ExternalLaunch.Placement p = ExternalLaunch.placement(env);
        assertEquals("srun", p.launcher());
        assertEquals(1, p.rank());
        assertEquals("slurm:77.0", p.jobKey());
        env.put("SLURM_STEP_NUM_NODES", "2");
        assertTrue(assertThrows(IllegalStateException.class, () -> ExternalLaunch.placement(env)).getMessage()
            .contains("set neither SLURM_STEP_TASKS_PER_NODE nor SLURM_NODEID"));
        // Five tasks on three nodes as "2(x2),1": task 4 is alone on node 2.
        env.putAll(Map.of("SLURM_NTASKS", "5", "SLURM_PROCID", "4", "SLURM_LOCALID", "0", "SLURM_NODEID", "2",
            "SLURM_STEP_NUM_NODES", "3", "SLURM_STEP_TASKS_PER_NODE", "2(x2),1"));
        ExternalLaunch.Placement across = ExternalLaunch.placement(env);
        assertEquals(0, across.localRank());
        assertEquals(1, across.localSize());
        env.put("SLURM_NODEID", "1");
        env.put("SLURM_PROCID", "3");
        env.put("SLURM_LOCALID", "1");
        assertEquals(2, ExternalLaunch.placement(env).localSize());
    }

    @Test
    void ranksOnSeveralNodesArePlacedInBlocksAndAnythingElseIsRefusedWithTheOptionToUse() {
        Map<String, String> env = ompi(3, 4, 2);
        env.put("OMPI_COMM_WORLD_LOCAL_RANK", "1");
        ExternalLaunch.Placement p = ExternalLaunch.placement(env);
        assertEquals(1, p.localRank());
        assertEquals(2, p.localSize());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ExternalLaunch.placement(ompi(0, 4, 2)));
        assertTrue(e.getMessage().contains("HyMPJ needs each node's ranks in one block (mpirun --map-by slot"), e.getMessage());
        // Round-robin mapping: ranks 0 and 2 on node a, 1 and 3 on node b.
        org.hympj.net.wireup.PeerAddress a = new org.hympj.net.wireup.PeerAddress("10.0.0.1", 1000);
        org.hympj.net.wireup.PeerAddress b = new org.hympj.net.wireup.PeerAddress("10.0.0.2", 1000);
        e = assertThrows(IllegalStateException.class, () -> ExternalLaunch.layoutFromTable(
            new org.hympj.net.wireup.PeerAddress[] {a, b, a, b}, p));
        assertTrue(e.getMessage().contains("ranks on 10.0.0.1 are not consecutive"), e.getMessage());
        org.hympj.comm.runtime.ClusterLayout blocks = ExternalLaunch.layoutFromTable(new org.hympj.net.wireup.PeerAddress[] {a, a, b, b}, p);
        assertEquals(2, blocks.nodeCount());
        assertEquals(1, blocks.nodeOfRank(3));
    }

    @Test
    void aJvmNoLauncherStartedIsNotPlacedAndBadValuesAreNamed() {
        assertNull(ExternalLaunch.placement(Map.of("PATH", "/usr/bin")));
        Map<String, String> bad = ompi(0, 2, 2);
        bad.put("OMPI_COMM_WORLD_SIZE", "two");
        assertEquals("the launcher set OMPI_COMM_WORLD_SIZE to 'two', not a number",
            assertThrows(IllegalStateException.class, () -> ExternalLaunch.placement(bad)).getMessage());
        Map<String, String> noJob = ompi(0, 2, 2);
        noJob.remove("PMIX_NAMESPACE");
        noJob.remove("OMPI_MCA_ess_base_jobid");
        assertTrue(assertThrows(IllegalStateException.class, () -> ExternalLaunch.placement(noJob)).getMessage()
            .contains("neither PMIX_NAMESPACE nor OMPI_MCA_ess_base_jobid"));
        assertTrue(assertThrows(IllegalStateException.class, () -> ExternalLaunch.placement(ompi(3, 2, 2))).getMessage()
            .contains("gave rank 3 of 2"));
    }
}
