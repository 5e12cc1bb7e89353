package org.hympj.comm.match;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
 * <p>The one exception: an operation of a blocking call (see {@link ThreadOperations}) is
 * waited for only by the thread that owns it, so when that thread completes it itself (it
 * drained its own message) nobody can be parked on it, and a release store of {@code state}
 * is enough: no StoreLoad fence, no read of {@code waiter}.
 *
 * <p>Invariant: {@code state} goes PENDING to COMPLETE once per use; only {@link #reset} (by
 * the owner, never while the operation is queued) brings it back.
 *
 * <p>Padded on both sides (this class's superclass and each leaf's last fields): an operation
 * is written by its owner or matcher for every message, and the collector may place it next
 * to an object that another rank's thread reads on every send (a layout dump found a rank's
 * blocking receive in the same line as the {@code Job}), which would then cross between the
 * cores once per message.
 */
public abstract class Operation extends LeadingPadding {
    private static final int PENDING = 0;
    private static final int COMPLETE = 1;
    private static final VarHandle STATE;
    private static final VarHandle WAITER;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(Operation.class, "state", int.class);
            WAITER = lookup.findVarHandle(Operation.class, "waiter", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile int state = PENDING;
    private volatile Thread waiter;
    /** The thread of the blocking calls this operation serves, the only one that waits for it; null for a request's. */
    private final Thread blockingOwner;

    int error;
    String errorMessage;
    boolean cancelled;

    /** An operation of a request, which any thread may wait for. */
    Operation() {
        this(null);
    }

    /** An operation reused by the blocking calls of {@code blockingOwner}, which alone waits for it. */
    Operation(Thread blockingOwner) {
        this.blockingOwner = blockingOwner;
    }

    /** True for an operation of a request (waited for by {@code Wait} and its kin), false for a blocking call's. */
    final boolean ofRequest() {
        return blockingOwner == null;
    }

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

    /**
     * Completes the operation; returns true if the calling thread is the one whose blocking
     * call waits for it (that call returns as soon as the thread is back in it).
     */
    final boolean complete() {
        if (blockingOwner == Thread.currentThread()) {
            // The only waiter is running this code, so it is not parked (see the class comment).
            STATE.setRelease(this, COMPLETE);
            return true;
        }
        state = COMPLETE;
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
        return false;
    }

    final void setWaiter(Thread t) {
        waiter = t;
    }

    /** Makes the operation reusable; only for the owner of a completed, unqueued operation. */
    protected void reset() {
        error = 0;
        errorMessage = null;
        cancelled = false;
        // Release stores, no fence: the operation is reused only after its owner publishes it
        // again (under its rank's matching lock, or by writing its message), which orders these writes.
        // A completer of the last use may still read waiter after this; at worst it unparks the
        // owner once for nothing, and every park re-checks its condition.
        WAITER.setRelease(this, (Thread) null);
        STATE.setRelease(this, PENDING);
    }
}
