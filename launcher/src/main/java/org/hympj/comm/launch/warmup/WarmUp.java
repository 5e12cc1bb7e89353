package org.hympj.comm.launch.warmup;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hympj.comm.process.RingPath;
import org.hympj.comm.runtime.Configuration;
import org.hympj.comm.runtime.Job;
import org.hympj.comm.runtime.ProcessLayout;
import org.hympj.comm.runtime.RankRuntime;
import org.hympj.shm.JobDirectory;
import org.hympj.shm.JobId;
import org.hympj.shm.SharedMemoryException;

/**
 * Exercises the runtime's message paths in this JVM before a job's ranks start, so that the
 * JIT compiles them before the program's first calls rather than during them: two private
 * ranks ({@link WarmUpRank}) make a program's small calls through the engine's own code (a
 * communicator's blocking send and receive, and the collectives), first as two thread ranks
 * of one private {@link Job} (the inbox path), then, for a JVM that shares a job with other
 * JVMs, as the ranks of two private jobs joined by a private {@link RingPath} (the rings
 * between JVMs), each for at most its share of the budget.
 * Every class on those paths is loaded once per JVM and shared by all ranks, so the compiled
 * code serves every rank of the job.
 *
 * <p>Invariant: the warm-up reaches nothing of the job it precedes. Its ranks are those of
 * jobs of its own, with engines of their own, and its rings are in a directory of a fresh
 * random {@link JobId}; when it returns, its threads have ended and its segments and
 * directory are removed. It is an optimisation only: if it fails (no shared-memory directory,
 * say), the job starts as it would without it.
 *
 * <p>On by default; {@code hympj.warmup=false} turns it off and {@code hympj.warmup.millis}
 * sets its budget, which bounds the start-up time it costs (both in {@link Configuration}).
 */
public final class WarmUp {
    /** Rounds after which a path counts as warm even within its budget. */
    static final int MAX_ROUNDS = 60_000;
    /**
     * How long the warm-up may outlive its budget before it is stopped: its last round, and
     * the wait of one side of the ring path for the other's segment.
     */
    static final long OVERRUN_MILLIS = 2_000;
    private static final long PROGRESS_PARK_MICROS = 200;
    private static final int RING_BYTES = 64 << 10;
    private static final int FRAGMENT_BYTES = 4096;

    private WarmUp() {
    }

    /**
     * Warms the inbox path and, if {@code otherJvms} (this JVM's ranks exchange messages with
     * ranks of other JVMs), the ring path, within the configured budget.
     *
     * @param configuration the job's configuration, which gives the budget
     * @param otherJvms whether this JVM's ranks exchange messages with ranks of other JVMs
     */
    public static void beforeRanks(Configuration configuration, boolean otherJvms) {
        long budget = configuration.warmupMillis();
        if (budget == 0) {
            return;
        }
        long share = otherJvms ? budget / 2 : budget;
        threadPath(configuration, share);
        if (otherJvms) {
            ringPath(configuration, budget - share);
        }
    }

    /**
     * Two ranks of one private job: messages go through the receiver's inbox and engine.
     * True if both ranks made all their rounds.
     */
    static boolean threadPath(Configuration configuration, long millis) {
        Job job = new Job(2, 0, 2, configuration);
        long deadline = System.nanoTime() + millis * 1_000_000;
        return run(deadline, new Job[] {job}, new ArrayList<>(), () -> new WarmUpRank(job.rank(0), 1, deadline),
            () -> new WarmUpRank(job.rank(1), 0, deadline));
    }

    /**
     * Two private jobs of two ranks, one local rank each, joined by a private ring path as two
     * JVMs would be: each side opens its own segment and waits for the other's, so they open
     * in their ranks' threads. True if both ranks made all their rounds.
     */
    static boolean ringPath(Configuration configuration, long millis) {
        JobId id = JobId.random();
        ProcessLayout layout = new ProcessLayout(2, 2);
        long deadline = System.nanoTime() + millis * 1_000_000;
        Job first = new Job(2, 0, 1, configuration);
        Job second = new Job(2, 1, 1, configuration);
        Job[] jobs = {first, second};
        List<Thread> sides = new ArrayList<>();
        // The job's launcher does not know this directory, and a segment whose creator died
        // before writing its header is one no sweep can prove dead: so a JVM that exits during
        // the warm-up (a SIGTERM to a job's JVMs, say) stops its sides, waits for them, and
        // removes the directory. The hook comes first, so that no moment exists in which the
        // directory is there and an exit would leave it.
        Thread removal = new Thread(() -> {
            stop(jobs, sides, "its JVM is exiting");
            removeDirectory(id);
        }, "hympj-warmup-exit");
        Runtime.getRuntime().addShutdownHook(removal);
        JobDirectory directory = null;
        try {
            try {
                directory = JobDirectory.create(id);
            } catch (SharedMemoryException unavailable) {
                return false;
            }
            return run(deadline, jobs, sides, () -> new WarmUpRank(connect(first, layout, 0, id), 1, deadline),
                () -> new WarmUpRank(connect(second, layout, 1, id), 0, deadline));
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(removal);
            } catch (IllegalStateException exiting) {
                // the hook removes the directory
            }
            if (directory != null) {
                directory.removeAll();
            }
        }
    }

    /** Aborts the jobs and waits (bounded) for the sides started so far; none starts after this. */
    private static void stop(Job[] jobs, List<Thread> sides, String reason) {
        List<Thread> started;
        synchronized (sides) {
            abort(jobs, reason);
            started = List.copyOf(sides);
        }
        for (Thread side : started) {
            try {
                side.join(2 * OVERRUN_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * Removes the warm-up's directory and its segments, for a JVM that exits during the
     * warm-up. It works on paths, without following a link, because a {@link JobDirectory}
     * cannot be opened once the JVM's shutdown has begun; and it goes on until the directory has
     * stayed gone for a while (at most a second), because the JVM's other threads run on while
     * it exits, and the warm-up's may be between making the directory and giving up.
     */
    private static void removeDirectory(JobId id) {
        Path dir = JobDirectory.baseDirectory().resolve(JobDirectory.PREFIX + id);
        long deadline = System.nanoTime() + 1_000_000_000L;
        int goneChecks = 0;
        while (goneChecks < 3 && System.nanoTime() < deadline) {
            if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                goneChecks = 0;
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                    for (Path entry : entries) {
                        if (Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                            Files.deleteIfExists(entry);
                        }
                    }
                    Files.deleteIfExists(dir);
                } catch (IOException | SecurityException e) {
                    // made again or in use meanwhile: the next pass tries again
                }
            } else {
                goneChecks++;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static RankRuntime connect(Job job, ProcessLayout layout, int jvm, JobId id) {
        RingPath path = RingPath.open(job, layout, jvm, id, RING_BYTES, FRAGMENT_BYTES, OVERRUN_MILLIS);
        job.connect(path);
        // Waiting threads that park leave the draining to the agent, as in a job's JVMs.
        path.startProgressAgent(PROGRESS_PARK_MICROS, null);
        return job.rank(jvm);
    }

    /** A warm-up rank, made in the thread that runs it. */
    private interface RankFactory {
        WarmUpRank make();
    }

    /**
     * Runs the two ranks, each in a thread of its own, and ends their jobs' paths. A failure
     * of either, or the two outliving the budget by {@link #OVERRUN_MILLIS}, aborts the jobs,
     * so that a wait of theirs stops and the warm-up never holds the job up for longer.
     * True if neither failed nor was stopped.
     */
    private static boolean run(long deadlineNanos, Job[] jobs, List<Thread> started, RankFactory a, RankFactory b) {
        Thread[] sides;
        synchronized (started) {
            if (jobs[0].abortReason() != null) {
                return false; // stopped before it began: the JVM is exiting
            }
            sides = new Thread[] {side(a, jobs, "hympj-warmup-0"), side(b, jobs, "hympj-warmup-1")};
            started.addAll(List.of(sides));
        }
        boolean interrupted = false;
        try {
            for (Thread side : sides) {
                long left = (deadlineNanos - System.nanoTime()) / 1_000_000 + OVERRUN_MILLIS;
                side.join(Math.max(1, left));
            }
        } catch (InterruptedException e) {
            interrupted = true;
        }
        if (sides[0].isAlive() || sides[1].isAlive()) {
            abort(jobs, interrupted ? "its launcher was interrupted" : "it outlived its budget");
        }
        // The rings are closed only once no thread of the warm-up can touch them; aborted, they stop within a park's backstop.
        for (Thread side : sides) {
            while (side.isAlive()) {
                try {
                    side.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        for (Job job : jobs) {
            if (job.remote() instanceof RingPath) {
                ((RingPath) job.remote()).close();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return jobs[0].abortReason() == null;
    }

    private static Thread side(RankFactory factory, Job[] jobs, String name) {
        Thread t = new Thread(() -> {
            try {
                factory.make().run();
            } catch (RuntimeException | Error e) {
                abort(jobs, "it failed: " + e);
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void abort(Job[] jobs, String reason) {
        for (Job job : jobs) {
            job.abort(-1, "the warm-up stopped: " + reason);
        }
    }
}
