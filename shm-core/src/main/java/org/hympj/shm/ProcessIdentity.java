package org.hympj.shm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * A process as a segment header records it: its pid and its start time. Both are needed to
 * tell whether the creator still lives, because the OS reuses pids.
 */
public record ProcessIdentity(long pid, long startMillis) {
    /** This process. */
    public static ProcessIdentity current() {
        ProcessHandle me = ProcessHandle.current();
        return new ProcessIdentity(me.pid(), startMillis(me));
    }

    /**
     * True if a process with this pid runs and started when this one did (within a second). A
     * zombie (ended, not yet reaped by its parent) is dead: {@link ProcessHandle#isAlive} takes
     * it for alive, and a job whose processes' parent does not reap them would never be swept.
     */
    public boolean isAlive() {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        if (handle.isEmpty() || !handle.get().isAlive()) {
            return false;
        }
        char state = state();
        if (state == 'Z' || state == 'X') {
            return false;
        }
        long start = startMillis(handle.get());
        return start == 0 || startMillis == 0 || Math.abs(start - startMillis) < 1_000;
    }

    /**
     * True if the process is stopped (by SIGSTOP, SIGTSTP or a debugger), as Linux's
     * {@code /proc/<pid>/stat} says; false where that cannot be read. It tells a user whose
     * job reports a process that does not respond what held it.
     */
    public boolean isStopped() {
        char state = state();
        return state == 'T' || state == 't';
    }

    /** The state letter of Linux's {@code /proc/<pid>/stat} (R, S, D, T, Z, ...), '?' where that cannot be read. */
    private char state() {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // "pid (command) S ...": the command may itself hold spaces and parentheses.
            int end = stat.lastIndexOf(')');
            return end >= 0 && end + 2 < stat.length() ? stat.charAt(end + 2) : '?';
        } catch (IOException | RuntimeException e) {
            return '?';
        }
    }

    /**
     * Asks this process, a JVM, to print every thread's stack to its standard output: SIGQUIT,
     * which a JVM answers with a thread dump and then runs on (one started with {@code -Xrs}
     * ends instead). Returns false if the signal could not be sent (no such process, no
     * {@code kill} command). For a JVM that has stopped responding: its dump says where.
     */
    public boolean requestThreadDump() {
        return isAlive() && signal(pid, "QUIT");
    }

    /**
     * Sends signal {@code name} ("QUIT", "USR1", ...) to process {@code pid} with the
     * {@code kill} command (Java sends no signal but KILL and TERM); false if it could not be sent.
     */
    public static boolean signal(long pid, String name) {
        try {
            return new ProcessBuilder("kill", "-" + name, Long.toString(pid)).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static long startMillis(ProcessHandle process) {
        return process.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
    }
}
