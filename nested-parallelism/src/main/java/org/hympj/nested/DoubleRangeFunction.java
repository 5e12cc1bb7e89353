package org.hympj.nested;

/** Computes a double partial result over the indices {@code [lo, hi)}. */
@FunctionalInterface
public interface DoubleRangeFunction {
    /**
     * The partial result of the indices {@code [lo, hi)}.
     *
     * @param lo the first index
     * @param hi the index after the last
     * @return the partial result
     */
    double apply(int lo, int hi);
}
