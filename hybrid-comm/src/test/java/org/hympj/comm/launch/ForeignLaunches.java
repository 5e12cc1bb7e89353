package org.hympj.comm.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.hympj.shm.JobDirectory;

/**
 * Runs a test program under another launcher ({@code mpirun}, {@code srun}), one rank per
 * JVM, with this JVM's java and class path, and collects what it printed.
 */
final class ForeignLaunches {
    /** How a launcher's run ended. */
    record Run(int exitCode, String output) {
    }

    private ForeignLaunches() {
    }

    /** True if {@code command} is an executable on the PATH. */
    static boolean installed(String command) {
        return Stream.of(System.getenv("PATH").split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, command)));
    }

    /** {@code launcher... java --add-opens ... -cp <test class path> program}. */
    static Run run(List<String> launcher, Class<?> program) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(launcher);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xmx256m",
            "-cp", System.getProperty("java.class.path"), program.getName()));
        return execute(command);
    }

    /**
     * Runs {@code command} and returns its exit status and output; kills it after 120 s (the
     * output goes to a file, so a command that never ends cannot block the read).
     */
    static Run execute(List<String> command) throws IOException, InterruptedException {
        Path log = Files.createTempFile("hympj-launch", ".log");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(command.get(0) + " did not end within 120 s:\n" + Files.readString(log));
            }
            return new Run(p.exitValue(), Files.readString(log));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** The job directories in shared memory now: a finished job must leave none behind. */
    static Set<String> jobDirectories() throws IOException {
        try (Stream<Path> files = Files.list(JobDirectory.baseDirectory())) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(JobDirectory.PREFIX)).collect(Collectors.toSet());
        }
    }
}
