package org.hympj.comm.profile;

/**
 * One MPI call that a recording holds as an event of its own (a collective, or a
 * point-to-point call over the recording's threshold): which rank made it where, when it began
 * and how long it took (nanoseconds since the epoch, and nanoseconds). {@code sequence} numbers a
 * collective on its communicator (0 for other calls); with {@code context} it names the same
 * collective on every rank.
 */
record CallRecord(int rank, String call, String communicator, int context, long sequence, long startNanos,
                  long durationNanos, String site) {
}
