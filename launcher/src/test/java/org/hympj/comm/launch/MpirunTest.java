package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hympj.comm.collective.CollectivesTest;
import org.hympj.comm.multiprocess.ProcessFaultsTest;
import org.hympj.comm.p2p.MatchingSemanticsTest;
import org.hympj.comm.p2p.PointToPointTest;
import org.hympj.comm.testing.LauncherPrograms;
import org.hympj.comm.testing.MpjStylePrograms;
import org.hympj.comm.testing.ProfiledPrograms;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Programs started by Open MPI's real {@code mpirun}, one rank per JVM, as users run them on
 * a cluster: the ranks find one another through shared memory under the job mpirun names.
 * Each test's jobs keep their shared memory and their user's key in directories of its own,
 * and each job must leave its shared-memory base empty.
 * Needs {@code mpirun} (Debian's openmpi-bin; {@code .ci/run} installs it).
 */
@Timeout(300)
class MpirunTest {
    private ForeignLaunches.OwnDirectories own;

    @BeforeAll
    static void needsMpirun() {
        assumeTrue(ForeignLaunches.installed("mpirun"), "mpirun is not installed (apt-get install openmpi-bin; .ci/run does)");
    }

    @BeforeEach
    void makeOwnDirectories() throws Exception {
        own = ForeignLaunches.OwnDirectories.make("MpirunTest");
    }

    @AfterEach
    void removeOwnDirectories() throws Exception {
        if (own != null) {
            own.close();
        }
    }

    private static List<String> mpirun(int np) {
        List<String> launcher = new ArrayList<>(List.of("mpirun", "--oversubscribe", "-np", Integer.toString(np)));
        if ("root".equals(System.getProperty("user.name"))) {
            launcher.add(1, "--allow-run-as-root");
        }
        return launcher;
    }

    /** Runs {@code program} under {@code mpirun -np np} in this test's directories, which the job must leave empty. */
    private ForeignLaunches.Run mpirun(int np, Class<?> program) throws Exception {
        ForeignLaunches.Run r = ForeignLaunches.run(mpirun(np), own.jvmOptions(), program);
        assertEquals(List.of(), own.leftInSharedMemory(), () -> "the job left this in its shared memory:\n" + r.output());
        return r;
    }

    /**
     * Each rank's JVM reports by itself after -Dhympj.hang.report's idle time, and again on
     * SIGUSR1 to mpirun, which passes it on to the ranks: rank 0 in its Recv, rank 1 in the
     * barrier that Finalize runs under mpirun.
     */
    @Test
    void aDeadlockIsReportedByEveryRankAndOnSigusr1ToMpirun(@TempDir Path dir) throws Exception {
        List<String> command = mpirun(2);
        List<String> options = new ArrayList<>(own.jvmOptions());
        options.add("-Dhympj.hang.report=1");
        command.addAll(ForeignLaunches.java(options, LauncherPrograms.Deadlock.class));
        ScriptJobs.Job job = ScriptJobs.startCommand(dir, command);
        String rank0 = "rank 0: waits in Recv(source 1, tag 6, MPI.COMM_WORLD)";
        String rank1 = "rank 1: waits in Barrier(source 0, MPI.COMM_WORLD)";
        try {
            job.signalUntil(null, rank0, 120);
            String out = job.signalUntil(null, rank1, 60);
            assertTrue(out.contains("inside Finalize"), out);
            job.signal("USR1");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            do {
                Thread.sleep(100);
                out = job.output();
            } while (!reportedAfter(out, "Forwarding signal", rank0, rank1) && System.nanoTime() < deadline);
            assertTrue(reportedAfter(out, "Forwarding signal", rank0, rank1), out);
        } finally {
            job.kill();
        }
    }

    private static boolean reportedAfter(String out, String marker, String... lines) {
        int at = out.indexOf(marker);
        return at >= 0 && java.util.Arrays.stream(lines).allMatch(out.substring(at)::contains);
    }

    private void runOk(int np, Class<?> program) throws Exception {
        ForeignLaunches.Run r = mpirun(np, program);
        assertEquals(0, r.exitCode(), () -> program.getSimpleName() + " under mpirun -np " + np + " failed:\n" + r.output());
    }

    @Test
    void pointToPointAndCollectivesRunUnderMpirun() throws Exception {
        runOk(2, PointToPointTest.AllTypes.class);
        runOk(3, PointToPointTest.SendrecvRing.class);
        runOk(3, MatchingSemanticsTest.ConcurrentSendersInOrder.class);
        runOk(4, CollectivesTest.Program.class);
    }

    /**
     * Under mpirun, -Dhympj.profile.dir makes each rank's JVM record into that directory, and
     * {@code hympjrun profile-report DIR} reports them as {@code --profile} does: the late rank
     * and its line, every send counted.
     */
    @Test
    void eachRanksJvmRecordsIntoTheProfileDirectoryAndProfileReportMergesThem(@TempDir Path dir) throws Exception {
        Path recordings = dir.resolve("profile");
        List<String> options = new ArrayList<>(own.jvmOptions());
        options.add("-Dhympj.profile.dir=" + recordings);
        ForeignLaunches.Run r = ForeignLaunches.run(mpirun(2), options, ProfiledPrograms.Imbalanced.class);
        assertEquals(0, r.exitCode(), r.output());
        try (var files = Files.list(recordings)) {
            assertEquals(2, files.filter(f -> f.toString().endsWith(".jfr")).count(), "one recording per JVM:\n" + r.output());
        }
        assertEquals(0, Hympjrun.run(new String[] {"profile-report", recordings.toString()}, System.err));
        ProfileTest.checkReport(Files.readString(dir.resolve("profile.txt")), Files.readAllLines(dir.resolve("profile.csv")), 2);
        assertTrue(Files.size(dir.resolve("profile.png")) > 0);
    }

    /**
     * A JVM started by mpirun without the option that opens the JDK's Unsafe to Agrona fails
     * at MPI.Init with a sentence naming the option, and leaves nothing in shared memory.
     */
    @Test
    void aJvmStartedWithoutAddOpensFailsAtInitNamingTheOption() throws Exception {
        List<String> command = new ArrayList<>(mpirun(2));
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m"));
        command.addAll(own.jvmOptions());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), PointToPointTest.AllTypes.class.getName()));
        ForeignLaunches.Run r = ForeignLaunches.execute(command);
        assertNotEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("started without --add-opens java.base/jdk.internal.misc=ALL-UNNAMED"), r.output());
        assertTrue(!r.output().contains("NoClassDefFoundError"), r.output());
        assertEquals(List.of(), own.leftInSharedMemory(), () -> "the job left this in its shared memory:\n" + r.output());
    }

    /** Programs written for Open MPI's Java bindings run under Open MPI's own mpirun, as their users start them. */
    @Test
    void openMpiStyleProgramsRunUnderMpirun() throws Exception {
        runOk(2, org.hympj.comm.ompi.OmpiPointToPointTest.Buffers.class);
        runOk(3, org.hympj.comm.ompi.OmpiCollectivesTest.AllCollectives.class);
        runOk(2, org.hympj.comm.ompi.OmpiNonBlockingCollectivesTest.ProgressWhileComputing.class);
        runOk(2, org.hympj.comm.ompi.OmpiMatchedProbeTest.Basics.class);
    }

    /** Under mpirun, java itself starts each rank: programs as MPJ Express's users write them run there too. */
    @Test
    void mpjStyleProgramsRunUnderMpirun(@TempDir Path programs) throws Exception {
        MpjStylePrograms.compileInto(programs);
        List<String> all = new ArrayList<>(MpjStylePrograms.RUN_ON_EVERY_JDK);
        if (Runtime.version().feature() >= 25) {
            all.addAll(MpjStylePrograms.RUN_FROM_JDK_25);
        }
        String classpath = programs + java.io.File.pathSeparator + System.getProperty("java.class.path");
        for (String program : all) {
            ForeignLaunches.Run r = ForeignLaunches.run(mpirun(2), own.jvmOptions(), classpath, program);
            assertEquals(0, r.exitCode(), () -> program + " under mpirun -np 2 failed:\n" + r.output());
            assertEquals(List.of(), own.leftInSharedMemory(), () -> "the job left this in its shared memory:\n" + r.output());
            assertTrue(r.output().contains(MpjStylePrograms.marker(program)), r.output());
        }
    }

    @Test
    void aRankThatThrowsFailsTheOthersAndLeavesNothing() throws Exception {
        ForeignLaunches.Run r = mpirun(2, ProcessFaultsTest.ThrowsInOneProcess.class);
        assertNotEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("deliberate failure in rank 1"), r.output());
        assertTrue(r.output().contains("[ERR_OTHER] the job was aborted while waiting for Recv with rank 1 (tag 0): rank 1"), r.output());
        assertTrue(r.output().contains("died without finishing"), r.output());
        // The dying JVM exits; it does not crash (its shared memory stays mapped until it is gone).
        assertTrue(!r.output().contains("A fatal error has been detected"), r.output());
    }
}
