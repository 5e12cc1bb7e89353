package org.hympj.benchmarks.osu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.runtime.ThreadJob;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A short run of each OSU-lite test on 2 thread ranks: the output has OSU's two header lines
 * and one line per size with a positive, finite value, and the CSV file says the same.
 */
@Timeout(120)
class OsuLiteTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"latency", "bw", "bcast", "allreduce", "alltoall", "barrier"})
    void aShortRunPrintsOsuColumnsAndCsv(String test) throws Exception {
        Path csv = dir.resolve(test + ".csv");
        String[] args = {test, "--max", "64", "--iterations", "20", "--warmup", "2", "--jit-warmup", "0", "--csv", csv.toString()};
        URL classes = OsuLite.class.getProtectionDomain().getCodeSource().getLocation();
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream out = System.out;
        JobOutcome outcome;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            outcome = ThreadJob.start(2, new URL[] {classes}, OsuLite.class.getName(), args).await(5_000);
        } finally {
            System.setOut(out);
        }
        assertTrue(outcome.succeeded(), () -> "rank " + outcome.failedRank() + ": " + outcome.cause());
        List<String> lines = List.of(captured.toString(StandardCharsets.UTF_8).split("\n"));
        assertTrue(lines.get(0).startsWith("# OSU-lite " + test + " test, 2 ranks"), lines.get(0));
        assertEquals(test.equals("bw") ? "# Size     Bandwidth (MB/s)" : "# Size     Avg Latency (us)", lines.get(1));
        List<Integer> sizes = new ArrayList<>();
        for (String line : lines.subList(2, lines.size())) {
            String[] columns = line.trim().split("\\s+");
            assertEquals(2, columns.length, line);
            sizes.add(Integer.parseInt(columns[0]));
            double value = Double.parseDouble(columns[1]);
            assertTrue(value > 0 && Double.isFinite(value), line);
        }
        assertEquals(test.equals("barrier") ? List.of(0) : List.of(8, 16, 32, 64), sizes);
        List<String> rows = Files.readAllLines(csv);
        assertEquals("test,ranks,bytes,value,unit", rows.get(0));
        assertEquals(sizes.size() + 1, rows.size());
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",");
            assertEquals(test, f[0]);
            assertEquals("2", f[1]);
            assertTrue(Double.parseDouble(f[3]) > 0, row);
        }
    }
}
