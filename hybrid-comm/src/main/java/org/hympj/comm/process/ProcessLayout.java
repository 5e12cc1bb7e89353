package org.hympj.comm.process;

/**
 * How the ranks of a job are spread over the JVMs of one node: in blocks, the first
 * {@code size % jvms} JVMs holding one rank more, so JVM {@code j} holds consecutive world
 * ranks and neighbouring ranks (which usually talk most) share a JVM.
 */
public record ProcessLayout(int size, int jvms) {
    public ProcessLayout {
        if (size < 1 || jvms < 1 || jvms > size) {
            throw new IllegalArgumentException("cannot spread " + size + " ranks over " + jvms
                + " JVMs: every JVM needs at least one rank");
        }
    }

    public int firstRank(int jvm) {
        int base = size / jvms;
        int extra = size % jvms;
        return jvm * base + Math.min(jvm, extra);
    }

    public int rankCount(int jvm) {
        return size / jvms + (jvm < size % jvms ? 1 : 0);
    }

    public int jvmOf(int worldRank) {
        int base = size / jvms;
        int extra = size % jvms;
        int big = extra * (base + 1);
        return worldRank < big ? worldRank / (base + 1) : extra + (worldRank - big) / base;
    }

    /** "rank 3" or "ranks 2..3", for messages. */
    public String describeRanks(int jvm) {
        int first = firstRank(jvm);
        int n = rankCount(jvm);
        return n == 1 ? "rank " + first : "ranks " + first + ".." + (first + n - 1);
    }
}
