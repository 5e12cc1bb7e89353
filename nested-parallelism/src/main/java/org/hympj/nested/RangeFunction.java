package org.hympj.nested;

/** Computes a partial result of any type over the indices {@code [lo, hi)}. */
@FunctionalInterface
public interface RangeFunction<T> {
    T apply(int lo, int hi);
}
