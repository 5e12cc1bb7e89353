package org.hympj.comm.match;

import java.util.concurrent.locks.LockSupport;

/**
 * Something a thread can wait for: a posted receive or a send whose data is still needed.
 *
 * <p>Completion is a single volatile write of {@code state} after every result field has
 * been written, so a thread that reads {@code COMPLETE} sees the results and the received
 * data (the volatile write/read pair orders them). Wake-up follows Dekker's pattern on two
 * volatiles: the waiter publishes itself in {@code waiter} and then re-reads {@code state};
 * the completer writes {@code state} and then reads {@code waiter}. Sequential consistency
 * of volatiles means at least one of them sees the other, so no wake-up is lost.
 *
 * <p>Invariant: {@code state} goes PENDING to COMPLETE once per use; only {@link #reset} (by
 * the owner, never while the operation is queued) brings it back.
 */
public abstract class Operation {
    private static final int PENDING = 0;
    private static final int COMPLETE = 1;

    private volatile int state = PENDING;
    private volatile Thread waiter;

    int error;
    String errorMessage;
    boolean cancelled;

    public final boolean isComplete() {
        return state == COMPLETE;
    }

    /** MPI error class of the completed operation, 0 on success. */
    public final int error() {
        return error;
    }

    public final String errorMessage() {
        return errorMessage;
    }

    public final boolean cancelled() {
        return cancelled;
    }

    final void fail(int errorClass, String message) {
        if (error == 0) {
            error = errorClass;
            errorMessage = message;
        }
    }

    final void complete() {
        state = COMPLETE;
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    final void setWaiter(Thread t) {
        waiter = t;
    }

    /** Makes the operation reusable; only for the owner of a completed, unqueued operation. */
    protected void reset() {
        error = 0;
        errorMessage = null;
        cancelled = false;
        waiter = null;
        state = PENDING;
    }
}
