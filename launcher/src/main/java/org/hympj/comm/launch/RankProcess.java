package org.hympj.comm.launch;

import java.io.IOException;
import java.io.PrintStream;
import org.hympj.comm.runtime.ClusterLayout;
import org.hympj.comm.runtime.ClusterPath;
import org.hympj.comm.runtime.ProcessLayout;
import org.hympj.comm.process.RingPath;
import org.hympj.comm.runtime.HangReports;
import org.hympj.comm.runtime.Job;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.runtime.ThreadJob;
import org.hympj.comm.launch.warmup.WarmUp;
import org.hympj.comm.profile.JvmRecording;
import org.hympj.net.wireup.JobSecret;
import org.hympj.net.wireup.PeerAddress;
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

    /**
     * Runs this JVM's block of ranks and exits with the job's status.
     *
     * @param args the program's main class and its arguments
     */
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
        int me = options == null ? -1 : options.configuration.jvmIndex();
        String jobId = options == null ? null : options.configuration.jobId();
        if (options == null || me < 0 || jobId == null) {
            err.println("hympjrun: " + RankProcess.class.getName() + " is started by 'hympjrun --jvms M', not by hand");
            return 2;
        }
        if (options.cluster != null) {
            return runOnNode(options, me, JobId.parse(jobId), err);
        }
        ProcessLayout layout = new ProcessLayout(options.np, options.jvms);
        int first = layout.firstRank(me);
        int count = layout.rankCount(me);
        JvmRecording recording = JvmRecording.startIn(options.configuration);
        WarmUp.beforeRanks(options.configuration, true);
        Job job = new Job(options.np, first, count, options.configuration);
        RingPath path;
        try {
            path = ProcessPathSettings.open(job, layout, me, JobId.parse(jobId));
        } catch (RuntimeException e) {
            stop(recording);
            err.println("hympjrun: the JVM of " + layout.describeRanks(me) + " could not join the job: " + e.getMessage());
            return 1;
        }
        job.connect(path);
        // This JVM exits once its ranks have ended and the path is closed.
        path.leaveMappingsToTheJvmsExit();
        long launcherPid = options.configuration.launcherPid();
        ProcessPathSettings.startProgressAgent(job, path, launcherPid == 0 ? null : ProcessHandle.of(launcherPid).orElse(null));
        // An idle JVM asks the launcher, which asks every JVM of the job: the report names all ranks.
        // The launcher answers the requests of the job's idle JVMs, which come together, with one report.
        return runRanks(options, recording, job, first, count, "the JVM of " + layout.describeRanks(me), path::finish, path::close, err,
            w -> {
                if (launcherPid == 0 || !HangReports.request(launcherPid)) {
                    w.printTo(System.err);
                }
            });
    }

    /**
     * Runs this JVM's ranks and ends its part of the job: the goodbye ({@code finish}) when
     * they all ended normally, else a report and {@code close}. Returns the exit status.
     */
    private static int runRanks(LaunchOptions options, JvmRecording recording, Job job, int first, int count, String name,
                                java.util.function.LongConsumer finish, Runnable close, PrintStream err,
                                java.util.function.Consumer<HangReports.Watch> onIdle) {
        try {
            ThreadJob threads = ThreadJob.start(job, first, count, options.classpathUrls(), options.mainClass, options.programArgs);
            JobOutcome outcome;
            try (recording; HangReports.Watch hangs = HangReports.watch(job, options.hangReportSeconds, onIdle)) {
                outcome = threads.await(Hympjrun.GRACE_MILLIS);
            }
            if (outcome.succeeded()) {
                finish.accept(Hympjrun.GRACE_MILLIS);
                return 0;
            }
            if (job.isLocal(outcome.failedRank()) && outcome.cause() != null) {
                Hympjrun.report(outcome, options.np, err);
            } else {
                err.println("hympjrun: " + name + " stopped: " + job.abortReason());
                for (int rank : outcome.secondaryFailures()) {
                    err.println("hympjrun:   rank " + rank + ": " + threads.failure(rank));
                }
            }
            close.run();
            return outcome.exitCode();
        } catch (InterruptedException e) {
            job.abort(-1, name + " was interrupted");
            close.run();
            return 1;
        }
    }

    /**
     * A JVM of a job across nodes, started by hympjrun through the remote shell: the secret
     * comes first on standard input, JVM 0 announces the rendezvous on standard output, the
     * others get it as {@code hympj.rendezvous}; {@code hympj.node.index} names the node.
     */
    private static int runOnNode(LaunchOptions options, int localJvm, JobId jobId, PrintStream err) {
        ClusterLayout layout = options.clusterLayout();
        int node = options.configuration.nodeIndex();
        if (node < 0 || node >= layout.nodeCount() || localJvm >= layout.node(node).jvms()) {
            err.println("hympjrun: node " + node + ", JVM " + localJvm + " is not in this job's layout");
            return 2;
        }
        int me = layout.jvm(node, localJvm);
        String name = "the JVM of " + layout.describeJvm(me);
        JvmRecording recording = JvmRecording.startIn(options.configuration);
        WarmUp.beforeRanks(options.configuration, layout.node(node).jvms() > 1);
        Job job = new Job(layout.size(), layout.firstRank(me), layout.rankCount(me), options.configuration);
        ClusterPath path;
        try {
            JobSecret secret = ClusterMember.readSecret(System.in);
            ClusterMember.watchLauncher(System.in, job);
            String rendezvous = options.configuration.rendezvous();
            path = ClusterMember.join(job, layout, node, localJvm, jobId, secret, options.cluster.netAddress(), a -> {
                System.out.println(ClusterMember.RENDEZVOUS_LINE + a);
                System.out.flush();
            }, me == 0 ? null : PeerAddress.parse(rendezvous), err);
        } catch (IOException | RuntimeException e) {
            stop(recording);
            err.println("hympjrun: " + name + " could not join the job: " + e.getMessage());
            return 1;
        }
        return runRanks(options, recording, job, layout.firstRank(me), layout.rankCount(me), name, path::finish, path::close, err,
            w -> w.printTo(System.err));
    }

    /** Stops {@code recording} (null: none) of a JVM that could not join its job, which writes what it holds. */
    private static void stop(JvmRecording recording) {
        if (recording != null) {
            recording.close();
        }
    }
}
