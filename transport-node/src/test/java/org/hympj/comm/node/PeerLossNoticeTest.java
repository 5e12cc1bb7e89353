package org.hympj.comm.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.util.List;
import org.hympj.comm.runtime.Job;
import org.hympj.net.BridgeSettings;
import org.hympj.net.LoopbackJob;
import org.hympj.net.NodeBridge;
import org.hympj.net.wireup.JobSecret;
import org.hympj.net.wireup.WireUp;
import org.junit.jupiter.api.Test;
import org.hympj.comm.runtime.ClusterPath;
import org.hympj.comm.runtime.ClusterLayout;

/**
 * The JVM that first sees another node's loss tells every other node why, so that each
 * survivor fails with the same story whichever notices first. Without the notice, a survivor
 * whose own connection to the dead node had not yet reported could see a second node go (one
 * that failed over the first loss and exited) and blame that one instead.
 */
class PeerLossNoticeTest {
    /** A long liveness timeout: JVM 0 must learn of the loss from JVM 2's notice, not from its own silent link. */
    private static final BridgeSettings SETTINGS = new BridgeSettings(1 << 20, 64 * 1024, 100, 60_000, 1_000,
        NodeFrameDescriptor.TYPES);

    @Test
    void theFirstJvmToLoseANodeTellsTheOthersWhy() throws Exception {
        ClusterLayout layout = ClusterLayout.of(List.of("n0", "n1", "n2"), 3, 1, 1);
        WireUp.Connections[] c = new LoopbackJob(NodeFrameDescriptor.TYPES).wireUp(3, JobSecret.random(), 20_000);
        Job[] jobs = new Job[3];
        NodeBridge[] bridges = new NodeBridge[3];
        PrintStream quiet = new PrintStream(PrintStream.nullOutputStream());
        for (int j : new int[] {0, 2}) {
            jobs[j] = new Job(3, j, 1);
            OffNodePath offNode = new OffNodePath(jobs[j], layout, j, quiet);
            bridges[j] = new NodeBridge(j, c[j].links(), c[j].decoders(), offNode, SETTINGS);
            offNode.attach(bridges[j], SETTINGS.fragmentBytes());
            jobs[j].connect(new ClusterPath(layout, j, null, offNode));
        }
        try {
            // JVM 1 ends as JVM 2 sees it: its connection closes without a goodbye; the one to
            // JVM 0 stays open and silent, as a connection whose end is not yet read.
            c[1].links()[2].close();
            long deadline = System.currentTimeMillis() + 5_000;
            while (jobs[0].abortReason() == null && System.currentTimeMillis() < deadline) {
                Thread.sleep(10);
            }
            String seen = jobs[2].abortReason();
            assertNotNull(seen, "JVM 2 did not take the closed connection for a loss");
            assertTrue(seen.startsWith("lost node 1 (n1), rank 1: it closed the connection without a goodbye"), seen);
            assertEquals(seen, jobs[0].abortReason(), "JVM 0 was not told of the loss JVM 2 saw");
            assertEquals(1, jobs[0].firstFailedRank());
        } finally {
            for (NodeBridge b : bridges) {
                if (b != null) {
                    b.close();
                }
            }
            c[1].links()[0].close();
        }
    }
}
