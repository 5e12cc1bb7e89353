package org.hympj.loaders;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

/**
 * Runs the entry point of a program once per rank, each rank in its own thread and
 * its own {@link RankClassLoader}, and reports each rank's outcome.
 *
 * <p>Invariant: every rank ends in exactly one outcome, success or a failure cause, and
 * {@link FailureListener#rankFailed} is called once per failed rank, from that rank's
 * thread, before the rank counts as finished.
 */
public final class RankThreads {
    /** Told of each rank whose main threw; the runtime uses it to abort the other ranks. */
    @FunctionalInterface
    public interface FailureListener {
        void rankFailed(int rank, Throwable cause);
    }

    private final Thread[] threads;
    private final AtomicReferenceArray<Throwable> failures;
    private final CountDownLatch finished;
    /** 1 once a rank's main has returned or thrown; set before the latch counts it. */
    private final AtomicIntegerArray done;

    private RankThreads(int ranks) {
        this.threads = new Thread[ranks];
        this.failures = new AtomicReferenceArray<>(ranks);
        this.finished = new CountDownLatch(ranks);
        this.done = new AtomicIntegerArray(ranks);
    }

    /**
     * Starts one thread per rank that loads {@code mainClass} through that rank's loader and
     * runs its entry point ({@link ProgramEntry}: the main that {@code java} would run) with a
     * copy of {@code args}.
     *
     * <p>Rank threads are daemons: a rank stuck outside the runtime cannot keep the JVM
     * alive after the launcher has given up on it.
     */
    public static RankThreads start(int ranks, IntFunction<RankClassLoader> loaders, String mainClass,
                                    String[] args, FailureListener listener) {
        RankThreads job = new RankThreads(ranks);
        for (int r = 0; r < ranks; r++) {
            RankClassLoader loader = loaders.apply(r);
            int rank = r;
            Thread t = new Thread(() -> job.runRank(rank, loader, mainClass, args, listener), "hympj-rank-" + loader.rank());
            t.setDaemon(true);
            t.setContextClassLoader(loader);
            job.threads[r] = t;
        }
        for (Thread t : job.threads) {
            t.start();
        }
        return job;
    }

    private void runRank(int rank, ClassLoader loader, String mainClass, String[] args, FailureListener listener) {
        try {
            ProgramEntry.of(Class.forName(mainClass, false, loader)).run(args.clone());
        } catch (Throwable t) {
            fail(rank, t, listener);
        } finally {
            done.set(rank, 1);
            finished.countDown();
        }
    }

    private void fail(int rank, Throwable cause, FailureListener listener) {
        failures.set(rank, cause);
        try {
            listener.rankFailed(rank, cause);
        } catch (Throwable ignored) {
            // The listener's own failure must not hide the rank's: the cause is recorded above.
        }
    }

    public int size() {
        return threads.length;
    }

    /** Waits until every rank has finished or the timeout passes; true if all finished. */
    public boolean awaitAll(long timeout, TimeUnit unit) throws InterruptedException {
        return finished.await(timeout, unit);
    }

    /** Waits until every rank has finished. */
    public void awaitAll() throws InterruptedException {
        finished.await();
    }

    /** Interrupts every rank thread still running; used when a job is being torn down. */
    public void interruptAll() {
        for (int r = 0; r < threads.length; r++) {
            if (isRunning(r)) {
                threads[r].interrupt();
            }
        }
    }

    /** True while the rank's main has neither returned nor thrown. */
    public boolean isRunning(int rank) {
        return done.get(rank) == 0;
    }

    /** The throwable that ended {@code rank}'s main, or null if it returned normally or still runs. */
    public Throwable failure(int rank) {
        return failures.get(rank);
    }
}
