package org.hympj.comm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which launcher an environment names, and joining without the launcher module (not on the engine's class path). */
class LauncherJoinTest {
    @Test
    void anEnvironmentOfNoLauncherNamesNoJobAndJoinsNothing() {
        Map<String, String> env = Map.of("PATH", "/usr/bin", "SLURM_PROCID", "0");
        assertNull(LauncherJoin.launcherIn(env), "SLURM_PROCID without a job step is an allocation, not a task of srun");
        assertNull(LauncherJoin.joinNamedJob(env));
    }

    @Test
    void mpirunAndSrunAreKnownByTheirVariables() {
        assertEquals("mpirun", LauncherJoin.launcherIn(Map.of("OMPI_COMM_WORLD_RANK", "1")));
        assertEquals("srun", LauncherJoin.launcherIn(Map.of("SLURM_PROCID", "1", "SLURM_STEP_ID", "0")));
    }

    @Test
    void aJobOfAnotherLauncherWithoutTheLauncherModuleSaysWhatToAddToTheClassPath() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> LauncherJoin.joinNamedJob(
            Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "2", "OMPI_COMM_WORLD_LOCAL_SIZE", "2")));
        assertTrue(e.getMessage().startsWith("mpirun started this JVM as one rank of a job, but HyMPJ's launcher is not on "
            + "its class path"), e.getMessage());
        assertTrue(e.getMessage().contains("launcher/target/lib/*"), e.getMessage());
    }
}
