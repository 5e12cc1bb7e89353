package org.hympj.comm.match;

/**
 * The receives posted in one context and not yet matched, keyed by source: one FIFO per
 * source rank plus one for {@code ANY_SOURCE}. An arriving message from source {@code s}
 * takes the earliest-posted receive that matches it, which is the first match in the FIFO of
 * {@code s} or the first match in the wildcard FIFO, whichever was posted first.
 *
 * <p>Invariants: each FIFO is in posting order; a receive is in at most one FIFO and
 * {@code queued} says whether it is; {@code postOrder} grows with every post. Not thread-safe:
 * guarded by the owning {@link ContextQueues}.
 */
final class PostedReceiveQueue {
    private final ReceiveOperation[] head;
    private final ReceiveOperation[] tail;
    private ReceiveOperation anySourceHead;
    private ReceiveOperation anySourceTail;
    private long nextPostOrder;
    private final int anySource;
    private final int anyTag;

    PostedReceiveQueue(int commSize, int anySource, int anyTag) {
        head = new ReceiveOperation[commSize];
        tail = new ReceiveOperation[commSize];
        this.anySource = anySource;
        this.anyTag = anyTag;
    }

    void append(ReceiveOperation r) {
        r.postOrder = nextPostOrder++;
        r.queued = true;
        r.next = null;
        if (r.source == anySource) {
            r.prev = anySourceTail;
            if (anySourceTail == null) {
                anySourceHead = r;
            } else {
                anySourceTail.next = r;
            }
            anySourceTail = r;
        } else {
            ReceiveOperation last = tail[r.source];
            r.prev = last;
            if (last == null) {
                head[r.source] = r;
            } else {
                last.next = r;
            }
            tail[r.source] = r;
        }
    }

    /** Removes and returns the earliest-posted receive matching a message (source, tag), or null. */
    ReceiveOperation removeMatch(int source, int tag) {
        ReceiveOperation specific = head[source];
        while (specific != null && specific.tag != tag && specific.tag != anyTag) {
            specific = specific.next;
        }
        ReceiveOperation wildcard = anySourceHead;
        while (wildcard != null && wildcard.tag != tag && wildcard.tag != anyTag) {
            wildcard = wildcard.next;
        }
        ReceiveOperation match;
        if (specific == null) {
            match = wildcard;
        } else if (wildcard == null) {
            match = specific;
        } else {
            match = specific.postOrder < wildcard.postOrder ? specific : wildcard;
        }
        if (match != null) {
            unlink(match);
        }
        return match;
    }

    /** Removes {@code r} if it is still posted; false if it was already matched. */
    boolean remove(ReceiveOperation r) {
        if (!r.queued) {
            return false;
        }
        unlink(r);
        return true;
    }

    private void unlink(ReceiveOperation r) {
        boolean wildcard = r.source == anySource;
        if (r.prev == null) {
            if (wildcard) {
                anySourceHead = r.next;
            } else {
                head[r.source] = r.next;
            }
        } else {
            r.prev.next = r.next;
        }
        if (r.next == null) {
            if (wildcard) {
                anySourceTail = r.prev;
            } else {
                tail[r.source] = r.prev;
            }
        } else {
            r.next.prev = r.prev;
        }
        r.prev = null;
        r.next = null;
        r.queued = false;
    }
}
