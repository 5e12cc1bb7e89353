package org.hympj.npb.numerics;

/**
 * The length of a block for a kernel's pass that runs its loop one block per call
 * ({@link Keys}, {@link CgVectors}). A pass run once per iteration as one loop reaches C2 only
 * by on-stack replacement in the untimed iteration, and is compiled whole in the first timed
 * ones; hundreds of calls per pass get it compiled whole while the untimed iteration runs.
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
