package org.hympj.comm.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Locks on byte ranges of a file, held against every rank of the job: a lock of this JVM
 * (thread ranks share a JVM, and {@link FileLock}s are the JVM's, not a thread's) and a file
 * lock of the operating system (ranks in other JVMs and, on a file system that shares locks,
 * other nodes).
 *
 * <p>Invariant: a thread takes the JVM lock of a file before its file lock and gives it up
 * after, so at most one thread of the JVM holds or asks for a file lock on that file, and
 * none meets an {@code OverlappingFileLockException}. A channel on a locked file is closed
 * under the same JVM lock ({@link #closeUnder}): POSIX drops every lock a process holds on a
 * file when any of its descriptors of that file closes. The JVM locks are striped by path,
 * so that their number stays fixed however many files a job opens.
 */
final class FileLocks {
    private static final ReentrantLock[] STRIPES = new ReentrantLock[64];

    static {
        for (int i = 0; i < STRIPES.length; i++) {
            STRIPES[i] = new ReentrantLock();
        }
    }

    private FileLocks() {
    }

    private static ReentrantLock stripe(Path file) {
        return STRIPES[(file.hashCode() & 0x7fffffff) % STRIPES.length];
    }

    /** A held lock on a range; closing it gives up the file lock, then the JVM's. */
    static final class Held implements AutoCloseable {
        private final ReentrantLock jvm;
        private final FileLock file;

        private Held(ReentrantLock jvm, FileLock file) {
            this.jvm = jvm;
            this.file = file;
        }

        @Override
        public void close() throws IOException {
            try {
                file.release();
            } finally {
                jvm.unlock();
            }
        }
    }

    /** Locks bytes {@code [from, from + length)} of {@code file}, open as {@code channel}: shared to read, else exclusive. */
    static Held lock(Path file, FileChannel channel, long from, long length, boolean shared) throws IOException {
        ReentrantLock jvm = stripe(file);
        jvm.lock();
        try {
            return new Held(jvm, channel.lock(from, Math.max(1, length), shared));
        } catch (IOException | RuntimeException e) {
            jvm.unlock();
            throw e;
        }
    }

    /** Closes {@code channel}, open on {@code file}, while no thread of this JVM holds a lock on that file. */
    static void closeUnder(Path file, FileChannel channel) throws IOException {
        ReentrantLock jvm = stripe(file);
        jvm.lock();
        try {
            channel.close();
        } finally {
            jvm.unlock();
        }
    }
}
