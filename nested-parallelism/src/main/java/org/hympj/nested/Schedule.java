package org.hympj.nested;

/** How a parallel loop's indices are shared among the team, as in OpenMP. */
public enum Schedule {
    /** Fixed in advance: one contiguous block per thread, or chunks dealt round-robin. */
    STATIC,
    /** Chunks of the given size, taken by whichever thread is free. */
    DYNAMIC,
    /** Like DYNAMIC, with chunks that shrink from remaining/(2 × threads) down to the given size. */
    GUIDED
}
