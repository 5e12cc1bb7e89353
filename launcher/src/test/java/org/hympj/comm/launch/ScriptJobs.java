package org.hympj.comm.launch;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Runs jobs through the {@code hympjrun} script itself, as a user does, so that its signal
 * handling is what is tested (and jobs of another launcher, watched the same way). The script runs from an installation of its own in a temporary
 * directory: a copy of the script, and in place of the built jars, jars it finds where it
 * looks for them, the runtime's one naming this JVM's class path in its manifest (so no build
 * is started and the classes under test are the ones run).
 */
public final class ScriptJobs {
    private static final Path SCRIPT = Path.of(System.getProperty("user.dir")).resolveSibling("hympjrun");

    private ScriptJobs() {
    }

    /** A job started by the script: its process (the script's) and the file its output goes to. */
    public record Job(Process process, Path log) {
        public long pid() {
            return process.pid();
        }

        public String output() throws IOException {
            return Files.readString(log);
        }

        /**
         * Sends {@code signal} to the script every second until the output holds
         * {@code fragment} (a signal sent before every rank waits may report too early);
         * fails after {@code seconds}.
         */
        public String signalUntil(String signal, String fragment, int seconds) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            // The script traps its signals before it starts the JVM; one sent earlier finds the default action.
            while (signal != null && !jvmStarted() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            while (System.nanoTime() < deadline) {
                if (signal != null) {
                    signal(signal);
                }
                String out = awaitOutput(fragment, 1);
                if (out != null) {
                    return out;
                }
            }
            throw new AssertionError("no '" + fragment + "' within " + seconds + " s; the job printed:\n" + output());
        }

        private boolean jvmStarted() {
            return process.descendants().anyMatch(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false));
        }

        /** The output once it holds {@code fragment}, or null after {@code seconds}. */
        public String awaitOutput(String fragment, int seconds) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            do {
                String out = output();
                if (out.contains(fragment)) {
                    return out;
                }
                Thread.sleep(100);
            } while (System.nanoTime() < deadline);
            return null;
        }

        public void signal(String name) throws IOException, InterruptedException {
            new ProcessBuilder("kill", "-" + name, Long.toString(pid())).inheritIO().start().waitFor();
        }

        /** Waits for the script to end; kills it and every process under it if it has not within {@code seconds}. */
        public int awaitExit(int seconds) throws IOException, InterruptedException {
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                kill();
                throw new AssertionError("hympjrun did not end within " + seconds + " s; it printed:\n" + output());
            }
            return process.exitValue();
        }

        /** Kills the script and the JVMs under it, for the end of a test whatever happened. */
        public void kill() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /** Starts {@code hympjrun args...} from an installation in {@code dir}, its output (both streams) in a file there. */
    static Job start(Path dir, String... args) throws IOException {
        return start(dir, List.of(), args);
    }

    /** As {@link #start(Path, String...)}, with {@code jvmOptions} added to the launcher's JVM (HYMPJ_JVM_OPTS). */
    public static Job start(Path dir, List<String> jvmOptions, String... args) throws IOException {
        Path home = install(dir);
        List<String> command = new ArrayList<>(List.of(home.resolve("hympjrun").toString()));
        command.addAll(List.of(args));
        return startCommand(dir, command, jvmOptions);
    }

    /** Starts another launcher's {@code command} the same way (its output in a file in {@code dir}). */
    static Job startCommand(Path dir, List<String> command) throws IOException {
        return startCommand(dir, command, List.of());
    }

    private static Job startCommand(Path dir, List<String> command, List<String> jvmOptions) throws IOException {
        Path log = dir.resolve("job.log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        List<String> options = new ArrayList<>(List.of("-Xmx256m"));
        options.addAll(jvmOptions);
        builder.environment().put("HYMPJ_JVM_OPTS", String.join(" ", options));
        return new Job(builder.start(), log);
    }

    /** The installation in {@code dir} that {@link #start} runs the script from, made on first use. */
    static Path install(Path dir) throws IOException {
        Path home = dir.resolve("hympj");
        if (Files.exists(home.resolve("hympjrun"))) {
            return home;
        }
        Files.createDirectories(home);
        Files.copy(SCRIPT, home.resolve("hympjrun"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.createDirectories(home.resolve("launcher/target/lib"));
        StringBuilder classPath = new StringBuilder();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            classPath.append(Path.of(entry).toAbsolutePath().toUri()).append(' ');
        }
        jar(home.resolve("launcher/target/hympj-launcher-test.jar"), classPath.toString().trim());
        jar(home.resolve("nested-parallelism/target/hympj-nested-parallelism-test.jar"), null);
        jar(home.resolve("npb-hybrid/target/hympj-npb-hybrid-test.jar"), null);
        jar(home.resolve("examples/target/hympj-examples-test.jar"), null);
        jar(home.resolve("benchmarks/target/benchmarks.jar"), null);
        return home;
    }

    private static void jar(Path file, String classPath) throws IOException {
        Files.createDirectories(file.getParent());
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (classPath != null) {
            manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        }
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out, manifest)) {
            jar.flush();
        }
    }
}
