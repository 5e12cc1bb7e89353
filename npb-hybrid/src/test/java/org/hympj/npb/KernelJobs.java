package org.hympj.npb;

import java.net.URL;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.runtime.ThreadJob;

/**
 * Runs a kernel test program on thread ranks with the kernel's classes on the ranks' class
 * path, so each rank loads its own copy (with its own mpi), and fails the test with the
 * first failing rank's throwable.
 */
final class KernelJobs {
    private KernelJobs() {
    }

    static void runOk(int ranks, Class<?> program, Class<?> kernel, String... args) throws InterruptedException {
        URL kernelClasses = kernel.getProtectionDomain().getCodeSource().getLocation();
        URL tests = program.getProtectionDomain().getCodeSource().getLocation();
        JobOutcome outcome = ThreadJob.start(ranks, new URL[] {tests, kernelClasses}, program.getName(), args).await(5_000);
        if (!outcome.succeeded()) {
            throw new AssertionError("rank " + outcome.failedRank() + " failed", outcome.cause());
        }
    }
}
