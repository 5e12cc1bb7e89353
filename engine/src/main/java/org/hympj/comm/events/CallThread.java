package org.hympj.comm.events;

/**
 * What {@link CallEvents} keeps of one thread's recorded calls: whether its current call is
 * timed and how long it has waited in it, how many calls are left before its next timed one,
 * and the part of its rank's {@link CallTotals} it adds to. Only its own thread uses it.
 */
final class CallThread {
    /** Nanoseconds the current call has waited; counted only in a timed call. */
    long waited;
    /** Whether the current call reads the clock. */
    boolean timed;
    /** Calls until the next timed one; the first call is timed. */
    int untilTimed;
    /** This thread's pseudo-random sequence (xorshift), never 0, for the intervals between timed calls. */
    private long random = System.identityHashCode(this) | 1L << 32;
    /** The rank whose totals {@link #part} belongs to: a thread that makes calls of several ranks looks its part up again. */
    private CallTotals totals;
    private CallTotals.Part part;

    /** Calls from one timed call to the next: at random from 1 to {@code 2 * mean - 1}, so {@code mean} on average. */
    int nextInterval(int mean) {
        random ^= random << 13;
        random ^= random >>> 7;
        random ^= random << 17;
        return 1 + (int) ((random >>> 1) % (2L * mean - 1));
    }

    /** This thread's part of {@code rankTotals}. */
    CallTotals.Part part(CallTotals rankTotals) {
        if (totals != rankTotals) {
            part = rankTotals.part();
            totals = rankTotals;
        }
        return part;
    }
}
