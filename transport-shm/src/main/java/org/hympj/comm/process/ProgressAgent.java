package org.hympj.comm.process;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * The one background thread of a JVM on the process path. Rank threads drain the rings
 * themselves while they wait (see {@code Waiting}); this thread covers the rest: messages
 * that arrive while every rank computes or is parked, and, every {@link #WATCH_PERIOD_MILLIS},
 * the heartbeat and the watch over the other processes (see {@link RingPath#watchPeers}).
 * When there is nothing to do it backs off to parks of at most the configured length, which
 * bounds both its cost on a busy node and the delay it adds for a parked receiver. While rank
 * threads poll the rings themselves it stays out of their way, parked until the next watch
 * (on a node with as many busy threads as cores, each wake-up of this thread would take a
 * core from a rank); a rank thread that is about to park unparks it first
 * ({@link RingPath#waiterParking}), so a parked receiver never depends on a parked agent.
 *
 * <p>When no rank polls and none is parked, every rank is computing: what arrives now waits
 * for no one but its sender, whose ring may be full. After {@link #QUIET_AFTER_NANOS} without
 * work in that state the agent's first park is {@link #QUIET_PARK_FACTOR} times its longest
 * (2 ms with the default 200 us park) and each further one twice the one before, up to
 * {@link #QUIET_PARK_MAX_NANOS}, so that its wake-ups do not take cores from computing ranks
 * (docs/decisions/progress-agent.md). A sender that filled the ring meanwhile waits at most
 * one park once, since work found ends the quiet state; a rank that parks ends it at once.
 */
final class ProgressAgent extends Thread {
    static final long WATCH_PERIOD_MILLIS = 100;
    /** After a wake-up by a parking rank, the agent drains for at least this long. */
    static final long SERVE_AFTER_WAKE_NANOS = 2_000_000;
    /** Without work for this long, and with no rank polling or parked, the agent goes quiet. */
    static final long QUIET_AFTER_NANOS = 20_000_000;
    /** A quiet agent's first park is this many times its configured longest park. */
    static final int QUIET_PARK_FACTOR = 10;
    /** Each further quiet park is twice the one before, up to this (or the first, if longer). */
    static final long QUIET_PARK_MAX_NANOS = 20_000_000;

    private final RingPath path;
    private final IdleStrategy idle;
    private final long livenessTimeoutMillis;
    private final long quietParkNanos;
    private final long quietParkMaxNanos;
    private volatile boolean running = true;
    private volatile boolean wakeRequested;

    ProgressAgent(RingPath path, String name, long parkMicros, long livenessTimeoutMillis) {
        super(name);
        setDaemon(true);
        this.path = path;
        this.idle = new BackoffIdleStrategy(10, 5, TimeUnit.MICROSECONDS.toNanos(Math.min(10, parkMicros)),
            TimeUnit.MICROSECONDS.toNanos(parkMicros));
        this.livenessTimeoutMillis = livenessTimeoutMillis;
        this.quietParkNanos = TimeUnit.MICROSECONDS.toNanos(parkMicros) * QUIET_PARK_FACTOR;
        this.quietParkMaxNanos = Math.max(QUIET_PARK_MAX_NANOS, quietParkNanos);
    }

    /**
     * Runs until stopped. If draining or watching throws (a record this JVM cannot read: a
     * corrupt ring, or a job whose processes disagree), the job is aborted with that reason at
     * once; a dead agent would otherwise leave parked ranks waiting for messages no one drains,
     * and the other processes waiting for a heartbeat that no longer comes.
     */
    @Override
    public void run() {
        try {
            serve();
        } catch (RuntimeException | Error e) {
            path.agentFailed(e);
        }
    }

    private void serve() {
        long nextWatch = 0;
        long servingUntil = 0;
        int pollsSeen = path.foreignPolls();
        long lastWork = System.nanoTime();
        long quietPark = quietParkNanos;
        while (running) {
            long now = System.nanoTime();
            if (now - nextWatch >= 0) {
                path.watchPeers(livenessTimeoutMillis);
                nextWatch = now + TimeUnit.MILLISECONDS.toNanos(WATCH_PERIOD_MILLIS);
            }
            if (wakeRequested) {
                // A rank is parking. Its last drain may be one this loop has not seen yet, so
                // "ranks are draining" is no reason to sleep for a while: drain for it.
                wakeRequested = false;
                servingUntil = now + SERVE_AFTER_WAKE_NANOS;
            }
            int polls = path.foreignPolls();
            if (polls != pollsSeen && now - servingUntil > 0) {
                pollsSeen = polls;
                idle.reset();
                quietPark = quietParkNanos;
                LockSupport.parkNanos(Math.max(0, nextWatch - now));
                continue;
            }
            pollsSeen = polls;
            int work = path.progress();
            if (work > 0) {
                lastWork = now;
            } else if (now - lastWork > QUIET_AFTER_NANOS && now - servingUntil > 0 && !path.hasParkedWaiters()) {
                idle.reset();
                LockSupport.parkNanos(Math.min(quietPark, Math.max(0, nextWatch - now)));
                quietPark = Math.min(quietParkMaxNanos, quietPark * 2);
                continue;
            }
            // Not quiet (work found, or a rank parked or served): the next quiet spell starts short.
            quietPark = quietParkNanos;
            idle.idle(work);
        }
    }

    /** A rank thread is about to park: drain for it now. */
    void wake() {
        wakeRequested = true;
        LockSupport.unpark(this);
    }

    /** Stops the agent, waking it from a park (up to a watch period long), and waits for it to end. */
    void stopAndJoin() {
        running = false;
        LockSupport.unpark(this);
        try {
            join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
