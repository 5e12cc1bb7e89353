package org.hympj.comm.launch;

import java.io.PrintStream;
import org.hympj.comm.process.ProcessLayout;
import org.hympj.comm.process.RingPath;
import org.hympj.comm.runtime.Job;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.runtime.ThreadJob;
import org.hympj.shm.JobId;

/**
 * The main class of each JVM that {@code hympjrun --jvms M} starts: it joins the job's
 * process path (creates its segment, maps the others'), runs its block of ranks as threads,
 * and ends with the goodbye (finished) or an abort that the other JVMs see. Its exit status
 * is the job's: 0, 1 for a failed rank, or the code given to {@code MPI.Abort}.
 *
 * <p>The launcher passes the job as system properties: {@code hympj.job.id},
 * {@code hympj.jvm.index} and {@code hympj.launcher.pid}; the command line is the job's own.
 */
public final class RankProcess {
    private RankProcess() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.err));
    }

    static int run(String[] args, PrintStream err) {
        LaunchOptions options;
        try {
            options = LaunchOptions.parse(args);
        } catch (LaunchOptions.UsageException e) {
            err.println("hympjrun: " + e.getMessage());
            return 2;
        }
        int me = Integer.getInteger("hympj.jvm.index", -1);
        String jobId = System.getProperty("hympj.job.id");
        if (options == null || me < 0 || jobId == null) {
            err.println("hympjrun: " + RankProcess.class.getName() + " is started by 'hympjrun --jvms M', not by hand");
            return 2;
        }
        ProcessLayout layout = new ProcessLayout(options.np, options.jvms);
        int first = layout.firstRank(me);
        int count = layout.rankCount(me);
        Job job = new Job(options.np, first, count);
        RingPath path;
        try {
            path = ProcessPathSettings.open(job, layout, me, JobId.parse(jobId));
        } catch (RuntimeException e) {
            err.println("hympjrun: the JVM of " + layout.describeRanks(me) + " could not join the job: " + e.getMessage());
            return 1;
        }
        job.connect(path);
        Long launcherPid = Long.getLong("hympj.launcher.pid");
        path.startProgressAgent(ProcessPathSettings.parkMicros(),
            launcherPid == null ? null : ProcessHandle.of(launcherPid).orElse(null));
        try {
            ThreadJob threads = ThreadJob.start(job, first, count, options.classpathUrls(), options.mainClass, options.programArgs);
            JobOutcome outcome = threads.await(Hympjrun.GRACE_MILLIS);
            if (outcome.succeeded()) {
                path.finish(Hympjrun.GRACE_MILLIS);
                return 0;
            }
            if (job.isLocal(outcome.failedRank()) && outcome.cause() != null) {
                Hympjrun.report(outcome, options.np, err);
            } else {
                err.println("hympjrun: the JVM of " + layout.describeRanks(me) + " stopped: " + job.abortReason());
                for (int rank : outcome.secondaryFailures()) {
                    err.println("hympjrun:   rank " + rank + ": " + threads.failure(rank));
                }
            }
            path.close();
            return outcome.exitCode();
        } catch (InterruptedException e) {
            path.close();
            return 1;
        }
    }
}
