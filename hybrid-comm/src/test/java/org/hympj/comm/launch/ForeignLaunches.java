package org.hympj.comm.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.hympj.shm.JobDirectory;
import org.hympj.shm.ProcessIdentity;

/**
 * Runs a test program under another launcher ({@code mpirun}, {@code srun}), one rank per
 * JVM, with this JVM's java and class path, and collects what it printed.
 */
final class ForeignLaunches {
    /** How long a new, empty job directory is taken for another job that is starting. */
    private static final long STARTING_JOB_MILLIS = 3_000;

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
        return run(launcher, System.getProperty("java.class.path"), program.getName());
    }

    /** {@code launcher... java --add-opens ... -cp classpath mainClass}. */
    static Run run(List<String> launcher, String classpath, String mainClass) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(launcher);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xmx256m", "-cp", classpath, mainClass));
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

    /** The job directories in shared memory now. */
    static Set<String> jobDirectories() throws IOException {
        try (Stream<Path> files = Files.list(JobDirectory.baseDirectory())) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(JobDirectory.PREFIX)).collect(Collectors.toSet());
        }
    }

    /**
     * The job directories in shared memory now that were not there {@code before} and that no
     * process holds but this one: what the jobs a test ran, all ended, left behind. A
     * directory with a segment of another live process belongs to a job still running beside
     * the tests (a benchmark, another build), and one still empty may be such a job starting:
     * it is looked at again for up to {@link #STARTING_JOB_MILLIS}, until it holds a segment or
     * is gone.
     */
    static Set<String> leftBehind(Set<String> before) throws IOException, InterruptedException {
        Set<String> left = new TreeSet<>();
        for (String name : jobDirectories()) {
            if (!before.contains(name) && !heldByAnotherProcess(JobDirectory.baseDirectory().resolve(name))) {
                left.add(name);
            }
        }
        return left;
    }

    private static boolean heldByAnotherProcess(Path dir) throws IOException, InterruptedException {
        long self = ProcessHandle.current().pid();
        long deadline = System.currentTimeMillis() + STARTING_JOB_MILLIS;
        while (true) {
            List<ProcessIdentity> creators;
            try {
                creators = JobDirectory.segmentCreators(dir);
            } catch (NoSuchFileException gone) {
                return true;
            }
            if (!creators.isEmpty()) {
                return creators.stream().anyMatch(c -> c.pid() != self && c.isAlive());
            }
            if (System.currentTimeMillis() > deadline) {
                return false;
            }
            Thread.sleep(100);
        }
    }
}
