package org.hympj.comm.profile;

/**
 * One MPI call as a recording holds it: which rank made it where, what it moved, when it began
 * and how long it took (nanoseconds since the epoch, and nanoseconds), of which it waited
 * {@code waitNanos}. {@code sequence} numbers a collective on its communicator (0 for other
 * calls); with {@code context} it names the same collective on every rank.
 */
record CallRecord(int rank, String call, String communicator, int context, int peer, int tag, long bytes, long sequence,
                  long startNanos, long durationNanos, long waitNanos, String site) {
}
