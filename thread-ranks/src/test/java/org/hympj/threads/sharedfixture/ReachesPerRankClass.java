package org.hympj.threads.sharedfixture;

import org.hympj.threads.programfixture.ProgramPart;

/** Shared code that wrongly uses a program class, which each rank loads for itself. */
public final class ReachesPerRankClass {
    private ReachesPerRankClass() {
    }

    public static int use() {
        return ++ProgramPart.uses;
    }
}
