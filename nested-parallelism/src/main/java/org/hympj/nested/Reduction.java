package org.hympj.nested;

/** The built-in reductions of {@code parallelReduce} for double and long. */
public enum Reduction {
    /** The sum; 0 for an empty range. */
    SUM,
    /** The least value; positive infinity (or {@code Long.MAX_VALUE}) for an empty range. */
    MIN,
    /** The greatest value; negative infinity (or {@code Long.MIN_VALUE}) for an empty range. */
    MAX;

    double identity(double ignored) {
        return this == SUM ? 0.0 : this == MIN ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
    }

    long identity(long ignored) {
        return this == SUM ? 0L : this == MIN ? Long.MAX_VALUE : Long.MIN_VALUE;
    }

    double combine(double a, double b) {
        return this == SUM ? a + b : this == MIN ? Math.min(a, b) : Math.max(a, b);
    }

    long combine(long a, long b) {
        return this == SUM ? a + b : this == MIN ? Math.min(a, b) : Math.max(a, b);
    }
}
