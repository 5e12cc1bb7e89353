package org.hympj.loaders.ranklocalfixture.programs;

import org.hympj.loaders.ranklocalfixture.PerRankState;

/**
 * A program class in a subpackage of a rank-local package, as MPJ Express's test programs live
 * in {@code mpi.pt2pt} beside the runtime's {@code mpi}: it is the program's, not the runtime's.
 */
public final class ProgramUnderRankLocalPackage {
    static int calls;

    private ProgramUnderRankLocalPackage() {
    }

    public static void main(String[] args) {
        calls++;
        PerRankState.value += calls;
    }
}
