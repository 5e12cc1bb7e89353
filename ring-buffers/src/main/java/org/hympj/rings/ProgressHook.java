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

    ProgressHook NONE = () -> 0;
}
