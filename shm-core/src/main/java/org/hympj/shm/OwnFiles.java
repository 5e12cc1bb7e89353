package org.hympj.shm;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Set;

/**
 * What proves that a file is this user's own and private: owned by the user this process
 * creates files as, of one exact mode, and no link. Directories are opened without following
 * a link, and what is in them is looked at and removed relative to the opened directory, so a
 * directory swapped for a link meanwhile cannot redirect a check or a deletion elsewhere.
 */
final class OwnFiles {
    static final Set<PosixFilePermission> DIRECTORY_MODE = PosixFilePermissions.fromString("rwx------");
    static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");
    private static final LinkOption[] NO_FOLLOW = {LinkOption.NOFOLLOW_LINKS};

    private static volatile UserPrincipal user;

    private OwnFiles() {
    }

    /**
     * The user whose files this process creates: the owner of a file it creates (and removes
     * at once) in {@code java.io.tmpdir}. Owners read through a directory stream are principals
     * that this platform compares by their numeric uid, so the comparison never depends on a
     * name lookup (a user may be named like another's uid).
     */
    static UserPrincipal user() {
        UserPrincipal u = user;
        if (u == null) {
            try {
                Path probe = Files.createTempFile("hympj-owner-", ".probe");
                try {
                    u = Files.getOwner(probe, NO_FOLLOW);
                } finally {
                    Files.deleteIfExists(probe);
                }
            } catch (IOException e) {
                throw new SharedMemoryException("cannot tell which user this process creates files as: it could not create a file"
                    + " in " + System.getProperty("java.io.tmpdir") + " (set -Djava.io.tmpdir to a writable directory): "
                    + e.getMessage(), e);
            }
            user = u;
        }
        return u;
    }

    /** Opens {@code dir} (following a link in its path: it is configured, not found) as a directory stream of this platform's secure kind. */
    static SecureDirectoryStream<Path> open(Path dir) throws IOException {
        DirectoryStream<Path> stream = Files.newDirectoryStream(dir);
        if (stream instanceof SecureDirectoryStream<Path> secure) {
            return secure;
        }
        stream.close();
        throw new IOException("this platform cannot open " + dir + " in a way that never follows a link (HyMPJ's shared memory needs Linux)");
    }

    /** Opens entry {@code name} of {@code parent} as a directory, failing if it is a link. */
    static SecureDirectoryStream<Path> openEntry(SecureDirectoryStream<Path> parent, Path name) throws IOException {
        return parent.newDirectoryStream(name, NO_FOLLOW);
    }

    /** The attributes of {@code dir} itself, the directory the stream holds open. */
    static PosixFileAttributes attributes(SecureDirectoryStream<Path> dir) throws IOException {
        return dir.getFileAttributeView(PosixFileAttributeView.class).readAttributes();
    }

    /** The attributes of entry {@code name} of {@code dir}, of a link itself rather than where it points. */
    static PosixFileAttributes entryAttributes(SecureDirectoryStream<Path> dir, Path name) throws IOException {
        return dir.getFileAttributeView(name, PosixFileAttributeView.class, NO_FOLLOW).readAttributes();
    }

    /** Null if {@code a} is this user's directory of mode 0700, else what is wrong with it. */
    static String directoryProblem(PosixFileAttributes a) {
        return a.isSymbolicLink() ? "is a symbolic link" : !a.isDirectory() ? "is not a directory" : ownerOrModeProblem(a, DIRECTORY_MODE);
    }

    /** Null if {@code a} is this user's regular file of mode 0600, else what is wrong with it. */
    static String fileProblem(PosixFileAttributes a) {
        return a.isSymbolicLink() ? "is a symbolic link" : !a.isRegularFile() ? "is not a regular file" : ownerOrModeProblem(a, FILE_MODE);
    }

    /** Null if {@code a} is owned by this user and has exactly {@code mode}, else what is wrong with it. */
    static String ownerOrModeProblem(PosixFileAttributes a, Set<PosixFilePermission> mode) {
        if (!a.owner().equals(user())) {
            return "is owned by " + a.owner().getName() + ", not by " + user().getName() + " (this process's user)";
        }
        if (!a.permissions().equals(mode)) {
            return "has mode " + octal(a.permissions()) + ", not " + octal(mode);
        }
        return null;
    }

    /** A mode as {@code ls} and {@code chmod} write it in octal, like 0700. */
    static String octal(Set<PosixFilePermission> mode) {
        int bits = 0;
        for (PosixFilePermission p : mode) {
            bits |= 0400 >> p.ordinal();
        }
        return String.format("0%o", bits);
    }
}
