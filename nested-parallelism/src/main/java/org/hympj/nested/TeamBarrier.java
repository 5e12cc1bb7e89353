package org.hympj.nested;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A sense-reversing barrier for the threads of one team: each arrival decrements a count; the
 * last one resets it, runs the barrier action, and flips the shared sense, which releases
 * the others (spinning, then yielding, then parked and unparked by the last arrival).
 *
 * <p>Invariant: between regions every context's sense equals the shared sense and the count
 * is the team's size; {@link #reset} restores it at the start of each region, also after a
 * region that failed half-way through a barrier.
 */
final class TeamBarrier {
    private final Team team;
    private final AtomicInteger remaining;
    private volatile int sense;

    TeamBarrier(Team team) {
        this.team = team;
        this.remaining = new AtomicInteger(team.size());
    }

    int sense() {
        return sense;
    }

    /** Only while no region runs. */
    void reset() {
        remaining.set(team.size());
        sense = 0;
    }

    void await(TeamContext me, LoopCounter resetOnRelease) {
        int target = me.barrierSense ^ 1;
        me.barrierSense = target;
        if (remaining.decrementAndGet() == 0) {
            remaining.set(team.size());
            if (resetOnRelease != null) {
                resetOnRelease.reset();
            }
            sense = target;
            team.unparkAll();
            return;
        }
        if (TeamEvents.on()) {
            TeamEvents.BarrierWait event = new TeamEvents.BarrierWait();
            event.begin();
            team.waitFor(me, Team.BARRIER_SENSE, target);
            event.thread = me.threadId();
            event.commit();
            return;
        }
        team.waitFor(me, Team.BARRIER_SENSE, target);
    }
}
