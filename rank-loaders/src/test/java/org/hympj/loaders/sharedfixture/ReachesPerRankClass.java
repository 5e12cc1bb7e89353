package org.hympj.loaders.sharedfixture;

import org.hympj.loaders.programfixture.ProgramPart;

/** Shared code that wrongly uses a program class, which each rank loads for itself. */
public final class ReachesPerRankClass {
    private ReachesPerRankClass() {
    }

    public static int use() {
        return ++ProgramPart.uses;
    }
}
