package org.hympj.comm.runtime;

import java.nio.ByteBuffer;
import org.hympj.comm.match.SendOperation;
import org.hympj.comm.protocol.MessageDescriptor;

/**
 * The way out of a JVM of a job that spans nodes: ranks of this node in other JVMs through
 * the node's shared-memory rings (absent when this JVM is alone on its node), ranks of other
 * nodes through the net-bridge. Each pair of
 * ranks always uses the same one, so MPI's order per pair holds; an {@code ANY_SOURCE}
 * receive takes from all of them through the one engine.
 */
public final class ClusterPath implements RemotePath, NodeMemory {
    private final ClusterLayout layout;
    private final int node;
    private final RemotePath ring;
    private final RemotePath offNode;

    public ClusterPath(ClusterLayout layout, int node, RemotePath ring, RemotePath offNode) {
        this.layout = layout;
        this.node = node;
        this.ring = ring;
        this.offNode = offNode;
    }

    @Override
    public void send(int destWorldRank, SendOperation send) {
        if (layout.nodeOfRank(destWorldRank) == node) {
            ring.send(destWorldRank, send);
        } else {
            offNode.send(destWorldRank, send);
        }
    }

    @Override
    public int jvmOf(int worldRank) {
        return layout.jvmOfRank(worldRank);
    }

    @Override
    public int nodeOf(int worldRank) {
        return layout.nodeOfRank(worldRank);
    }

    /** A waiting thread reads both ways in: the node's rings and the bridge's connections. */
    @Override
    public int progress() {
        return progressOwnNode() + progressOtherNodes();
    }

    @Override
    public int progressOwnNode() {
        return ring == null ? 0 : ring.progress();
    }

    @Override
    public int progressOtherNodes() {
        return offNode.progress();
    }

    @Override
    public int progressAll() {
        return (ring == null ? 0 : ring.progressAll()) + offNode.progressAll();
    }

    @Override
    public void waiterParking() {
        if (ring != null) {
            ring.waiterParking();
        }
        offNode.waiterParking();
    }

    @Override
    public void waiterAwake() {
        if (ring != null) {
            ring.waiterAwake();
        }
        offNode.waiterAwake();
    }

    @Override
    public void acknowledge(long syncToken) {
        if (MessageDescriptor.isBridgeToken(syncToken)) {
            offNode.acknowledge(syncToken);
        } else {
            ring.acknowledge(syncToken);
        }
    }

    @Override
    public void publishAbort(int rank, int exitCode, String reason) {
        if (ring != null) {
            ring.publishAbort(rank, exitCode, reason);
        }
        offNode.publishAbort(rank, exitCode, reason);
    }

    /** The goodbye on both paths, after every local rank ended normally. */
    @Override
    public void finish(long timeoutMillis) {
        offNode.finish(timeoutMillis);
        if (ring != null) {
            ring.finish(timeoutMillis);
        }
    }

    /** Node memory is the rings' to give: a JVM alone on its node shares memory with no other JVM. */
    @Override
    public ByteBuffer map(String name, int bytes, boolean create) {
        return nodeMemory().map(name, bytes, create);
    }

    @Override
    public void unlink(String name) {
        nodeMemory().unlink(name);
    }

    @Override
    public void unmap(String name) {
        nodeMemory().unmap(name);
    }

    private NodeMemory nodeMemory() {
        if (!(ring instanceof NodeMemory)) {
            throw new IllegalStateException("no other JVM of this node is in the job, so none shares memory with this one");
        }
        return (NodeMemory) ring;
    }

    @Override
    public void close() {
        offNode.close();
        if (ring != null) {
            ring.close();
        }
    }
}
