package org.hympj.nested;

/** A team thread threw inside a parallel region; the original throwable is the cause. */
public class TeamException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int thread;

    TeamException(int thread, Throwable cause) {
        super("team thread " + thread + " failed in a parallel region: " + cause, cause);
        this.thread = thread;
    }

    /** The team thread (0 is the caller) whose throwable ended the region. */
    public int thread() {
        return thread;
    }
}
