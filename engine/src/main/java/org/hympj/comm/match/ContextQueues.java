package org.hympj.comm.match;

import java.util.concurrent.locks.LockSupport;

/**
 * Everything one rank matches in one communication context: its posted receives, its
 * unexpected messages, their node and eager-buffer pools, and the threads blocked in
 * {@code Probe}. Guarded by {@link #lock}, the rank's {@link MatchingLock}, which all of the
 * rank's contexts share: traffic towards different ranks never contends.
 *
 * <p>Invariant (the matching invariant): under that lock, no posted receive matches any
 * unexpected message. A send first searches the posted receives and only queues itself
 * when none matches; a receive first searches the unexpected messages and only posts
 * itself when none matches; both steps of each happen in one critical section.
 */
public final class ContextQueues {
    final PostedReceiveQueue posted;
    final UnexpectedMessageQueue unexpected;
    final EagerBufferPool eagerBuffers = new EagerBufferPool();
    /** The lock of the rank these queues belong to; every field here is read and written under it. */
    final MatchingLock lock;

    private UnexpectedMessage freeNodes;
    private int freeNodeCount;
    private static final int RETAINED_NODES = 256;

    private Thread[] probers = new Thread[2];
    private int proberCount;
    /** Bumped on every unexpected arrival, so probing threads can spin without the lock. */
    volatile int arrivals;

    ContextQueues(int commSize, MatchingLock lock) {
        this.lock = lock;
        posted = new PostedReceiveQueue(commSize, MatchingEngine.ANY_SOURCE, MatchingEngine.ANY_TAG);
        unexpected = new UnexpectedMessageQueue(commSize, MatchingEngine.ANY_SOURCE, MatchingEngine.ANY_TAG);
    }

    UnexpectedMessage newMessage() {
        UnexpectedMessage m = freeNodes;
        if (m == null) {
            return new UnexpectedMessage();
        }
        freeNodes = m.nextArrived;
        m.nextArrived = null;
        freeNodeCount--;
        return m;
    }

    /**
     * Returns a consumed message's node, and its eager copy if it had one, to the pools, and
     * releases its region of an attached buffer. (The buffer's lock nests inside this one;
     * no code takes them in the other order.)
     */
    void recycle(UnexpectedMessage m) {
        if (m.pooledData) {
            eagerBuffers.give(m.type, m.data, m.count);
        }
        if (m.arena != null) {
            m.arena.release(m.arenaOffset);
        }
        m.clear();
        if (freeNodeCount < RETAINED_NODES) {
            m.nextArrived = freeNodes;
            freeNodes = m;
            freeNodeCount++;
        }
    }

    void addProber(Thread t) {
        if (proberCount == probers.length) {
            probers = java.util.Arrays.copyOf(probers, proberCount * 2);
        }
        probers[proberCount++] = t;
    }

    void removeProber(Thread t) {
        for (int i = 0; i < proberCount; i++) {
            if (probers[i] == t) {
                probers[i] = probers[--proberCount];
                probers[proberCount] = null;
                return;
            }
        }
    }

    /** Called on every unexpected arrival, under the lock. */
    void arrived() {
        arrivals++;
        for (int i = 0; i < proberCount; i++) {
            LockSupport.unpark(probers[i]);
        }
    }
}
