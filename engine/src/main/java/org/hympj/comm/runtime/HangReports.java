package org.hympj.comm.runtime;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.hympj.comm.match.MatchingEngine;
import org.hympj.shm.ProcessIdentity;

/**
 * The hang reports of this JVM: for every rank of a running job, the MPI call it waits in
 * (communicator, peer, tag, for how long) and the messages queued unmatched at it.
 *
 * <p>A report is printed to standard error when this JVM gets SIGUSR1 (the {@code hympjrun}
 * script sends it on SIGQUIT: the JVM keeps SIGQUIT for its thread dump), when a watched job
 * has been idle for the time it was given ({@code --hang-report SECONDS}), and once when the
 * JVM is stopped (Ctrl-C, SIGTERM) while a rank still waits in MPI. Each {@link Source}
 * answers a request: a job's ranks in this JVM print their part; a launcher passes the
 * request on to the JVMs it started.
 *
 * <p>Invariant: the signal handler is installed at most once per JVM, by the first source.
 */
public final class HangReports {
    /** Messages listed per rank, so that a flood of unmatched messages keeps the report readable. */
    private static final int LISTED_MESSAGES = 10;
    /** SIGUSR1 (signal 10 on Linux) in a signal mask of /proc/PID/status. */
    private static final long USR1_MASK = 1L << (10 - 1);
    private static final Set<Source> SOURCES = ConcurrentHashMap.newKeySet();
    private static boolean signalHandled;

    /** Something that answers a report request: prints its part, or passes the request on. */
    public interface Source {
        void report(PrintStream out);

        /**
         * Answers the end of the job's launcher: prints the report at exit if a rank here still
         * waits in MPI (a source with no ranks of its own passes nothing on).
         */
        default void reportAtExit(PrintStream out) {
        }
    }

    /** A source's place among this JVM's report requests; closing it removes the source. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    private HangReports() {
    }

    /** Adds {@code source} to the report requests of this JVM until the returned handle is closed. */
    public static Registration add(Source source) {
        handleSignal();
        SOURCES.add(source);
        return () -> SOURCES.remove(source);
    }

    /** Answers a report request: every source of this JVM prints its part, to standard error. */
    public static void reportAll() {
        for (Source s : SOURCES) {
            s.report(System.err);
        }
        System.err.flush();
    }

    /**
     * Answers a launcher that is being stopped (Ctrl-C) while this JVM, on another node, cannot
     * see its signal: every source prints its report at exit, as this JVM's own shutdown would.
     */
    public static void reportAllAtExit() {
        for (Source s : SOURCES) {
            s.reportAtExit(System.err);
        }
        System.err.flush();
    }

    /**
     * Asks the JVM of process {@code pid} (one that HyMPJ started) for its report; false if it
     * could not be asked. Only a process that handles SIGUSR1 is sent one: to a JVM still
     * starting, or to another process that took the pid, the signal's default action is death.
     */
    public static boolean request(long pid) {
        return handlesUsr1(pid) && ProcessIdentity.signal(pid, "USR1");
    }

    /** True if Linux says (/proc/PID/status, the mask of caught signals) that process {@code pid} handles SIGUSR1. */
    static boolean handlesUsr1(long pid) {
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("SigCgt:")) {
                    return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & USR1_MASK) != 0;
                }
            }
            return false;
        } catch (IOException | NumberFormatException e) {
            return false;
        }
    }

    private static synchronized void handleSignal() {
        if (signalHandled) {
            return;
        }
        signalHandled = true;
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("USR1"), s -> reportAll());
        } catch (IllegalArgumentException e) {
            // Something else in this JVM (an agent, a profiler) took SIGUSR1: reports come by idle time and at exit only.
            System.err.println("hympj: SIGUSR1 is taken in this JVM (" + e.getMessage() + "); hang reports on request are off");
        }
    }

    /**
     * Reports for the ranks of {@code job} in this JVM until closed: on request, once when the
     * JVM is stopped while a rank waits in MPI, and, if {@code idleSeconds > 0}, once when every
     * rank here has had a thread parked in MPI, and none woken, for that long (or has
     * finalized), with at least one still parked; then {@code onIdle} runs ({@link Watch#printTo} prints here; a JVM of a larger
     * job may ask its launcher for a report of the whole job instead).
     */
    public static Watch watch(Job job, int idleSeconds, java.util.function.Consumer<Watch> onIdle) {
        Watch w = new Watch(job, idleSeconds, onIdle);
        w.registration = add(w);
        Runtime.getRuntime().addShutdownHook(w.atExit);
        if (w.watchdog != null) {
            w.watchdog.start();
        }
        return w;
    }

    /** The reports of one job's ranks in this JVM; closing it ends them. */
    public static final class Watch implements Source, AutoCloseable {
        private final Job job;
        private final long idleNanos;
        private final java.util.function.Consumer<Watch> onIdle;
        private final Thread atExit;
        private final Thread watchdog;
        private Registration registration;

        private Watch(Job job, int idleSeconds, java.util.function.Consumer<Watch> onIdle) {
            this.job = job;
            this.idleNanos = TimeUnit.SECONDS.toNanos(idleSeconds);
            this.onIdle = onIdle;
            this.atExit = new Thread(() -> reportAtExit(System.err), "hympj-hang-report-at-exit");
            if (idleSeconds > 0) {
                watchdog = new Thread(this::watchForIdleness, "hympj-hang-watch");
                watchdog.setDaemon(true);
            } else {
                watchdog = null;
            }
        }

        @Override
        public void report(PrintStream out) {
            printTo(out);
        }

        @Override
        public void reportAtExit(PrintStream out) {
            if (anyWaiting()) {
                print(out, "hympj hang report at exit");
            }
        }

        /** Prints the report of this JVM's ranks of the job, as one write. */
        public void printTo(PrintStream out) {
            print(out, "hympj hang report");
        }

        /** Prints the report under {@code title}, which says why it is printed. */
        private void print(PrintStream out, String title) {
            int first = job.firstLocal();
            StringBuilder b = new StringBuilder(title).append(" (JVM ").append(job.jvmOf(first)).append(", pid ")
                .append(ProcessHandle.current().pid()).append("):\n");
            for (int r = first; r < first + job.localCount(); r++) {
                b.append("  rank ").append(r).append(": ");
                job.engine(r).describe(b, LISTED_MESSAGES);
                b.append('\n');
            }
            out.print(b);
            out.flush();
        }

        private boolean anyWaiting() {
            for (int r = job.firstLocal(); r < job.firstLocal() + job.localCount(); r++) {
                if (job.engine(r).activity().waiting()) {
                    return true;
                }
            }
            return false;
        }

        /**
         * True when every rank here is idle in MPI ({@link org.hympj.comm.match.RankActivity#idleFor}:
         * a thread of it parked, none woken, for {@code idleNanos}) or has finalized, and at
         * least one is idle.
         */
        private boolean idle() {
            long now = System.nanoTime();
            boolean waiting = false;
            for (int r = job.firstLocal(); r < job.firstLocal() + job.localCount(); r++) {
                MatchingEngine e = job.engine(r);
                if (e.activity().idleFor(now, idleNanos)) {
                    waiting = true;
                } else if (!e.activity().finalized() || e.activity().waiting()) {
                    return false;
                }
            }
            return waiting;
        }

        private void watchForIdleness() {
            long pollMillis = Math.max(50, Math.min(1_000, TimeUnit.NANOSECONDS.toMillis(idleNanos) / 4));
            try {
                while (!idle()) {
                    Thread.sleep(pollMillis);
                }
                onIdle.accept(this);
            } catch (InterruptedException closed) {
                // the job ended
            }
        }

        /** Ends the reports: the job has ended (normally or not) and the launcher reports what follows. */
        @Override
        public void close() {
            registration.close();
            if (watchdog != null) {
                watchdog.interrupt();
            }
            try {
                Runtime.getRuntime().removeShutdownHook(atExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs, and reports only ranks still waiting
            }
        }
    }
}
