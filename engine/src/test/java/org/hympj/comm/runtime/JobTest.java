package org.hympj.comm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A job's wait budgets follow the ranks that share this node's cores, not the job's size, unless its configuration sets them. */
class JobTest {
    private static Configuration with(Map<String, String> properties) {
        return Configuration.read(properties::get, name -> null);
    }

    @Test
    void waitBudgetsFollowTheRanksOnThisNode() {
        int cores = Runtime.getRuntime().availableProcessors();
        Job crowded = new Job(cores + 1, 0, 1, with(Map.of()));
        assertEquals(100, crowded.spins(), "all of a job started without a launcher is on this node");
        assertEquals(10, crowded.yields());
        Job spread = new Job(4 * cores, 0, 1, with(Map.of(Configuration.LOCAL_RANKS_PROP, Integer.toString(cores))));
        assertEquals(200_000, spread.spins(), "a job spread over nodes whose ranks fit their cores");
        assertEquals(100, spread.yields());
        assertEquals(100, new Job(cores + 1, 0, 1, with(Map.of(Configuration.LOCAL_RANKS_PROP, Integer.toString(cores + 1)))).spins());
        assertEquals(100, new Job(cores + 1, 0, cores + 1, with(Map.of(Configuration.LOCAL_RANKS_PROP, "1"))).spins(),
            "this JVM's own ranks count, whatever the configuration says");
        assertEquals(200_000, new Job(4 * cores, 0, 1, with(Map.of()).withLocalRanks(1)).spins(),
            "the ranks on the node that a launcher gives when the configuration does not say");
    }

    @Test
    void waitBudgetsSetInTheConfigurationWin() {
        Job job = new Job(2, 0, 2, with(Map.of(Configuration.WAIT_SPINS_PROP, "7", Configuration.WAIT_YIELDS_PROP, "3")));
        assertEquals(7, job.spins());
        assertEquals(3, job.yields());
    }
}
