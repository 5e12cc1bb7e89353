package org.hympj.comm.match;

/**
 * A non-blocking collective in progress, as a request waits for it: another thread runs the
 * collective and completes this operation when its results are in the caller's buffers, or
 * fails it with the collective's error. {@code Wait}, {@code Test} and their kin treat it as
 * any other operation of a request.
 *
 * <p>Invariant: completed once, by {@link #succeed} or {@link #failWith}, after every result
 * has been written; a collective cannot be cancelled, so nothing else completes it.
 */
public final class CollectiveOperation extends Operation {
    /** The collective context its messages travel on, and which collective it is, for hang reports. */
    final int context;
    final int kind;

    /** A collective of kind {@code kind} (a {@code CollectiveKind}) on collective context {@code context}. */
    public CollectiveOperation(int context, int kind) {
        this.context = context;
        this.kind = kind;
    }

    /** Completes the operation: its results are in place. */
    public void succeed() {
        complete();
    }

    /** Completes the operation with the MPI error class and sentence of the collective's failure. */
    public void failWith(int errorClass, String message) {
        fail(errorClass, message);
        complete();
    }
}
