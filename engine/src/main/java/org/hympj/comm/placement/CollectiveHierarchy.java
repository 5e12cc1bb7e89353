package org.hympj.comm.placement;

import java.util.Arrays;

/**
 * The ranks of one communicator grouped by the memory they share, as node-aware collectives
 * walk them, seen from one member ("me"):
 *
 * <pre>
 *   level JOB    the node heads, one per node                      (over the net-bridge)
 *                  |
 *   level NODE   the JVM leaders of my node, one per JVM           (over the node's rings)
 *                  |
 *   level JVM    the ranks of my JVM                                (in the heap)
 * </pre>
 *
 * A JVM's leader is its lowest communicator rank, a node's head the lowest rank of its JVM
 * leaders, so communicator rank 0 leads at every level it is in. Each level's group lists
 * communicator ranks in ascending order, its leader first. A rank takes part in level JVM
 * always, in NODE when it leads its JVM, in JOB when it heads its node; a pair of ranks meets
 * at one level at most (the same JVM; the same node but not the same JVM; not the same node),
 * so the levels' messages never mix.
 *
 * <p>For a rooted collective the root's data enter each group through the member that stands
 * for the root there ({@link #rootIndex}): the root itself in its JVM, its JVM's leader among
 * its node's JVM leaders, its node's head among the heads; other groups get them through
 * their leader. Then every rank is a non-root member of at most one group (where its data come
 * from, or go to), which is what lets the walks run without cycles.
 *
 * <p>Immutable; built from where every member runs, which every member computes alike.
 */
public final class CollectiveHierarchy {
    public static final int JVM = 0;
    public static final int NODE = 1;
    public static final int JOB = 2;
    public static final int LEVELS = 3;

    private final int me;
    private final int[] jvm;
    private final int[] node;
    private final int[] jvmLeader;
    private final int[] nodeHead;
    /** My group at each level, or null where I take no part. */
    private final int[][] groups = new int[LEVELS][];
    private final int[] myIndex = new int[LEVELS];
    private final boolean useful;
    private final int top;

    /**
     * @param jvm  the JVM of each communicator rank (any numbering that is the same for ranks in one JVM)
     * @param node the node of each communicator rank
     * @param me   this member's communicator rank
     */
    public CollectiveHierarchy(int[] jvm, int[] node, int me) {
        int size = jvm.length;
        if (node.length != size || me < 0 || me >= size) {
            throw new IllegalArgumentException("rank " + me + " of " + size + " ranks, with " + node.length + " node entries");
        }
        this.me = me;
        this.jvm = jvm.clone();
        this.node = node.clone();
        this.jvmLeader = lowestOfEach(jvm);
        this.nodeHead = lowestOfEach(node);
        groups[JVM] = select(r -> jvm[r] == jvm[me]);
        if (jvmLeader[me] == me) {
            groups[NODE] = select(r -> jvmLeader[r] == r && node[r] == node[me]);
        }
        if (nodeHead[me] == me) {
            groups[JOB] = select(r -> nodeHead[r] == r);
        }
        for (int level = 0; level < LEVELS; level++) {
            myIndex[level] = groups[level] == null ? -1 : Arrays.binarySearch(groups[level], me);
        }
        long jvms = Arrays.stream(jvm).distinct().count();
        long nodes = Arrays.stream(node).distinct().count();
        // With one non-trivial level the walk is the flat algorithm; it pays from two.
        int nonTrivial = (jvms < size ? 1 : 0) + (jvms > nodes ? 1 : 0) + (nodes > 1 ? 1 : 0);
        this.useful = nonTrivial >= 2;
        this.top = nodes > 1 ? JOB : jvms > 1 ? NODE : JVM;
    }

    /** For each rank, the lowest rank with the same key (its JVM's or its node's): one pass, ranks ascending. */
    private static int[] lowestOfEach(int[] key) {
        java.util.Map<Integer, Integer> first = new java.util.HashMap<>();
        int[] lowest = new int[key.length];
        for (int r = 0; r < key.length; r++) {
            Integer seen = first.putIfAbsent(key[r], r);
            lowest[r] = seen == null ? r : seen;
        }
        return lowest;
    }

    private int[] select(java.util.function.IntPredicate member) {
        return java.util.stream.IntStream.range(0, jvm.length).filter(member).toArray();
    }

    /**
     * True when walking the levels saves messages between JVMs or nodes: at least two levels
     * have groups of more than one rank. Otherwise the flat algorithms are the same walk.
     */
    public boolean isUseful() {
        return useful;
    }

    /** The highest level whose group has more than one rank (the same for every member): where all the walks meet. */
    public int top() {
        return top;
    }

    /** Whether {@code members} (communicator ranks; null: all of them) live in more than one JVM. */
    public boolean spansJvms(int[] members) {
        int first = jvm[members == null ? 0 : members[0]];
        int n = members == null ? jvm.length : members.length;
        for (int i = 1; i < n; i++) {
            if (jvm[members == null ? i : members[i]] != first) {
                return true;
            }
        }
        return false;
    }

    /** My group at {@code level} (communicator ranks, ascending, the leader first), or null where I take no part. */
    public int[] group(int level) {
        return groups[level];
    }

    /** My position in my group at {@code level}, or -1 where I take no part. */
    public int myIndex(int level) {
        return myIndex[level];
    }

    /** Whether I take part in {@code level} with at least one other rank. */
    public boolean active(int level) {
        return groups[level] != null && groups[level].length > 1;
    }

    /**
     * The one level at which {@code root}'s data reach me from another member (for a reduction:
     * at which my partial result leaves me), or -1 for the root itself. At every other level
     * where I take part I stand in for the root; the class comment says why there is at most one.
     */
    public int feedLevel(int root) {
        int feed = -1;
        for (int level = JVM; level <= JOB; level++) {
            if (active(level) && rootIndex(level, root) != myIndex[level]) {
                feed = level;
            }
        }
        return feed;
    }

    /**
     * The position, in my group at {@code level}, of the member through which {@code root}'s
     * data enter it (or leave it, for a reduction towards {@code root}).
     */
    public int rootIndex(int level, int root) {
        int standIn;
        switch (level) {
            case JVM:
                standIn = jvm[root] == jvm[me] ? root : jvmLeader[me];
                break;
            case NODE:
                standIn = node[root] == node[me] ? jvmLeader[root] : nodeHead[me];
                break;
            case JOB:
                standIn = nodeHead[root];
                break;
            default:
                throw new IllegalArgumentException("no level " + level);
        }
        return Arrays.binarySearch(groups[level], standIn);
    }

    /**
     * Every member, in the order a pipelined chain from {@code root} visits them: the root and
     * the rest of its JVM, the other JVMs of its node, then the other nodes, each node's JVMs
     * and each JVM's ranks together (in rank order after the root's). So the chain crosses into
     * every other JVM once and into every other node once, and one pipeline spans all levels.
     */
    public int[] chainFrom(int root) {
        int size = jvm.length;
        long[] keys = new long[size];
        for (int r = 0; r < size; r++) {
            long nodeKey = nodeHead[r] == nodeHead[root] ? 0 : nodeHead[r] + 1;
            long jvmKey = jvmLeader[r] == jvmLeader[root] ? 0 : jvmLeader[r] + 1;
            long notRoot = r == root ? 0 : 1;
            keys[r] = nodeKey << 43 | jvmKey << 22 | notRoot << 21 | r;
        }
        Arrays.sort(keys);
        int[] chain = new int[size];
        for (int i = 0; i < size; i++) {
            chain[i] = (int) (keys[i] & ((1 << 21) - 1));
        }
        return chain;
    }

    @Override
    public String toString() {
        return "rank " + me + ": JVM " + Arrays.toString(groups[JVM]) + ", node " + Arrays.toString(groups[NODE])
            + ", job " + Arrays.toString(groups[JOB]);
    }
}
