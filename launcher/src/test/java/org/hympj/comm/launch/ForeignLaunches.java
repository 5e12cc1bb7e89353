package org.hympj.comm.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs a test program under another launcher ({@code mpirun}, {@code srun}), one rank per
 * JVM, with this JVM's java and class path, and collects what it printed; and makes the
 * directories of a test's own that its jobs keep their shared memory and their user's key in.
 */
final class ForeignLaunches {
    private static final FileAttribute<Set<PosixFilePermission>> PRIVATE =
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));

    /** How a launcher's run ended. */
    record Run(int exitCode, String output) {
    }

    private ForeignLaunches() {
    }

    /** True if {@code command} is an executable on the PATH. */
    static boolean installed(String command) {
        return Stream.of(System.getenv("PATH").split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, command)));
    }

    /** {@code launcher... java --add-opens ... jvmOptions... -cp <test class path> program}. */
    static Run run(List<String> launcher, List<String> jvmOptions, Class<?> program) throws IOException, InterruptedException {
        return run(launcher, jvmOptions, System.getProperty("java.class.path"), program.getName());
    }

    /** {@code launcher... java --add-opens ... jvmOptions... -cp classpath mainClass}. */
    static Run run(List<String> launcher, List<String> jvmOptions, String classpath, String mainClass)
        throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(launcher);
        command.addAll(java(jvmOptions, classpath, mainClass));
        return execute(command);
    }

    /** {@code java --add-opens ... jvmOptions... -cp <test class path> program}, as a launcher starts it per rank. */
    static List<String> java(List<String> jvmOptions, Class<?> program) {
        return java(jvmOptions, System.getProperty("java.class.path"), program.getName());
    }

    private static List<String> java(List<String> jvmOptions, String classpath, String mainClass) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xmx256m"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classpath, mainClass));
        return command;
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

    /**
     * The directories of one test's own, new and unique to this run, where its jobs keep their
     * shared memory (a base of mode 0700 under /dev/shm, so the test judges only what its own
     * jobs leave there) and their user's key (so no test makes or reads the user's real key).
     */
    record OwnDirectories(Path sharedMemory, Path keys) implements AutoCloseable {
        static OwnDirectories make(String test) throws IOException {
            Path sharedMemory = Files.createTempDirectory(Path.of("/dev/shm"), "hympj-test-" + test + "-", PRIVATE);
            try {
                return new OwnDirectories(sharedMemory, Files.createTempDirectory("hympj-test-" + test + "-keys-", PRIVATE));
            } catch (IOException | RuntimeException e) {
                removeTree(sharedMemory);
                throw e;
            }
        }

        /** The JVM options that put a job's shared memory and its user's key here. */
        List<String> jvmOptions() {
            return List.of("-Dhympj.shm.dir=" + sharedMemory, "-Dhympj.key.dir=" + keys);
        }

        /** The names in the shared-memory base, which every job must leave empty. */
        List<String> leftInSharedMemory() throws IOException {
            try (Stream<Path> files = Files.list(sharedMemory)) {
                return files.map(f -> f.getFileName().toString()).sorted().toList();
            }
        }

        /** Removes both directories and all in them. */
        @Override
        public void close() throws IOException {
            try {
                removeTree(sharedMemory);
            } finally {
                removeTree(keys);
            }
        }
    }

    /** Removes {@code dir} and everything in it, if it exists. */
    static void removeTree(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
