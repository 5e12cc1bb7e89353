package org.hympj.shm;

import static org.hympj.shm.SegmentHeaderDescriptor.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import org.agrona.BufferUtil;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One memory-mapped file shared by the processes of a job on one node: a header (see
 * {@link SegmentHeaderDescriptor}) and a data area that rings and other structures lay out
 * as they need. The file is created with mode 0600, so only the job's user can map it.
 *
 * <p>A segment is created once by one process and opened by the others; each process closes
 * its own mapping, and the creator (or a sweep after its death) unlinks the file.
 */
public final class SharedSegment implements AutoCloseable {
    private static final long READY_TIMEOUT_MILLIS = 5_000;
    private static final int RESERVE_CHUNK_BYTES = 1 << 20;

    private final Path path;
    private final MappedByteBuffer mapping;
    private final UnsafeBuffer buffer;
    private final UnsafeBuffer data;
    private final boolean created;
    private boolean closed;

    private SharedSegment(Path path, MappedByteBuffer mapping, boolean created) {
        // Every page mapped now, once (8 to 10 ms for 64 MiB), rather than a fault at the first
        // touch of each: a ring writer's first lap of a wide ring ran at 3 GB/s against 11 to 24
        // for later laps, and the window policy, timing that lap, took the whole ring for slow.
        mapping.load();
        this.path = path;
        this.mapping = mapping;
        this.buffer = new UnsafeBuffer(mapping);
        this.data = new UnsafeBuffer(buffer, DATA_OFFSET, buffer.capacity() - DATA_OFFSET);
        this.created = created;
    }

    /** Creates the file (it must not exist), maps it and writes the header; {@code dataLength} bytes follow it. */
    static SharedSegment create(Path path, JobId job, int dataLength) {
        if (dataLength < 0) {
            throw new IllegalArgumentException("a segment's data length must not be negative, got " + dataLength);
        }
        long length = (long) HEADER_LENGTH + dataLength;
        if (length > Integer.MAX_VALUE) {
            throw new SharedMemoryException("segment " + path + ": " + length + " bytes is more than one mapping can hold");
        }
        try {
            Files.createFile(path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (FileAlreadyExistsException e) {
            throw new SharedMemoryException("segment " + path + " already exists; segment names must be unique within a job", e);
        } catch (IOException e) {
            throw new SharedMemoryException("cannot create segment " + path + ": " + e.getMessage(), e);
        }
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            try {
                reserve(channel, length);
            } catch (IOException e) {
                throw new SharedMemoryException("not enough shared memory for segment " + path + " (" + length + " bytes): "
                    + e.getMessage() + " (free space there, or set -Dhympj.shm.dir to a larger tmpfs)", e);
            }
            MappedByteBuffer mapping = channel.map(FileChannel.MapMode.READ_WRITE, 0, length);
            SharedSegment segment = new SharedSegment(path, mapping, true);
            segment.writeHeader(job, ProcessIdentity.current());
            return segment;
        } catch (SharedMemoryException e) {
            deleteQuietly(path);
            throw e;
        } catch (IOException | RuntimeException e) {
            deleteQuietly(path);
            throw new SharedMemoryException("cannot map segment " + path + " (" + length + " bytes): " + e.getMessage(), e);
        }
    }

    /**
     * Writes the whole file once, so that its memory is taken now. A tmpfs gives a mapped
     * file's pages only as they are first written; a file mapped sparse on a tmpfs that others
     * fill meanwhile would fail its writer later, at some store into a ring (SIGBUS, which the
     * JVM reports as "a fault occurred in an unsafe memory access operation"), where a write
     * here fails at once with "No space left on device". Large rings are the case in point:
     * much of a 64 MiB ring is written only after its window widens.
     */
    private static void reserve(FileChannel channel, long length) throws IOException {
        // Direct, and large: Agrona's IoUtil.fill writes 4 KiB at a time from the heap, 42 to 73 ms
        // for 64 MiB of /dev/shm here, against 22 to 24 ms this way.
        ByteBuffer zeros = ByteBuffer.allocateDirect((int) Math.min(length, RESERVE_CHUNK_BYTES));
        try {
            // The last byte first: the file has its whole size at once, as a process that maps it
            // before the header is READY (and takes its size then) must see.
            zeros.limit(1);
            channel.write(zeros, length - 1);
            for (long at = 0; at < length - 1; ) {
                zeros.clear().limit((int) Math.min(zeros.capacity(), length - 1 - at));
                at += channel.write(zeros, at);
            }
        } finally {
            BufferUtil.free(zeros); // now, not when a collection finds it
        }
    }

    /** Maps an existing segment of {@code job}, checking that it is one, of this layout and this job. */
    static SharedSegment open(Path path, JobId job) {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long length = channel.size();
            if (length < HEADER_LENGTH) {
                throw new SharedMemoryException(path + " is not a HyMPJ segment: " + length + " bytes is shorter than its header");
            }
            SharedSegment segment = new SharedSegment(path, channel.map(FileChannel.MapMode.READ_WRITE, 0, length), false);
            try {
                segment.checkHeader(job);
            } catch (RuntimeException e) {
                segment.close();
                throw e;
            }
            return segment;
        } catch (NoSuchFileException e) {
            throw new SharedMemoryException("segment " + path + " does not exist", e);
        } catch (IOException e) {
            throw new SharedMemoryException("cannot open segment " + path + ": " + e.getMessage(), e);
        }
    }

    private void writeHeader(JobId job, ProcessIdentity creator) {
        buffer.putLong(MAGIC_OFFSET, MAGIC);
        buffer.putInt(LAYOUT_VERSION_OFFSET, LAYOUT_VERSION);
        buffer.putInt(HEADER_LENGTH_OFFSET, HEADER_LENGTH);
        buffer.putLong(JOB_ID_HIGH_OFFSET, job.high());
        buffer.putLong(JOB_ID_LOW_OFFSET, job.low());
        buffer.putLong(CREATOR_PID_OFFSET, creator.pid());
        buffer.putLong(CREATOR_START_OFFSET, creator.startMillis());
        buffer.putLongRelease(HEARTBEAT_OFFSET, 0);
        // Release: whoever reads READY (with acquire) sees every field written above.
        buffer.putIntRelease(STATE_OFFSET, STATE_READY);
    }

    private void checkHeader(JobId job) {
        long deadline = System.currentTimeMillis() + READY_TIMEOUT_MILLIS;
        while (buffer.getIntVolatile(STATE_OFFSET) != STATE_READY) {
            if (buffer.getLong(MAGIC_OFFSET) != 0 && buffer.getLong(MAGIC_OFFSET) != MAGIC) {
                break;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new SharedMemoryException("segment " + path + " was never finished by its creator (pid "
                    + buffer.getLong(CREATOR_PID_OFFSET) + ") within " + READY_TIMEOUT_MILLIS + " ms");
            }
            Thread.onSpinWait();
        }
        if (buffer.getLong(MAGIC_OFFSET) != MAGIC) {
            throw new SharedMemoryException(path + " is not a HyMPJ segment (wrong magic number)");
        }
        int version = buffer.getInt(LAYOUT_VERSION_OFFSET);
        if (version != LAYOUT_VERSION) {
            throw new SharedMemoryException("segment " + path + " has layout version " + version + " but this HyMPJ reads version "
                + LAYOUT_VERSION + "; all processes of a job must run the same HyMPJ");
        }
        JobId owner = new JobId(buffer.getLong(JOB_ID_HIGH_OFFSET), buffer.getLong(JOB_ID_LOW_OFFSET));
        if (!owner.equals(job)) {
            throw new SharedMemoryException("segment " + path + " belongs to job " + owner + ", not to job " + job);
        }
    }

    /**
     * Reads the creator recorded in the header of the segment file at {@code path}, or null if
     * it is no segment or one whose creator has not finished its header. Only a READY header
     * names its creator: {@link #writeHeader} stores the magic number before the pid, so a
     * reader that took the magic alone for validity could read pid 0 from a segment a live
     * process was still writing, and a sweep would remove that live job's directory (seen in
     * a cluster test: one JVM of a node then waited for ever for its peer's segment). The
     * header is mapped, so that an acquiring read of the state pairs with the creator's
     * releasing write of it, which a read into a copy could not promise.
     */
    static ProcessIdentity readCreator(Path path) {
        MappedByteBuffer header = null;
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            // The creator gives the file its whole length before it writes the header.
            if (channel.size() < HEADER_LENGTH) {
                return null;
            }
            header = channel.map(FileChannel.MapMode.READ_ONLY, 0, HEADER_LENGTH);
            UnsafeBuffer fields = new UnsafeBuffer(header);
            if (fields.getIntVolatile(STATE_OFFSET) != STATE_READY || fields.getLong(MAGIC_OFFSET) != MAGIC) {
                return null;
            }
            return new ProcessIdentity(fields.getLong(CREATOR_PID_OFFSET), fields.getLong(CREATOR_START_OFFSET));
        } catch (IOException e) {
            return null;
        } finally {
            if (header != null) {
                IoUtil.unmap(header);
            }
        }
    }

    public Path path() {
        return path;
    }

    /** The data area: the whole segment after its header. */
    public UnsafeBuffer data() {
        return data;
    }

    public JobId jobId() {
        return new JobId(buffer.getLong(JOB_ID_HIGH_OFFSET), buffer.getLong(JOB_ID_LOW_OFFSET));
    }

    public ProcessIdentity creator() {
        return new ProcessIdentity(buffer.getLong(CREATOR_PID_OFFSET), buffer.getLong(CREATOR_START_OFFSET));
    }

    /** True if this process created the segment (and so unlinks it). */
    public boolean createdHere() {
        return created;
    }

    /**
     * Records that the creator is alive now by raising the beat count. Only the creator's one
     * watching thread calls this, so a plain read and an ordered write suffice (an aligned
     * 8-byte store is never seen torn).
     */
    public void heartbeat() {
        buffer.putLongRelease(HEARTBEAT_OFFSET, buffer.getLong(HEARTBEAT_OFFSET) + 1);
    }

    /** The creator's beats so far; a count that stops moving while its process lives means it hangs. */
    public long heartbeats() {
        return buffer.getLongVolatile(HEARTBEAT_OFFSET);
    }

    /** Unmaps the segment in this process; the file stays until {@link #unlink}. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            IoUtil.unmap(mapping);
        }
    }

    /** Unmaps the segment and removes its file. */
    public void unlink() {
        close();
        deleteQuietly(path);
    }

    /** Removes the segment's file and keeps the mapping, which lasts until it is closed or the process ends. */
    public void removeFile() {
        deleteQuietly(path);
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // A sweep removes what could not be removed here.
        }
    }
}
