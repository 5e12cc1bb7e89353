package org.hympj.benchmarks.pingpong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.hympj.benchmarks.TwoThreadRanks;
import org.hympj.comm.runtime.JobOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A short run of the two-JVM latency tool on 2 thread ranks (its baselines and HyMPJ's path
 * run the same there): rank 0 prints the five report lines with positive, finite medians,
 * and the file that held the baselines' rings is gone from /dev/shm.
 */
@Timeout(120)
class InterleavedProcessPingPongTest {
    @Test
    void aShortRunReportsEveryPathAndLeavesNoFile() throws Exception {
        TwoThreadRanks.Run run = TwoThreadRanks.run(InterleavedProcessPingPong.class, "8", "3", "2000");
        JobOutcome outcome = run.outcome();
        assertTrue(outcome.succeeded(), () -> "rank " + outcome.failedRank() + ": " + outcome.cause());
        List<String> lines = run.lines();
        assertTrue(lines.get(0).startsWith("8 B, 2 ranks, 3 rounds of 2000 round trips per path"), lines.get(0));
        List<String> report = lines.subList(1, lines.size());
        assertEquals(5, report.size(), String.join("\n", lines));
        String[] labels = {"floor", "bare Agrona rings", "HyMPJ round trip", "ratio HyMPJ / bare rings", "ratio HyMPJ / floor"};
        for (int i = 0; i < labels.length; i++) {
            String line = report.get(i);
            assertTrue(line.startsWith(labels[i]), line);
            double median = Double.parseDouble(line.replaceAll(".*median +([0-9.]+).*", "$1"));
            assertTrue(median > 0 && Double.isFinite(median), line);
        }
        try (Stream<Path> left = Files.list(Path.of("/dev/shm"))) {
            assertEquals(List.of(), left.filter(p -> p.getFileName().toString().startsWith("hympj-pingpong-")).toList());
        }
    }
}
