package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.hympj.comm.collective.CollectivesTest;
import org.hympj.comm.p2p.MatchingSemanticsTest;
import org.hympj.comm.p2p.PointToPointTest;
import org.hympj.shm.JobDirectory;
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
        assumeTrue(Stream.of(System.getenv("PATH").split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, "mpirun"))),
            "mpirun is not installed (apt-get install openmpi-bin; .ci/run does)");
    }

    private record Run(int exitCode, String output) {
    }

    private static Run mpirun(int np, Class<?> program) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("mpirun", "--oversubscribe", "-np", Integer.toString(np)));
        if ("root".equals(System.getProperty("user.name"))) {
            command.add(1, "--allow-run-as-root");
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xmx256m",
            "-cp", System.getProperty("java.class.path"), program.getName()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out;
        try (var in = p.getInputStream()) {
            out = in.readAllBytes();
        }
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("mpirun did not end within 120 s");
        }
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    private static Set<String> jobDirectories() throws IOException {
        try (Stream<Path> files = Files.list(JobDirectory.baseDirectory())) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(JobDirectory.PREFIX)).collect(Collectors.toSet());
        }
    }

    private static void runOk(int np, Class<?> program) throws Exception {
        Run r = mpirun(np, program);
        assertEquals(0, r.exitCode(), () -> program.getSimpleName() + " under mpirun -np " + np + " failed:\n" + r.output());
    }

    @Test
    void pointToPointAndCollectivesRunUnderMpirun() throws Exception {
        Set<String> before = jobDirectories();
        runOk(2, PointToPointTest.AllTypes.class);
        runOk(3, PointToPointTest.SendrecvRing.class);
        runOk(3, MatchingSemanticsTest.ConcurrentSendersInOrder.class);
        runOk(4, CollectivesTest.Program.class);
        assertEquals(before, jobDirectories(), "mpirun jobs left their directories in shared memory");
    }

    @Test
    void aRankThatThrowsFailsTheOthersAndLeavesNothing() throws Exception {
        Set<String> before = jobDirectories();
        Run r = mpirun(2, org.hympj.comm.multiprocess.ProcessFaultsTest.ThrowsInOneProcess.class);
        assertNotEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("deliberate failure in rank 1"), r.output());
        assertTrue(r.output().contains("[ERR_OTHER] the job was aborted while waiting for Recv with rank 1 (tag 0): rank 1"), r.output());
        assertTrue(r.output().contains("died without finishing"), r.output());
        // The dying JVM exits; it does not crash (its shared memory stays mapped until it is gone).
        assertTrue(!r.output().contains("A fatal error has been detected"), r.output());
        assertEquals(before, jobDirectories(), "the failed job left its directory in shared memory");
    }
}
