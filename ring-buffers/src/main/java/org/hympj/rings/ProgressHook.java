package org.hympj.rings;

/**
 * What a writer does while the ring it writes to is full: typically drain its own inbound
 * ring. Two processes that fill each other's rings then still make progress, so large
 * messages sent both ways at once cannot deadlock.
 */
@FunctionalInterface
public interface ProgressHook {
    /** Does a bounded amount of work and returns how much (0 if there was none). */
    int doWork();

    /**
     * The ring, full at the last {@link #doWork}, had room at last: the writer's record is
     * claimed. Called once after each wait, never when the ring had room at once, so a hook
     * that follows waits costs writers nothing while rings have room.
     */
    default void roomFound() {
    }

    ProgressHook NONE = () -> 0;
}
