package org.hympj.benchmarks.osu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.hympj.benchmarks.TwoThreadRanks;
import org.hympj.comm.runtime.JobOutcome;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A short run of each non-blocking collective test on 2 thread ranks: OSU's header lines, one
 * line per size with overall, compute and pure communication times that are positive and
 * finite, and an overlap between 0 and 100 percent.
 */
@Timeout(120)
class OsuNonBlockingTest {
    @ParameterizedTest
    @ValueSource(strings = {"iallreduce", "ibcast", "ialltoall", "ibarrier"})
    void aShortRunPrintsOsuColumns(String test) throws Exception {
        TwoThreadRanks.Run run = TwoThreadRanks.run(OsuNonBlocking.class, test, "--max", "64", "--iterations", "20",
            "--warmup", "2");
        JobOutcome outcome = run.outcome();
        assertTrue(outcome.succeeded(), () -> "rank " + outcome.failedRank() + ": " + outcome.cause());
        List<String> lines = run.lines();
        assertTrue(lines.get(0).startsWith("# OSU-lite " + test + " test, 2 ranks"), lines.get(0));
        assertEquals(OsuNonBlocking.columns(), lines.get(1));
        List<Integer> sizes = new ArrayList<>();
        for (String line : lines.subList(2, lines.size())) {
            String[] columns = line.trim().split("\\s+");
            assertEquals(5, columns.length, line);
            sizes.add(Integer.parseInt(columns[0]));
            for (int c = 1; c <= 3; c++) {
                double value = Double.parseDouble(columns[c]);
                assertTrue(value > 0 && Double.isFinite(value), line);
            }
            double overlap = Double.parseDouble(columns[4]);
            assertTrue(overlap >= 0 && overlap <= 100, line);
        }
        assertEquals(test.equals("ibarrier") ? List.of(0) : List.of(8, 16, 32, 64), sizes);
    }
}
