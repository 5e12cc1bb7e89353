package org.hympj.threads.sharedfixture;

import org.hympj.threads.ranklocalfixture.PerRankState;

/** Shared code that wrongly uses a rank-local package (as shared code calling mpi would). */
public final class ReachesRankLocalPackage {
    private ReachesRankLocalPackage() {
    }

    public static int use() {
        return PerRankState.value;
    }
}
