package org.hympj.comm.runtime;

/**
 * How the ranks of a job on one node are spread over its JVMs: in blocks, the first
 * {@code size % jvms} JVMs holding one rank more, so JVM {@code j} holds consecutive world
 * ranks and neighbouring ranks (which usually talk most) share a JVM. The node's ranks are
 * world ranks {@code base .. base + size - 1} (base 0 on a job of one node).
 */
public record ProcessLayout(int size, int jvms, int base) {
    public ProcessLayout {
        if (size < 1 || jvms < 1 || jvms > size) {
            throw new IllegalArgumentException("cannot spread " + size + " ranks over " + jvms
                + " JVMs: every JVM needs at least one rank");
        }
        if (base < 0) {
            throw new IllegalArgumentException("a node's first rank cannot be " + base);
        }
    }

    /** The layout of a job whose ranks all live on this node. */
    public ProcessLayout(int size, int jvms) {
        this(size, jvms, 0);
    }

    public int firstRank(int jvm) {
        int per = size / jvms;
        int extra = size % jvms;
        return base + jvm * per + Math.min(jvm, extra);
    }

    public int rankCount(int jvm) {
        return size / jvms + (jvm < size % jvms ? 1 : 0);
    }

    /** The JVM (of this node) of world rank {@code worldRank}, which must be one of the node's. */
    public int jvmOf(int worldRank) {
        int r = worldRank - base;
        int per = size / jvms;
        int extra = size % jvms;
        int big = extra * (per + 1);
        return r < big ? r / (per + 1) : extra + (r - big) / per;
    }

    /** "rank 3" or "ranks 2..3", for messages. */
    public String describeRanks(int jvm) {
        int first = firstRank(jvm);
        int n = rankCount(jvm);
        return n == 1 ? "rank " + first : "ranks " + first + ".." + (first + n - 1);
    }
}
