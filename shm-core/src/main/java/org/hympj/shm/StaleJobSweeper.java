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
 * whose files have not all become finished segments within a grace period (a creator died
 * before finishing one). The launcher sweeps at start and end, and so does every job as it
 * starts. Directories of live jobs, and files that are not HyMPJ job directories, are left
 * alone.
 */
public final class StaleJobSweeper {
    /** How long a job directory may hold no segment, or an unfinished one, before it counts as abandoned. */
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
                if (!dir.getFileName().toString().startsWith(JobDirectory.PREFIX) || !Files.isDirectory(dir)) {
                    continue;
                }
                try {
                    if (isStale(dir, grace)) {
                        JobDirectory.deleteTree(dir);
                        removed.add(dir);
                    }
                } catch (IOException e) {
                    // Gone meanwhile (its job ended), owned by another user, or raced with another
                    // sweeper: leave it, and go on to the next.
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

    /**
     * Stale: no segment's creator lives, and either every file is a finished segment (so
     * nothing is being created) or the directory has not changed for the grace period. A
     * segment whose header is not yet READY names no creator; while it is young its directory
     * is taken for a job that is starting, not a dead one.
     */
    private static boolean isStale(Path dir, Duration grace) throws IOException {
        int deadCreators = 0;
        int unfinished = 0;
        for (ProcessIdentity creator : JobDirectory.fileCreators(dir)) {
            if (creator == null) {
                unfinished++;
            } else if (creator.isAlive()) {
                return false;
            } else {
                deadCreators++;
            }
        }
        if (deadCreators > 0 && unfinished == 0) {
            return true;
        }
        FileTime modified = Files.getLastModifiedTime(dir);
        return System.currentTimeMillis() - modified.toMillis() > grace.toMillis();
    }
}
