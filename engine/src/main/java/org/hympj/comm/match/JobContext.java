package org.hympj.comm.match;

/**
 * What a rank's matching engine asks of the job it belongs to: the wait budgets, the drain of
 * what other processes sent, the acknowledgement of a synchronous send from another process,
 * and whether the job was aborted. The engine sees the job only through this, so the package
 * that assembles jobs ({@code org.hympj.comm.runtime}) may use the engine without the engine
 * using it back.
 */
public interface JobContext {
    /**
     * Drains what other processes of this node sent, if no other thread is at it; returns the
     * work done.
     */
    int progressOwnNode();

    /**
     * Reads what other nodes sent, if no other thread is at it; returns the work done. Each
     * call may cost a system call per connection, so a waiting thread calls it less often
     * than {@link #progressOwnNode}.
     */
    int progressOtherNodes();

    /** Drains and reads both, as they do, but waits for a thread already at it. */
    int progressAll();

    /** Called by a waiting thread just before it parks, so that someone drains for it. */
    void beforePark();

    /** Called by a thread that {@link #beforePark} announced, once it is awake again. */
    void afterPark();

    /** A receive here matched a synchronous send from another process. */
    void acknowledgeRemote(long syncToken);

    /** Busy-wait iterations before a waiting thread starts to yield. */
    int spins();

    /** Yields before a waiting thread parks. */
    int yields();

    /** Why the job was aborted, or null while it runs. */
    String abortReason();
}
