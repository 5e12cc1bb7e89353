package org.hympj.loaders.ranklocalfixture;

/** Stands for a rank-local runtime package such as mpi: defined anew in every rank. */
public final class PerRankState {
    public static int value = 1;

    private PerRankState() {
    }
}
