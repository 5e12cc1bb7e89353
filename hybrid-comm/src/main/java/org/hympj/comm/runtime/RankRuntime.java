package org.hympj.comm.runtime;

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
    public void deliver(int destWorldRank, SendOperation send) {
        if (job.isLocal(destWorldRank)) {
            job.engine(destWorldRank).deliver(send);
        } else {
            job.remote().send(destWorldRank, send);
        }
    }
}
