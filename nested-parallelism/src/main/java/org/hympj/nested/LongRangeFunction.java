package org.hympj.nested;

/** Computes a long partial result over the indices {@code [lo, hi)}. */
@FunctionalInterface
public interface LongRangeFunction {
    /**
     * The partial result of the indices {@code [lo, hi)}.
     *
     * @param lo the first index
     * @param hi the index after the last
     * @return the partial result
     */
    long apply(int lo, int hi);
}
