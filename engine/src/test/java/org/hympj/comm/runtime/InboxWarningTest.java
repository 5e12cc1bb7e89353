package org.hympj.comm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM started without {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED} (plain
 * {@code java -cp ... Program}) warns that small messages between its thread ranks take the slower
 * path only if it has thread ranks: a JVM of one rank has nothing to warn about.
 */
@Timeout(60)
class InboxWarningTest {
    /** Starts a job of {@code args[0]} ranks, all in this JVM, and says so. */
    public static final class StartJob {
        public static void main(String[] args) {
            new Job(Integer.parseInt(args[0]));
            System.out.println("job started");
        }
    }

    @TempDir
    Path dir;

    /** The standard error of a plain JVM (no --add-opens) that starts a job of {@code ranks} ranks. */
    private String standardErrorOfAJobOf(int ranks) throws IOException, InterruptedException {
        Path err = dir.resolve("stderr-" + ranks);
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"), StartJob.class.getName(), Integer.toString(ranks)))
            .redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the JVM did not end");
        assertEquals(0, p.exitValue(), out);
        assertEquals("job started", out);
        return Files.readString(err).trim();
    }

    @Test
    void aJvmOfOneRankWarnsAboutNoThreadRanks() throws Exception {
        assertEquals("", standardErrorOfAJobOf(1));
    }

    @Test
    void aJvmOfThreadRanksSaysTheirSmallMessagesTakeTheSlowerPath() throws Exception {
        String err = standardErrorOfAJobOf(2);
        assertTrue(err.contains("small messages between thread ranks are matched on the sender's side"), err);
    }
}
