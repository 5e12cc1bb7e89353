package org.hympj.comm.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The shared file pointer of one open file: one value for every rank of the file's
 * communicator, kept in a small file beside the data file, so that ranks in one JVM, in
 * several JVMs and on several nodes that share the file system see the same value. Each rank
 * changes it by a fetch-and-add under the file's lock ({@link FileLocks}), so concurrent
 * {@code writeShared} calls each get their own range.
 *
 * <p>Invariant: the side file holds the pointer, in etypes of the current view, as 8 bytes
 * little-endian, or nothing, which stands for {@code initial} (the pointer the file was opened
 * with, or the one a collective call set last); every rank names it alike, as the ranks agree
 * on its name when they open the file. It is made by the first rank that moves the pointer
 * and deleted when the file is closed.
 */
final class SharedFilePointer {
    private final Path path;
    /** What an empty side file stands for; the same at every rank. Guarded by this. */
    private long initial;
    private final ByteBuffer value = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    /** This rank's channel on the side file, opened on first use; guarded by this. */
    private FileChannel channel;

    SharedFilePointer(Path path, long initial) {
        this.path = path;
        this.initial = initial;
    }

    /** Adds {@code delta} to the pointer, atomically for every rank, and returns its value before. */
    synchronized long fetchAndAdd(long delta) throws IOException {
        if (delta == 0 && channel == null && !Files.exists(path)) {
            return initial; // a read of a pointer no rank has moved makes no side file
        }
        FileChannel ch = channel();
        try (FileLocks.Held held = FileLocks.lock(path, ch, 0, Long.BYTES, false)) {
            long before = read(ch);
            if (delta != 0) {
                write(ch, before + delta);
            }
            return before;
        }
    }

    /**
     * Sets the pointer. Every rank calls it with the same value while no rank uses the pointer
     * (a collective call between barriers); {@code root}, one of them, empties the side file,
     * which then stands for the new value, so a file no rank has written the pointer of stays
     * without a side file.
     */
    synchronized void set(long pointer, boolean root) throws IOException {
        initial = pointer;
        if (root && Files.exists(path)) {
            FileChannel ch = channel();
            try (FileLocks.Held held = FileLocks.lock(path, ch, 0, Long.BYTES, false)) {
                ch.truncate(0);
            }
        }
    }

    private long read(FileChannel ch) throws IOException {
        value.clear();
        while (value.hasRemaining() && ch.read(value, value.position()) >= 0) {
            // an 8-byte read completes at once on a local file
        }
        return value.position() < Long.BYTES ? initial : value.getLong(0);
    }

    private void write(FileChannel ch, long pointer) throws IOException {
        value.clear();
        value.putLong(0, pointer);
        while (value.hasRemaining()) {
            ch.write(value, value.position());
        }
    }

    private FileChannel channel() throws IOException {
        if (channel == null) {
            channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        }
        return channel;
    }

    /** Closes this rank's channel on the side file, if it opened one. */
    synchronized void close() throws IOException {
        if (channel != null) {
            FileLocks.closeUnder(path, channel);
            channel = null;
        }
    }

    /** Deletes the side file (once, by one rank, after every rank has closed it). */
    void delete() throws IOException {
        Files.deleteIfExists(path);
    }
}
