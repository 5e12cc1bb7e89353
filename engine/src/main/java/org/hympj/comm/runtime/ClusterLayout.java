package org.hympj.comm.runtime;

import java.util.List;

/**
 * Where every rank of a job runs on a cluster: node {@code n} holds {@code ranksPerNode[n]}
 * consecutive world ranks, spread over its JVMs as {@link ProcessLayout} says. JVMs are
 * numbered across the job node by node ("global" JVM index): the rendezvous, the bridge's
 * connections and every error message use that number.
 *
 * <p>Immutable; every JVM of a job builds the same one from the same launch options.
 */
public final class ClusterLayout {
    private final int size;
    private final List<String> hosts;
    private final ProcessLayout[] nodes;
    private final int[] firstJvm;
    private final int jvms;
    /** The global JVM of each world rank: routing looks it up on every send. */
    private final int[] rankJvm;
    private final int[] jvmNode;

    /**
     * @param hosts        the nodes' names, as the launcher reached them
     * @param ranksPerNode ranks on each node (each at least 1)
     * @param jvmsPerNode  JVMs per node, at most its ranks (fewer on a node with fewer ranks)
     */
    public ClusterLayout(List<String> hosts, int[] ranksPerNode, int jvmsPerNode) {
        if (hosts.size() != ranksPerNode.length || hosts.isEmpty()) {
            throw new IllegalArgumentException(hosts.size() + " hosts for " + ranksPerNode.length + " nodes");
        }
        if (jvmsPerNode < 1) {
            throw new IllegalArgumentException("a node needs at least one JVM, not " + jvmsPerNode);
        }
        this.hosts = List.copyOf(hosts);
        this.nodes = new ProcessLayout[ranksPerNode.length];
        this.firstJvm = new int[ranksPerNode.length + 1];
        int base = 0;
        for (int n = 0; n < nodes.length; n++) {
            if (ranksPerNode[n] < 1) {
                throw new IllegalArgumentException("node " + n + " (" + hosts.get(n) + ") would get no rank");
            }
            nodes[n] = new ProcessLayout(ranksPerNode[n], Math.min(jvmsPerNode, ranksPerNode[n]), base);
            base += ranksPerNode[n];
            firstJvm[n + 1] = firstJvm[n] + nodes[n].jvms();
        }
        this.size = base;
        this.jvms = firstJvm[nodes.length];
        this.rankJvm = new int[size];
        this.jvmNode = new int[jvms];
        for (int n = 0; n < nodes.length; n++) {
            ProcessLayout node = nodes[n];
            for (int j = 0; j < node.jvms(); j++) {
                jvmNode[firstJvm[n] + j] = n;
                for (int r = node.firstRank(j); r < node.firstRank(j) + node.rankCount(j); r++) {
                    rankJvm[r] = firstJvm[n] + j;
                }
            }
        }
    }

    /**
     * {@code np} ranks over {@code hosts}: {@code ranksPerNode} on each node in turn if given
     * (the last node may get fewer), else as even blocks (the first {@code np % nodes} nodes one more).
     */
    public static ClusterLayout of(List<String> hosts, int np, int ranksPerNode, int jvmsPerNode) {
        int nodes = hosts.size();
        int[] counts = new int[nodes];
        if (ranksPerNode > 0) {
            if ((long) ranksPerNode * nodes < np) {
                throw new IllegalArgumentException(np + " ranks do not fit " + nodes + " nodes of " + ranksPerNode + " ranks each");
            }
            int used = (np + ranksPerNode - 1) / ranksPerNode;
            for (int n = 0; n < used; n++) {
                counts[n] = Math.min(ranksPerNode, np - n * ranksPerNode);
            }
            if (used < nodes) {
                throw new IllegalArgumentException(np + " ranks at " + ranksPerNode + " per node fill only " + used + " of the "
                    + nodes + " hosts given; list fewer hosts or lower --ranks-per-node");
            }
        } else {
            if (np < nodes) {
                throw new IllegalArgumentException(np + " ranks cannot fill " + nodes + " nodes; list fewer hosts");
            }
            for (int n = 0; n < nodes; n++) {
                counts[n] = np / nodes + (n < np % nodes ? 1 : 0);
            }
        }
        return new ClusterLayout(hosts, counts, jvmsPerNode);
    }

    public int size() {
        return size;
    }

    public int nodeCount() {
        return nodes.length;
    }

    /** Every JVM of the job. */
    public int jvms() {
        return jvms;
    }

    public String host(int node) {
        return hosts.get(node);
    }

    /** Node {@code n}'s ranks and JVMs, as the process path of that node sees them. */
    public ProcessLayout node(int n) {
        return nodes[n];
    }

    public int nodeOfRank(int worldRank) {
        return jvmNode[rankJvm[worldRank]];
    }

    public int nodeOfJvm(int jvm) {
        return jvmNode[jvm];
    }

    /** The global index of JVM {@code localJvm} of node {@code n}. */
    public int jvm(int n, int localJvm) {
        return firstJvm[n] + localJvm;
    }

    /** The global JVM of world rank {@code worldRank}. */
    public int jvmOfRank(int worldRank) {
        return rankJvm[worldRank];
    }

    /** The index of global JVM {@code jvm} among its node's JVMs. */
    public int localJvm(int jvm) {
        return jvm - firstJvm[jvmNode[jvm]];
    }

    public int firstRank(int jvm) {
        int n = nodeOfJvm(jvm);
        return nodes[n].firstRank(jvm - firstJvm[n]);
    }

    public int rankCount(int jvm) {
        int n = nodeOfJvm(jvm);
        return nodes[n].rankCount(jvm - firstJvm[n]);
    }

    /** "node 2 (hympj-n2), ranks 8..11", for messages. */
    public String describeJvm(int jvm) {
        int n = nodeOfJvm(jvm);
        return "node " + n + " (" + hosts.get(n) + "), " + nodes[n].describeRanks(jvm - firstJvm[n]);
    }
}
