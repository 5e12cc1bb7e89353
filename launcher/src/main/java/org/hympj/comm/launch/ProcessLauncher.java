package org.hympj.comm.launch;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hympj.comm.runtime.ProcessLayout;
import org.hympj.comm.runtime.Configuration;
import org.hympj.comm.runtime.HangReports;
import org.hympj.shm.JobDirectory;
import org.hympj.shm.JobId;
import org.hympj.shm.SharedMemoryException;
import org.hympj.shm.StaleJobSweeper;

/**
 * {@code hympjrun --jvms M}: starts M JVMs running {@link RankProcess}, each with its block
 * of ranks, watches them, and ends the job as one: when a JVM fails or dies, the others (which
 * see it themselves within a fraction of a second) get {@link Hympjrun#GRACE_MILLIS} to stop,
 * then are killed. The launcher makes the job's directory in shared memory before it starts
 * the JVMs, which join it, and removes it whole in every case once they have ended; it sweeps
 * what dead jobs left there before it starts and again when the job ends, a launcher stopped
 * by a signal included. A hang report request (SIGUSR1) is passed on to every JVM, once for
 * all the requests of a few seconds ({@link WholeJobReports}); a launcher stopped by a signal
 * stops its JVMs with SIGTERM, so they report too.
 */
final class ProcessLauncher {
    private static final long POLL_MILLIS = 20;
    /** Properties the launcher sets per JVM. */
    private static final List<String> JOB_PROPERTIES = List.of(Configuration.JOB_ID_PROP, Configuration.JVM_INDEX_PROP,
        Configuration.LAUNCHER_PID_PROP, Configuration.JVM_RANKS_PROP, Configuration.NODE_INDEX_PROP, Configuration.RENDEZVOUS_PROP);

    private ProcessLauncher() {
    }

    /** Runs the job; children write to {@code output} (the launcher's own streams when INHERIT). */
    static int run(LaunchOptions options, PrintStream err, ProcessBuilder.Redirect output, Path workingDirectory) {
        ProcessLayout layout = new ProcessLayout(options.np, options.jvms);
        JobId job = JobId.random();
        StaleJobSweeper.sweep();
        // Made here, fresh, before the job's id is on any command line: the JVMs only join it.
        JobDirectory directory;
        try {
            directory = JobDirectory.create(job);
        } catch (SharedMemoryException e) {
            err.println("hympjrun: " + e.getMessage());
            return 1;
        }
        Process[] children = new Process[options.jvms];
        Thread killOnExit = new Thread(() -> {
            stopForExit(children, layout::describeRanks, System.err);
            awaitAll(children);
            removeJobDirectory(directory, System.err);
        }, "hympjrun-cleanup");
        Runtime.getRuntime().addShutdownHook(killOnExit);
        HangReports.Registration reports = HangReports.add(new WholeJobReports(children, layout::describeRanks));
        // Decided once, so that no JVM of a recording run reads a cache that JVM 0 has not finished.
        boolean recording = options.aotCache != null && !Files.exists(options.aotCache);
        if (recording) {
            err.println("hympjrun: the JVM of " + layout.describeRanks(0) + " records the AOT cache " + options.aotCache
                + " as it exits; later runs with --aot-cache start from it");
        }
        try {
            for (int j = 0; j < options.jvms; j++) {
                ProcessBuilder builder = new ProcessBuilder(command(options, job, j, recording)).redirectOutput(output)
                    .redirectError(output).redirectInput(ProcessBuilder.Redirect.INHERIT);
                if (workingDirectory != null) {
                    builder.directory(workingDirectory.toFile());
                }
                children[j] = builder.start();
            }
            return watch(children, layout::describeRanks, err);
        } catch (java.io.IOException e) {
            err.println("hympjrun: cannot start the job's JVMs: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("hympjrun: interrupted");
            return 1;
        } finally {
            reports.close();
            destroyAll(children);
            awaitAll(children);
            removeJobDirectory(directory, err);
            try {
                Runtime.getRuntime().removeShutdownHook(killOnExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
    }

    /**
     * Once the job's JVMs have ended: removes the job's directory whole (a segment whose creator
     * died before writing its header included, which no sweep can prove a dead job's), then
     * sweeps what other jobs left meanwhile (a JVM of a cluster node killed beside this job,
     * say), now rather than at the next start.
     */
    private static void removeJobDirectory(JobDirectory directory, PrintStream err) {
        if (!directory.removeAll()) {
            err.println("hympjrun: could not remove all of the job's shared-memory directory " + directory.path());
        }
        StaleJobSweeper.sweep();
    }

    /**
     * The java command of a job's JVM, up to its job properties: the JVM options of the
     * launcher (heap, --add-opens, ...) and its HyMPJ settings however they were set, so the
     * job's JVMs run as the launcher was told to; the script's default heap is shared by the
     * {@code jvmsSharingMemory} JVMs of a node.
     */
    static List<String> javaCommand(Configuration configuration, int jvmsSharingMemory) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        boolean autoHeap = configuration.heapAuto();
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (autoHeap && arg.startsWith("-Xmx")) {
                command.add("-Xmx" + Math.max(64, Runtime.getRuntime().maxMemory() / jvmsSharingMemory >> 20) + "m");
            } else if (!arg.startsWith("-Dhympj.")) {
                command.add(arg);
            }
        }
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith("hympj.") && !JOB_PROPERTIES.contains(name)) {
                command.add("-D" + name + "=" + System.getProperty(name));
            }
        }
        return command;
    }

    /**
     * The command of JVM {@code jvm}; with an AOT cache, every JVM starts from it, or, when
     * {@code recording}, JVM 0 alone records it (one writer: all JVMs run the same classes).
     */
    static List<String> command(LaunchOptions options, JobId job, int jvm, boolean recording) {
        List<String> command = javaCommand(options.configuration, options.jvms);
        if (options.aotCache != null && !recording) {
            command.add("-XX:AOTCache=" + options.aotCache);
        } else if (options.aotCache != null && jvm == 0) {
            command.add("-XX:AOTCacheOutput=" + options.aotCache);
            // Not one warning per class the cache leaves out (rank class loaders' classes, proxies).
            command.add("-Xlog:aot=error");
        }
        command.add("-D" + Configuration.JOB_ID_PROP + "=" + job);
        command.add("-D" + Configuration.JVM_INDEX_PROP + "=" + jvm);
        command.add("-D" + Configuration.LAUNCHER_PID_PROP + "=" + ProcessHandle.current().pid());
        command.add("-D" + Configuration.JVM_RANKS_PROP + "=" + new ProcessLayout(options.np, options.jvms).rankCount(jvm));
        if (!options.configuration.localRanksGiven()) {
            command.add("-D" + Configuration.LOCAL_RANKS_PROP + "=" + options.np);
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(RankProcess.class.getName());
        command.addAll(options.asChildArguments());
        return command;
    }

    /**
     * Waits for every JVM. The first to fail starts the grace period, after which the rest
     * are killed. Returns the job's exit status: 0, the first failure's status, or 1 when
     * the first failure was a JVM killed by a signal.
     */
    static int watch(Process[] children, java.util.function.IntFunction<String> describe, PrintStream err)
        throws InterruptedException {
        boolean[] ended = new boolean[children.length];
        int running = children.length;
        int status = 0;
        long killAt = Long.MAX_VALUE;
        while (running > 0) {
            for (int j = 0; j < children.length; j++) {
                if (ended[j] || children[j].isAlive()) {
                    continue;
                }
                ended[j] = true;
                running--;
                int code = children[j].exitValue();
                if (code == 0) {
                    continue;
                }
                boolean signalled = killedBySignal(code);
                if (signalled) {
                    err.println("hympjrun: " + describe.apply(j) + " (JVM " + j + ", process " + children[j].pid()
                        + ") was killed by signal " + (code - 128) + signalName(code - 128) + "; the job is aborted");
                }
                if (status == 0) {
                    status = signalled ? 1 : code;
                    killAt = System.currentTimeMillis() + Hympjrun.GRACE_MILLIS;
                }
            }
            if (running > 0 && System.currentTimeMillis() > killAt) {
                List<String> stuck = new ArrayList<>();
                for (int j = 0; j < children.length; j++) {
                    if (!ended[j]) {
                        stuck.add(describe.apply(j));
                    }
                }
                err.println("hympjrun: " + String.join(", ", stuck) + " did not stop within " + Hympjrun.GRACE_MILLIS / 1000
                    + " s of the abort; killed");
                destroyAll(children);
                killAt = Long.MAX_VALUE;
            }
            Thread.sleep(POLL_MILLIS);
        }
        return status;
    }

    /**
     * The launcher's answers to hang report requests: a request that comes within
     * {@link #COALESCING_NANOS} of one it answered is answered by that report. The JVMs of an
     * idle job each ask for a report of the whole job (their watchdogs fire at about the same
     * moment), and a person asks again before the first report is out; one report serves them.
     */
    static final class WholeJobReports implements HangReports.Source {
        static final long COALESCING_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(5);
        private final Process[] children;
        private final java.util.function.IntFunction<String> describe;
        private boolean answered;
        private long answeredNanos;

        WholeJobReports(Process[] children, java.util.function.IntFunction<String> describe) {
            this.children = children;
            this.describe = describe;
        }

        @Override
        public synchronized void report(PrintStream out) {
            long now = System.nanoTime();
            if (answered && now - answeredNanos < COALESCING_NANOS) {
                return;
            }
            answered = true;
            answeredNanos = now;
            requestReports(children, describe, out);
        }
    }

    /**
     * Answers a hang report request for the whole job: every JVM still running is asked for
     * its part (it prints it to the job's standard error), and the ranks of a JVM that has
     * ended are named here, since no wait of theirs can be reported any more.
     */
    static void requestReports(Process[] children, java.util.function.IntFunction<String> describe, PrintStream out) {
        for (int j = 0; j < children.length; j++) {
            Process p = children[j];
            if (p != null && (!p.isAlive() || !HangReports.request(p.pid()))) {
                describeEnded(j, p, describe, out);
            }
        }
    }

    private static void describeEnded(int jvm, Process p, java.util.function.IntFunction<String> describe, PrintStream out) {
        out.println("hympj hang report (JVM " + jvm + ", pid " + p.pid() + "): " + describe.apply(jvm) + ": "
            + (p.isAlive() ? "its JVM does not answer" : "ended; its JVM exited with status " + p.exitValue()));
    }

    /**
     * Ends a job whose launcher is stopped (Ctrl-C, SIGTERM) while JVMs run: the ranks of the
     * JVMs that ended are named, the others get SIGTERM, so that each prints its hang report
     * as it stops (if a rank waits in MPI), and those still running after
     * {@link Hympjrun#GRACE_MILLIS} are killed.
     */
    static void stopForExit(Process[] children, java.util.function.IntFunction<String> describe, PrintStream out) {
        boolean running = false;
        for (Process p : children) {
            running |= p != null && p.isAlive();
        }
        if (!running) {
            return;
        }
        for (int j = 0; j < children.length; j++) {
            if (children[j] != null && !children[j].isAlive()) {
                describeEnded(j, children[j], describe, out);
            }
        }
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(Hympjrun.GRACE_MILLIS);
        for (Process p : children) {
            if (p != null) {
                p.destroy();
            }
        }
        for (Process p : children) {
            try {
                if (p != null && !p.waitFor(Math.max(0, deadline - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                destroyAll(children);
                return;
            }
        }
    }

    /**
     * True if {@code code} is how the JDK reports a process ended by a signal: 128 plus the
     * signal's number, at most 64 on Linux. Beyond that is an exit status of the process's own,
     * such as ssh's 255 for a host it cannot reach.
     */
    static boolean killedBySignal(int code) {
        return code > 128 && code <= 128 + 64;
    }

    private static String signalName(int signal) {
        switch (signal) {
            case 9: return " (KILL)";
            case 15: return " (TERM)";
            case 6: return " (ABRT)";
            case 11: return " (SEGV)";
            case 2: return " (INT)";
            default: return "";
        }
    }

    static void destroyAll(Process[] children) {
        for (Process p : children) {
            if (p != null && p.isAlive()) {
                p.destroyForcibly();
            }
        }
    }

    static void awaitAll(Process[] children) {
        for (Process p : children) {
            if (p != null) {
                try {
                    p.waitFor();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
