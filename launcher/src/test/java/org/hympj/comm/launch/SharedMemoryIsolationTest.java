package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mpi.MPI;
import org.hympj.comm.multiprocess.ProcessFaultsTest;
import org.hympj.comm.testing.LauncherPrograms;
import org.hympj.shm.JobDirectory;
import org.hympj.shm.JobId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jobs in a shared-memory base of the test's own under /dev/shm, where another local user
 * could have planted links or pre-made directories: a {@code --jvms} job leaves what a planted
 * link points at and sweeps what dead jobs left when it ends; a job under mpirun (its
 * environment, set here) names its directory through the user's key, so a directory
 * pre-made at the name the job key alone gives is never used; and a JVM of such a job killed
 * with SIGKILL, with no launcher on the node to clean up, leaves no segment once its peer
 * has ended; a {@code --jvms} launcher stopped by SIGTERM removes its job's directory and
 * sweeps as one that ends by itself does. Each test's jobs keep their user's key in a
 * directory of the test's own.
 */
@Timeout(120)
class SharedMemoryIsolationTest {
    @TempDir
    Path elsewhere;
    private ForeignLaunches.OwnDirectories own;
    private Path base;
    private String previousShmDir;
    private String previousKeyDir;

    @BeforeEach
    void ownDirectories() throws IOException {
        own = ForeignLaunches.OwnDirectories.make("SharedMemoryIsolationTest");
        base = own.sharedMemory();
        previousShmDir = System.setProperty("hympj.shm.dir", base.toString());
        previousKeyDir = System.setProperty("hympj.key.dir", own.keys().toString());
    }

    @AfterEach
    void removeOwnDirectories() throws IOException {
        restore("hympj.shm.dir", previousShmDir);
        restore("hympj.key.dir", previousKeyDir);
        if (own != null) {
            own.close();
        }
    }

    private static void restore(String property, String previous) {
        if (previous == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, previous);
        }
    }

    /** Makes, in the base it is given, a job directory as an old, empty one of a dead job of this user looks. */
    public static class LeavesAStaleDirectory {
        public static void main(String[] args) throws IOException {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 0) {
                Path stale = Files.createDirectory(Path.of(args[0], JobDirectory.PREFIX + JobId.random()),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                Files.setLastModifiedTime(stale, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
            }
            MPI.Finalize();
        }
    }

    /** A job of two JVMs that ends normally leaves its base empty and the launcher has nothing to complain of. */
    @Test
    void aJvmsJobThatEndsNormallyLeavesNothingAndSaysNothingOfItsDirectory() throws Exception {
        ProcessJobs.Result r = ProcessJobs.run(2, 2, LauncherPrograms.Ok.class);
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(!r.output().contains("shared-memory directory"), r.output());
        try (Stream<Path> left = Files.list(base)) {
            assertEquals(List.of(), left.toList(), "the job left this in its shared memory");
        }
    }

    @Test
    void aJvmsJobFollowsNoPlantedLinkAndSweepsWhenItEnds() throws Exception {
        Path precious = Files.createDirectory(elsewhere.resolve("precious"));
        Path data = Files.writeString(precious.resolve("data"), "keep me");
        Files.setLastModifiedTime(data, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
        Files.setLastModifiedTime(precious, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
        Path planted = Files.createSymbolicLink(base.resolve("hympj-0123456789abcdef0123456789abcdef"), precious);

        ProcessJobs.runOk(2, 2, LeavesAStaleDirectory.class, base.toString());

        assertEquals("keep me", Files.readString(data), "the file behind the planted link");
        try (Stream<Path> left = Files.list(base)) {
            assertEquals(List.of(planted), left.toList(), "the job's own directory and the stale one it made are gone; the link stays");
        }
    }

    @Test
    void aJvmsLauncherStoppedBySigtermRemovesItsJobsDirectoryAndSweeps() throws Exception {
        List<String> command = ForeignLaunches.java(own.jvmOptions(), Hympjrun.class);
        command.addAll(List.of("-np", "2", "--jvms", "2", "-cp",
            Path.of(LauncherPrograms.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString(),
            LauncherPrograms.Deadlock.class.getName()));
        Path log = elsewhere.resolve("launcher.log");
        Process launcher = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!bothJvmsJoined()) {
                assertTrue(System.nanoTime() < deadline, () -> "the job's JVMs did not both make their segments:\n" + read(log));
                Thread.sleep(50);
            }
            // What a dead job left while this one ran: the launcher's sweep at its end, stopped by a signal or not, removes it.
            Path stale = Files.createDirectory(base.resolve(JobDirectory.PREFIX + JobId.random()),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Files.setLastModifiedTime(stale, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
            launcher.destroy();
            assertTrue(launcher.waitFor(60, TimeUnit.SECONDS), () -> "the launcher did not end on SIGTERM:\n" + read(log));
            assertEquals(List.of(), own.leftInSharedMemory(), () -> read(log));
        } finally {
            launcher.descendants().forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
        }
    }

    /** True once the one job directory in the base holds a segment of each of the job's two JVMs. */
    private boolean bothJvmsJoined() throws IOException {
        try (Stream<Path> dirs = Files.list(base)) {
            for (Path dir : dirs.toList()) {
                try (Stream<Path> segments = Files.list(dir)) {
                    if (segments.count() >= 2) {
                        return true;
                    }
                } catch (java.nio.file.NoSuchFileException gone) {
                    // not there any more
                }
            }
        }
        return false;
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    @Test
    void anMpirunJobsDirectoryIsNamedThroughTheUsersKey() {
        String key = "ompi:prterun-test-" + ProcessHandle.current().pid() + "@1:1";
        assertNotEquals(ExternalLaunch.jobId(key), ExternalLaunch.directoryId(key), "the public key alone names no directory");
        assertEquals(ExternalLaunch.directoryId(key), ExternalLaunch.directoryId(key), "every JVM of the user names it alike");
    }

    @Test
    void anMpirunJobNeverUsesADirectoryPreMadeAtThePredictableName() throws Exception {
        String namespace = "prterun-test-" + System.nanoTime() + "@1";
        Path premade = Files.createDirectory(base.resolve(JobDirectory.PREFIX + ExternalLaunch.jobId("ompi:" + namespace + ":")));
        Files.setPosixFilePermissions(premade, PosixFilePermissions.fromString("rwxrwxrwx"));
        List<Process> ranks = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            ranks.add(startRank(namespace, r, 2, LauncherPrograms.Ok.class));
        }
        for (Process p : ranks) {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "a rank did not end");
            assertEquals(0, p.exitValue(), this::output);
        }
        assertTrue(Files.isDirectory(premade), "the job used (and removed) the pre-made directory");
        try (Stream<Path> inside = Files.list(premade); Stream<Path> left = Files.list(base)) {
            assertEquals(List.of(), inside.toList());
            assertEquals(List.of(premade), left.toList(), "the job left its own directory");
        }
    }

    @Test
    void aKilledJvmOfAJobWithNoLauncherLeavesNoSegmentOnceItsPeerHasEnded() throws Exception {
        String namespace = "prterun-test-" + System.nanoTime() + "@1";
        Path pidFile = elsewhere.resolve("rank1.pid");
        Process survivor = startRank(namespace, 0, 2, ProcessFaultsTest.TokenRingUntilKilled.class, pidFile.toString());
        Process victim = startRank(namespace, 1, 2, ProcessFaultsTest.TokenRingUntilKilled.class, pidFile.toString());
        try {
            ProcessFaultsTest.killWhenStarted(pidFile);
            assertTrue(survivor.waitFor(60, TimeUnit.SECONDS), "rank 0 did not end after its peer was killed");
            assertNotEquals(0, survivor.exitValue());
            assertTrue(victim.waitFor(10, TimeUnit.SECONDS));
            try (Stream<Path> left = Files.walk(base)) {
                assertEquals(List.of(base), left.toList(), "the killed JVM's segment, or the job's directory, was left");
            }
        } finally {
            survivor.destroyForcibly();
            victim.destroyForcibly();
        }
    }

    /** A JVM started as mpirun starts rank {@code rank} of {@code size}, all on this node, in this test's base. */
    private Process startRank(String namespace, int rank, int size, Class<?> program, String... args) throws IOException {
        List<String> command = ForeignLaunches.java(own.jvmOptions(), program);
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(elsewhere.resolve("rank" + rank + ".log").toFile());
        builder.environment().putAll(java.util.Map.of("OMPI_COMM_WORLD_RANK", Integer.toString(rank),
            "OMPI_COMM_WORLD_SIZE", Integer.toString(size), "OMPI_COMM_WORLD_LOCAL_RANK", Integer.toString(rank),
            "OMPI_COMM_WORLD_LOCAL_SIZE", Integer.toString(size), "PMIX_NAMESPACE", namespace));
        return builder.start();
    }

    /** What the ranks printed. */
    private String output() {
        StringBuilder all = new StringBuilder();
        for (int r = 0; r < 2; r++) {
            try {
                all.append(Files.readString(elsewhere.resolve("rank" + r + ".log")));
            } catch (IOException e) {
                all.append("(rank ").append(r).append(" wrote nothing: ").append(e.getMessage()).append(")\n");
            }
        }
        return all.toString();
    }
}
