package org.hympj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.runtime.ThreadJob;

/**
 * Runs the example applications in tests: a test program on thread ranks, each rank loading
 * the program and the application from their own class loader; or a shipped application
 * exactly as a user does, through the hympjrun launcher in a separate JVM (so {@code --jvms}
 * starts real rank processes), returning what it printed.
 */
public final class ExampleJobs {
    private static final long TIMEOUT_SECONDS = 120;

    /** How a launcher run ended. */
    public record Run(int exitCode, String output) {
    }

    private ExampleJobs() {
    }

    /** Runs {@code program} on {@code ranks} thread ranks and fails with the first failing rank's throwable. */
    public static void runOk(int ranks, Class<?> program, String... args) throws InterruptedException {
        URL classes = codeSource(program);
        JobOutcome outcome = ThreadJob.start(ranks, new URL[] {classes, codeSource(Jacobi2D.class)}, program.getName(), args)
            .await(5_000);
        if (!outcome.succeeded()) {
            throw new AssertionError("rank " + outcome.failedRank() + " failed", outcome.cause());
        }
    }

    /** {@code hympjrun -np ranks --jvms jvms -cp <examples classes> mainClass args...} in a fresh JVM. */
    public static Run hympjrun(int ranks, int jvms, String mainClass, String... args) throws IOException, InterruptedException {
        Path classes;
        try {
            classes = Path.of(Class.forName(mainClass).getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(System.getProperty("agrona.opens", "").split(" ")).stream().filter(s -> !s.isEmpty()).toList());
        command.addAll(List.of("-Xmx1g", "-cp", System.getProperty("java.class.path"), "org.hympj.comm.launch.Hympjrun",
            "-np", Integer.toString(ranks), "--jvms", Integer.toString(jvms), "-cp", classes.toString(), mainClass));
        command.addAll(List.of(args));
        // The output goes to a file, so a job that never ends cannot block the read past the timeout.
        Path log = Files.createTempFile("hympj-example", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("hympjrun did not end within " + TIMEOUT_SECONDS + " s:\n" + Files.readString(log));
            }
            return new Run(process.exitValue(), Files.readString(log));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** As {@link #hympjrun}, failing unless the job exits 0; returns its output. */
    public static String hympjrunOk(int ranks, int jvms, String mainClass, String... args) throws IOException, InterruptedException {
        Run run = hympjrun(ranks, jvms, mainClass, args);
        assertEquals(0, run.exitCode(), () -> "hympjrun failed:\n" + run.output());
        return run.output();
    }

    private static URL codeSource(Class<?> c) {
        return c.getProtectionDomain().getCodeSource().getLocation();
    }
}
