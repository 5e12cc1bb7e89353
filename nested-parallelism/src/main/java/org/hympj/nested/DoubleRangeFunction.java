package org.hympj.nested;

/** Computes a double partial result over the indices {@code [lo, hi)}. */
@FunctionalInterface
public interface DoubleRangeFunction {
    double apply(int lo, int hi);
}
