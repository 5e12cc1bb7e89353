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
        // Every JVM of the job names the same job directory; another job names another.
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
            .contains("more than one node"));
    }

    @Test
    void ranksOnSeveralNodesAreRefusedWithTheReason() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ExternalLaunch.placement(ompi(0, 4, 2)));
        assertTrue(e.getMessage().startsWith("mpirun started this job's 4 ranks on more than one node; HyMPJ runs ranks "
            + "across nodes through its net-bridge, which is not built yet (issue #5)"), e.getMessage());
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
