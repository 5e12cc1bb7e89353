package org.hympj.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.runtime.ThreadJob;

/** How the tools' tests run a benchmark program: on 2 thread ranks, with standard output captured. */
public final class TwoThreadRanks {
    /** The job's outcome and the lines the ranks printed. */
    public record Run(JobOutcome outcome, List<String> lines) {
    }

    private TwoThreadRanks() {
    }

    public static Run run(Class<?> program, String... args) throws Exception {
        URL classes = program.getProtectionDomain().getCodeSource().getLocation();
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream out = System.out;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            JobOutcome outcome = ThreadJob.start(2, new URL[] {classes}, program.getName(), args).await(5_000);
            return new Run(outcome, List.of(captured.toString(StandardCharsets.UTF_8).split("\n")));
        } finally {
            System.setOut(out);
        }
    }
}
