package org.hympj.shm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.PosixFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Removes what dead jobs left in the shared-memory directory, and nothing it cannot prove is
 * that: in each {@code hympj-<32 hex digits>} directory of the base that is a directory (no
 * link is followed) owned by this process's user with mode 0700, each segment of that job
 * whose creator is dead (pid gone, a zombie, or reused by a process that started at another
 * time), as its header proves it (see {@link JobDirectory#provenHeader}); then the directory,
 * once empty. A job directory empty from the start is removed only once it has not changed
 * for a grace period: a job that is starting makes it before its first segment. Everything
 * is looked at and removed relative to directories opened without following a link, so a
 * link planted in the base, or a directory swapped for one meanwhile, cannot lead a sweep
 * anywhere else. What is not proven stays, and the sweep goes on to the next.
 *
 * <p>The launcher sweeps at start and end, and every cluster node's JVMs as they join.
 */
public final class StaleJobSweeper {
    /** How long a job directory may hold nothing before it counts as abandoned. */
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(60);

    private StaleJobSweeper() {
    }

    /** Sweeps {@code base}; returns the job directories removed. */
    public static List<Path> sweep(Path base, Duration grace) {
        List<Path> removed = new ArrayList<>();
        if (!Files.isDirectory(base)) {
            return removed;
        }
        try (SecureDirectoryStream<Path> baseStream = OwnFiles.open(base)) {
            for (Path name : JobDirectory.entries(baseStream)) {
                JobId job = JobDirectory.jobOf(name);
                try {
                    if (job != null && sweepJob(baseStream, name, job, grace)) {
                        removed.add(base.resolve(name));
                    }
                } catch (IOException | RuntimeException e) {
                    // Gone meanwhile (its job ended), not ours, or raced with another sweeper:
                    // leave it, and go on to the next.
                }
            }
        } catch (IOException | SharedMemoryException e) {
            // A base that cannot be listed, or a user that cannot be told: nothing is proven.
            return removed;
        }
        return removed;
    }

    /** Sweeps the configured base directory with the default grace period. */
    public static List<Path> sweep() {
        return sweep(JobDirectory.baseDirectory(), DEFAULT_GRACE);
    }

    /** Removes the dead segments of job directory {@code name}, and the directory if that leaves it empty; true if it went. */
    private static boolean sweepJob(SecureDirectoryStream<Path> base, Path name, JobId job, Duration grace) throws IOException {
        if (OwnFiles.directoryProblem(OwnFiles.entryAttributes(base, name)) != null) {
            return false;
        }
        try (SecureDirectoryStream<Path> dir = OwnFiles.openEntry(base, name)) {
            PosixFileAttributes opened = OwnFiles.attributes(dir);
            if (OwnFiles.directoryProblem(opened) != null) {
                return false;
            }
            JobDirectory.Removal removal = JobDirectory.removeDeadSegments(dir, job);
            boolean abandoned = removal.removed() > 0
                || System.currentTimeMillis() - opened.lastModifiedTime().toMillis() > grace.toMillis();
            if (removal.left() > 0 || !abandoned) {
                return false;
            }
        }
        base.deleteDirectory(name);
        return true;
    }
}
