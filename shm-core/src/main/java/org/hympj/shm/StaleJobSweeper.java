package org.hympj.shm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Removes what dead jobs left in the shared-memory directory: a job directory whose segments'
 * creators are all dead (pid gone, or reused by a process that started at another time), or
 * that has held no valid segment for longer than a grace period (its creator died before
 * making one). The launcher sweeps at start and end, and so does every job as it starts.
 * Directories of live jobs, and files that are not HyMPJ job directories, are left alone.
 */
public final class StaleJobSweeper {
    /** How long a job directory may hold no valid segment before it counts as abandoned. */
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(60);

    private StaleJobSweeper() {
    }

    /** Sweeps {@code base}; returns the job directories removed. */
    public static List<Path> sweep(Path base, Duration grace) {
        List<Path> removed = new ArrayList<>();
        if (!Files.isDirectory(base)) {
            return removed;
        }
        try (Stream<Path> entries = Files.list(base)) {
            for (Path dir : (Iterable<Path>) entries::iterator) {
                if (dir.getFileName().toString().startsWith(JobDirectory.PREFIX) && Files.isDirectory(dir) && isStale(dir, grace)) {
                    try {
                        JobDirectory.deleteTree(dir);
                        removed.add(dir);
                    } catch (IOException e) {
                        // Owned by another user, or raced with another sweeper: leave it.
                    }
                }
            }
        } catch (IOException e) {
            return removed;
        }
        return removed;
    }

    /** Sweeps the configured base directory with the default grace period. */
    public static List<Path> sweep() {
        return sweep(JobDirectory.baseDirectory(), DEFAULT_GRACE);
    }

    private static boolean isStale(Path dir, Duration grace) throws IOException {
        List<ProcessIdentity> creators = JobDirectory.segmentCreators(dir);
        if (!creators.isEmpty()) {
            return creators.stream().noneMatch(ProcessIdentity::isAlive);
        }
        FileTime modified = Files.getLastModifiedTime(dir);
        return System.currentTimeMillis() - modified.toMillis() > grace.toMillis();
    }
}
