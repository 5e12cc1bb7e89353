package org.hympj.benchmarks.osu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hympj.benchmarks.TwoThreadRanks;
import org.hympj.comm.runtime.JobOutcome;
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
    @ValueSource(strings = {"latency", "bw", "bibw", "mbw_mr", "bcast", "allreduce", "alltoall", "barrier"})
    void aShortRunPrintsOsuColumnsCsvAndPlot(String test) throws Exception {
        Path csv = dir.resolve(test + ".csv");
        Path png = dir.resolve(test + ".png");
        List<String> options = new ArrayList<>(List.of(test, "--max", "64", "--iterations", "20", "--warmup", "2",
            "--csv", csv.toString()));
        if (!test.equals("barrier")) {
            options.addAll(List.of("--plot", png.toString()));
        }
        String[] args = options.toArray(new String[0]);
        TwoThreadRanks.Run run = TwoThreadRanks.run(OsuLite.class, args);
        JobOutcome outcome = run.outcome();
        assertTrue(outcome.succeeded(), () -> "rank " + outcome.failedRank() + ": " + outcome.cause());
        List<String> lines = run.lines();
        assertTrue(lines.get(0).startsWith("# OSU-lite " + test + " test, 2 ranks"), lines.get(0));
        boolean rate = test.equals("mbw_mr");
        assertEquals(switch (test) {
            case "bw", "bibw" -> "# Size     Bandwidth (MB/s)";
            case "mbw_mr" -> "# Size                 MB/s        Messages/s";
            default -> "# Size     Avg Latency (us)";
        }, lines.get(1));
        List<Integer> sizes = new ArrayList<>();
        for (String line : lines.subList(2, lines.size())) {
            String[] columns = line.trim().split("\\s+");
            assertEquals(rate ? 3 : 2, columns.length, line);
            sizes.add(Integer.parseInt(columns[0]));
            for (int c = 1; c < columns.length; c++) {
                double value = Double.parseDouble(columns[c]);
                assertTrue(value > 0 && Double.isFinite(value), line);
            }
        }
        assertEquals(test.equals("barrier") ? List.of(0) : List.of(8, 16, 32, 64), sizes);
        List<String> rows = Files.readAllLines(csv);
        assertEquals("test,ranks,bytes,value,unit", rows.get(0));
        assertEquals((rate ? 2 : 1) * sizes.size() + 1, rows.size());
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",");
            assertEquals(test, f[0]);
            assertEquals("2", f[1]);
            assertTrue(Double.parseDouble(f[3]) > 0, row);
        }
        // A PNG of the sizes above 0 (a barrier has only size 0: nothing to draw on a log axis).
        if (!test.equals("barrier")) {
            java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
            assertEquals(900, image.getWidth());
            assertEquals(560, image.getHeight());
        }
    }

    /** The same tests through Open MPI's API, on direct and on heap buffers: the header names the API and each size has a positive figure. */
    @ParameterizedTest
    @ValueSource(strings = {"latency direct", "bw heap", "bibw direct", "mbw_mr heap", "bcast direct", "allreduce heap",
        "alltoall direct", "barrier heap"})
    void openMpisApiRunsEveryTestOnDirectAndHeapBuffers(String testAndBuffers) throws Exception {
        String test = testAndBuffers.split(" ")[0];
        String buffers = testAndBuffers.split(" ")[1];
        TwoThreadRanks.Run run = TwoThreadRanks.run(OsuLite.class,
            test, "--max", "64", "--iterations", "20", "--warmup", "2", "--api", "ompi", "--buffers", buffers);
        JobOutcome outcome = run.outcome();
        assertTrue(outcome.succeeded(), () -> "rank " + outcome.failedRank() + ": " + outcome.cause());
        List<String> lines = run.lines();
        assertTrue(lines.get(0).startsWith("# OSU-lite " + test + " test, 2 ranks (HyMPJ, Open MPI's API, " + buffers + " buffers"),
            lines.get(0));
        assertEquals(test.equals("barrier") ? 3 : 6, lines.size(), String.join("\n", lines));
        for (String line : lines.subList(2, lines.size())) {
            double value = Double.parseDouble(line.trim().split("\\s+")[1]);
            assertTrue(value > 0 && Double.isFinite(value), line);
        }
    }

    @org.junit.jupiter.api.Test
    void plotsSeveralCsvFilesAsOneLineEachAndRefusesOtherFiles() throws Exception {
        Path a = dir.resolve("Open MPI.csv");
        Path b = dir.resolve("HyMPJ.csv");
        Files.writeString(a, "test,ranks,bytes,value,unit\nlatency,2,8,0.2,us\nlatency,2,16,0.3,us\n");
        Files.writeString(b, "test,ranks,bytes,value,unit\nlatency,2,8,0.9,us\nlatency,2,16,1.1,us\n");
        Path png = dir.resolve("both.png");
        OsuPlot.main(new String[] {png.toString(), a.toString(), b.toString()});
        assertEquals(900, javax.imageio.ImageIO.read(png.toFile()).getWidth());
        OsuPlot.Series series = OsuPlot.read(a);
        assertEquals("Open MPI", series.name());
        assertEquals(List.of(8.0, 16.0), java.util.Arrays.stream(series.bytes()).boxed().toList());
        Path other = dir.resolve("other.csv");
        Files.writeString(other, "size,value\n8,1\n");
        java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, () -> OsuPlot.read(other));
        assertTrue(e.getMessage().endsWith("is not an OSU-lite CSV (its first line must be 'test,ranks,bytes,value,unit')"), e.getMessage());
        Path bw = dir.resolve("bw.csv");
        Files.writeString(bw, "test,ranks,bytes,value,unit\nbw,2,8,5,MB/s\n");
        e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
            () -> OsuPlot.draw(List.of(OsuPlot.read(a), OsuPlot.read(bw)), dir.resolve("mixed.png")));
        assertTrue(e.getMessage().contains("one plot shows one unit"), e.getMessage());
    }
}
