package org.hympj.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import mpi.MPI;
import org.hympj.comm.launch.Hympjrun;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.runtime.ThreadJob;
import org.hympj.nested.Team;

/**
 * Runs a kernel test program on thread ranks with the kernel's classes on the ranks' class
 * path, so each rank loads its own copy (with its own mpi) and all share one copy of the
 * numerics package, as hympjrun runs the jar; fails the test with the
 * first failing rank's throwable; and, inside a rank, runs a kernel the way every such
 * program does. {@link #npb} runs {@code hympjrun ... npb KERNEL CLASS} in a JVM of its own,
 * for the forms one test JVM cannot host (ranks in several JVMs, a heap for class C).
 */
final class KernelJobs {
    private KernelJobs() {
    }

    static void runOk(int ranks, Class<?> program, Class<?> kernel, String... args) throws InterruptedException {
        URL kernelClasses = kernel.getProtectionDomain().getCodeSource().getLocation();
        URL tests = program.getProtectionDomain().getCodeSource().getLocation();
        // The numerics shared by all ranks, as the jar's manifest declares them.
        JobOutcome outcome = ThreadJob.start(ranks, new URL[] {tests, kernelClasses}, java.util.List.of("org.hympj.npb.numerics"),
            program.getName(), args).await(5_000);
        if (!outcome.succeeded()) {
            throw new AssertionError("rank " + outcome.failedRank() + " failed", outcome.cause());
        }
    }

    /**
     * The JVM options a user gives a job in {@code HYMPJ_JVM_OPTS} for the Vector API's module,
     * as docs/running.md says for every program.
     */
    static final List<String> VECTOR_MODULE = List.of("--add-modules", "jdk.incubator.vector");

    /**
     * Runs {@link Npb} as {@code hympjrun -np NP [--jvms M] ... KERNEL CLASS [THREADS]} does
     * with no {@code HYMPJ_JVM_OPTS}: in a new JVM with this test's class path, hympjrun's JVM
     * options and its default heap (three quarters of the machine's memory, divided among the
     * job's JVMs).
     */
    static String npb(long timeoutSeconds, List<String> hympjrunOptions, String... npbArgs) throws IOException, InterruptedException {
        return npb(timeoutSeconds, List.of(), hympjrunOptions, npbArgs);
    }

    /**
     * Runs {@link Npb} as {@code HYMPJ_JVM_OPTS="JVM_OPTIONS" hympjrun -np NP [--jvms M] ...
     * KERNEL CLASS [THREADS]} does (the arguments before the kernel's are hympjrun's); fails
     * unless the job exits 0 and rank 0 reports {@code Verification = SUCCESSFUL}. Returns the
     * job's output.
     */
    static String npb(long timeoutSeconds, List<String> jvmOptions, List<String> hympjrunOptions, String... npbArgs)
            throws IOException, InterruptedException {
        long machine = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
        Path classes;
        try {
            classes = Path.of(Npb.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xmx" + (machine / 4 * 3 >> 20) + "m", "-Dhympj.heap.auto=true",
            "-cp", System.getProperty("java.class.path"), Hympjrun.class.getName()));
        command.addAll(1, jvmOptions);
        command.addAll(hympjrunOptions);
        command.addAll(List.of("-cp", classes.toString(), Npb.class.getName()));
        command.addAll(List.of(npbArgs));
        Process job = new ProcessBuilder(command).redirectErrorStream(true).start();
        // Read while it runs: a full pipe would stall the job.
        java.util.concurrent.CompletableFuture<String> output = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return new String(job.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "(output unreadable: " + e + ")";
            }
        });
        if (!job.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            // SIGTERM first: hympjrun's shutdown hook stops its JVMs and removes the job's shared memory.
            job.destroy();
            if (!job.waitFor(10, TimeUnit.SECONDS)) {
                job.descendants().forEach(ProcessHandle::destroyForcibly);
                job.destroyForcibly();
                job.waitFor();
            }
            throw new AssertionError(String.join(" ", npbArgs) + " did not finish in " + timeoutSeconds + " s:\n" + output.join());
        }
        String out = output.join();
        assertEquals(0, job.exitValue(), () -> String.join(" ", hympjrunOptions) + " npb " + String.join(" ", npbArgs) + " failed:\n" + out);
        assertTrue(out.matches("(?s).*Verification += +SUCCESSFUL.*"), () -> "no successful verification in:\n" + out);
        return out;
    }

    /**
     * In a rank: initialises MPI, runs {@code kernel} with a team of {@code args[0]} threads
     * (none for 1, the pure MPI form), finalizes, and returns the kernel's result.
     */
    static <R> R runInRank(String[] args, Function<Team, R> kernel) {
        MPI.Init(args);
        int threads = Integer.parseInt(args[0]);
        R result;
        try (Team team = threads > 1 ? Team.create(threads) : null) {
            result = kernel.apply(team);
        }
        MPI.Finalize();
        return result;
    }
}
