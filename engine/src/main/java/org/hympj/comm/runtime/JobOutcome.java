package org.hympj.comm.runtime;

import java.util.List;

/**
 * How a thread job ended.
 *
 * @param failedRank the rank whose failure ended the job, or -1 if every rank succeeded
 * @param cause what that rank threw, or null
 * @param secondaryFailures ranks that failed after the first (usually stopped by the abort)
 * @param stuckRanks ranks still running when the launcher gave up on them
 * @param exitCode the status the job ends with when it failed: 1, or the code given to MPI.Abort
 */
public record JobOutcome(int failedRank, Throwable cause, List<Integer> secondaryFailures, List<Integer> stuckRanks,
                         int exitCode) {
    public boolean succeeded() {
        return failedRank < 0;
    }
}
