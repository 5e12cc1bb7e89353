package org.hympj.comm.runtime;

import org.hympj.comm.match.SendOperation;

/**
 * The way to ranks that live in other processes of this node (and, later, other nodes), as
 * the ranks of this JVM see it. A job whose ranks all live here has none.
 */
public interface RemotePath {
    /**
     * Carries {@code send} to world rank {@code destWorldRank}, which lives in another
     * process. The send completes once its payload has left the caller's memory (for a
     * synchronous send: once the receiver has matched it), or fails with an error class.
     */
    void send(int destWorldRank, SendOperation send);

    /**
     * The JVM that world rank {@code worldRank} runs in, numbered across the whole job: ranks
     * with the same number share a heap. Node-aware collectives group ranks by it.
     */
    int jvmOf(int worldRank);

    /** The node that world rank {@code worldRank} runs on: ranks with the same number share memory. */
    int nodeOf(int worldRank);

    /** Reads what has arrived for this JVM's ranks, if no other thread is doing so; returns the work done. */
    int progress();

    /** As {@link #progress}, but only what this node's other processes sent. */
    default int progressOwnNode() {
        return progress();
    }

    /** As {@link #progress}, but only what other nodes sent: 0 for a path within one node. */
    default int progressOtherNodes() {
        return 0;
    }

    /**
     * Reads what has arrived for this JVM's ranks, waiting for a thread already at it to
     * finish first: every message written to this JVM before the call has reached its
     * rank's matching engine when it returns. For probes, whose answer must not depend on
     * whether another thread happened to be draining.
     */
    int progressAll();

    /**
     * A thread of this JVM is about to park waiting for a message: someone else must drain
     * for it now, and until it calls {@link #waiterAwake}.
     */
    void waiterParking();

    /** A thread that called {@link #waiterParking} is awake again and drains for itself. */
    void waiterAwake();

    /** Tells the sender of a synchronous message, by its token, that a receive has matched it. */
    void acknowledge(long syncToken);

    /** Tells every other process of the job that it is aborted, by {@code rank}, with this exit code and reason. */
    void publishAbort(int rank, int exitCode, String reason);

    /**
     * The goodbye of a process whose ranks all ended normally: returns once the other processes
     * have had this one's last messages, or after {@code timeoutMillis}.
     */
    void finish(long timeoutMillis);

    /** Releases what the path holds (segments, connections, threads). */
    void close();
}
