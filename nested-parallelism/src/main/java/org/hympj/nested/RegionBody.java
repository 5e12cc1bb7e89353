package org.hympj.nested;

/** The body of a parallel region: run once by every thread of the team, each with its own context. */
@FunctionalInterface
public interface RegionBody {
    /**
     * Runs the region on one thread of the team.
     *
     * @param context the calling thread's place in the team
     */
    void run(TeamContext context);
}
