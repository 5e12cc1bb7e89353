package org.hympj.shm;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The directory of one job's segments on this node: {@code <base>/hympj-<job id>}, mode 0700,
 * where the base is {@code /dev/shm} unless the {@code hympj.shm.dir} system property or the
 * {@code HYMPJ_SHM_DIR} environment variable names another (a tmpfs, for speed).
 *
 * <p>Invariant: the directory this object holds open is a directory (no link) owned by this
 * process's user with mode 0700, and every segment is created and opened relative to it,
 * never by a path resolved again, so nobody else can plant, rename or replace what the job
 * maps. A directory found already there is joined only if it passes the same checks;
 * anything else is refused with what is wrong with it.
 *
 * <p>Every process of the job opens the same directory; each removes the segments it created
 * when it closes the directory, or at exit through a shutdown hook, and with them the
 * segments of this job whose creators are proven dead (a JVM killed beside it); the last one
 * out removes the directory. What a job killed whole leaves, {@link StaleJobSweeper} removes.
 */
public final class JobDirectory implements AutoCloseable {
    public static final String PREFIX = "hympj-";
    private static final Pattern SEGMENT_NAME = Pattern.compile("[A-Za-z0-9._-]{1,100}");
    private static final Pattern JOB_DIRECTORY_NAME = Pattern.compile(Pattern.quote(PREFIX) + "[0-9a-f]{32}");
    private static final Path SELF = Path.of(".");

    private final JobId job;
    private final Path path;
    private final Path name;
    private final SecureDirectoryStream<Path> base;
    private final SecureDirectoryStream<Path> directory;
    private final List<SharedSegment> createdHere = new ArrayList<>();
    private final Thread cleanupAtExit;
    private boolean closed;

    private JobDirectory(JobId job, Path path, SecureDirectoryStream<Path> base, SecureDirectoryStream<Path> directory) {
        this.job = job;
        this.path = path;
        this.name = path.getFileName();
        this.base = base;
        this.directory = directory;
        // At exit only the names go: other threads (a progress agent still beating its
        // heartbeat) may touch the mappings until the JVM is gone, and unmapping under them
        // would crash the JVM (SIGSEGV) instead of letting it exit; the mappings end with it.
        this.cleanupAtExit = new Thread(this::removeFiles, "hympj-shm-cleanup-" + job);
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
        return open(base, job, false);
    }

    /**
     * Creates the directory of {@code job} under the configured base, which must not exist yet:
     * for a launcher, before it starts the job's processes, which then join it.
     */
    public static JobDirectory create(JobId job) {
        return create(baseDirectory(), job);
    }

    /** Creates the directory of {@code job} under {@code base}, which must not exist yet. */
    public static JobDirectory create(Path base, JobId job) {
        return open(base, job, true);
    }

    private static JobDirectory open(Path base, JobId job, boolean fresh) {
        if (!Files.isDirectory(base)) {
            throw new SharedMemoryException("shared-memory directory " + base + " does not exist or is not a directory;"
                + " set -Dhympj.shm.dir or HYMPJ_SHM_DIR to a tmpfs directory");
        }
        if (!Files.isWritable(base)) {
            throw new SharedMemoryException("shared-memory directory " + base + " is not writable by this user");
        }
        Path name = Path.of(PREFIX + job);
        Path dir = base.resolve(name);
        SecureDirectoryStream<Path> baseStream = null;
        SecureDirectoryStream<Path> dirStream = null;
        boolean made = false;
        try {
            baseStream = OwnFiles.open(base);
            try {
                // mkdir: exclusive, and a link already at the name makes it fail rather than be followed.
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OwnFiles.DIRECTORY_MODE));
                made = true;
            } catch (FileAlreadyExistsException alreadyThere) {
                if (fresh) {
                    throw new SharedMemoryException("job directory " + dir + " already exists, but a new job's directory must"
                        + " be made fresh; something else made it (remove it if it is yours to remove)");
                }
            }
            String problem = OwnFiles.directoryProblem(OwnFiles.entryAttributes(baseStream, name));
            if (problem == null) {
                dirStream = OwnFiles.openEntry(baseStream, name);
                problem = OwnFiles.directoryProblem(OwnFiles.attributes(dirStream));
            }
            if (problem != null) {
                throw new SharedMemoryException("refusing the job directory " + dir + ": it " + problem + "; HyMPJ makes its job"
                    + " directories itself, owned by the job's user with mode 0700, and joins no other");
            }
            return new JobDirectory(job, dir, baseStream, dirStream);
        } catch (IOException | RuntimeException e) {
            closeQuietly(dirStream);
            if (made) {
                // Ours and still empty (its exit hook, which would remove it, is what failed to
                // register during a shutdown); removed through the base, so no link is followed.
                try {
                    baseStream.deleteDirectory(name);
                } catch (IOException ignored) {
                    // the error below is what the caller needs
                }
            }
            closeQuietly(baseStream);
            if (e instanceof SharedMemoryException sme) {
                throw sme;
            }
            throw new SharedMemoryException("cannot open the job directory " + dir + ": " + e.getMessage(), e);
        }
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
        Path entry = file.getFileName();
        FileChannel channel;
        try {
            channel = fileChannel(directory.newByteChannel(entry,
                Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
                PosixFilePermissions.asFileAttribute(OwnFiles.FILE_MODE)));
        } catch (FileAlreadyExistsException e) {
            throw new SharedMemoryException("segment " + file + " already exists; segment names must be unique within a job", e);
        } catch (IOException e) {
            throw new SharedMemoryException("cannot create segment " + file + ": " + e.getMessage(), e);
        }
        SharedSegment segment;
        try (channel) {
            segment = SharedSegment.create(channel, file, job, dataLength);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(directory, entry);
            throw e instanceof RuntimeException re ? re : new SharedMemoryException("cannot create segment " + file + ": "
                + e.getMessage(), e);
        }
        createdHere.add(segment);
        return segment;
    }

    /**
     * Maps segment {@code name}, created by any process of this job: it must be a regular file
     * (no link) of this user with mode 0600 whose header names this job.
     */
    public SharedSegment openSegment(String name) {
        checkOpen();
        Path file = segmentPath(name);
        Path entry = file.getFileName();
        try {
            String problem = OwnFiles.fileProblem(OwnFiles.entryAttributes(directory, entry));
            if (problem != null) {
                throw new SharedMemoryException("refusing segment " + file + ": it " + problem + "; a job's segments are its"
                    + " user's regular files of mode 0600");
            }
            try (FileChannel channel = fileChannel(directory.newByteChannel(entry,
                Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)))) {
                return SharedSegment.open(channel, file, job);
            }
        } catch (NoSuchFileException e) {
            throw new SharedMemoryException("segment " + file + " does not exist", e);
        } catch (IOException e) {
            throw new SharedMemoryException("cannot open segment " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Removes the file of {@code segment}, which this process created, while the mappings of
     * it stay: for a segment every process that uses it has mapped already.
     */
    public synchronized void unlink(SharedSegment segment) {
        checkOpen();
        deleteQuietly(directory, segment.path().getFileName());
    }

    /**
     * The length of the regular file {@code name} in this directory (a link is not followed),
     * or -1 if there is none: a segment's creator gives it its whole length before anything else.
     */
    public long segmentLength(String name) {
        checkOpen();
        try {
            PosixFileAttributes a = OwnFiles.entryAttributes(directory, segmentPath(name).getFileName());
            return a.isRegularFile() ? a.size() : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    private Path segmentPath(String name) {
        if (!SEGMENT_NAME.matcher(name).matches() || name.equals(".") || name.equals("..")) {
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

    /**
     * Unmaps and removes the segments this process created, removes those of this job whose
     * creators are proven dead, and the directory if it is then empty.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        for (SharedSegment s : createdHere) {
            s.close();
        }
        removeFiles();
        release();
    }

    /**
     * Removes the segments this process created, as {@link #close} does, and leaves their
     * mappings to end with the process: for a process that is ending while some of its threads
     * may still touch them, where an unmapping under such a thread would crash the JVM (SIGSEGV).
     */
    public synchronized void closeLeavingMappings() {
        if (closed) {
            return;
        }
        removeFiles();
        release();
    }

    /** Marks this closed, lets go of the directory and drops the shutdown hook. */
    private void release() {
        closed = true;
        closeQuietly(directory);
        closeQuietly(base);
        try {
            Runtime.getRuntime().removeShutdownHook(cleanupAtExit);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running or about to: it does the same work.
        }
    }

    private synchronized void removeFiles() {
        if (closed) {
            return;
        }
        for (SharedSegment s : createdHere) {
            deleteQuietly(directory, s.path().getFileName());
        }
        createdHere.clear();
        try {
            if (removeDeadSegments(directory, job).left() == 0) {
                base.deleteDirectory(name);
            }
        } catch (IOException stillInUse) {
            // Another process of the job still has segments here; the last one out removes it.
        }
    }

    /**
     * Removes every regular file of this user in the directory, whoever created it, and then
     * the directory: for a launcher whose job's processes have all ended. Closes the
     * directory. Returns false if something could not be removed.
     */
    public synchronized boolean removeAll() {
        if (closed) {
            return true;
        }
        for (SharedSegment s : createdHere) {
            s.close();
        }
        createdHere.clear();
        boolean all = true;
        try {
            for (Path entry : entries(directory)) {
                PosixFileAttributes a;
                try {
                    a = OwnFiles.entryAttributes(directory, entry);
                } catch (NoSuchFileException gone) {
                    continue; // its creator removed it as it ended
                }
                if (a.isRegularFile() && a.owner().equals(OwnFiles.user())) {
                    deleteIfThere(directory, entry, false);
                } else {
                    all = false;
                }
            }
            // The job's last JVM out removes the directory itself when it ends normally.
            deleteIfThere(base, name, true);
        } catch (IOException e) {
            all = false;
        }
        release();
        return all;
    }

    /** Deletes {@code entry} of {@code dir} (a file, or a directory if {@code isDirectory}); one already gone is no error. */
    private static void deleteIfThere(SecureDirectoryStream<Path> dir, Path entry, boolean isDirectory) throws IOException {
        try {
            if (isDirectory) {
                dir.deleteDirectory(entry);
            } else {
                dir.deleteFile(entry);
            }
        } catch (NoSuchFileException gone) {
            // removed meanwhile by the process that made it
        }
    }

    /** How a pass over one job directory ended: the segments it removed, and the entries it left. */
    record Removal(int removed, int left) {
    }

    /**
     * Removes from the job directory that {@code dir} holds open each segment of {@code job}
     * whose creator is proven dead (see {@link #provenHeader}); anything else stays.
     */
    static Removal removeDeadSegments(SecureDirectoryStream<Path> dir, JobId job) throws IOException {
        int removed = 0;
        int left = 0;
        for (Path entry : entries(dir)) {
            SharedSegment.Header header = provenHeader(dir, entry);
            if (header != null && header.job().equals(job) && !header.creator().isAlive()) {
                dir.deleteFile(entry);
                removed++;
            } else {
                left++;
            }
        }
        return new Removal(removed, left);
    }

    /**
     * The header of entry {@code entry} of {@code dir} if it proves the entry a HyMPJ segment of
     * this user that names its creator: a regular file (no link) of this user with mode 0600,
     * read through a channel opened relative to {@code dir} without following a link, whose
     * header is RESERVING or READY. Null otherwise.
     */
    static SharedSegment.Header provenHeader(SecureDirectoryStream<Path> dir, Path entry) {
        try {
            if (OwnFiles.fileProblem(OwnFiles.entryAttributes(dir, entry)) != null) {
                return null;
            }
            try (FileChannel channel = fileChannel(dir.newByteChannel(entry, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)))) {
                return SharedSegment.readHeader(channel);
            }
        } catch (IOException e) {
            return null;
        }
    }

    /** The job whose directory is named {@code name}, or null if it is no job directory's name. */
    static JobId jobOf(Path name) {
        String n = name.toString();
        return JOB_DIRECTORY_NAME.matcher(n).matches() ? JobId.parse(n.substring(PREFIX.length())) : null;
    }

    /**
     * The names in the directory {@code dir} holds open, listed through a stream of its own
     * (a directory stream lists once) opened relative to it.
     */
    static List<Path> entries(SecureDirectoryStream<Path> dir) throws IOException {
        List<Path> names = new ArrayList<>();
        try (SecureDirectoryStream<Path> listing = OwnFiles.openEntry(dir, SELF)) {
            for (Path p : listing) {
                names.add(p.getFileName());
            }
        }
        return names;
    }

    private static FileChannel fileChannel(SeekableByteChannel channel) throws IOException {
        if (channel instanceof FileChannel file) {
            return file;
        }
        channel.close();
        throw new IOException("this platform opens no mappable file relative to a directory (HyMPJ's shared memory needs Linux)");
    }

    private static void deleteQuietly(SecureDirectoryStream<Path> dir, Path entry) {
        try {
            dir.deleteFile(entry);
        } catch (IOException ignored) {
            // A sweep removes what could not be removed here.
        }
    }

    private static void closeQuietly(SecureDirectoryStream<Path> stream) {
        if (stream != null) {
            try {
                stream.close();
            } catch (IOException ignored) {
                // nothing held that a close could lose
            }
        }
    }
}
