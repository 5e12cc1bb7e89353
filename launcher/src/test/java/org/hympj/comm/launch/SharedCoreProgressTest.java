package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hympj.comm.runtime.Configuration;
import org.hympj.comm.testing.LauncherPrograms;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two ranks that share one core while they wait as ranks that fit their node's cores do (the
 * launcher's JVM, and so every JVM it starts, pinned to one core with {@code taskset}, and
 * the spin budget of a node whose ranks fit): windows of small non-blocking sends, each
 * acknowledged as OSU's message-rate test does, on thread ranks and between 2 JVMs. Each
 * window passes the core from one rank to the other and back; a waiter that keeps the core
 * until the scheduler preempts it makes every window wait two time slices, and the job takes
 * minutes instead of seconds.
 */
@Timeout(180)
class SharedCoreProgressTest {
    /** Windows the job sends: a few seconds' work on one core, and minutes' at two time slices a window. */
    static final int WINDOWS = 10_000;
    /** Far above what the job needs on a loaded core, far below what it takes when each window waits for the scheduler. */
    static final long BOUND_SECONDS = 40;

    @TempDir
    Path dir;
    private ForeignLaunches.OwnDirectories own;

    @BeforeEach
    void ownDirectories() throws IOException {
        own = ForeignLaunches.OwnDirectories.make("SharedCoreProgressTest");
    }

    @AfterEach
    void removeOwnDirectories() throws IOException {
        if (own != null) {
            own.close();
        }
    }

    @ParameterizedTest(name = "{0} JVM(s)")
    @ValueSource(ints = {1, 2})
    void windowsOfSmallMessagesFinishWhenBothRanksShareOneCore(int jvms) throws Exception {
        assumeTrue(ForeignLaunches.installed("taskset"), "taskset (util-linux) pins the job to one core");
        List<String> jvmOptions = new ArrayList<>(own.jvmOptions());
        jvmOptions.add("-D" + Configuration.WAIT_SPINS_PROP + "=" + Configuration.WAIT_SPINS_DEFAULT);
        List<String> command = new ArrayList<>(List.of("taskset", "-c", "0"));
        command.addAll(ForeignLaunches.java(jvmOptions, Hympjrun.class));
        command.addAll(List.of("-np", "2", "--jvms", Integer.toString(jvms), "-cp",
            Path.of(LauncherPrograms.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString(),
            LauncherPrograms.AcknowledgedWindows.class.getName(), Integer.toString(WINDOWS)));
        Path log = dir.resolve("job.log");
        Process job = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            boolean ended = job.waitFor(BOUND_SECONDS, TimeUnit.SECONDS);
            assertTrue(ended, () -> WINDOWS + " windows on 2 ranks sharing one core did not end within " + BOUND_SECONDS
                + " s:\n" + read(log));
            assertEquals(0, job.exitValue(), () -> read(log));
            assertTrue(read(log).contains("received " + WINDOWS + " windows"), () -> read(log));
            assertEquals(List.of(), own.leftInSharedMemory(), () -> read(log));
        } finally {
            job.descendants().forEach(ProcessHandle::destroyForcibly);
            job.destroyForcibly();
            job.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }
}
