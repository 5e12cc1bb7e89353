package org.hympj.comm.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import org.hympj.comm.runtime.ClusterLayout;
import org.hympj.comm.runtime.ClusterPath;
import org.hympj.comm.node.NodeFrameDescriptor;
import org.hympj.comm.node.OffNodePath;
import org.hympj.comm.runtime.ProcessLayout;
import org.hympj.comm.process.RingPath;
import org.hympj.comm.runtime.Configuration;
import org.hympj.comm.runtime.HangReports;
import org.hympj.comm.runtime.Job;
import org.hympj.net.BridgeSettings;
import org.hympj.net.NodeBridge;
import org.hympj.net.transport.ListenAddress;
import org.hympj.net.transport.TcpTransport;
import org.hympj.net.transport.TransportChoice;
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
 * {@code hympj.net.liveness.millis}, {@code hympj.net.leader.spins}, {@code hympj.net} (the transport:
 * {@link TransportChoice}),
 * {@code hympj.wireup.timeout.seconds}.
 */
final class ClusterMember {
    /** The byte by which hympjrun asks a JVM for its hang report (any byte but {@link #REPORT_AT_EXIT} does). */
    static final int REPORT = '\n';
    /** The byte by which hympjrun, being stopped, asks a JVM for its report at exit. */
    static final int REPORT_AT_EXIT = 'x';
    /** The line by which JVM 0 tells hympjrun where the rendezvous is. */
    static final String RENDEZVOUS_LINE = "hympj-rendezvous ";

    private ClusterMember() {
    }

    static BridgeSettings bridgeSettings(Configuration c, int localRanks) {
        boolean spareCores = Runtime.getRuntime().availableProcessors() > localRanks + 1;
        return new BridgeSettings(c.netRingBytes(), c.netFragmentBytes(), c.netHeartbeatMillis(), c.netLivenessMillis(),
            c.netLeaderSpins(spareCores), NodeFrameDescriptor.TYPES);
    }

    /**
     * Joins as JVM {@code localJvm} of node {@code node}; JVM 0 of the job {@code announce}s
     * the rendezvous, the others are given it. Returns the path, connected to {@code job}.
     */
    static ClusterPath join(Job job, ClusterLayout layout, int node, int localJvm, JobId jobId, JobSecret secret,
                            String netAddress, Consumer<PeerAddress> announce, PeerAddress rendezvous, PrintStream err)
        throws IOException {
        int me = layout.jvm(node, localJvm);
        WireUp.Connections c = wireUp(job.configuration(), me, layout.jvms(), j -> layout.nodeOfJvm(j) == node, layout::describeJvm,
            jobId, secret, netAddress, layout.host(node), announce, rendezvous, err);
        return connect(job, layout, node, localJvm, jobId, c, true, err);
    }

    /**
     * Opens the connections to every JVM of the job on another node (see {@link WireUp}),
     * listening on {@code netAddress}'s network, or else the configuration's.
     */
    static WireUp.Connections wireUp(Configuration configuration, int me, int jvms, IntPredicate sameNode,
                                     IntFunction<String> describe, JobId jobId, JobSecret secret, String netAddress,
                                     String hostName, Consumer<PeerAddress> announce, PeerAddress rendezvous,
                                     PrintStream err) throws IOException {
        BridgeSettings settings = bridgeSettings(configuration, 1);
        String choice = netAddress != null ? netAddress : configuration.netAddress();
        InetAddress listen = ListenAddress.choose(choice, hostName);
        TransportChoice.Chosen transport = TransportChoice.choose(configuration.net());
        // JVM 0 says which transport the job uses; any JVM says why it leaves an RDMA device unused,
        // as under --net auto each node decides by its own hardware.
        if (transport.report() != null && (me == 0 || transport.transport() instanceof TcpTransport)) {
            err.println("hympj (" + describe.apply(me) + "): " + transport.report());
        }
        WireUp wireUp = new WireUp(new Handshake.Identity(jobId.high(), jobId.low(), me, secret), jvms, sameNode, describe,
            transport.transport(), settings.maxBodyLength(), NodeFrameDescriptor.TYPES,
            m -> err.println("hympj net-bridge (" + describe.apply(me) + "): " + m),
            configuration.wireUpTimeoutMillis());
        return wireUp.run(listen, announce, rendezvous);
    }

    /**
     * Over the connections wire-up opened: the bridge, then this node's rings (when it has more
     * than one JVM), then the route between them, connected to {@code job}. With
     * {@code jvmExitsAfterJob} (a JVM hympjrun started for the job's ranks alone) the rings'
     * mappings are left to the JVM's exit ({@link RingPath#leaveMappingsToTheJvmsExit}).
     */
    static ClusterPath connect(Job job, ClusterLayout layout, int node, int localJvm, JobId jobId, WireUp.Connections c,
                               boolean jvmExitsAfterJob, PrintStream err) {
        int me = layout.jvm(node, localJvm);
        ProcessLayout nodeLayout = layout.node(node);
        BridgeSettings settings = bridgeSettings(job.configuration(), layout.rankCount(me));
        OffNodePath offNode = new OffNodePath(job, layout, me, err);
        RingPath ring = null;
        try {
            offNode.attach(new NodeBridge(me, c.links(), c.decoders(), offNode, settings), settings.fragmentBytes());
            // The rings after the bridge: the other JVMs of this node start only once JVM 0 has
            // announced the rendezvous, and opening the rings waits for them.
            if (nodeLayout.jvms() > 1) {
                // What killed jobs left in this node's shared memory goes first (no launcher runs here to sweep it).
                org.hympj.shm.StaleJobSweeper.sweep();
                // Each node its own job directory: nodes that share a /dev/shm (namespaces on one machine) never collide.
                ring = ProcessPathSettings.open(job, nodeLayout, localJvm, ExternalLaunch.directoryId(jobId + "/node/" + node));
            }
        } catch (IOException | RuntimeException e) {
            offNode.close();
            for (org.hympj.net.transport.Link l : c.links()) {
                closeQuietly(l);
            }
            throw e instanceof RuntimeException ? (RuntimeException) e : new IllegalStateException(e.getMessage(), e);
        }
        ClusterPath path = new ClusterPath(layout, node, ring, offNode);
        job.connect(path);
        if (ring != null) {
            if (jvmExitsAfterJob) {
                ring.leaveMappingsToTheJvmsExit();
            }
            ProcessPathSettings.startProgressAgent(job, ring, null);
        }
        return path;
    }

    private static void closeQuietly(java.io.Closeable c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException ignored) {
                // failing already
            }
        }
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
     * Each byte that comes before asks for a hang report ({@link HangReports#reportAll}), the
     * request that reaches a remote JVM the way SIGUSR1 reaches a local one; {@link #REPORT_AT_EXIT}
     * asks for the report at exit, sent by a launcher being stopped (Ctrl-C), whose signal
     * reaches no other node.
     */
    static void watchLauncher(InputStream in, Job job) {
        Thread t = new Thread(() -> {
            try {
                for (int request = in.read(); request >= 0; request = in.read()) {
                    if (request == REPORT_AT_EXIT) {
                        HangReports.reportAllAtExit();
                    } else {
                        HangReports.reportAll();
                    }
                }
            } catch (IOException ignored) {
                // the same as the end of the stream
            }
            job.abortWithCode(-1, 1, "hympjrun (or the remote shell to it) is gone: this JVM's standard input closed");
        }, "hympj-launcher-watch");
        t.setDaemon(true);
        t.start();
    }
}
