package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import java.util.ServiceLoader;
import org.hympj.comm.runtime.LauncherJoin;
import org.junit.jupiter.api.Test;

/** The launcher module registers the join that {@code MPI.Init} finds for a JVM mpirun or srun started. */
class LauncherJoinProviderTest {
    @Test
    void theLauncherJarProvidesTheJoinOfExternalLaunches() {
        LauncherJoin join = ServiceLoader.load(LauncherJoin.class, LauncherJoin.class.getClassLoader()).findFirst().orElseThrow();
        assertInstanceOf(ExternalLaunchJoin.class, join);
        assertNull(join.join(Map.of("PATH", "/usr/bin")), "an environment of no launcher names no job to join");
    }
}
