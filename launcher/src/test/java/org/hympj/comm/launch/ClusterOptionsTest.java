package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hympj.comm.runtime.ClusterLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** hympjrun's cluster options: where ranks go, and the command lines it refuses (and why). */
class ClusterOptionsTest {
    private static LaunchOptions parse(String... args) throws LaunchOptions.UsageException {
        return LaunchOptions.parse(args);
    }

    private static String refused(String... args) {
        return assertThrows(LaunchOptions.UsageException.class, () -> parse(args)).getMessage();
    }

    @Test
    void ranksGoToNodesInBlocksAndJvmsAreNumberedNodeByNode() throws Exception {
        ClusterLayout even = parse("-np", "10", "--hosts", "a,b,c", "--jvms-per-node", "2", "Main").clusterLayout();
        assertEquals(List.of(4, 3, 3), List.of(even.node(0).size(), even.node(1).size(), even.node(2).size()));
        assertEquals(6, even.jvms());
        assertEquals(1, even.nodeOfRank(4));
        assertEquals(2, even.jvmOfRank(4));
        assertEquals("node 1 (b), ranks 4..5", even.describeJvm(2));
        ClusterLayout fixed = parse("-np", "7", "--hosts", "a,b,c", "--ranks-per-node", "3", "Main").clusterLayout();
        assertEquals(List.of(3, 3, 1), List.of(fixed.node(0).size(), fixed.node(1).size(), fixed.node(2).size()));
        assertEquals(1, fixed.node(2).jvms());
    }

    @Test
    void aHostfilesSlotsAreFilledInTurnAndTravelToTheJvmsAsCounts(@TempDir Path dir) throws Exception {
        Path hostfile = dir.resolve("hosts");
        Files.writeString(hostfile, "# the nodes\nn1 slots=2\nn2 slots=4   # bigger\n\nn3 slots=2\n");
        LaunchOptions o = parse("-np", "7", "--hostfile", hostfile.toString(), "Main");
        ClusterLayout layout = o.clusterLayout();
        assertEquals(List.of(2, 4, 1), List.of(layout.node(0).size(), layout.node(1).size(), layout.node(2).size()));
        LaunchOptions child = parse(o.asChildArguments().toArray(new String[0]));
        assertEquals(List.of("n1", "n2", "n3"), child.cluster.hosts());
        assertEquals(4, child.clusterLayout().node(1).size());
        assertTrue(refused("-np", "9", "--hostfile", hostfile.toString(), "Main").contains("9 ranks do not fit the 8 slots"));
        Files.writeString(hostfile, "n1 cpus=2\n");
        assertTrue(refused("-np", "2", "--hostfile", hostfile.toString(), "Main").contains("'cpus=2' is not understood"));
    }

    /** --net names the bridge's transport, which ClusterLauncher hands to every JVM with the launcher's UCX_* settings. */
    @Test
    void theNetBridgeTransportIsOneOfThreeAndUcxSettingsGoToEveryJvm() throws Exception {
        assertEquals("ucx", parse("-np", "4", "--hosts", "a,b", "--net", "ucx", "Main").cluster.net());
        assertEquals(null, parse("-np", "4", "--hosts", "a,b", "Main").cluster.net());
        assertEquals("--net takes tcp, ucx or auto, not 'verbs'", refused("-np", "4", "--hosts", "a,b", "--net", "verbs", "Main"));
        assertTrue(refused("-np", "4", "--net", "tcp", "Main").contains("give --hosts or --hostfile too"));
        assertEquals(List.of("UCX_NET_DEVICES=mlx5_0:1", "UCX_TLS=rc,sm"), ClusterLauncher.ucxEnvironment(
            java.util.Map.of("UCX_TLS", "rc,sm", "PATH", "/bin", "UCX_NET_DEVICES", "mlx5_0:1", "MY_UCX_TLS", "x")));
    }

    @Test
    void badClusterCommandLinesAreRefusedWithTheReason() {
        assertTrue(refused("-np", "4", "--hosts", "a,b", "--jvms", "2", "Main").contains("use --jvms-per-node"));
        assertTrue(refused("-np", "1", "--hosts", "a,b", "Main").contains("1 ranks cannot fill 2 nodes"));
        assertTrue(refused("-np", "9", "--hosts", "a,b", "--ranks-per-node", "4", "Main").contains("do not fit 2 nodes of 4"));
        assertTrue(refused("-np", "4", "--hosts", "a,a", "Main").contains("listed twice"));
        assertTrue(refused("-np", "4", "--rsh", "ssh", "Main").contains("give --hosts or --hostfile too"));
        assertTrue(refused("-np", "4", "--hosts", "a", "--hostfile", "f", "Main").contains("not both"));
    }

    /** MPJ Express's machines file is a hostfile; with niodev every rank has a JVM of its own on its node. */
    @Test
    void mpjExpressMachinesFileIsAHostfile(@TempDir Path dir) throws Exception {
        Path machines = dir.resolve("machines");
        Files.writeString(machines, "n1\nn2\n");
        ClusterLayout threads = parse("-np", "6", "-machinesfile", machines.toString(), "-dev", "hybdev", "Main").clusterLayout();
        assertEquals(List.of("n1", "n2"), List.of(threads.host(0), threads.host(1)));
        assertEquals(2, threads.jvms(), "hybdev: one JVM per node, its ranks threads");
        LaunchOptions nio = parse("-np", "5", "-machinesfile", machines.toString(), "-dev", "niodev", "Main");
        assertEquals(5, nio.clusterLayout().jvms(), "niodev: a JVM per rank");
        assertEquals(5, parse(nio.asChildArguments().toArray(new String[0])).clusterLayout().jvms());
        assertTrue(refused("-np", "4", "-machinesfile", machines.toString(), "-dev", "niodev", "--jvms-per-node", "2", "Main")
            .contains("-dev niodev runs every rank in a JVM of its own"));
    }

    @Test
    void theRemoteCommandIsQuotedForAShell() {
        assertEquals("'a b'", ClusterLauncher.quote("a b"));
        assertEquals("'it'\\''s'", ClusterLauncher.quote("it's"));
    }
}
