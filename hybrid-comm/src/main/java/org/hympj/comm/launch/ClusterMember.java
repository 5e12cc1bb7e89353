package org.hympj.comm.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.util.function.Consumer;
import org.hympj.comm.node.ClusterLayout;
import org.hympj.comm.node.ClusterPath;
import org.hympj.comm.node.NodeFrameDescriptor;
import org.hympj.comm.node.OffNodePath;
import org.hympj.comm.process.ProcessLayout;
import org.hympj.comm.process.RingPath;
import org.hympj.comm.runtime.Job;
import org.hympj.net.BridgeSettings;
import org.hympj.net.NodeBridge;
import org.hympj.net.transport.ListenAddress;
import org.hympj.net.transport.TcpTransport;
import org.hympj.net.wireup.Handshake;
import org.hympj.net.wireup.JobSecret;
import org.hympj.net.wireup.PeerAddress;
import org.hympj.net.wireup.WireUp;
import org.hympj.shm.JobId;

/**
 * How a JVM joins a job that spans nodes: its node's shared-memory rings (when the node has
 * more than one JVM), then the net-bridge to every JVM of the other nodes (wire-up by the
 * rendezvous at JVM 0), then the route between the two ({@link ClusterPath}).
 *
 * <p>Settings, from system properties: {@code hympj.net.address} (where the bridge listens,
 * unless hympjrun's {@code --net-address} said), {@code hympj.net.ring.bytes},
 * {@code hympj.net.fragment.bytes}, {@code hympj.net.heartbeat.millis},
 * {@code hympj.net.liveness.millis}, {@code hympj.net.leader.spins},
 * {@code hympj.wireup.timeout.seconds}.
 */
final class ClusterMember {
    /** The line by which JVM 0 tells hympjrun where the rendezvous is. */
    static final String RENDEZVOUS_LINE = "hympj-rendezvous ";

    private ClusterMember() {
    }

    static BridgeSettings bridgeSettings(int localRanks) {
        boolean spareCores = Runtime.getRuntime().availableProcessors() > localRanks + 1;
        return new BridgeSettings(Integer.getInteger("hympj.net.ring.bytes", 4 << 20),
            Integer.getInteger("hympj.net.fragment.bytes", 64 * 1024),
            Integer.getInteger("hympj.net.heartbeat.millis", 1_000),
            Integer.getInteger("hympj.net.liveness.millis", 4_000),
            Integer.getInteger("hympj.net.leader.spins", spareCores ? 20_000 : 50),
            NodeFrameDescriptor.TYPES);
    }

    /**
     * Joins as JVM {@code localJvm} of node {@code node}; JVM 0 of the job {@code announce}s
     * the rendezvous, the others are given it. Returns the path, connected to {@code job}.
     */
    static ClusterPath join(Job job, ClusterLayout layout, int node, int localJvm, JobId jobId, JobSecret secret,
                            String netAddress, Consumer<PeerAddress> announce, PeerAddress rendezvous, PrintStream err)
        throws IOException {
        int me = layout.jvm(node, localJvm);
        ProcessLayout nodeLayout = layout.node(node);
        RingPath ring = null;
        OffNodePath offNode = new OffNodePath(job, layout, me, err);
        try {
            BridgeSettings settings = bridgeSettings(layout.rankCount(me));
            String choice = netAddress != null ? netAddress : System.getProperty("hympj.net.address");
            InetAddress listen = ListenAddress.choose(choice, layout.host(node));
            WireUp wireUp = new WireUp(new Handshake.Identity(jobId.high(), jobId.low(), me, secret), layout.jvms(),
                j -> layout.nodeOfJvm(j) == node, layout::describeJvm, new TcpTransport(), settings.maxBodyLength(),
                NodeFrameDescriptor.TYPES, offNode::log, Long.getLong("hympj.wireup.timeout.seconds", 60) * 1000);
            WireUp.Connections c = wireUp.run(listen, announce, rendezvous);
            offNode.attach(new NodeBridge(me, c.links(), c.decoders(), offNode, settings), settings.fragmentBytes());
            // The rings after the bridge: the other JVMs of this node start only once JVM 0 has
            // announced the rendezvous, and opening the rings waits for them.
            if (nodeLayout.jvms() > 1) {
                // Each node its own job directory: nodes that share a /dev/shm (namespaces on one machine) never collide.
                ring = ProcessPathSettings.open(job, nodeLayout, localJvm, ExternalLaunch.jobId(jobId + "/node/" + node));
            }
        } catch (IOException | RuntimeException e) {
            offNode.close();
            if (ring != null) {
                ring.close();
            }
            throw e;
        }
        ClusterPath path = new ClusterPath(layout, node, ring, offNode);
        job.connect(path);
        if (ring != null) {
            ring.startProgressAgent(ProcessPathSettings.parkMicros(), null);
        }
        return path;
    }

    /** Reads the job's secret, the first line hympjrun writes to this JVM's standard input. */
    static JobSecret readSecret(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0 || line.length() > 200) {
                throw new IOException("the job's secret did not come on standard input (this JVM is started by hympjrun)");
            }
            line.append((char) c);
        }
        return JobSecret.fromHex(line.toString());
    }

    /**
     * Watches standard input, which hympjrun keeps open for as long as it runs: its end means
     * the launcher (or the remote shell that connects us to it) is gone, and the job with it.
     */
    static void watchLauncher(InputStream in, Job job) {
        Thread t = new Thread(() -> {
            try {
                while (in.read() >= 0) {
                    // hympjrun sends nothing more; anything else is not for the ranks
                }
            } catch (IOException ignored) {
                // the same as the end of the stream
            }
            job.abortFromPeer(-1, 1, "hympjrun (or the remote shell to it) is gone: this JVM's standard input closed");
        }, "hympj-launcher-watch");
        t.setDaemon(true);
        t.start();
    }
}
