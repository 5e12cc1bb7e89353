package org.hympj.comm.runtime;

import java.util.concurrent.atomic.AtomicReference;
import org.hympj.comm.match.MatchingEngine;

/**
 * The ranks of one job that live in this JVM: their matching engines, the job's tuning
 * (eager limit, spin and yield budgets) and its abort state.
 *
 * <p>Thread support is {@code THREAD_MULTIPLE} because every engine entry point may be
 * called from any thread at any time: matching state is only touched under its context's
 * lock, and an operation is waited on only by the thread that owns it.
 */
public final class Job {
    /** MPI.THREAD_MULTIPLE; see the class comment for why it holds. */
    public static final int THREAD_SUPPORT = 3;

    /** Bytes above which an unexpected message waits for its receive instead of being copied. */
    public static final int DEFAULT_EAGER_LIMIT = 16 * 1024;

    private final MatchingEngine[] engines;
    private final RankRuntime[] ranks;
    private final int spins;
    private final int yields;
    private final AtomicReference<String> abortReason = new AtomicReference<>();
    private volatile int firstFailedRank = -1;
    private volatile int exitCode = 1;

    public Job(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a job needs at least one rank, not " + size);
        }
        int eagerLimit = Integer.getInteger("hympj.eager.limit", DEFAULT_EAGER_LIMIT);
        boolean oversubscribed = size > Runtime.getRuntime().availableProcessors();
        this.spins = Integer.getInteger("hympj.wait.spins", oversubscribed ? 100 : 20_000);
        this.yields = Integer.getInteger("hympj.wait.yields", oversubscribed ? 10 : 100);
        this.engines = new MatchingEngine[size];
        this.ranks = new RankRuntime[size];
        for (int r = 0; r < size; r++) {
            engines[r] = new MatchingEngine(this, eagerLimit);
            ranks[r] = new RankRuntime(this, r);
        }
    }

    public int size() {
        return engines.length;
    }

    public MatchingEngine engine(int worldRank) {
        return engines[worldRank];
    }

    public RankRuntime rank(int worldRank) {
        return ranks[worldRank];
    }

    /** Busy-wait iterations before a waiting thread starts to yield. */
    public int spins() {
        return spins;
    }

    /** Yields before a waiting thread parks. */
    public int yields() {
        return yields;
    }

    /**
     * Aborts the job because {@code rank} failed (or -1 for a reason outside any rank). Only
     * the first abort counts; every waiting thread of the job stops with that reason.
     */
    public void abort(int rank, String reason) {
        if (abortReason.compareAndSet(null, reason)) {
            firstFailedRank = rank;
        }
    }

    /** Aborts the job as {@code MPI.Abort} does: the launcher exits with {@code code}. */
    public void abortWithCode(int rank, int code, String reason) {
        if (abortReason.compareAndSet(null, reason)) {
            firstFailedRank = rank;
            exitCode = code;
        }
    }

    /** The exit status a failed job ends with: 1, or the code given to {@code MPI.Abort}. */
    public int exitCode() {
        return exitCode;
    }

    /** Why the job was aborted, or null while it runs. */
    public String abortReason() {
        return abortReason.get();
    }

    /** The rank whose failure aborted the job, or -1. */
    public int firstFailedRank() {
        return firstFailedRank;
    }
}
