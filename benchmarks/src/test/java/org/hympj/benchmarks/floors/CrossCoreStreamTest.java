package org.hympj.benchmarks.floors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A short run: a header, one row per round with a positive floor and rate in every column, two summaries. */
@Timeout(60)
class CrossCoreStreamTest {
    @Test
    void aShortRunPrintsEveryColumnForEveryRound() throws Exception {
        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            CrossCoreStream.main(new String[] {"3", "20", "64,128"});
        } finally {
            System.setOut(out);
        }
        List<String> lines = captured.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(6, lines.size(), String.join("\n", lines));
        assertEquals("round  floor rt ns  ring 64 KiB GB/s  ring 128 KiB GB/s  one copy GB/s", lines.get(0));
        for (int r = 1; r <= 3; r++) {
            double[] row = Arrays.stream(lines.get(r).trim().split("\\s+")).mapToDouble(Double::parseDouble).toArray();
            assertEquals(5, row.length, lines.get(r));
            assertEquals(r, row[0]);
            for (int c = 1; c < row.length; c++) {
                assertTrue(row[c] > 0 && Double.isFinite(row[c]), lines.get(r));
            }
        }
        assertTrue(lines.get(4).startsWith("medians, with the faster floor ("), lines.get(4));
        assertTrue(lines.get(5).startsWith("medians, with the slower floor ("), lines.get(5));
    }
}
