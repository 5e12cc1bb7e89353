package org.hympj.comm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

/** A job's wait budgets follow the ranks that share this node's cores, not the job's size. */
class JobTest {
    @Test
    void waitBudgetsFollowTheRanksOnThisNode() {
        assumeTrue(System.getProperty("hympj.wait.spins") == null && System.getProperty("hympj.wait.yields") == null,
            "budgets set by hand");
        int cores = Runtime.getRuntime().availableProcessors();
        String saved = System.getProperty("hympj.local.ranks");
        try {
            System.clearProperty("hympj.local.ranks");
            Job crowded = new Job(cores + 1, 0, 1);
            assertEquals(100, crowded.spins(), "all of a job started without a launcher is on this node");
            assertEquals(10, crowded.yields());
            System.setProperty("hympj.local.ranks", Integer.toString(cores));
            Job spread = new Job(4 * cores, 0, 1);
            assertEquals(200_000, spread.spins(), "a job spread over nodes whose ranks fit their cores");
            assertEquals(100, spread.yields());
            System.setProperty("hympj.local.ranks", Integer.toString(cores + 1));
            assertEquals(100, new Job(cores + 1, 0, 1).spins());
            System.setProperty("hympj.local.ranks", "1");
            assertEquals(100, new Job(cores + 1).spins(), "this JVM's own ranks count, whatever an earlier job left");
        } finally {
            if (saved == null) {
                System.clearProperty("hympj.local.ranks");
            } else {
                System.setProperty("hympj.local.ranks", saved);
            }
        }
    }
}
