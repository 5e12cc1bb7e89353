package org.hympj.shm;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The directory of one job's segments on this node: {@code <base>/hympj-<job id>}, mode 0700,
 * where the base is {@code /dev/shm} unless the {@code hympj.shm.dir} system property or the
 * {@code HYMPJ_SHM_DIR} environment variable names another (a tmpfs, for speed).
 *
 * <p>Every process of the job opens the same directory; each unlinks the segments it created
 * when it closes the directory, or at exit through a shutdown hook; the last one out removes
 * the directory. A process killed with no chance to clean up leaves files that
 * {@link StaleJobSweeper} removes once their creators are dead.
 */
public final class JobDirectory implements AutoCloseable {
    public static final String PREFIX = "hympj-";
    private static final Pattern SEGMENT_NAME = Pattern.compile("[A-Za-z0-9._-]{1,100}");

    private final JobId job;
    private final Path path;
    private final List<SharedSegment> createdHere = new ArrayList<>();
    private final Thread cleanupAtExit;
    private boolean closed;

    private JobDirectory(JobId job, Path path) {
        this.job = job;
        this.path = path;
        // At exit only the names go: other threads (a progress agent still beating its
        // heartbeat) may touch the mappings until the JVM is gone, and unmapping under them
        // would crash the JVM (SIGSEGV) instead of letting it exit; the mappings end with it.
        this.cleanupAtExit = new Thread(() -> removeOwnSegments(false), "hympj-shm-cleanup-" + job);
        Runtime.getRuntime().addShutdownHook(cleanupAtExit);
    }

    /** The configured base directory (not checked). */
    public static Path baseDirectory() {
        String configured = System.getProperty("hympj.shm.dir");
        if (configured == null || configured.isBlank()) {
            configured = System.getenv("HYMPJ_SHM_DIR");
        }
        return Path.of(configured == null || configured.isBlank() ? "/dev/shm" : configured);
    }

    /**
     * The size of the file system that holds the configured base (a tmpfs's size is fixed, so
     * every process of a node reads the same), or 0 if it cannot be read.
     */
    public static long totalSpace() {
        try {
            return Files.getFileStore(baseDirectory()).getTotalSpace();
        } catch (IOException e) {
            return 0;
        }
    }

    /** Opens (creating it if this process is first) the directory of {@code job} under the configured base. */
    public static JobDirectory open(JobId job) {
        return open(baseDirectory(), job);
    }

    /** Opens (creating it if this process is first) the directory of {@code job} under {@code base}. */
    public static JobDirectory open(Path base, JobId job) {
        if (!Files.isDirectory(base)) {
            throw new SharedMemoryException("shared-memory directory " + base + " does not exist or is not a directory;"
                + " set -Dhympj.shm.dir or HYMPJ_SHM_DIR to a tmpfs directory");
        }
        if (!Files.isWritable(base)) {
            throw new SharedMemoryException("shared-memory directory " + base + " is not writable by this user");
        }
        Path dir = base.resolve(PREFIX + job);
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (FileAlreadyExistsException alreadyThere) {
            if (!Files.isDirectory(dir)) {
                throw new SharedMemoryException(dir + " exists but is not a directory");
            }
        } catch (IOException e) {
            throw new SharedMemoryException("cannot create job directory " + dir + ": " + e.getMessage(), e);
        }
        return new JobDirectory(job, dir);
    }

    public JobId job() {
        return job;
    }

    public Path path() {
        return path;
    }

    /** Creates segment {@code name} with {@code dataLength} bytes of data, checking there is room for it first. */
    public synchronized SharedSegment createSegment(String name, int dataLength) {
        checkOpen();
        Path file = segmentPath(name);
        long needed = (long) SegmentHeaderDescriptor.HEADER_LENGTH + dataLength;
        long free = usableSpace();
        if (free >= 0 && free < needed) {
            throw new SharedMemoryException("not enough shared memory for segment " + name + ": it needs " + needed
                + " bytes but only " + free + " are free in " + path.getParent()
                + " (free space there, or set -Dhympj.shm.dir to a larger tmpfs)");
        }
        SharedSegment segment = SharedSegment.create(file, job, dataLength);
        createdHere.add(segment);
        return segment;
    }

    /** Maps segment {@code name}, created by any process of this job. */
    public SharedSegment openSegment(String name) {
        checkOpen();
        return SharedSegment.open(segmentPath(name), job);
    }

    private Path segmentPath(String name) {
        if (!SEGMENT_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("segment name '" + name + "' must be 1 to 100 letters, digits, '.', '_' or '-'");
        }
        return path.resolve(name);
    }

    private long usableSpace() {
        try {
            return Files.getFileStore(path).getUsableSpace();
        } catch (IOException e) {
            return -1;
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new SharedMemoryException("job directory " + path + " is closed");
        }
    }

    /** Unlinks the segments this process created and removes the directory if it is then empty. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        removeOwnSegments(true);
        try {
            Runtime.getRuntime().removeShutdownHook(cleanupAtExit);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running or about to: it does the same work.
        }
    }

    private synchronized void removeOwnSegments(boolean unmap) {
        for (SharedSegment s : createdHere) {
            if (unmap) {
                s.unlink();
            } else {
                s.removeFile();
            }
        }
        createdHere.clear();
        try {
            Files.deleteIfExists(path);
        } catch (IOException notEmpty) {
            // Another process of the job still has segments here; the last one out removes it.
        }
    }

    /**
     * Removes the directory of {@code job} under the configured base and every segment in it,
     * whoever created them: for a launcher whose job's processes have all ended. Returns
     * false if something could not be removed.
     */
    public static boolean removeJob(JobId job) {
        Path dir = baseDirectory().resolve(PREFIX + job);
        if (!Files.exists(dir)) {
            return true;
        }
        try {
            deleteTree(dir);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The creators recorded in the segments of the job directory {@code dir}, one per file
     * that is a finished segment: whether they live tells a running job's directory from what
     * a dead one left.
     */
    public static List<ProcessIdentity> segmentCreators(Path dir) throws IOException {
        List<ProcessIdentity> creators = fileCreators(dir);
        creators.removeIf(Objects::isNull);
        return creators;
    }

    /** The creator of each file in {@code dir}, null for a file that is not a finished segment. */
    static List<ProcessIdentity> fileCreators(Path dir) throws IOException {
        List<ProcessIdentity> creators = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                creators.add(SharedSegment.readCreator(f));
            }
        }
        return creators;
    }

    /** Removes {@code dir} and every file in it; used for a dead job's directory. */
    static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(dir);
    }
}
