package org.hympj.comm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mpi.MPI;
import mpi.Status;
import org.hympj.comm.api.ErrhandlersTest;
import org.hympj.comm.collective.CollectivesTest;
import org.hympj.comm.collective.CommunicatorsTest;
import org.hympj.comm.collective.MoreCollectivesTest;
import org.hympj.comm.multiprocess.ProcessFaultsTest;
import org.hympj.comm.multiprocess.ProcessRanksTest;
import org.hympj.comm.ompi.OmpiCollectivesTest;
import org.hympj.comm.ompi.OmpiCommunicatorTest;
import org.hympj.comm.ompi.OmpiFileTest;
import org.hympj.comm.ompi.OmpiMatchedProbeTest;
import org.hympj.comm.ompi.OmpiNonBlockingCollectivesTest;
import org.hympj.comm.onesided.WindowTest;
import org.hympj.comm.p2p.BoundMarkersAndStatusTest;
import org.hympj.comm.p2p.DerivedDatatypesTest;
import org.hympj.comm.p2p.MatchingSemanticsTest;
import org.hympj.comm.p2p.PointToPointTest;
import org.hympj.comm.p2p.RequestsTest;
import org.hympj.comm.testing.MpjStylePrograms;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * MPI's semantics across nodes over one transport of the net-bridge, on four "nodes" of this
 * machine ({@link TestCluster}: network namespaces joined by a bridge, each with its own address
 * and its own job directory), started by hympjrun through a remote shell: point-to-point,
 * datatypes and errhandlers across the bridge and on mixed paths (thread, process and node in one
 * job), every collective on 4 nodes x 4 ranks, both APIs' communicators, files and windows, the
 * program forms java runs, and the loss of a rank or a node. Each subclass names its transport,
 * so every test here runs on each. The jobs keep their shared memory in a directory of the test
 * class's own ({@code hympj.shm.dir}, which hympjrun hands to every JVM of the job), and each job
 * must leave it empty.
 */
@Timeout(600)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AcrossNodesSemantics {
    TestCluster cluster;
    Path sharedMemory;
    /** The user's key for this class's jobs (hympj.key.dir, handed to every JVM), so no test writes the real ~/.hympj. */
    Path keys;
    private String previousSharedMemory;
    private String previousKeys;

    /** The hympjrun options that choose the bridge's transport. */
    abstract List<String> transport();

    /** Skips the class, saying why, where its transport cannot run; called before the cluster starts. */
    void assumeTransportRuns() {
    }

    /** Fails unless the job whose output is {@code r} ran over this class's transport. */
    void assertRanOverTransport(TestCluster.Result r) {
    }

    @BeforeAll
    final void startCluster() throws Exception {
        assumeTransportRuns();
        String name = getClass().getSimpleName();
        sharedMemory = Files.createTempDirectory(Path.of("/dev/shm"), name + "-",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        previousSharedMemory = System.setProperty("hympj.shm.dir", sharedMemory.toString());
        keys = Files.createTempDirectory(name + "-keys-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        previousKeys = System.setProperty("hympj.key.dir", keys.toString());
        cluster = TestCluster.start();
    }

    @AfterAll
    final void stopCluster() throws Exception {
        if (sharedMemory == null) {
            return;
        }
        try {
            if (cluster != null) {
                cluster.stop();
            }
        } finally {
            restore("hympj.shm.dir", previousSharedMemory);
            restore("hympj.key.dir", previousKeys);
            try {
                deleteTree(keys);
            } finally {
                deleteTree(sharedMemory);
            }
        }
    }

    private static void restore(String property, String previous) {
        if (previous == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, previous);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (root == null) {
            return;
        }
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private List<String> withTransport(List<String> options) {
        List<String> all = new ArrayList<>(transport());
        all.addAll(options);
        return all;
    }

    /** Runs {@code program} on {@code np} ranks over {@code nodes} nodes with this class's transport. */
    TestCluster.Result run(int np, int nodes, List<String> options, Class<?> program, String... args) {
        return cluster.run(np, nodes, withTransport(options), program, args);
    }

    /** Runs {@code mainClass} from {@code classpath} as {@link #run(int, int, List, Class, String...)} does. */
    TestCluster.Result run(int np, int nodes, List<String> options, String classpath, String mainClass, String... args) {
        return cluster.run(np, nodes, withTransport(options), classpath, mainClass, args);
    }

    /** Runs {@code program} as {@link #run} does and fails unless it ended well, over this transport, leaving nothing. */
    void runOk(int np, int nodes, List<String> options, Class<?> program, String... args) throws Exception {
        TestCluster.Result r = run(np, nodes, options, program, args);
        assertEquals(0, r.exitCode(), () -> program.getSimpleName() + " on " + np + " ranks, " + nodes + " nodes "
            + withTransport(options) + " failed:\n" + r.output());
        assertRanOverTransport(r);
        assertNothingLeft();
    }

    /** Nothing in this class's shared memory: the ended job's JVMs removed what they made, on every node. */
    void assertNothingLeft() throws Exception {
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
        TestCluster.Result r = run(2, 2, List.of(), ErrhandlersTest.FatalEndsJob.class);
        assertNotEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("destination rank 99") && r.output().contains("MPI.ERRORS_ARE_FATAL"), r.output());
        assertNothingLeft();
    }

    /** 16 ranks, 4 nodes, 2 JVMs of 2 ranks per node: rank 0's ANY_SOURCE receives take from all three paths at once. */
    @Test
    void anySourceReceivesKeepEachSendersOrderOverThreadsRingsAndNodesAtOnce() throws Exception {
        runOk(16, 4, List.of("--jvms-per-node", "2"), MatchingSemanticsTest.ConcurrentSendersInOrder.class);
        runOk(16, 4, List.of("--jvms-per-node", "2"), PathsInOneReceive.class);
    }

    /**
     * 8 JVMs of one rank on 4 nodes: every rank sends every other messages of every type and of
     * sizes up to megabytes, all at once, and receives them by ANY_SOURCE probes, in each sender's order.
     */
    @Test
    void everySizeAndTypeBetweenEightJvmsAtOnceKeepsEachSendersOrder() throws Exception {
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
            TestCluster.Result r = run(4, 2, List.of(), programs.toString(), program);
            assertEquals(0, r.exitCode(), () -> program + " on 2 nodes failed:\n" + r.output());
            assertTrue(r.output().contains(MpjStylePrograms.marker(program)), r.output());
            assertRanOverTransport(r);
            assertNothingLeft();
        }
        TestCluster.Result r = run(2, 2, List.of(), programs.toString(), "PrivateMain");
        assertNotEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("main class PrivateMain has no main method that java runs: static main(String[]) of"
            + " PrivateMain is private"), r.output());
        assertNothingLeft();
    }

    @Test
    void aRankThatThrowsOnOneNodeStopsEveryNode() throws Exception {
        TestCluster.Result r = run(4, 4, List.of(), ProcessFaultsTest.ThrowsInOneProcess.class);
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
            () -> run(4, 4, List.of(), ProcessFaultsTest.TokenRingUntilKilled.class, pidFile.toString()));
        long[] killed = ProcessFaultsTest.killWhenStarted(pidFile);
        TestCluster.Result result = job.get(60, TimeUnit.SECONDS);
        String out = result.output();
        assertNotEquals(0, result.exitCode(), out);
        assertTrue(out.contains("node 1 (" + cluster.hosts.get(1) + "), rank 1 (JVM 1, process " + killed[0]
            + ") was killed by signal 9"), out);
        ProcessFaultsTest.assertFailedWithinFiveSeconds(out, killed[1], new int[] {0, 2, 3},
            "lost node 1 (" + cluster.hosts.get(1) + "), rank 1");
    }
}
