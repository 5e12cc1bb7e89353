package org.hympj.comm.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Test;

/**
 * {@code MPI.Init} in a plain JVM with the {@code mpi} jar and the engine but not the launcher
 * (this module's class path): a JVM nobody launched is a job of one rank; one that mpirun says
 * it started fails with an MPIException that names what is missing, and joins no one.
 */
class LauncherlessInitTest {
    /** The program each JVM runs: prints its rank and size, or the MPIException's class and message. */
    public static final class InitOnce {
        public static void main(String[] args) {
            try {
                MPI.Init(args);
                System.out.println("rank " + MPI.COMM_WORLD.Rank() + " of " + MPI.COMM_WORLD.Size());
                MPI.Finalize();
            } catch (MPIException e) {
                System.out.println("MPIException class " + e.getErrorClass() + ": " + e.getMessage());
            }
        }
    }

    private static String run(boolean underMpirun) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
            InitOnce.class.getName())).redirectErrorStream(true);
        builder.environment().keySet().removeIf(k -> k.startsWith("OMPI_") || k.startsWith("SLURM_") || k.startsWith("PMIX_"));
        if (underMpirun) {
            builder.environment().putAll(java.util.Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "2",
                "OMPI_COMM_WORLD_LOCAL_SIZE", "2", "PMIX_NAMESPACE", "launcherless-" + ProcessHandle.current().pid()));
        }
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the JVM did not end");
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    @Test
    void aJvmNobodyLaunchedIsAJobOfOneRank() throws Exception {
        assertEquals("rank 0 of 1", run(false));
    }

    @Test
    void aJvmThatMpirunStartedWithoutTheLauncherGetsAnMpiExceptionNamingWhatIsMissing() throws Exception {
        String out = run(true);
        assertTrue(out.startsWith("MPIException class " + MPI.ERR_OTHER + ": [ERR_OTHER] mpirun started this JVM as one rank"
            + " of a job, but HyMPJ's launcher is not on its class path"), out);
    }
}
