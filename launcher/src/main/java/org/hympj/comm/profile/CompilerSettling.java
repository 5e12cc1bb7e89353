package org.hympj.comm.profile;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.function.LongSupplier;

/**
 * Waits, after a recording has started, until the JIT has compiled what starting it made hot.
 * Starting the Flight Recorder generates its event handlers' bytecode, which queues many
 * compilations; run beside the warm-up and the ranks, they take the cores that spinning ranks
 * need, and the tiered compiler drops the warm-up's pending compilations for hotter ones, so
 * the ranks would compile the engine's paths again while the program runs. The JVM's own CPU
 * time tells when that work is done: while this thread sleeps and no rank runs yet, the JVM
 * uses a core only to compile (a compilation's time is known only once it ends, and one large
 * method can take longer than a quiet window).
 *
 * <p>Invariant: {@link #await} returns once the JVM has used at most a quarter of one core
 * over {@link #QUIET_MILLIS}, or after {@link #LIMIT_MILLIS} whatever it does, at once in a JVM
 * that does not report its CPU time, and as soon as its thread is interrupted (leaving the
 * interrupt set for the caller).
 */
final class CompilerSettling {
    /** How long the JVM must stay nearly idle to count as settled. */
    static final long QUIET_MILLIS = 50;
    /** The longest wait: a JVM that never settles delays the ranks by this much at most. */
    static final long LIMIT_MILLIS = 3_000;
    private static final long POLL_MILLIS = 10;

    private CompilerSettling() {
    }

    /** Waits until this JVM has settled; returns at once if the JVM does not report its CPU time. */
    static void await() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            com.sun.management.OperatingSystemMXBean process = (com.sun.management.OperatingSystemMXBean) os;
            if (process.getProcessCpuTime() >= 0) {
                await(process::getProcessCpuTime, System::nanoTime, QUIET_MILLIS, LIMIT_MILLIS);
            }
        }
    }

    /**
     * Polls {@code cpuNanos}, the CPU time the JVM has used, until it has grown by at most a
     * quarter of the time passed over {@code quietMillis} of {@code clock} (nanoseconds), or
     * {@code limitMillis} have passed. Returns whether it settled.
     */
    static boolean await(LongSupplier cpuNanos, LongSupplier clock, long quietMillis, long limitMillis) {
        long start = clock.getAsLong();
        long windowStart = start;
        long windowCpu = cpuNanos.getAsLong();
        while (true) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            long now = clock.getAsLong();
            long cpu = cpuNanos.getAsLong();
            long window = now - windowStart;
            if (window >= quietMillis * 1_000_000L) {
                if (cpu - windowCpu <= window / 4) {
                    return true;
                }
                windowStart = now;
                windowCpu = cpu;
            }
            if (now - start >= limitMillis * 1_000_000L) {
                return false;
            }
        }
    }
}
