package org.hympj.comm.match;

/**
 * The messages of one context that arrived before a matching receive, keyed by source: each
 * message is in its source's FIFO and in one FIFO of all arrivals. A receive from a given
 * source searches that source's FIFO; an {@code ANY_SOURCE} receive searches the arrival
 * FIFO, so it takes the earliest arrival that matches.
 *
 * <p>Invariants: both FIFOs are in arrival order, so two messages from one source are found
 * in the order they were sent (MPI's non-overtaking rule); a message is in both FIFOs or in
 * neither, and {@code queued} says which. Guarded by the owning {@link ContextQueues}.
 */
final class UnexpectedMessageQueue {
    private final UnexpectedMessage[] head;
    private final UnexpectedMessage[] tail;
    private UnexpectedMessage arrivedHead;
    private UnexpectedMessage arrivedTail;
    private final int anySource;
    private final int anyTag;

    UnexpectedMessageQueue(int commSize, int anySource, int anyTag) {
        head = new UnexpectedMessage[commSize];
        tail = new UnexpectedMessage[commSize];
        this.anySource = anySource;
        this.anyTag = anyTag;
    }

    void append(UnexpectedMessage m) {
        m.queued = true;
        m.nextFromSource = null;
        m.nextArrived = null;
        UnexpectedMessage last = tail[m.source];
        m.prevFromSource = last;
        if (last == null) {
            head[m.source] = m;
        } else {
            last.nextFromSource = m;
        }
        tail[m.source] = m;
        m.prevArrived = arrivedTail;
        if (arrivedTail == null) {
            arrivedHead = m;
        } else {
            arrivedTail.nextArrived = m;
        }
        arrivedTail = m;
    }

    /** The earliest message queued (the others follow through {@code nextArrived}), or null. */
    UnexpectedMessage first() {
        return arrivedHead;
    }

    /** The earliest message a receive (source, tag) would match, left in the queue; or null. */
    UnexpectedMessage find(int source, int tag) {
        if (source == anySource) {
            UnexpectedMessage m = arrivedHead;
            while (m != null && tag != anyTag && m.tag != tag) {
                m = m.nextArrived;
            }
            return m;
        }
        UnexpectedMessage m = head[source];
        while (m != null && tag != anyTag && m.tag != tag) {
            m = m.nextFromSource;
        }
        return m;
    }

    /** Removes and returns the earliest message a receive (source, tag) matches; or null. */
    UnexpectedMessage removeMatch(int source, int tag) {
        UnexpectedMessage m = find(source, tag);
        if (m != null) {
            remove(m);
        }
        return m;
    }

    void remove(UnexpectedMessage m) {
        int s = m.source;
        if (m.prevFromSource == null) {
            head[s] = m.nextFromSource;
        } else {
            m.prevFromSource.nextFromSource = m.nextFromSource;
        }
        if (m.nextFromSource == null) {
            tail[s] = m.prevFromSource;
        } else {
            m.nextFromSource.prevFromSource = m.prevFromSource;
        }
        if (m.prevArrived == null) {
            arrivedHead = m.nextArrived;
        } else {
            m.prevArrived.nextArrived = m.nextArrived;
        }
        if (m.nextArrived == null) {
            arrivedTail = m.prevArrived;
        } else {
            m.nextArrived.prevArrived = m.prevArrived;
        }
        m.prevFromSource = null;
        m.nextFromSource = null;
        m.prevArrived = null;
        m.nextArrived = null;
        m.queued = false;
    }
}
