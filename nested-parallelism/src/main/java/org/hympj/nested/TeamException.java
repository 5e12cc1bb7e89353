package org.hympj.nested;

/** A team thread threw inside a parallel region; the original throwable is the cause. */
public class TeamException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The team thread whose throwable ended the region. */
    private final int thread;

    TeamException(int thread, Throwable cause) {
        super("team thread " + thread + " failed in a parallel region: " + cause, cause);
        this.thread = thread;
    }

    /**
     * The team thread whose throwable ended the region.
     *
     * @return the thread's index in the team, 0 for the thread that started the region
     */
    public int thread() {
        return thread;
    }
}
