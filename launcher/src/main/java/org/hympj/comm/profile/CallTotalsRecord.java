package org.hympj.comm.profile;

/**
 * Every call of one kind that one rank made while recorded: count, how many of them were timed,
 * bytes, time and waiting (the timed calls', scaled to the count) and the longest timed call
 * (nanoseconds), and the calls per message size in the bins of
 * {@link org.hympj.comm.events.CallTotals#SIZE_BINS}.
 */
record CallTotalsRecord(int rank, String call, long count, long timed, long bytes, long nanos, long waitNanos, long maxNanos,
                        long[] sizes) {
}
