package org.hympj.comm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.hympj.comm.collective.CollectivesTest;
import org.hympj.comm.collective.MoreCollectivesTest;
import org.hympj.comm.multiprocess.ProcessFaultsTest;
import org.hympj.comm.multiprocess.ProcessRanksTest;
import org.hympj.comm.onesided.WindowTest;
import org.hympj.comm.p2p.MatchingSemanticsTest;
import org.hympj.comm.p2p.PointToPointTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Jobs across network-namespace nodes with the net-bridge over UCX ({@code --net ucx}; the
 * test JVM's {@code UCX_TLS=tcp}, from the launcher's surefire settings, goes to every JVM):
 * point-to-point semantics, the collectives, one-sided windows, and a killed node. On a JVM
 * older than 22 there is no UCX transport, and these are skipped saying so.
 */
class UcxClusterTest {
    private static final List<String> UCX = List.of("--net", "ucx");
    private static TestCluster cluster;
    private static Path sharedMemory;
    private static String previousSharedMemory;

    @BeforeAll
    static void startCluster() throws Exception {
        int jdk = Runtime.version().feature();
        if (jdk < 22) {
            // Printed as well: surefire reports a class skipped in @BeforeAll without the assumption's words.
            String why = "the net-bridge over UCX needs JDK 22 or later (java.lang.foreign); this is JDK " + jdk
                + ": the cluster tests over UCX are skipped";
            System.err.println("UcxClusterTest: " + why);
            Assumptions.abort(why);
        }
        sharedMemory = Files.createTempDirectory(Path.of("/dev/shm"), "UcxClusterTest-",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        previousSharedMemory = System.setProperty("hympj.shm.dir", sharedMemory.toString());
        cluster = TestCluster.start();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (sharedMemory == null) {
            return;
        }
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
            try (Stream<Path> all = Files.walk(sharedMemory)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    private static void runOk(int np, int nodes, List<String> options, Class<?> program, String... args) throws IOException {
        List<String> all = new java.util.ArrayList<>(UCX);
        all.addAll(options);
        TestCluster.Result r = cluster.run(np, nodes, all, program, args);
        assertEquals(0, r.exitCode(), () -> program.getSimpleName() + " on " + np + " ranks, " + nodes + " nodes " + all
            + " failed:\n" + r.output());
        assertTrue(r.output().contains("): the net-bridge runs over UCX 1."), r.output());
        try (Stream<Path> left = Files.list(sharedMemory)) {
            assertEquals(List.of(), left.map(Path::toString).toList(), "the job left this in shared memory");
        }
    }

    @Test
    void pointToPointSemanticsHoldAcrossNodesOverUcx() throws Exception {
        for (Class<?> program : List.of(PointToPointTest.AllTypes.class, PointToPointTest.SendModes.class,
            PointToPointTest.Probes.class, PointToPointTest.ZeroLength.class, PointToPointTest.SsendWaitsForReceiver.class,
            MatchingSemanticsTest.ProtocolSwitchKeepsOrder.class, ProcessRanksTest.LargeBothWays.class)) {
            runOk(2, 2, List.of(), program);
        }
    }

    @Test
    void collectivesOnFourNodesOverUcx() throws Exception {
        runOk(8, 4, List.of(), CollectivesTest.Program.class, "across-nodes");
        runOk(8, 4, List.of("--jvms-per-node", "2"), MoreCollectivesTest.Program.class);
    }

    @Test
    void windowsAcrossNodesOverUcx() throws Exception {
        for (Class<?> program : List.of(WindowTest.FenceEpochs.class, WindowTest.PassiveTargetProgress.class)) {
            runOk(4, 2, List.of(), program);
        }
    }

    @Test
    void killingANodesJvmFailsEveryOtherRankWithinFiveSecondsOverUcx() throws Exception {
        Path pidFile = Files.createTempFile("hympj-ucx-rank1", ".pid");
        Files.delete(pidFile);
        CompletableFuture<TestCluster.Result> job = CompletableFuture.supplyAsync(
            () -> cluster.run(4, 4, UCX, ProcessFaultsTest.TokenRingUntilKilled.class, pidFile.toString()));
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
