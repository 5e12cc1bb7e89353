package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a test program the way {@code hympjrun -np N --jvms M} does: M JVMs on the process
 * path, the program's class loaded by each rank from the test classes. The JVMs' output is
 * collected, with the launcher's own messages after it.
 */
public final class ProcessJobs {
    /** How a process job ended: the launcher's exit status and everything the JVMs and the launcher printed. */
    public record Result(int exitCode, String output) {
    }

    private ProcessJobs() {
    }

    public static Result run(int np, int jvms, Class<?> program, String... args) {
        try {
            return run(np, jvms, Path.of(program.getProtectionDomain().getCodeSource().getLocation().toURI()).toString(),
                program.getName(), args);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** As {@link #run(int, int, Class, String...)}, for the main class {@code mainClass} on {@code classpath}. */
    public static Result run(int np, int jvms, String classpath, String mainClass, String... args) {
        Path log;
        try {
            log = Files.createTempFile("hympj-process-job", ".log");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> command = new ArrayList<>(List.of("-np", Integer.toString(np), "--jvms", Integer.toString(jvms),
            "-cp", classpath, mainClass));
        command.addAll(List.of(args));
        ByteArrayOutputStream launcherOutput = new ByteArrayOutputStream();
        try {
            LaunchOptions options = LaunchOptions.parse(command.toArray(new String[0]));
            int code;
            try (PrintStream err = new PrintStream(launcherOutput, true, StandardCharsets.UTF_8)) {
                code = ProcessLauncher.run(options, err, ProcessBuilder.Redirect.appendTo(log.toFile()), null);
            }
            String output = Files.readString(log) + launcherOutput.toString(StandardCharsets.UTF_8);
            return new Result(code, output);
        } catch (LaunchOptions.UsageException e) {
            throw new IllegalArgumentException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            try {
                Files.deleteIfExists(log);
            } catch (IOException ignored) {
                // a temp file
            }
        }
    }

    /** Runs the program and fails the test, showing its output, unless every rank ended normally. */
    public static void runOk(int np, int jvms, Class<?> program, String... args) {
        Result r = run(np, jvms, program, args);
        assertEquals(0, r.exitCode(), () -> program.getSimpleName() + " on " + np + " ranks in " + jvms + " JVMs failed:\n"
            + r.output());
    }
}
