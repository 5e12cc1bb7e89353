package org.hympj.comm.launch;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hympj.comm.profile.JvmRecording;
import org.hympj.comm.profile.ProfileCommand;
import org.hympj.comm.runtime.Configuration;
import org.hympj.comm.runtime.HangReports;
import org.hympj.comm.runtime.Job;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.runtime.ThreadJob;
import org.hympj.comm.launch.warmup.WarmUp;
import org.hympj.loaders.ProgramEntry;

/**
 * The {@code hympjrun} launcher: runs a program's ranks as threads of this JVM (or, with
 * {@code --jvms M}, in M JVMs through {@link ProcessLauncher}) and turns the job's outcome
 * into an exit status. When a rank throws, it prints that rank's stack trace,
 * the job is aborted (ranks waiting in MPI fail at once), and it exits with status 1 after
 * at most {@link #GRACE_MILLIS} even if some rank is stuck outside MPI. It answers SIGUSR1,
 * which the script sends on SIGQUIT, with a {@link HangReports hang report} of the job.
 * With {@code --profile} every JVM of the job records its MPI calls, and the launcher prints
 * their report when the job has ended ({@link ProfileCommand}).
 */
public final class Hympjrun {
    static final long GRACE_MILLIS = 5_000;

    private Hympjrun() {
    }

    /**
     * Runs the job the command line describes (see {@link LaunchOptions#USAGE}) and exits with its status.
     *
     * @param args the command line: hympjrun's options, then the program and its arguments
     */
    public static void main(String[] args) {
        System.exit(run(args, System.err));
    }

    /**
     * The script runs this JVM as its child and passes its own pid: when the script is killed
     * outright (SIGKILL runs none of its traps), the job ends here too, as it would have died
     * with the script's process.
     */
    private static void endWithScript(Configuration configuration) {
        long pid = configuration.scriptPid();
        if (pid > 0) {
            ProcessHandle.of(pid).ifPresent(script -> script.onExit().thenRun(() -> {
                System.err.println("hympjrun: the hympjrun script (process " + pid + ") was killed; the job ends");
                System.exit(1);
            }));
        }
    }

    /** Runs a job and returns the exit status. */
    static int run(String[] args, PrintStream err) {
        if (args.length > 0 && args[0].equals("profile-report")) {
            return ProfileCommand.main(Arrays.asList(args).subList(1, args.length), System.out, err);
        }
        LaunchOptions options;
        try {
            options = LaunchOptions.parse(args);
        } catch (LaunchOptions.UsageException e) {
            err.println("hympjrun: " + e.getMessage());
            err.println("(hympjrun --help shows the options)");
            return 2;
        }
        if (options == null) {
            err.println(LaunchOptions.USAGE);
            return 0;
        }
        endWithScript(options.configuration);
        for (String note : options.notes) {
            err.println("hympjrun: " + note);
        }
        String missing = missingMainClass(options);
        if (missing != null) {
            err.println("hympjrun: " + missing);
            return 2;
        }
        return options.profile == null ? runJob(options, err) : runProfiled(options, err);
    }

    /**
     * Runs the job with every JVM recording into a directory beside the profile (the JVMs that
     * the job starts inherit the setting with the launcher's other {@code hympj.*} properties),
     * then reports. The job's status comes first; a report that cannot be written makes it 1.
     */
    private static int runProfiled(LaunchOptions options, PrintStream err) {
        ProfileCommand profile = ProfileCommand.writing(options.profile);
        Path recordings;
        try {
            recordings = profile.recordingDirectory();
        } catch (IOException e) {
            err.println("hympjrun: cannot profile the job: " + e.getMessage());
            return 1;
        }
        String before = System.setProperty(Configuration.PROFILE_DIR_PROP, recordings.toString());
        int status;
        try {
            options.configuration = Configuration.fromSystem();
            status = runJob(options, err);
        } finally {
            if (before == null) {
                System.clearProperty(Configuration.PROFILE_DIR_PROP);
            } else {
                System.setProperty(Configuration.PROFILE_DIR_PROP, before);
            }
        }
        int reported = profile.report(recordings, System.out, err);
        return status != 0 ? status : reported;
    }

    private static int runJob(LaunchOptions options, PrintStream err) {
        if (options.cluster != null) {
            return ClusterLauncher.run(options, System.out, err);
        }
        if (options.jvms > 1) {
            return ProcessLauncher.run(options, err, ProcessBuilder.Redirect.INHERIT, options.workingDirectory);
        }
        Path here = Path.of("").toAbsolutePath();
        if (options.workingDirectory != null && !options.workingDirectory.equals(here)) {
            return runInDirectory(options, err);
        }
        try {
            // The team library (a rank's thread team sizes itself to its share of the cores) and the
            // programs (which may size their data by the heap all ranks share) cannot see the
            // runtime: they read the ranks on this node and in this JVM from these documented properties.
            if (!options.configuration.localRanksGiven()) {
                System.setProperty(Configuration.LOCAL_RANKS_PROP, Integer.toString(options.np));
            }
            System.setProperty(Configuration.JVM_RANKS_PROP, Integer.toString(options.np));
            // Before the warm-up, as JvmRecording says.
            JvmRecording recording = JvmRecording.startIn(options.configuration);
            WarmUp.beforeRanks(options.configuration, false);
            ThreadJob job = ThreadJob.start(new Job(options.np, 0, options.np, options.configuration), 0, options.np,
                options.classpathUrls(), options.mainClass, options.programArgs);
            try (recording; HangReports.Watch hangs = HangReports.watch(job.job(), options.hangReportSeconds,
                w -> w.printTo(System.err))) {
                return report(job.await(GRACE_MILLIS), options.np, err);
            }
        } catch (InterruptedException e) {
            err.println("hympjrun: interrupted");
            return 1;
        } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
            // A shared-package declaration that cannot hold (SharedProgramLoader).
            err.println("hympjrun: " + e.getMessage());
            return 2;
        }
    }

    /** Why the main class cannot be run (not found, or no entry point that java would run), or null if it can. */
    private static String missingMainClass(LaunchOptions options) {
        ClassLoader runtime = Hympjrun.class.getClassLoader();
        try (java.net.URLClassLoader probe = new java.net.URLClassLoader(options.classpathUrls(), runtime)) {
            ProgramEntry.of(Class.forName(options.mainClass, false, probe));
            return null;
        } catch (ClassNotFoundException e) {
            return "main class " + options.mainClass + " was not found on the class path " + options.classpath;
        } catch (ProgramEntry.NoEntryPointException e) {
            return e.getMessage();
        } catch (java.io.IOException | LinkageError e) {
            return "main class " + options.mainClass + " cannot be loaded: " + e;
        }
    }

    static int report(JobOutcome outcome, int np, PrintStream err) {
        if (outcome.succeeded()) {
            return 0;
        }
        err.println("hympjrun: rank " + outcome.failedRank() + " of " + np + " failed:");
        outcome.cause().printStackTrace(err);
        if (!outcome.secondaryFailures().isEmpty()) {
            err.println("hympjrun: the job was aborted; ranks " + outcome.secondaryFailures()
                + " stopped with errors after rank " + outcome.failedRank() + " failed");
        }
        if (!outcome.stuckRanks().isEmpty()) {
            err.println("hympjrun: ranks " + outcome.stuckRanks() + " did not stop within "
                + GRACE_MILLIS / 1000 + " s of the abort (busy outside MPI); they are killed with the JVM");
        }
        return outcome.exitCode();
    }

    /**
     * A JVM cannot change its working directory, so a job with {@code -wdir} runs in a child
     * JVM started there, with this JVM's runtime class path and options.
     */
    private static int runInDirectory(LaunchOptions options, PrintStream err) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
        if (options.configuration.profileDir() != null) {
            command.add("-D" + Configuration.PROFILE_DIR_PROP + "=" + options.configuration.profileDir());
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Hympjrun.class.getName());
        command.addAll(options.asChildArguments());
        try {
            Process child = new ProcessBuilder(command).directory(options.workingDirectory.toFile()).inheritIO().start();
            try (HangReports.Registration forward = HangReports.add(out -> HangReports.request(child.pid()))) {
                return child.waitFor();
            }
        } catch (Exception e) {
            err.println("hympjrun: cannot start the job in " + options.workingDirectory + File.separator + ": " + e);
            return 1;
        }
    }
}
