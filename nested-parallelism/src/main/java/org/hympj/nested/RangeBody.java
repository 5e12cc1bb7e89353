package org.hympj.nested;

/** The body of a parallel loop over a chunk of indices {@code [lo, hi)}. */
@FunctionalInterface
public interface RangeBody {
    /**
     * Runs the loop's body for the indices {@code [lo, hi)}.
     *
     * @param lo the first index
     * @param hi the index after the last
     */
    void run(int lo, int hi);
}
