package org.hympj.comm.rma;

import java.util.ArrayDeque;

/**
 * The lock of one rank's window, held by origins in passive-target epochs: any number of
 * shared holders, or one exclusive holder. Requests are granted in the order they arrive: a
 * request waits while any request before it waits, so a stream of shared locks never starves
 * an exclusive one.
 *
 * <p>Invariant: {@code exclusive} and {@code shared > 0} never hold at once, and the queue is
 * empty whenever the request at its head could be granted. Used by the window's service
 * thread alone, so it needs no synchronisation.
 */
final class LockQueue {
    static final int EXCLUSIVE = 1;
    static final int SHARED = 2;

    /** A request that waits: the origin to answer and the tag of the answer. */
    record Waiter(int origin, int type, int replyTag) {
    }

    private final ArrayDeque<Waiter> waiting = new ArrayDeque<>();
    private boolean exclusive;
    private int shared;

    /** Grants the request at once (true) or queues it (false). */
    boolean request(int origin, int type, int replyTag) {
        if (waiting.isEmpty() && grantable(type)) {
            take(type);
            return true;
        }
        waiting.add(new Waiter(origin, type, replyTag));
        return false;
    }

    /** Releases a lock of {@code type}; returns the requests granted by it, in arrival order (possibly none). */
    Waiter[] release(int type) {
        if (type == EXCLUSIVE) {
            exclusive = false;
        } else {
            shared--;
        }
        ArrayDeque<Waiter> granted = new ArrayDeque<>();
        while (!waiting.isEmpty() && grantable(waiting.peekFirst().type())) {
            Waiter w = waiting.pollFirst();
            take(w.type());
            granted.add(w);
        }
        return granted.toArray(new Waiter[0]);
    }

    boolean idle() {
        return !exclusive && shared == 0 && waiting.isEmpty();
    }

    private boolean grantable(int type) {
        return !exclusive && (type == SHARED || shared == 0);
    }

    private void take(int type) {
        if (type == EXCLUSIVE) {
            exclusive = true;
        } else {
            shared++;
        }
    }
}
