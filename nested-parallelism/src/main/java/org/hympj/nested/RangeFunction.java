package org.hympj.nested;

/**
 * Computes a partial result of any type over the indices {@code [lo, hi)}.
 *
 * @param <T> the type of the result
 */
@FunctionalInterface
public interface RangeFunction<T> {
    /**
     * The partial result of the indices {@code [lo, hi)}.
     *
     * @param lo the first index
     * @param hi the index after the last
     * @return the partial result
     */
    T apply(int lo, int hi);
}
