package org.hympj.comm.profile;

/**
 * Every call of one kind that one rank made while recorded: count, bytes, time, waiting and the
 * longest (nanoseconds), and the calls per message size in the bins of
 * {@link org.hympj.comm.events.CallTotals#SIZE_BINS}.
 */
record CallTotalsRecord(int rank, String call, long count, long bytes, long nanos, long waitNanos, long maxNanos,
                        long[] sizes) {
}
