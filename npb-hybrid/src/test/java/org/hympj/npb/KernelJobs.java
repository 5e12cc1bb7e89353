package org.hympj.npb;

import java.net.URL;
import java.util.function.Function;
import mpi.MPI;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.runtime.ThreadJob;
import org.hympj.nested.Team;

/**
 * Runs a kernel test program on thread ranks with the kernel's classes on the ranks' class
 * path, so each rank loads its own copy (with its own mpi) and all share one copy of the
 * numerics package, as hympjrun runs the jar; fails the test with the
 * first failing rank's throwable; and, inside a rank, runs a kernel the way every such
 * program does.
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
