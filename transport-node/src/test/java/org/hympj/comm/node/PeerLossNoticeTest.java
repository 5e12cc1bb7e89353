package org.hympj.comm.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.util.List;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.errors.ErrorClass;
import org.hympj.comm.match.SendOperation;
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

    /** JVMs 0 and 2 of a job on three nodes, over loopback links; JVM 1 is only its links. */
    private static final class ThreeNodes implements AutoCloseable {
        final WireUp.Connections[] c;
        final Job[] jobs = new Job[3];
        final OffNodePath[] offNode = new OffNodePath[3];
        final NodeBridge[] bridges = new NodeBridge[3];

        ThreeNodes() throws Exception {
            ClusterLayout layout = ClusterLayout.of(List.of("n0", "n1", "n2"), 3, 1, 1);
            c = new LoopbackJob(NodeFrameDescriptor.TYPES).wireUp(3, JobSecret.random(), 20_000);
            PrintStream quiet = new PrintStream(PrintStream.nullOutputStream());
            for (int j : new int[] {0, 2}) {
                jobs[j] = new Job(3, j, 1);
                offNode[j] = new OffNodePath(jobs[j], layout, j, quiet);
                bridges[j] = new NodeBridge(j, c[j].links(), c[j].decoders(), offNode[j], SETTINGS);
                offNode[j].attach(bridges[j], SETTINGS.fragmentBytes());
                jobs[j].connect(new ClusterPath(layout, j, null, offNode[j]));
            }
        }

        /**
         * JVM 1 ends as JVM 2 sees it: its connection closes without a goodbye; the one to JVM 0
         * stays open and silent, as a connection whose end is not yet read. Returns once JVM 0
         * has aborted (or after 5 s).
         */
        void loseJvm1SeenByJvm2() throws Exception {
            c[1].links()[2].close();
            long deadline = System.currentTimeMillis() + 5_000;
            while (jobs[0].abortReason() == null && System.currentTimeMillis() < deadline) {
                Thread.sleep(10);
            }
        }

        @Override
        public void close() throws Exception {
            for (NodeBridge b : bridges) {
                if (b != null) {
                    b.close();
                }
            }
            c[1].links()[0].close();
        }
    }

    @Test
    void theFirstJvmToLoseANodeTellsTheOthersWhy() throws Exception {
        try (ThreeNodes job = new ThreeNodes()) {
            job.loseJvm1SeenByJvm2();
            String seen = job.jobs[2].abortReason();
            assertNotNull(seen, "JVM 2 did not take the closed connection for a loss");
            assertTrue(seen.startsWith("lost node 1 (n1), rank 1: it closed the connection without a goodbye"), seen);
            assertEquals(seen, job.jobs[0].abortReason(), "JVM 0 was not told of the loss JVM 2 saw");
            assertEquals(1, job.jobs[0].firstFailedRank());
        }
    }

    /**
     * A JVM ends after it aborts, and its link ends behind its notice: a rank that sends to it
     * before it sees the abort fails naming the first loss, not the JVM whose link then ended.
     */
    @Test
    void aSendToAJvmThatEndedAfterTheAbortNamesTheFirstLoss() throws Exception {
        try (ThreeNodes job = new ThreeNodes()) {
            job.loseJvm1SeenByJvm2();
            job.bridges[2].close();
            long deadline = System.currentTimeMillis() + 5_000;
            while (!job.bridges[0].lost(2) && System.currentTimeMillis() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(job.bridges[0].lost(2), "JVM 0 did not see JVM 2's link end");
            SendOperation send = new SendOperation().init(0, 3, 0, 5, SendOperation.STANDARD, ElementType.INT, 1)
                .withArray(new int[1], 0);
            job.offNode[0].send(2, send);
            assertTrue(send.isComplete());
            assertEquals(ErrorClass.ERR_OTHER, send.error());
            assertTrue(send.errorMessage().startsWith("cannot send to rank 2: the job was aborted: lost node 1 (n1), rank 1: "),
                send.errorMessage());
        }
    }

    /**
     * A JVM that learns of a loss from a notice ends over it too, so it passes the notice on:
     * a JVM that has not heard yet reads the first loss before that JVM's end (here JVM 1's end
     * of its link from JVM 0, as a survivor that has not yet read its own notice).
     */
    @Test
    void aJvmToldOfALossPassesTheNoticeOn() throws Exception {
        try (ThreeNodes job = new ThreeNodes()) {
            job.loseJvm1SeenByJvm2();
            String first = job.jobs[2].abortReason();
            assertNotNull(first, "JVM 2 did not take the closed connection for a loss");
            job.c[1].links()[0].readTimeout(5_000);
            String[] passedOn = new String[1];
            long deadline = System.currentTimeMillis() + 10_000;
            while (passedOn[0] == null && System.currentTimeMillis() < deadline) {
                int n = job.c[1].decoders()[0].readFrames(job.c[1].links()[0].input(), (type, buffer, index, length) -> {
                    if (type == NodeFrameDescriptor.ABORT) {
                        passedOn[0] = buffer.getStringWithoutLengthUtf8(index + 8, length - 8);
                    }
                });
                assertTrue(n >= 0 || passedOn[0] != null, "JVM 0's link ended without the notice");
            }
            assertEquals(first, passedOn[0], "JVM 0 did not pass on the notice it was told");
        }
    }
}
