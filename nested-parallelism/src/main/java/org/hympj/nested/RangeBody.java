package org.hympj.nested;

/** The body of a parallel loop over a chunk of indices {@code [lo, hi)}. */
@FunctionalInterface
public interface RangeBody {
    void run(int lo, int hi);
}
