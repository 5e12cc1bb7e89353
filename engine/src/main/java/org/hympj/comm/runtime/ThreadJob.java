package org.hympj.comm.runtime;

import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hympj.loaders.RankClassLoader;
import org.hympj.loaders.RankThreads;
import org.hympj.loaders.SharedProgramLoader;

/**
 * A job whose ranks are threads of this JVM, each running the program's {@code main} in its
 * own {@link RankClassLoader}, so the program's statics and its {@code mpi} package are per
 * rank. When a rank throws, the job is aborted: every other rank's waiting MPI call fails
 * with an {@code MPIException} naming the failed rank.
 */
public final class ThreadJob {
    /**
     * Packages defined anew in every rank: the {@code mpi} API keeps per-rank statics. Exactly the
     * package {@code mpi}: a program's own {@code mpi.something} package (MPJ Express's test
     * programs live in such) is the program's, loaded from its class path like any other.
     */
    public static final List<String> RANK_LOCAL_PACKAGES = List.of("mpi");

    /**
     * The runtime's own packages: loaded once and shared by every rank, also when the
     * program's jar bundles them. Programs must not live in these packages.
     */
    public static final List<String> SHARED_PACKAGES = List.of(
        "org.hympj.loaders.", "org.hympj.comm.match.", "org.hympj.comm.data.", "org.hympj.comm.runtime.",
        "org.hympj.comm.core.", "org.hympj.comm.coll.", "org.hympj.comm.io.", "org.hympj.comm.events.",
        "org.hympj.comm.rma.", "org.hympj.comm.launch.", "org.hympj.comm.process.", "org.hympj.comm.node.",
        "org.hympj.comm.placement.", "org.hympj.comm.errors.", "org.hympj.comm.protocol.", "org.hympj.comm.profile.",
        "org.hympj.rings.", "org.hympj.shm.", "org.hympj.net.");

    private final Job job;
    private final int firstRank;
    private final RankThreads threads;

    private ThreadJob(Job job, int firstRank, RankThreads threads) {
        this.job = job;
        this.firstRank = firstRank;
        this.threads = threads;
    }

    /** Starts {@code np} ranks running {@code mainClass} found on {@code classpath}. */
    public static ThreadJob start(int np, URL[] classpath, String mainClass, String[] args) {
        Job job = new Job(np);
        return start(job, 0, np, classpath, mainClass, args);
    }

    /**
     * As {@link #start(int, URL[], String, String[])}, with {@code sharedPackages} loaded once
     * for all ranks in addition to those the jars' manifests declare.
     */
    public static ThreadJob start(int np, URL[] classpath, List<String> sharedPackages, String mainClass, String[] args) {
        Job job = new Job(np);
        return start(job, 0, job.size(), classpath, sharedPackages, mainClass, args);
    }

    /**
     * Starts ranks {@code firstRank..size-1} of {@code job} as threads; ranks below are
     * expected to be driven by a host (see {@link Bootstrap#host}).
     */
    public static ThreadJob start(Job job, int firstRank, URL[] classpath, String mainClass, String[] args) {
        return start(job, firstRank, job.size() - firstRank, classpath, mainClass, args);
    }

    /**
     * Starts ranks {@code firstRank .. firstRank + count - 1} of {@code job} as threads. The
     * program packages its jars' manifests or the job's {@link Configuration#SHARED_PACKAGES_PROP}
     * declare shared are loaded once for these ranks ({@link SharedProgramLoader}).
     */
    public static ThreadJob start(Job job, int firstRank, int count, URL[] classpath, String mainClass, String[] args) {
        return start(job, firstRank, count, classpath, SharedProgramLoader.parseList(job.configuration().sharedPackages()),
            mainClass, args);
    }

    private static ThreadJob start(Job job, int firstRank, int count, URL[] classpath, List<String> sharedPackages,
                                   String mainClass, String[] args) {
        job.runs(ProgramCommand.of(mainClass, args));
        ClassLoader runtimeLoader = ThreadJob.class.getClassLoader();
        SharedProgramLoader sharedProgram = SharedProgramLoader.forProgram(classpath, sharedPackages, RANK_LOCAL_PACKAGES,
            SHARED_PACKAGES, runtimeLoader);
        RankThreads threads = RankThreads.start(count,
            i -> new RankClassLoader(firstRank + i, classpath, RANK_LOCAL_PACKAGES, SHARED_PACKAGES, runtimeLoader, sharedProgram,
                job.rank(firstRank + i)),
            mainClass, args,
            (i, cause) -> job.abort(firstRank + i, "rank " + (firstRank + i) + " failed with " + cause));
        return new ThreadJob(job, firstRank, threads);
    }

    public Job job() {
        return job;
    }

    /** What world rank {@code rank} (one of this JVM's) threw, or null. */
    public Throwable failure(int rank) {
        return threads.failure(rank - firstRank);
    }

    /**
     * Waits for every rank. After a failure, the other ranks get {@code graceMillis} to stop
     * (ranks blocked in MPI stop at once; a rank computing outside MPI may not); those still
     * running are interrupted and reported as stuck.
     */
    public JobOutcome await(long graceMillis) throws InterruptedException {
        int n = threads.size();
        while (!threads.awaitAll(50, TimeUnit.MILLISECONDS)) {
            if (job.abortReason() != null) {
                threads.awaitAll(graceMillis, TimeUnit.MILLISECONDS);
                break;
            }
        }
        int offset = firstRank;
        List<Integer> stuck = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (threads.isRunning(i)) {
                stuck.add(offset + i);
            }
        }
        threads.interruptAll();
        int failed = job.firstFailedRank();
        List<Integer> secondary = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (threads.failure(i) != null && offset + i != failed) {
                secondary.add(offset + i);
            }
        }
        Throwable cause = failed >= offset && failed < offset + n ? threads.failure(failed - offset) : null;
        if (failed < 0 && !secondary.isEmpty()) {
            failed = secondary.remove(0);
            cause = threads.failure(failed - offset);
        }
        return new JobOutcome(failed, cause, secondary, stuck, job.exitCode());
    }
}
