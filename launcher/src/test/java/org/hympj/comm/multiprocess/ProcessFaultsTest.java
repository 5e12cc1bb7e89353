package org.hympj.comm.multiprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import mpi.MPI;
import mpi.MPIException;
import org.hympj.comm.launch.ProcessJobs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Failures on the process path: a JVM killed with SIGKILL, one stopped with SIGSTOP, MPI.Abort
 * in one process, an exception in one rank. Each job runs with its own shared-memory directory, which must be
 * empty when the launcher returns.
 */
@Timeout(120)
public class ProcessFaultsTest {
    @TempDir
    Path shm;
    private String previousShmDir;

    @BeforeEach
    void privateSharedMemoryDirectory() {
        previousShmDir = System.getProperty("hympj.shm.dir");
        System.setProperty("hympj.shm.dir", shm.toString());
    }

    @AfterEach
    void restore() {
        if (previousShmDir == null) {
            System.clearProperty("hympj.shm.dir");
        } else {
            System.setProperty("hympj.shm.dir", previousShmDir);
        }
    }

    private void assertNothingLeftInSharedMemory() throws Exception {
        try (Stream<Path> left = Files.list(shm)) {
            assertEquals(java.util.List.of(), left.map(Path::toString).toList(), "the job left files in shared memory");
        }
    }

    /**
     * Three ranks in three JVMs pass tokens round a ring until one fails; rank 1 writes its
     * pid to a file so the test can kill its JVM. The survivors report when and how they failed.
     */
    public static class TokenRingUntilKilled {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            if (me == 1) {
                Files.writeString(Path.of(args[0]), Long.toString(ProcessHandle.current().pid()));
            }
            int[] out = {me};
            int[] in = new int[1];
            long end = System.currentTimeMillis() + 60_000;
            try {
                while (System.currentTimeMillis() < end) {
                    MPI.COMM_WORLD.Sendrecv(out, 0, 1, MPI.INT, (me + 1) % n, 0, in, 0, 1, MPI.INT, (me + n - 1) % n, 0);
                }
            } catch (MPIException e) {
                System.out.println("rank " + me + " caught MPIException at " + System.currentTimeMillis() + ": " + e.getMessage());
                throw e;
            }
            MPI.Finalize();
        }
    }

    @Test
    void killingOneJvmFailsTheOthersWithinSecondsAndLeavesNothingBehind() throws Exception {
        Path pidFile = shm.getParent().resolve("rank1-" + System.nanoTime() + ".pid");
        CompletableFuture<ProcessJobs.Result> job = CompletableFuture.supplyAsync(
            () -> ProcessJobs.run(3, 3, TokenRingUntilKilled.class, pidFile.toString()));
        long[] killed = killWhenStarted(pidFile);
        long pid = killed[0];
        ProcessJobs.Result result = job.get(60, TimeUnit.SECONDS);
        String out = result.output();
        assertNotEquals(0, result.exitCode(), out);
        assertTrue(out.contains("rank 1 (JVM 1, process " + pid + ") was killed by signal 9"), out);
        assertFailedWithinFiveSeconds(out, killed[1], new int[] {0, 2}, "rank 1", "died");
        assertNothingLeftInSharedMemory();
    }

    /**
     * Waits for {@link TokenRingUntilKilled}'s rank 1 to write its pid to {@code pidFile}, lets
     * the ring run a little, and kills that process with SIGKILL; returns its pid and when.
     */
    public static long[] killWhenStarted(Path pidFile) throws Exception {
        long pid = pidOnceRunning(pidFile);
        long killedAt = System.currentTimeMillis();
        assertTrue(ProcessHandle.of(pid).orElseThrow().destroyForcibly(), "SIGKILL sent");
        return new long[] {pid, killedAt};
    }

    /** The pid {@link TokenRingUntilKilled}'s rank 1 writes to {@code pidFile}, once the ring has run a little. */
    private static long pidOnceRunning(Path pidFile) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (!Files.exists(pidFile) || Files.readString(pidFile).isBlank()) {
            assertTrue(System.currentTimeMillis() < deadline, "rank 1 never started");
            Thread.sleep(20);
        }
        long pid = Long.parseLong(Files.readString(pidFile).trim());
        Files.delete(pidFile);
        Thread.sleep(400);
        return pid;
    }

    /**
     * A JVM that lives but does nothing (stopped with SIGSTOP) is found by its heartbeat,
     * which stands still: the others fail once the liveness timeout has passed by their own
     * clocks, naming it and saying it is stopped; the launcher then kills it.
     */
    @Test
    void aStoppedJvmFailsTheOthersAfterTheLivenessTimeout() throws Exception {
        String previous = System.getProperty("hympj.liveness.timeout.seconds");
        System.setProperty("hympj.liveness.timeout.seconds", "2");
        try {
            Path pidFile = shm.getParent().resolve("rank1-" + System.nanoTime() + ".pid");
            CompletableFuture<ProcessJobs.Result> job = CompletableFuture.supplyAsync(
                () -> ProcessJobs.run(3, 3, TokenRingUntilKilled.class, pidFile.toString()));
            long pid = pidOnceRunning(pidFile);
            long stoppedAt = System.currentTimeMillis();
            assertEquals(0, new ProcessBuilder("kill", "-STOP", Long.toString(pid)).inheritIO().start().waitFor(), "SIGSTOP sent");
            ProcessJobs.Result result = job.get(60, TimeUnit.SECONDS);
            String out = result.output();
            assertNotEquals(0, result.exitCode(), out);
            assertFailedWithinFiveSeconds(out, stoppedAt, new int[] {0, 2},
                "rank 1 (process " + pid + ") has not responded for 2 s: it is stopped");
            for (int survivor : new int[] {0, 2}) {
                Matcher m = Pattern.compile("rank " + survivor + " caught MPIException at (\\d+)").matcher(out);
                // Its last beat can precede the stop by one watch period (100 ms).
                assertTrue(m.find() && Long.parseLong(m.group(1)) - stoppedAt >= 1_900,
                    "rank " + survivor + " gave up on the stopped JVM before the timeout:\n" + out);
            }
            assertNothingLeftInSharedMemory();
        } finally {
            if (previous == null) {
                System.clearProperty("hympj.liveness.timeout.seconds");
            } else {
                System.setProperty("hympj.liveness.timeout.seconds", previous);
            }
        }
    }

    /** Every survivor printed its MPIException within 5 s of {@code killedAt}, naming what {@code reason} says. */
    public static void assertFailedWithinFiveSeconds(String out, long killedAt, int[] survivors, String... reason) {
        for (int survivor : survivors) {
            Matcher m = Pattern.compile("rank " + survivor + " caught MPIException at (\\d+): (.*)").matcher(out);
            assertTrue(m.find(), "rank " + survivor + " did not fail with an MPIException:\n" + out);
            long after = Long.parseLong(m.group(1)) - killedAt;
            assertTrue(after < 5_000, "rank " + survivor + " failed " + after + " ms after the kill");
            for (String r : reason) {
                assertTrue(m.group(2).contains(r), m.group(2));
            }
        }
    }

    /** Rank 2 calls MPI.Abort(7) while the others wait in a receive. */
    public static class AbortInOneProcess {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            MPI.COMM_WORLD.Barrier();
            if (MPI.COMM_WORLD.Rank() == 2) {
                MPI.COMM_WORLD.Abort(7);
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            MPI.Finalize();
        }
    }

    @Test
    void abortInOneProcessEndsEveryProcessWithItsCode() throws Exception {
        ProcessJobs.Result result = ProcessJobs.run(4, 3, AbortInOneProcess.class);
        assertEquals(7, result.exitCode(), result.output());
        assertTrue(result.output().contains("MPI.Abort(7)"), result.output());
        assertNothingLeftInSharedMemory();
    }

    /** Rank 1 throws while rank 0 waits for it. */
    public static class ThrowsInOneProcess {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                throw new IllegalStateException("deliberate failure in rank 1");
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
            MPI.Finalize();
        }
    }

    @Test
    void anExceptionInOneProcessIsReportedAndFailsTheJob() throws Exception {
        ProcessJobs.Result result = ProcessJobs.run(2, 2, ThrowsInOneProcess.class);
        assertEquals(1, result.exitCode(), result.output());
        assertTrue(result.output().contains("rank 1 of 2 failed"), result.output());
        assertTrue(result.output().contains("deliberate failure in rank 1"), result.output());
        assertTrue(result.output().contains("the job was aborted while waiting for Recv with rank 1"), result.output());
        assertNothingLeftInSharedMemory();
    }
}
