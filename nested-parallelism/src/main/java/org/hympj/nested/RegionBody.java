package org.hympj.nested;

/** The body of a parallel region: run once by every thread of the team, each with its own context. */
@FunctionalInterface
public interface RegionBody {
    void run(TeamContext context);
}
