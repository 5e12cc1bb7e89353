package org.hympj.benchmarks.paths;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hympj.benchmarks.ChildJvm;

/**
 * The other end of a cross-process ping-pong: a JVM started with this JVM's class path and
 * options (so it has the same {@code --add-opens} and heap settings), running an echo main
 * over a file both map. Stopping waits for it to exit and removes the file.
 */
final class EchoProcess {
    private final Process process;
    private final Path file;

    EchoProcess(Class<?> main, Path file, String... args) {
        this.file = file;
        List<String> command = ChildJvm.command(List.of());
        command.addAll(List.of(main.getName(), file.toString()));
        command.addAll(List.of(args));
        try {
            process = new ProcessBuilder(command).inheritIO().start();
        } catch (IOException e) {
            throw new IllegalStateException("could not start the echo process " + main.getSimpleName(), e);
        }
    }

    /**
     * For the waiting loops: throws if the echo process has died, so that a broken echo ends
     * the trial with its error instead of a benchmark spinning forever.
     */
    void checkAlive() {
        if (!process.isAlive()) {
            throw new IllegalStateException("the echo process died with exit status " + process.exitValue());
        }
    }

    /** Waits for the echo process to end (after it was told to stop) and removes the shared file. */
    void await() throws InterruptedException, IOException {
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("the echo process did not stop");
        }
        java.nio.file.Files.deleteIfExists(file);
    }

    /** A fresh file name in /dev/shm for one benchmark trial. */
    static Path sharedFile(String what) {
        return Path.of("/dev/shm", "hympj-bench-" + what + "-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
    }
}
