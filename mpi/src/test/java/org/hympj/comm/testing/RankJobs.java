package org.hympj.comm.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.net.URL;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.runtime.ThreadJob;

/**
 * Runs a test program on thread ranks, the way hympjrun does: the program's class (a nested
 * class of a test, with a {@code main}) is loaded anew by each rank's class loader, so its
 * assertions run inside the ranks and its statics are per rank.
 */
public final class RankJobs {
    private RankJobs() {
    }

    public static JobOutcome run(int np, Class<?> program, String... args) {
        return run(np, program, new URL[0], args);
    }

    /** As {@link #run(int, Class, String...)}, with {@code extra} entries after the program's on its class path. */
    public static JobOutcome run(int np, Class<?> program, URL[] extra, String... args) {
        URL[] classpath = new URL[extra.length + 1];
        classpath[0] = program.getProtectionDomain().getCodeSource().getLocation();
        System.arraycopy(extra, 0, classpath, 1, extra.length);
        try {
            return ThreadJob.start(np, classpath, program.getName(), args).await(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** Runs the program and fails the test with the first failing rank's throwable. */
    public static void runOk(int np, Class<?> program, String... args) {
        runOk(np, program, new URL[0], args);
    }

    public static void runOk(int np, Class<?> program, URL[] extra, String... args) {
        JobOutcome outcome = run(np, program, extra, args);
        if (!outcome.succeeded()) {
            AssertionError error = new AssertionError("rank " + outcome.failedRank() + " of " + np + " failed: "
                + outcome.cause(), outcome.cause());
            throw error;
        }
        if (!outcome.stuckRanks().isEmpty()) {
            fail("ranks " + outcome.stuckRanks() + " did not finish");
        }
    }
}
