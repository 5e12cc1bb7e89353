package org.hympj.npb.numerics;

/**
 * The length of a block for a kernel's pass that runs its loop one block per call
 * ({@link Keys}, {@link CgVectors}). A pass run once per iteration as one loop reaches C2 only
 * by on-stack replacement during the untimed iteration; that code is dropped when the loop
 * first ends (C2 compiled its exit as never taken), and the method is compiled whole in the
 * first timed iterations, which run it in C1's profiling code until then. Called once per
 * block, the loop's method passes the JIT's thresholds (about 200 calls before C1's profiling
 * code, 600 more before C2) while the untimed iteration runs.
 */
final class PassBlocks {
    /** Below this, a call per block would cost more than the JIT saves. */
    private static final int MIN_LENGTH = 64;

    private PassBlocks() {
    }

    /** About {@code blocksPerPass} blocks over {@code entries}, none shorter than 64 entries. */
    static int length(int entries, int blocksPerPass) {
        return Math.max(MIN_LENGTH, entries / blocksPerPass);
    }
}
