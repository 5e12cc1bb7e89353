package org.hympj.comm.coll;

/**
 * Which collective a message on a communicator's collective context belongs to: its tag, and
 * the kind the argument check compares. The values index
 * {@code RankActivity.collectiveName}, which names them in hang reports.
 */
public final class CollectiveKind {
    public static final int BARRIER = 1;
    public static final int BCAST = 2;
    public static final int REDUCE = 3;
    public static final int GATHER = 4;
    public static final int SCATTER = 5;
    public static final int ALLGATHER = 6;
    public static final int ALLTOALL = 7;
    public static final int SCAN = 8;
    static final int CHECK = 9;
    static final int RING = 10;
    /**
     * The tags of the neighbourhood collectives, this one and those above it (one for each
     * direction of each Cartesian dimension: see {@link Neighbourhood}), apart from every other
     * collective's.
     */
    public static final int NEIGHBOURHOOD = 64;

    private CollectiveKind() {
    }
}
