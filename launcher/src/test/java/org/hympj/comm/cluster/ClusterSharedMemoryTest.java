package org.hympj.comm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.hympj.comm.multiprocess.ProcessFaultsTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A cluster node's shared memory after one of its JVMs is killed: no launcher runs on the
 * node to clean up, so the JVM that survives it there removes the killed one's segment as it
 * ends. The jobs use a shared-memory base of the test's own (the node JVMs inherit
 * {@code hympj.shm.dir}), judged alone.
 */
@Timeout(300)
class ClusterSharedMemoryTest {
    private static TestCluster cluster;
    private Path base;
    private String previousShmDir;

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

    @BeforeEach
    void ownSharedMemoryBase() throws Exception {
        base = Files.createDirectory(Path.of("/dev/shm", "hympj-test-" + ProcessHandle.current().pid() + "-" + System.nanoTime()));
        previousShmDir = System.getProperty("hympj.shm.dir");
        System.setProperty("hympj.shm.dir", base.toString());
    }

    @AfterEach
    void removeBase() throws Exception {
        if (previousShmDir == null) {
            System.clearProperty("hympj.shm.dir");
        } else {
            System.setProperty("hympj.shm.dir", previousShmDir);
        }
        try (Stream<Path> all = Files.walk(base)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Test
    void aKilledJvmOfANodeLeavesNoSegmentOnceTheJobHasEnded() throws Exception {
        Path pidFile = Files.createTempFile("hympj-cluster-rank1", ".pid");
        Files.delete(pidFile);
        // Two nodes of two JVMs each, one rank per JVM: rank 1 is node 0's second JVM.
        CompletableFuture<TestCluster.Result> job = CompletableFuture.supplyAsync(() -> cluster.run(4, 2,
            List.of("--jvms-per-node", "2"), ProcessFaultsTest.TokenRingUntilKilled.class, pidFile.toString()));
        ProcessFaultsTest.killWhenStarted(pidFile);
        TestCluster.Result result = job.get(120, TimeUnit.SECONDS);
        assertNotEquals(0, result.exitCode(), result.output());
        try (Stream<Path> left = Files.walk(base)) {
            assertEquals(List.of(base), left.toList(), () -> "the killed JVM's segment was left:\n" + result.output());
        }
    }
}
