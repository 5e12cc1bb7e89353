package org.hympj.nested;

/** Computes a long partial result over the indices {@code [lo, hi)}. */
@FunctionalInterface
public interface LongRangeFunction {
    long apply(int lo, int hi);
}
