package org.hympj.shm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * This user's secret for naming job directories: 32 random bytes in a file {@code job-key}
 * (mode 0600, in a directory owned by the user that nobody else may write). A job directory
 * named after a key others can read (mpirun's or srun's job id, a job id on a command line)
 * is named by {@link #jobId}, a hash of this secret and that key: every process of the user on
 * one machine names it alike, and nobody else can, so nobody else can make it first.
 *
 * <p>The key's directory is the one {@code -Dhympj.key.dir} or {@code HYMPJ_KEY_DIR} names;
 * else {@code ~/.hympj}; else, where the home is not usable (none, read-only),
 * {@code $XDG_RUNTIME_DIR/hympj} if that runtime directory is the user's with mode 0700. The
 * key is only needed per user and per machine, which each of these is.
 *
 * <p>The first process to need the key makes it, race-free, and never replaces one: it writes
 * a temporary file and hard-links it into place, which fails if another process won; where
 * the file system refuses hard links it creates the key file itself (exclusively) and writes
 * it, and readers wait a little for a key file shorter than the key to be whole. Every
 * process then reads the file that is in place. A key file or directory with the wrong owner
 * or mode is refused.
 */
public final class UserKey {
    /** The key file's name in its directory. */
    public static final String FILE_NAME = "job-key";
    private static final String SET_A_DIRECTORY = "set -Dhympj.key.dir or HYMPJ_KEY_DIR to a directory of this user's that nobody"
        + " else may write";
    private static final int KEY_BYTES = 32;
    /** How long a reader waits for a key file made in place to be written whole. */
    private static final long WHOLE_WITHIN_NANOS = TimeUnit.SECONDS.toNanos(2);
    private static final Set<PosixFilePermission> WRITABLE_BY_OTHERS = Set.of(PosixFilePermission.GROUP_WRITE,
        PosixFilePermission.OTHERS_WRITE);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] key;

    private UserKey(byte[] key) {
        this.key = key;
    }

    /** The key in this process's key directory (see the class comment), made if there is none. */
    public static UserKey load() {
        String configured = System.getProperty("hympj.key.dir");
        if (configured == null || configured.isBlank()) {
            configured = System.getenv("HYMPJ_KEY_DIR");
        }
        return load(configured, System.getProperty("user.home"), System.getenv("XDG_RUNTIME_DIR"));
    }

    /**
     * The key in {@code configured} if it is set; else in {@code <home>/.hympj}; else, if the
     * home is not usable, in {@code <runtimeDirectory>/hympj}. A key refused for its owner or
     * mode is not passed over for another: that is for the user to repair.
     */
    static UserKey load(String configured, String home, String runtimeDirectory) {
        if (configured != null && !configured.isBlank()) {
            return load(Path.of(configured));
        }
        String homeProblem;
        if (home == null || home.isBlank() || home.equals("?")) {
            homeProblem = "this process has no home directory (user.home is " + (home == null ? "not set" : "'" + home + "'") + ")";
        } else if (!Files.isDirectory(Path.of(home))) {
            homeProblem = "the home directory " + home + " does not exist or is not a directory";
        } else {
            Path keys = Path.of(home, ".hympj");
            try {
                return loadOrMake(keys);
            } catch (IOException e) {
                homeProblem = "not in " + keys + " (" + describe(e) + ")";
            }
        }
        if (runtimeDirectory == null || runtimeDirectory.isBlank()) {
            throw new SharedMemoryException("cannot read or make this user's job key, which HyMPJ names job directories with: "
                + homeProblem + ", and XDG_RUNTIME_DIR is not set; " + SET_A_DIRECTORY);
        }
        Path runtime = Path.of(runtimeDirectory);
        Path keys = runtime.resolve("hympj");
        try {
            try (SecureDirectoryStream<Path> dir = OwnFiles.open(runtime)) {
                String problem = OwnFiles.directoryProblem(OwnFiles.attributes(dir));
                if (problem != null) {
                    throw new IOException("XDG_RUNTIME_DIR " + runtime + " " + problem);
                }
            }
            return loadOrMake(keys);
        } catch (IOException e) {
            throw new SharedMemoryException("cannot read or make this user's job key, which HyMPJ names job directories with: "
                + homeProblem + ", nor in " + keys + " (" + describe(e) + "); " + SET_A_DIRECTORY, e);
        }
    }

    /** The key in {@code directory}, made (with the directory, mode 0700) if there is none. */
    static UserKey load(Path directory) {
        try {
            return loadOrMake(directory);
        } catch (IOException e) {
            throw new SharedMemoryException("cannot read or make this user's job key in " + directory + " (" + describe(e) + "),"
                + " which HyMPJ names job directories with; " + SET_A_DIRECTORY, e);
        }
    }

    private static UserKey loadOrMake(Path directory) throws IOException {
        Path file = directory.resolve(FILE_NAME);
        Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(OwnFiles.DIRECTORY_MODE));
        try (SecureDirectoryStream<Path> dir = OwnFiles.open(directory)) {
            PosixFileAttributes a = OwnFiles.attributes(dir);
            if (!a.owner().equals(OwnFiles.user())) {
                throw refused(directory, "is owned by " + a.owner().getName() + ", not by " + OwnFiles.user().getName()
                    + " (this process's user)");
            }
            if (a.permissions().stream().anyMatch(WRITABLE_BY_OTHERS::contains)) {
                throw refused(directory, "has mode " + OwnFiles.octal(a.permissions()) + ", writable by others than its owner"
                    + " (chmod go-w " + directory + ")");
            }
            Path name = Path.of(FILE_NAME);
            try {
                OwnFiles.entryAttributes(dir, name);
            } catch (NoSuchFileException none) {
                make(dir, directory, name);
            }
            awaitWhole(dir, name, file);
            return new UserKey(read(dir, name));
        }
    }

    /** Writes a new key to a temporary file and links it into place, unless another process did first. */
    private static void make(SecureDirectoryStream<Path> dir, Path directory, Path name) throws IOException {
        byte[] key = new byte[KEY_BYTES];
        RANDOM.nextBytes(key);
        Path temporary = Path.of(FILE_NAME + "." + ProcessHandle.current().pid() + "." + Long.toHexString(RANDOM.nextLong()));
        try (SeekableByteChannel out = dir.newByteChannel(temporary, Set.of(StandardOpenOption.CREATE_NEW,
            StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), PosixFilePermissions.asFileAttribute(OwnFiles.FILE_MODE))) {
            writeFully(out, key);
        }
        try {
            // link(2) never replaces a file: of processes racing here, one wins and the rest read its key.
            Files.createLink(directory.resolve(name), directory.resolve(temporary));
        } catch (FileAlreadyExistsException anotherWon) {
            // read by the caller
        } catch (UnsupportedOperationException | FileSystemException noHardLinks) {
            makeInPlace(dir, name, key);
        } finally {
            dir.deleteFile(temporary);
        }
    }

    /**
     * Creates the key file itself, exclusively (so an existing key is never replaced), and
     * writes {@code key} into it: for file systems without hard links. Until the write ends the
     * file is shorter than a key, which readers wait out ({@link #awaitWhole}).
     */
    static void makeInPlace(SecureDirectoryStream<Path> dir, Path name, byte[] key) throws IOException {
        SeekableByteChannel out;
        try {
            out = dir.newByteChannel(name, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS), PosixFilePermissions.asFileAttribute(OwnFiles.FILE_MODE));
        } catch (FileAlreadyExistsException anotherWon) {
            return;
        }
        try (out) {
            writeFully(out, key);
        } catch (IOException e) {
            dir.deleteFile(name);
            throw e;
        }
    }

    private static void writeFully(SeekableByteChannel out, byte[] key) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(key);
        while (bytes.hasRemaining()) {
            out.write(bytes);
        }
    }

    /**
     * Returns once the key file is a private file of this user holding exactly a key; refuses
     * it otherwise, waiting up to {@link #WHOLE_WITHIN_NANOS} while it is shorter (a process
     * that makes it in place is writing it).
     */
    private static void awaitWhole(SecureDirectoryStream<Path> dir, Path name, Path file) throws IOException {
        long deadline = System.nanoTime() + WHOLE_WITHIN_NANOS;
        while (true) {
            PosixFileAttributes a = OwnFiles.entryAttributes(dir, name);
            String problem = OwnFiles.fileProblem(a);
            if (problem == null && a.size() > KEY_BYTES) {
                problem = "holds " + a.size() + " bytes, not " + KEY_BYTES;
            }
            if (problem != null) {
                throw refused(file, problem);
            }
            if (a.size() == KEY_BYTES) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new SharedMemoryException("this user's job key " + file + " holds " + a.size() + " of its " + KEY_BYTES
                    + " bytes and has not grown for " + TimeUnit.NANOSECONDS.toSeconds(WHOLE_WITHIN_NANOS) + " s: the process that"
                    + " made it ended before writing it; remove it, and HyMPJ makes a new one");
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SharedMemoryException("interrupted while waiting for this user's job key " + file + " to be written", e);
            }
        }
    }

    private static byte[] read(SecureDirectoryStream<Path> dir, Path name) throws IOException {
        ByteBuffer key = ByteBuffer.allocate(KEY_BYTES);
        try (SeekableByteChannel in = dir.newByteChannel(name, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
            while (key.hasRemaining() && in.read(key) >= 0) {
                // until full or at its end
            }
        }
        if (key.hasRemaining()) {
            throw new IOException("it ends after " + key.position() + " of its " + KEY_BYTES + " bytes");
        }
        return key.array();
    }

    /** What went wrong, in words: an access refusal's message is the path alone. */
    private static String describe(IOException e) {
        if (e instanceof AccessDeniedException denied) {
            return "permission denied at " + denied.getFile();
        }
        if (e instanceof NoSuchFileException missing) {
            return missing.getFile() + " does not exist";
        }
        return e.getMessage();
    }

    private static SharedMemoryException refused(Path path, String problem) {
        return new SharedMemoryException("refusing this user's job key at " + path + ": it " + problem + "; the key must be"
            + " the user's own, a file of mode 0600 in a directory nobody else may write (-Dhympj.key.dir or HYMPJ_KEY_DIR"
            + " names another directory)");
    }

    /**
     * The id of the job directory for the job all of whose processes know {@code publicKey}:
     * the first 128 bits of SHA-256 over this secret and the public key.
     */
    public JobId jobId(String publicKey) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(key);
            byte[] digest = sha.digest(publicKey.getBytes(StandardCharsets.UTF_8));
            return new JobId(ByteBuffer.wrap(digest, 0, 8).getLong(), ByteBuffer.wrap(digest, 8, 8).getLong());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
