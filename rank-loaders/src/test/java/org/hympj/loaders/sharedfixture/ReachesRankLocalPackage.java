package org.hympj.loaders.sharedfixture;

import org.hympj.loaders.ranklocalfixture.PerRankState;

/** Shared code that wrongly uses a rank-local package (as shared code calling mpi would). */
public final class ReachesRankLocalPackage {
    private ReachesRankLocalPackage() {
    }

    public static int use() {
        return PerRankState.value;
    }
}
