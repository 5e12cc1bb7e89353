package org.hympj.shm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
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

/**
 * This user's secret for naming job directories: 32 random bytes in {@code ~/.hympj/job-key}
 * (mode 0600, in a directory owned by the user that nobody else may write). A job directory
 * named after a key others can read (mpirun's or srun's job id, a job id on a command line)
 * is named by {@link #jobId}, a hash of this secret and that key: every process of the user on
 * one machine names it alike, and nobody else can, so nobody else can make it first.
 *
 * <p>The first process to need the key makes it, race-free: it writes a temporary file and
 * hard-links it into place, which fails if another process won; every process then reads the
 * file that is in place. A key file or directory with the wrong owner or mode is refused.
 */
public final class UserKey {
    /** The key file's name in its directory. */
    public static final String FILE_NAME = "job-key";
    private static final int KEY_BYTES = 32;
    private static final Set<PosixFilePermission> WRITABLE_BY_OTHERS = Set.of(PosixFilePermission.GROUP_WRITE,
        PosixFilePermission.OTHERS_WRITE);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] key;

    private UserKey(byte[] key) {
        this.key = key;
    }

    /** The key in {@code ~/.hympj}, made if there is none. */
    public static UserKey load() {
        return load(Path.of(System.getProperty("user.home"), ".hympj"));
    }

    /** The key in {@code directory}, made (with the directory, mode 0700) if there is none. */
    public static UserKey load(Path directory) {
        Path file = directory.resolve(FILE_NAME);
        try {
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
                PosixFileAttributes keyFile;
                try {
                    keyFile = OwnFiles.entryAttributes(dir, name);
                } catch (NoSuchFileException none) {
                    make(dir, directory, name);
                    keyFile = OwnFiles.entryAttributes(dir, name);
                }
                String problem = OwnFiles.fileProblem(keyFile);
                if (problem == null && keyFile.size() != KEY_BYTES) {
                    problem = "holds " + keyFile.size() + " bytes, not " + KEY_BYTES;
                }
                if (problem != null) {
                    throw refused(file, problem);
                }
                return new UserKey(read(dir, name));
            }
        } catch (IOException e) {
            throw new SharedMemoryException("cannot read or make this user's job key " + file + " (HyMPJ names job directories"
                + " with it; the home directory must be writable): " + e.getMessage(), e);
        }
    }

    /** Writes a new key to a temporary file and links it into place, unless another process did first. */
    private static void make(SecureDirectoryStream<Path> dir, Path directory, Path name) throws IOException {
        byte[] key = new byte[KEY_BYTES];
        RANDOM.nextBytes(key);
        Path temporary = Path.of(FILE_NAME + "." + ProcessHandle.current().pid() + "." + Long.toHexString(RANDOM.nextLong()));
        try (SeekableByteChannel out = dir.newByteChannel(temporary, Set.of(StandardOpenOption.CREATE_NEW,
            StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), PosixFilePermissions.asFileAttribute(OwnFiles.FILE_MODE))) {
            ByteBuffer bytes = ByteBuffer.wrap(key);
            while (bytes.hasRemaining()) {
                out.write(bytes);
            }
        }
        try {
            // link(2) never replaces a file: of processes racing here, one wins and the rest read its key.
            Files.createLink(directory.resolve(name), directory.resolve(temporary));
        } catch (FileAlreadyExistsException anotherWon) {
            // read below
        } finally {
            dir.deleteFile(temporary);
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

    private static SharedMemoryException refused(Path path, String problem) {
        return new SharedMemoryException("refusing this user's job key at " + path + ": it " + problem + "; the key must be"
            + " the user's own, a file of mode 0600 in a directory nobody else may write");
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
