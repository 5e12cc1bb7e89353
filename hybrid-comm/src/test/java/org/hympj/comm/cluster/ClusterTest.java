package org.hympj.comm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import mpi.MPI;
import mpi.Status;
import org.hympj.comm.collective.CollectivesTest;
import org.hympj.comm.collective.CommunicatorsTest;
import org.hympj.comm.collective.MoreCollectivesTest;
import org.hympj.comm.launch.LaunchAccess;
import org.hympj.comm.multiprocess.ProcessFaultsTest;
import org.hympj.comm.multiprocess.ProcessRanksTest;
import org.hympj.comm.p2p.DerivedDatatypesTest;
import org.hympj.comm.p2p.MatchingSemanticsTest;
import org.hympj.comm.p2p.PointToPointTest;
import org.hympj.comm.p2p.RequestsTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Jobs across nodes, on four "nodes" of this machine ({@link TestCluster}: network namespaces
 * joined by a bridge, each with its own address and its own job directory), started by
 * hympjrun through a remote shell: MPI semantics across the net-bridge and on mixed paths
 * (thread, process and node in one job), every collective on 4 nodes x 4 ranks, and the
 * loss of a node. Each job must leave nothing in shared memory.
 */
@Timeout(600)
class ClusterTest {
    private static TestCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = TestCluster.start();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.stop();
        }
    }

    private static void runOk(int np, int nodes, List<String> options, Class<?> program, String... args) throws Exception {
        Set<String> before = LaunchAccess.jobDirectories();
        TestCluster.Result r = cluster.run(np, nodes, options, program, args);
        assertEquals(0, r.exitCode(), () -> program.getSimpleName() + " on " + np + " ranks, " + nodes + " nodes " + options
            + " failed:\n" + r.output());
        assertNothingNew(before);
    }

    /** No job directory in shared memory that the ended job left (a node's JVMs also sweep what dead jobs left). */
    private static void assertNothingNew(Set<String> before) throws Exception {
        Set<String> left = LaunchAccess.leftBehind(before);
        assertTrue(left.isEmpty(), "the job left directories in shared memory: " + left + ", before: " + before);
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
            Set<String> before = LaunchAccess.jobDirectories();
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
            assertNothingNew(before);
        } finally {
            try (var left = Files.list(rendezvous)) {
                left.forEach(f -> f.toFile().delete());
            }
            Files.delete(rendezvous);
        }
    }

    @Test
    void aRankThatThrowsOnOneNodeStopsEveryNode() throws Exception {
        Set<String> before = LaunchAccess.jobDirectories();
        TestCluster.Result r = cluster.run(4, 4, List.of(), ProcessFaultsTest.ThrowsInOneProcess.class);
        assertNotEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("deliberate failure in rank 1"), r.output());
        assertTrue(r.output().contains("the job was aborted while waiting for Recv with rank 1 (tag 0): rank 1 failed"), r.output());
        assertNothingNew(before);
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
}
