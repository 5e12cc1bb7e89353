package org.hympj.comm.runtime;

import org.hympj.comm.data.ElementType;
import org.hympj.comm.match.MatchingEngine;
import org.hympj.comm.match.SendOperation;

/**
 * What one rank's {@code mpi} package is bound to at {@code MPI.Init}: its job, its world
 * rank, its matching engine, and the route to every other rank.
 */
public final class RankRuntime {
    private final Job job;
    private final int rank;

    RankRuntime(Job job, int rank) {
        this.job = job;
        this.rank = rank;
    }

    public Job job() {
        return job;
    }

    public int rank() {
        return rank;
    }

    public int size() {
        return job.size();
    }

    /** This rank's own matching engine, where its receives are posted. */
    public MatchingEngine engine() {
        return job.engine(rank);
    }

    /**
     * Routes a send to its destination's path: a rank of this JVM gets it in its engine
     * directly (the sending thread matches and copies); any other rank through the job's
     * remote path.
     */
    /**
     * A small typed message of a blocking standard or ready send: written straight into the
     * inbox of a rank of this JVM (see {@link MatchingEngine#deliverSmall}); false if the
     * destination is elsewhere or its inbox does not carry the message, and nothing was sent.
     */
    public boolean deliverSmall(int destWorldRank, int context, int commSize, int source, int tag, ElementType type,
                                int count, Object array, int offset) {
        return job.isLocal(destWorldRank)
            && job.engine(destWorldRank).deliverSmall(context, commSize, source, tag, type, count, array, offset);
    }

    public void deliver(int destWorldRank, SendOperation send) {
        if (job.isLocal(destWorldRank)) {
            job.engine(destWorldRank).deliver(send);
        } else {
            job.remote().send(destWorldRank, send);
        }
    }
}
