package org.hympj.comm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import mpi.MPI;
import mpi.Status;
import org.hympj.comm.api.ErrhandlersTest;
import org.hympj.comm.collective.CollectivesTest;
import org.hympj.comm.collective.CommunicatorsTest;
import org.hympj.comm.collective.MoreCollectivesTest;
import org.hympj.comm.launch.HympjrunAccess;
import org.hympj.comm.launch.LaunchAccess;
import org.hympj.comm.launch.ScriptJobs;
import org.hympj.comm.multiprocess.ProcessFaultsTest;
import org.hympj.comm.ompi.OmpiCommunicatorTest;
import org.hympj.comm.ompi.OmpiMatchedProbeTest;
import org.hympj.comm.multiprocess.ProcessRanksTest;
import org.hympj.comm.ompi.OmpiCollectivesTest;
import org.hympj.comm.ompi.OmpiFileTest;
import org.hympj.comm.ompi.OmpiNonBlockingCollectivesTest;
import org.hympj.comm.onesided.WindowTest;
import org.hympj.comm.p2p.BoundMarkersAndStatusTest;
import org.hympj.comm.p2p.DerivedDatatypesTest;
import org.hympj.comm.p2p.MatchingSemanticsTest;
import org.hympj.comm.p2p.PointToPointTest;
import org.hympj.comm.p2p.RequestsTest;
import org.hympj.comm.runtime.HangReports;
import org.hympj.comm.testing.MpjStylePrograms;
import org.hympj.comm.testing.ProfiledPrograms;
import org.hympj.net.RogueClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jobs across nodes, on four "nodes" of this machine ({@link TestCluster}: network namespaces
 * joined by a bridge, each with its own address and its own job directory), started by
 * hympjrun through a remote shell: MPI semantics across the net-bridge and on mixed paths
 * (thread, process and node in one job), every collective on 4 nodes x 4 ranks, and the
 * loss of a node, and a wire-up beside a hostile client. The jobs keep their shared memory in a
 * directory of this test's own ({@code hympj.shm.dir}, which hympjrun hands to every JVM of the
 * job), and each job must leave it empty.
 */
@Timeout(600)
class ClusterTest {
    private static TestCluster cluster;
    private static Path sharedMemory;
    private static String previousSharedMemory;
    /** The user's key for this test's jobs (hympj.key.dir, handed to every JVM), so no test writes the real ~/.hympj. */
    private static Path keys;
    private static String previousKeys;

    @BeforeAll
    static void startCluster() throws Exception {
        sharedMemory = Files.createTempDirectory(Path.of("/dev/shm"), "ClusterTest-",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        previousSharedMemory = System.setProperty("hympj.shm.dir", sharedMemory.toString());
        keys = Files.createTempDirectory("ClusterTest-keys-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        previousKeys = System.setProperty("hympj.key.dir", keys.toString());
        cluster = TestCluster.start();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        try {
            if (cluster != null) {
                cluster.stop();
            }
        } finally {
            if (previousSharedMemory == null) {
                System.clearProperty("hympj.shm.dir");
            } else {
                System.setProperty("hympj.shm.dir", previousSharedMemory);
            }
            if (previousKeys == null) {
                System.clearProperty("hympj.key.dir");
            } else {
                System.setProperty("hympj.key.dir", previousKeys);
            }
            try {
                deleteTree(keys);
            } finally {
                deleteTree(sharedMemory);
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static void runOk(int np, int nodes, List<String> options, Class<?> program, String... args) throws Exception {
        TestCluster.Result r = cluster.run(np, nodes, options, program, args);
        assertEquals(0, r.exitCode(), () -> program.getSimpleName() + " on " + np + " ranks, " + nodes + " nodes " + options
            + " failed:\n" + r.output());
        assertNothingLeft();
    }

    /** Nothing in this test's shared memory: the ended job's JVMs removed what they made, on every node. */
    private static void assertNothingLeft() throws Exception {
        try (Stream<Path> left = Files.list(sharedMemory)) {
            assertEquals(List.of(), left.map(Path::toString).toList(), "the job left this in shared memory");
        }
    }

    @Test
    void pointToPointSemanticsHoldAcrossNodes() throws Exception {
        for (Class<?> program : List.of(PointToPointTest.AllTypes.class, PointToPointTest.Objects.class,
            PointToPointTest.SendModes.class, PointToPointTest.Probes.class, PointToPointTest.ZeroLength.class,
            PointToPointTest.SsendWaitsForReceiver.class, MatchingSemanticsTest.ProtocolSwitchKeepsOrder.class,
            RequestsTest.WaitanyWaitsome.class, RequestsTest.Persistent.class, ProcessRanksTest.LargeBothWays.class,
            ProcessRanksTest.TruncatedStream.class)) {
            runOk(2, 2, List.of(), program);
        }
    }

    /**
     * A profile across two nodes (each JVM recording into {@code hympj.profile.dir}, then
     * {@code profile-report}): each JVM counts the frames it received over the bridge from the
     * other, and the report's engine section names the link with at least the bytes the program
     * sent; the last running total in rank 1's recording is the one the report prints.
     */
    @Test
    void profileCountsTheBridgeFramesEachJvmReceived(@TempDir Path dir) throws Exception {
        String before = System.setProperty("hympj.profile.dir", dir.resolve("job.parts").toString());
        try {
            runOk(2, 2, List.of(), ProfiledPrograms.LargeSends.class);
        } finally {
            if (before == null) {
                System.clearProperty("hympj.profile.dir");
            } else {
                System.setProperty("hympj.profile.dir", before);
            }
        }
        assertEquals(0, HympjrunAccess.run(new String[] {"profile-report", dir.resolve("job.parts").toString(),
            dir.resolve("job.jfr").toString()}, System.err));
        String report = Files.readString(dir.resolve("job.txt"));
        Matcher link = Pattern.compile("  Bridge, received by node 1 JVM 1 from node 0 JVM 0: (\\d+) frames, (\\d+) bytes").matcher(report);
        assertTrue(link.find(), report);
        long payload = (long) ProfiledPrograms.LARGE_SENDS * ProfiledPrograms.LARGE_DOUBLES * Double.BYTES;
        assertTrue(Long.parseLong(link.group(2)) > payload, report);
        long frames = 0;
        try (Stream<Path> parts = Files.list(dir.resolve("job.parts"))) {
            for (Path part : parts.toList()) {
                for (RecordedEvent e : RecordingFile.readAllEvents(part)) {
                    if (e.getEventType().getName().equals("org.hympj.BridgeTraffic") && e.getInt("jvm") == 1) {
                        frames = Math.max(frames, e.getLong("frames"));
                    }
                }
            }
        }
        assertEquals(Long.parseLong(link.group(1)), frames, report);
    }

    /** MPJ Express-style programs on two nodes: items spaced by MPI.UB, Structs of no blocks on every array, Status's fields. */
    @Test
    void boundMarkersZeroBlockStructsAndStatusAcrossNodes() throws Exception {
        for (Class<?> program : BoundMarkersAndStatusTest.PROGRAMS) {
            runOk(2, 2, List.of(), program);
        }
    }

    /**
     * Errhandlers across nodes: with ERRORS_RETURN a bad call raises in the caller and the ranks
     * go on; with ERRORS_ARE_FATAL the error ends the job on every node, with its message.
     */
    @Test
    void errhandlersWorkAcrossNodes() throws Exception {
        runOk(2, 2, List.of(), ErrhandlersTest.ReturnGoesOn.class);
        TestCluster.Result r = cluster.run(2, 2, List.of(), ErrhandlersTest.FatalEndsJob.class);
        assertNotEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("destination rank 99") && r.output().contains("MPI.ERRORS_ARE_FATAL"), r.output());
        assertNothingLeft();
    }

    /** 16 ranks, 4 nodes, 2 JVMs of 2 ranks per node: rank 0's ANY_SOURCE receives take from all three paths at once. */
    @Test
    void anySourceReceivesKeepEachSendersOrderOverThreadsRingsAndNodesAtOnce() throws Exception {
        runOk(16, 4, List.of("--jvms-per-node", "2"), MatchingSemanticsTest.ConcurrentSendersInOrder.class);
        runOk(16, 4, List.of("--jvms-per-node", "2"), PathsInOneReceive.class);
        runOk(8, 4, List.of("--jvms-per-node", "2"), ProcessRanksTest.RandomTraffic.class);
    }

    /** Rank 0 names, for every message, the path it came by; each path must have brought some, and in order. */
    public static class PathsInOneReceive {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            int rounds = 200;
            if (me == 0) {
                int[] next = new int[n];
                int[] in = new int[40_000];
                for (int k = 0; k < rounds * (n - 1); k++) {
                    Status s = MPI.COMM_WORLD.Recv(in, 0, in.length, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                    if (s.tag != next[s.source]++) {
                        throw new AssertionError("from rank " + s.source + ": tag " + s.tag + " before " + (next[s.source] - 1));
                    }
                    int count = s.Get_count(MPI.INT);
                    for (int i = 0; i < count; i++) {
                        if (in[i] != s.source * 1_000_000 + s.tag + i) {
                            throw new AssertionError("from rank " + s.source + ", message " + s.tag + ": element " + i);
                        }
                    }
                }
            } else {
                for (int t = 0; t < rounds; t++) {
                    // Sizes that take every protocol: inline, eager, and streamed (over 64 KiB on the bridge).
                    int count = t % 17 == 3 ? 40_000 : t % 5 == 1 ? 3_000 : 1 + t % 7;
                    int[] out = new int[count];
                    for (int i = 0; i < count; i++) {
                        out[i] = me * 1_000_000 + t + i;
                    }
                    if (t % 4 == 0) {
                        MPI.COMM_WORLD.Ssend(out, 0, count, MPI.INT, 0, t);
                    } else {
                        MPI.COMM_WORLD.Send(out, 0, count, MPI.INT, 0, t);
                    }
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    void everyCollectiveOnFourNodesOfFourRanks() throws Exception {
        runOk(16, 4, List.of(), CollectivesTest.Program.class, "across-nodes");
        for (Class<?> program : List.of(MoreCollectivesTest.Program.class, CommunicatorsTest.Program.class,
            DerivedDatatypesTest.Program.class)) {
            runOk(16, 4, List.of(), program);
        }
        runOk(16, 4, List.of("--jvms-per-node", "2"), CollectivesTest.Program.class, "across-nodes");
        runOk(7, 3, List.of("--ranks-per-node", "3"), MoreCollectivesTest.Program.class);
    }

    /**
     * The collectives of the Open MPI face, blocking (in-place forms, allToAllw) and
     * non-blocking (progressing while the ranks compute), on 4 nodes of 2 ranks, 2 JVMs per node.
     */
    @Test
    void openMpiFaceCollectivesAcrossNodes() throws Exception {
        for (Class<?> program : List.of(OmpiCollectivesTest.AllCollectives.class, OmpiCollectivesTest.InPlace.class,
            OmpiCollectivesTest.AllToAllw.class, OmpiNonBlockingCollectivesTest.AllStartedThenWaited.class,
            OmpiNonBlockingCollectivesTest.Interleaved.class, OmpiNonBlockingCollectivesTest.ProgressWhileComputing.class)) {
            runOk(8, 4, List.of("--jvms-per-node", "2"), program);
        }
    }

    /**
     * Open MPI's files across nodes that share a file system: blocks written by 8 ranks on 4
     * nodes read back by 6 on 3, interleaved views, the shared pointer counting concurrent
     * writers of every node, ordered access and atomic mode.
     */
    @Test
    void openMpiFaceFilesAcrossNodes(@TempDir Path dir) throws Exception {
        String d = dir.toString();
        List<String> twoJvms = List.of("--jvms-per-node", "2");
        runOk(8, 4, twoJvms, OmpiFileTest.WriteBlocks.class, d);
        runOk(6, 3, List.of(), OmpiFileTest.ReadBlocks.class, d, "8");
        runOk(8, 4, twoJvms, OmpiFileTest.InterleavedViews.class, d, "write", "8");
        runOk(6, 3, List.of(), OmpiFileTest.InterleavedViews.class, d, "read", "8");
        for (Class<?> program : List.of(OmpiFileTest.SharedPointerCounts.class, OmpiFileTest.OrderedAccess.class,
            OmpiFileTest.AtomicMode.class)) {
            runOk(8, 4, twoJvms, program, d);
        }
    }

    /**
     * One-sided windows across nodes (4 nodes, 2 JVMs each): every synchronisation, concurrent
     * accumulates, exact fetch-and-op counters and a compare-and-swap lock through the bridge,
     * a passive target that progresses without MPI calls, the put-halo stencil; shared windows
     * refused over several nodes and working over each node's ranks; dynamic windows and
     * datatypes with gaps through the bridge.
     */
    @Test
    void windowsAcrossNodes() throws Exception {
        for (Class<?> program : List.of(WindowTest.FenceEpochs.class, WindowTest.ConcurrentAccumulates.class,
            WindowTest.FetchAndOpCounter.class, WindowTest.CompareAndSwapMutex.class, WindowTest.PassiveTargetProgress.class,
            WindowTest.PostStartCompleteWait.class, WindowTest.JacobiStencil.class, WindowTest.SharedWindowsPerNode.class,
            WindowTest.DynamicWindows.class, WindowTest.DatatypesWithGaps.class)) {
            runOk(8, 4, List.of("--jvms-per-node", "2"), program);
        }
    }

    /**
     * Open MPI's real mpirun, run from node 0, starts the JVMs on two nodes (2 ranks each) through
     * the same remote shell; they meet at rank 0's rendezvous file and use rings on a node, the
     * bridge between nodes.
     */
    @Test
    void programsRunAcrossNodesUnderMpirun() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(cluster.namespaces && LaunchAccess.installed("mpirun"),
            "needs network namespaces and Open MPI's mpirun");
        Path rendezvous = Files.createTempDirectory("hympj-rendezvous");
        try {
            for (Class<?> program : List.of(CollectivesTest.Program.class, MatchingSemanticsTest.ConcurrentSendersInOrder.class,
                PointToPointTest.SendrecvRing.class)) {
                TestCluster.Result r = cluster.mpirun(4, 2, rendezvous, program, "across-nodes");
                assertEquals(0, r.exitCode(), () -> program.getSimpleName() + " under mpirun on 2 nodes failed:\n" + r.output());
            }
            TestCluster.Result r = cluster.mpirun(4, 2, rendezvous, ProcessFaultsTest.ThrowsInOneProcess.class);
            assertNotEquals(0, r.exitCode(), r.output());
            assertTrue(r.output().contains("deliberate failure in rank 1"), r.output());
            try (var left = Files.list(rendezvous)) {
                assertEquals(0, left.count(), "rank 0 removes its rendezvous file");
            }
            assertNothingLeft();
        } finally {
            try (var left = Files.list(rendezvous)) {
                left.forEach(f -> f.toFile().delete());
            }
            Files.delete(rendezvous);
        }
    }

    /**
     * Programs as MPJ Express's users write them (a package-private main class, a program in a
     * package under mpi., an inherited main; JEP 512's mains on JDK 25) run on two nodes, two
     * ranks each; a class without a main java runs fails on every node with the sentence.
     */
    @Test
    void mpjStyleProgramsRunOnTwoNodes(@org.junit.jupiter.api.io.TempDir Path programs) throws Exception {
        MpjStylePrograms.compileInto(programs);
        List<String> all = new ArrayList<>(MpjStylePrograms.RUN_ON_EVERY_JDK);
        if (Runtime.version().feature() >= 25) {
            all.addAll(MpjStylePrograms.RUN_FROM_JDK_25);
        }
        for (String program : all) {
            TestCluster.Result r = cluster.run(4, 2, List.of(), programs.toString(), program);
            assertEquals(0, r.exitCode(), () -> program + " on 2 nodes failed:\n" + r.output());
            assertTrue(r.output().contains(MpjStylePrograms.marker(program)), r.output());
            assertNothingLeft();
        }
        TestCluster.Result r = cluster.run(2, 2, List.of(), programs.toString(), "PrivateMain");
        assertNotEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("main class PrivateMain has no main method that java runs: static main(String[]) of"
            + " PrivateMain is private"), r.output());
        assertNothingLeft();
    }

    @Test
    void aRankThatThrowsOnOneNodeStopsEveryNode() throws Exception {
        TestCluster.Result r = cluster.run(4, 4, List.of(), ProcessFaultsTest.ThrowsInOneProcess.class);
        assertNotEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("deliberate failure in rank 1"), r.output());
        assertTrue(r.output().contains("the job was aborted while waiting for Recv with rank 1 (tag 0): rank 1 failed"), r.output());
        assertNothingLeft();
    }

    @Test
    void openMpisSplitTypeGroupsTheRanksOfEachNode() throws Exception {
        runOk(8, 2, List.of("--jvms-per-node", "2"), OmpiCommunicatorTest.SplitTypeByNode.class, "4");
    }

    /** Open MPI's point-to-point, requests, structs, pair reductions, topologies and neighbourhood collectives between nodes. */
    @Test
    void openMpisPointToPointDatatypesAndTopologiesAcrossNodes() throws Exception {
        runOk(2, 2, List.of(), org.hympj.comm.ompi.OmpiPointToPointTest.Buffers.class);
        runOk(2, 2, List.of(), org.hympj.comm.ompi.OmpiRequestTest.NonBlocking.class);
        runOk(2, 2, List.of(), org.hympj.comm.ompi.OmpiStructTest.Structs.class);
        runOk(4, 2, List.of(), org.hympj.comm.ompi.OmpiOpTest.Pairs.class);
        runOk(4, 2, List.of(), org.hympj.comm.ompi.OmpiTopologyTest.Grid.class, "periodic");
        runOk(4, 2, List.of(), org.hympj.comm.ompi.OmpiNeighbourhoodTest.DistGraph.class);
        runOk(4, 2, List.of(), org.hympj.comm.ompi.OmpiNeighbourhoodTest.NonBlocking.class, "2x2", "FT");
    }

    @Test
    void openMpisMatchedProbesTakeMessagesFromAnotherNode() throws Exception {
        runOk(2, 2, List.of(), OmpiMatchedProbeTest.Basics.class);
        runOk(2, 2, List.of(), OmpiMatchedProbeTest.TwoThreads.class);
    }

    @Test
    void killingANodesJvmFailsEveryOtherRankWithinFiveSecondsNamingTheNode() throws Exception {
        Path pidFile = Files.createTempFile("hympj-cluster-rank1", ".pid");
        Files.delete(pidFile);
        CompletableFuture<TestCluster.Result> job = CompletableFuture.supplyAsync(
            () -> cluster.run(4, 4, List.of(), ProcessFaultsTest.TokenRingUntilKilled.class, pidFile.toString()));
        long[] killed = ProcessFaultsTest.killWhenStarted(pidFile);
        TestCluster.Result result = job.get(60, TimeUnit.SECONDS);
        String out = result.output();
        assertNotEquals(0, result.exitCode(), out);
        assertTrue(out.contains("node 1 (" + cluster.hosts.get(1) + "), rank 1 (JVM 1, process " + killed[0]
            + ") was killed by signal 9"), out);
        ProcessFaultsTest.assertFailedWithinFiveSeconds(out, killed[1], new int[] {0, 2, 3},
            "lost node 1 (" + cluster.hosts.get(1) + "), rank 1");
    }

    /**
     * A hang report request to hympjrun (what SIGUSR1 from the script's SIGQUIT does: here asked
     * in this JVM, which runs the launcher) reaches the JVMs on the other nodes, and their
     * reports come back with the job's output: rank 0, on node 0, waits in a receive from rank 1,
     * on node 1, whose first message is queued unmatched; the test then lets rank 1 send.
     */
    @Test
    void aHangReportRequestToHympjrunReachesTheJvmsOfEveryNode() throws Exception {
        Path release = sharedMemory.resolveSibling(sharedMemory.getFileName() + ".release");
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        CompletableFuture<Integer> job = CompletableFuture.supplyAsync(
            () -> cluster.run(2, 2, List.of(), output, ReleasedByFile.class, release.toString()));
        String report = "rank 0: waits in Recv(source 1, tag 6, MPI.COMM_WORLD)";
        String unmatched = "from 1 tag 5 on MPI.COMM_WORLD";
        try {
            // Asked again until the reports show all three: rank 0 may wait before rank 1's first
            // message has reached it, and node 1's JVM answers on its own time, so its report of
            // one round may predate rank 1's Init while node 0's of the same round shows the
            // message rank 1 sent after it.
            long deadline = System.currentTimeMillis() + 120_000;
            while (!(output.toString(StandardCharsets.UTF_8).contains(report)
                    && output.toString(StandardCharsets.UTF_8).contains(unmatched)
                    && rankOneReported(output.toString(StandardCharsets.UTF_8))) && !job.isDone()
                && System.currentTimeMillis() < deadline) {
                HangReports.reportAll();
                Thread.sleep(500);
            }
        } finally {
            Files.writeString(release, "go");
        }
        try {
            assertEquals(0, job.get(120, TimeUnit.SECONDS), output::toString);
        } finally {
            Files.deleteIfExists(release);
        }
        String all = output.toString(StandardCharsets.UTF_8);
        assertTrue(all.contains(report), () -> "no report of rank 0's receive came back:\n" + all);
        assertTrue(all.contains(unmatched), () -> "rank 1's first message is not listed unmatched:\n" + all);
        assertTrue(rankOneReported(all), () -> "rank 1, on the other node, did not report:\n" + all);
        assertNothingLeft();
    }

    private static boolean rankOneReported(String output) {
        return output.matches("(?s).*rank 1: (waits|not blocked).*");
    }

    /**
     * Ctrl-C to the hympjrun script of a job on two nodes (SIGINT to the script alone: a real
     * terminal signals the whole foreground group, and the remote shells are in a session of
     * their own, so it comes to the same): each node's JVM prints its report at exit, which
     * comes back before the job ends with status 130.
     */
    @Test
    void ctrlCOfAJobOnTwoNodesBringsBackEveryNodesReportAtExit(@TempDir Path dir) throws Exception {
        List<String> args = new ArrayList<>(List.of("-np", "2", "--hosts", cluster.hosts.get(0) + "," + cluster.hosts.get(1),
            "--rsh", cluster.rsh));
        if (cluster.netAddress != null) {
            args.addAll(List.of("--net-address", cluster.netAddress));
        }
        args.addAll(List.of("-cp", Path.of(ReleasedByFile.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .toString(), ReleasedByFile.class.getName(), dir.resolve("never").toString()));
        ScriptJobs.Job job = ScriptJobs.start(dir, List.of("-Dhympj.shm.dir=" + sharedMemory, "-Dhympj.key.dir=" + keys),
            args.toArray(new String[0]));
        try {
            job.signalUntil("QUIT", "rank 0: waits in Recv(source 1, tag 6, MPI.COMM_WORLD)", 120);
            job.signal("INT");
            assertEquals(130, job.awaitExit(60), job.output());
            String out = job.output();
            int atExit = out.indexOf("hympj hang report at exit");
            assertTrue(atExit >= 0, () -> "no report at exit came back from the nodes:\n" + out);
            assertTrue(out.substring(atExit).contains("rank 0: waits in Recv(source 1, tag 6, MPI.COMM_WORLD)"), out);
        } finally {
            job.kill();
        }
        assertNothingLeft();
    }

    /** Rank 1 sends tag 5, waits until the file {@code args[0]} exists, then sends tag 6, which rank 0 receives. */
    public static class ReleasedByFile {
        public static void main(String[] args) throws Exception {
            String[] rest = MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                MPI.COMM_WORLD.Send(new int[] {1, 2, 3}, 0, 3, MPI.INT, 0, 5);
                while (!Files.exists(Path.of(rest[0]))) {
                    Thread.sleep(50);
                }
                MPI.COMM_WORLD.Send(new int[] {4}, 0, 1, MPI.INT, 0, 6);
            } else if (MPI.COMM_WORLD.Rank() == 0) {
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 6);
                MPI.COMM_WORLD.Recv(new int[3], 0, 3, MPI.INT, 1, 5);
            }
            MPI.Finalize();
        }
    }

    /**
     * A link planted in the shared-memory base, named as a job directory and pointing at a
     * directory of old files, is followed by no node's sweep (every node of two JVMs sweeps as
     * its JVMs join): the files behind it survive a job on two nodes of two JVMs each.
     */
    @Test
    void noNodeFollowsALinkPlantedInTheSharedMemoryBase() throws Exception {
        Path precious = Files.createTempDirectory("ClusterTest-precious");
        Path planted = sharedMemory.resolve("hympj-0123456789abcdef0123456789abcdef");
        try {
            Path data = Files.writeString(precious.resolve("data"), "keep me");
            java.nio.file.attribute.FileTime old = java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);
            Files.setLastModifiedTime(data, old);
            Files.setLastModifiedTime(precious, old);
            Files.createSymbolicLink(planted, precious);
            TestCluster.Result r = cluster.run(4, 2, List.of("--jvms-per-node", "2"), ProcessRanksTest.RandomTraffic.class);
            assertEquals(0, r.exitCode(), r::output);
            assertEquals("keep me", Files.readString(data), "the file behind the planted link");
            assertTrue(Files.isSymbolicLink(planted), "the planted link itself is not the job's to remove");
        } finally {
            Files.deleteIfExists(planted);
            Files.deleteIfExists(precious.resolve("data"));
            Files.deleteIfExists(precious);
        }
        assertNothingLeft();
    }

    /** Every JVM of a job on two nodes, two JVMs each, keeps its rings in this test's shared memory. */
    @Test
    void theJobsJvmsOnEveryNodeKeepTheirRingsInTheTestsSharedMemory() throws Exception {
        runOk(4, 2, List.of("--jvms-per-node", "2"), RingsIn.class, sharedMemory.toString());
    }

    /** Fails unless this JVM's shared-memory base is {@code args[0]} and holds this job's rings. */
    public static class RingsIn {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            String base = System.getProperty("hympj.shm.dir");
            if (!args[0].equals(base)) {
                throw new AssertionError("rank " + MPI.COMM_WORLD.Rank() + " keeps its shared memory in " + base + ", not " + args[0]);
            }
            try (Stream<Path> jobs = Files.list(Path.of(base))) {
                if (jobs.findAny().isEmpty()) {
                    throw new AssertionError("rank " + MPI.COMM_WORLD.Rank() + " finds no job directory in " + base);
                }
            }
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    /**
     * A client in node 1's namespace connects to JVM 0's listener as soon as it listens (found in
     * /proc/net/tcp of node 0) and trickles a HELLO, well formed but for its MAC, one byte a
     * second: longer than the whole wire-up timeout. Node 1's JVM starts only once the client is
     * in. The job wires up beside it and succeeds, and JVM 0 logs the client's connection.
     */
    @Test
    void aClientTricklingAHelloIntoJvmZerosListenerDoesNotStopTheJob() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(cluster.namespaces, "needs network namespaces: a client at another address");
        Path rogueIn = Files.createTempFile("hympj-rogue", ".in");
        Files.delete(rogueIn);
        String rsh = cluster.rshAfter("[ \"$1\" = '" + cluster.hosts.get(0) + "' ] || for i in $(seq 1200); do [ -e '" + rogueIn
            + "' ] && break; sleep 0.05; done");
        CompletableFuture<TestCluster.Result> job = CompletableFuture.supplyAsync(
            () -> cluster.run(cluster.hosts.subList(0, 2), rsh, 2, List.of(), PointToPointTest.AllTypes.class));
        Process rogue = null;
        try {
            int port = listeningPort(cluster.hosts.get(0), cluster.address(0), job);
            rogue = trickle(cluster.hosts.get(1), cluster.address(0), port, rogueIn);
            TestCluster.Result r = job.get(120, TimeUnit.SECONDS);
            assertEquals(0, r.exitCode(), r.output());
            assertTrue(r.output().contains("refused a connection from " + cluster.address(1) + ":"), r.output());
            assertNothingLeft();
        } finally {
            if (rogue != null) {
                rogue.destroyForcibly().waitFor();
            }
            Files.deleteIfExists(rogueIn);
        }
    }

    /**
     * The port a socket listens on at {@code address} in namespace {@code host}, from the kernel's
     * tables there (IPv4, or IPv4-mapped IPv6), as soon as there is one.
     */
    private static int listeningPort(String host, String address, CompletableFuture<TestCluster.Result> job) throws Exception {
        String[] octets = address.split("\\.");
        String hex = "";
        for (String o : octets) {
            hex = String.format("%02X", Integer.parseInt(o)) + hex;
        }
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline && !job.isDone()) {
            Process cat = new ProcessBuilder("ip", "netns", "exec", host, "cat", "/proc/net/tcp", "/proc/net/tcp6").start();
            String tables = new String(cat.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            cat.waitFor();
            for (String line : tables.split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 3 && f[3].equals("0A") && f[1].contains(hex + ":")) {
                    return Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1), 16);
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("nothing listened at " + address + " in " + host + (job.isDone() ? ": " + job.get().output() : ""));
    }

    /**
     * In namespace {@code host}: connects to {@code address:port}, sends the first byte of a
     * valid-looking HELLO, makes the file {@code connected}, then sends the rest a byte a second.
     */
    private static Process trickle(String host, String address, int port, Path connected) throws IOException {
        byte[] hello = RogueClient.validLookingHello();
        StringBuilder rest = new StringBuilder();
        for (int i = 1; i < hello.length; i++) {
            rest.append(String.format(" '\\x%02x'", hello[i] & 0xff));
        }
        String script = "exec 3<>/dev/tcp/" + address + "/" + port + " || exit 1\n"
            + String.format("printf %%b '\\x%02x' >&3\n", hello[0] & 0xff)
            + "touch '" + connected + "'\n"
            + "for b in" + rest + "; do sleep 1; printf %b \"$b\" >&3 || exit 0; done\n";
        return new ProcessBuilder("ip", "netns", "exec", host, "bash", "-c", script).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    /**
     * A node's remote shell fails at once, as ssh does for a host name that does not resolve:
     * hympjrun fails with its status and its words, without waiting out the wire-up timeout; for
     * node 0 at once, for another node once the grace period after a failure is over.
     */
    @Test
    void aJobWhoseNodeCannotBeReachedFailsWithTheReasonWithoutWaitingOutTheWireUp() throws Exception {
        String rsh = cluster.rshAfter("case \"$1\" in *.invalid) echo \"ssh: Could not resolve hostname $1: Name or service not known\" >&2;"
            + " exit 255;; esac");
        for (int unreachable = 0; unreachable < 2; unreachable++) {
            List<String> hosts = new ArrayList<>(cluster.hosts.subList(0, 2));
            hosts.set(unreachable, "node" + unreachable + ".invalid");
            long start = System.nanoTime();
            TestCluster.Result r = cluster.run(hosts, rsh, 2, List.of(), PointToPointTest.AllTypes.class);
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
            assertNotEquals(0, r.exitCode(), r.output());
            String reason = "ssh: Could not resolve hostname " + hosts.get(unreachable) + ": Name or service not known\n";
            if (unreachable == 0) {
                assertEquals(255, r.exitCode(), r.output());
                reason += "hympjrun: node 0 (node0.invalid), rank 0 exited with status 255 before it announced its rendezvous address";
            }
            assertTrue(r.output().contains(reason), r.output());
            assertTrue(seconds < 30, "hympjrun took " + seconds + " s, as if it waited out the wire-up timeout of 60 s");
            assertNothingLeft();
        }
    }
}
