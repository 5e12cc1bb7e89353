package org.hympj.comm.process;

import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * The one background thread of a JVM on the process path. Rank threads drain the rings
 * themselves while they wait (see {@code Waiting}); this thread covers the rest: messages
 * that arrive while every rank computes or is parked, and, every {@link #WATCH_PERIOD_MILLIS},
 * the heartbeat and the watch over the other processes (see {@link RingPath#watchPeers}).
 * When there is nothing to do it backs off to parks of at most the configured length, which
 * bounds both its cost on a busy node and the delay it adds for a parked receiver.
 */
final class ProgressAgent extends Thread {
    static final long WATCH_PERIOD_MILLIS = 100;

    private final RingPath path;
    private final IdleStrategy idle;
    private final long livenessTimeoutMillis;
    private volatile boolean running = true;

    ProgressAgent(RingPath path, String name, long parkMicros) {
        super(name);
        setDaemon(true);
        this.path = path;
        this.idle = new BackoffIdleStrategy(10, 5, TimeUnit.MICROSECONDS.toNanos(Math.min(10, parkMicros)),
            TimeUnit.MICROSECONDS.toNanos(parkMicros));
        this.livenessTimeoutMillis = Long.getLong("hympj.liveness.timeout.seconds", 30) * 1000;
    }

    @Override
    public void run() {
        long nextWatch = 0;
        while (running) {
            int work = path.progress();
            long now = System.nanoTime();
            if (now - nextWatch >= 0) {
                path.watchPeers(livenessTimeoutMillis);
                nextWatch = now + TimeUnit.MILLISECONDS.toNanos(WATCH_PERIOD_MILLIS);
            }
            idle.idle(work);
        }
    }

    void stopAndJoin() {
        running = false;
        try {
            join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
