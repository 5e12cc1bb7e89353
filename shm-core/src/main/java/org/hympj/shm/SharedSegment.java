package org.hympj.shm;

import static org.hympj.shm.SegmentHeaderDescriptor.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.agrona.BufferUtil;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One memory-mapped file shared by the processes of a job on one node: a header (see
 * {@link SegmentHeaderDescriptor}) and a data area that rings and other structures lay out
 * as they need. The file is created with mode 0600, so only the job's user can map it.
 *
 * <p>A segment is created once by one process and opened by the others, each through the job
 * directory it opened ({@link JobDirectory}); each process closes its own mapping, and the
 * directory removes the file when its creator closes it (or once its creator is dead).
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
        // Every page mapped here, once, rather than a fault at the first touch of each: a ring
        // writer's first lap of a wide ring would otherwise be slower than its later laps, and the
        // window policy, timing that lap, would take the whole ring for slow.
        mapping.load();
        this.path = path;
        this.mapping = mapping;
        this.buffer = new UnsafeBuffer(mapping);
        this.data = new UnsafeBuffer(buffer, DATA_OFFSET, buffer.capacity() - DATA_OFFSET);
        this.created = created;
    }

    /**
     * Lays out the new, empty file that {@code channel} has open (shown as {@code path}) as a
     * segment of {@code job} with {@code dataLength} bytes of data after the header, maps it and
     * makes it READY. The caller created the file and removes it if this fails.
     *
     * <p>The header, creator included, is written before the data area's pages are reserved
     * (slow for a large segment), and made RESERVING with a releasing write after every other
     * field: a creator that dies while reserving leaves a segment that still names it, so a
     * sweep can prove it dead and remove the file, and a reader that acquires RESERVING or
     * READY sees every field (see {@link #readHeader}).
     */
    static SharedSegment create(FileChannel channel, Path path, JobId job, int dataLength) {
        if (dataLength < 0) {
            throw new IllegalArgumentException("a segment's data length must not be negative, got " + dataLength);
        }
        long length = (long) HEADER_LENGTH + dataLength;
        if (length > Integer.MAX_VALUE) {
            throw new SharedMemoryException("segment " + path + ": " + length + " bytes is more than one mapping can hold");
        }
        MappedByteBuffer mapping = null;
        try {
            try {
                // The whole length at once, as a process that maps the file before it is READY
                // (and takes its size then) must see; then the header's page, by a write, so that
                // a full file system fails here rather than at the first store into the mapping.
                channel.write(ByteBuffer.allocate(1), length - 1);
                channel.write(ByteBuffer.allocate(HEADER_LENGTH), 0);
                mapping = channel.map(FileChannel.MapMode.READ_WRITE, 0, length);
                writeHeader(new UnsafeBuffer(mapping), job, ProcessIdentity.current());
                reserve(channel, HEADER_LENGTH, length - 1);
            } catch (IOException e) {
                throw new SharedMemoryException("not enough shared memory for segment " + path + " (" + length + " bytes): "
                    + e.getMessage() + " (free space there, or set -Dhympj.shm.dir to a larger tmpfs)", e);
            }
            SharedSegment segment = new SharedSegment(path, mapping, true);
            // Release: whoever reads READY (with acquire) sees the header and the reserved, zeroed data.
            segment.buffer.putIntRelease(STATE_OFFSET, STATE_READY);
            return segment;
        } catch (SharedMemoryException e) {
            unmap(mapping);
            throw e;
        } catch (RuntimeException e) {
            unmap(mapping);
            throw new SharedMemoryException("cannot map segment " + path + " (" + length + " bytes): " + e.getMessage(), e);
        }
    }

    private static void unmap(MappedByteBuffer mapping) {
        if (mapping != null) {
            IoUtil.unmap(mapping);
        }
    }

    /**
     * Writes bytes {@code from} to {@code to} (exclusive) of the file once, so that their memory
     * is taken now. A tmpfs gives a mapped file's pages only as they are first written; a file
     * mapped sparse on a tmpfs that others fill meanwhile would fail its writer later, at some
     * store into a ring (SIGBUS, which the JVM reports as "a fault occurred in an unsafe memory
     * access operation"), where a write here fails at once with "No space left on device".
     * Large rings are the case in point: much of a 64 MiB ring is written only after its
     * window widens.
     */
    private static void reserve(FileChannel channel, long from, long to) throws IOException {
        // Direct, and large: Agrona's IoUtil.fill writes 4 KiB at a time from the heap, which
        // takes longer for a segment of many MiB than large writes from direct memory.
        ByteBuffer zeros = ByteBuffer.allocateDirect((int) Math.max(1, Math.min(to - from, RESERVE_CHUNK_BYTES)));
        try {
            for (long at = from; at < to; ) {
                zeros.clear().limit((int) Math.min(zeros.capacity(), to - at));
                at += channel.write(zeros, at);
            }
        } finally {
            BufferUtil.free(zeros); // now, not when a collection finds it
        }
    }

    /**
     * Maps the segment that {@code channel} has open (shown as {@code path}), checking that it
     * is one, of this layout and of {@code job}, and waiting a little for its creator to make it
     * READY.
     */
    static SharedSegment open(FileChannel channel, Path path, JobId job) {
        try {
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
        } catch (IOException e) {
            throw new SharedMemoryException("cannot open segment " + path + ": " + e.getMessage(), e);
        }
    }

    private static void writeHeader(UnsafeBuffer header, JobId job, ProcessIdentity creator) {
        header.putLong(MAGIC_OFFSET, MAGIC);
        header.putInt(LAYOUT_VERSION_OFFSET, LAYOUT_VERSION);
        header.putInt(HEADER_LENGTH_OFFSET, HEADER_LENGTH);
        header.putLong(JOB_ID_HIGH_OFFSET, job.high());
        header.putLong(JOB_ID_LOW_OFFSET, job.low());
        header.putLong(CREATOR_PID_OFFSET, creator.pid());
        header.putLong(CREATOR_START_OFFSET, creator.startMillis());
        header.putLong(HEARTBEAT_OFFSET, 0);
        // Release: whoever reads RESERVING or READY (with acquire) sees every field written above.
        header.putIntRelease(STATE_OFFSET, STATE_RESERVING);
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

    /** What a segment's header says of it once its creator has written it: its job and its creator. */
    record Header(JobId job, ProcessIdentity creator) {
    }

    /**
     * The header of the file that {@code channel} has open, or null if it is no segment of this
     * layout or one whose creator has not yet written it. The state is read first, with
     * acquire, and the other fields only after it: the creator stores them before it makes the
     * state RESERVING with release (and READY after that), so a reader that sees either sees
     * them all, and one that sees CREATING reads nothing and names no creator. Taking the magic
     * number alone for validity could read pid 0 from a header a live process was still
     * writing, and a sweep would remove that live job's segment. The header is mapped, so
     * that the acquiring read pairs with the creator's releasing write, which a read into a
     * copy could not promise.
     */
    static Header readHeader(FileChannel channel) {
        MappedByteBuffer mapped = null;
        try {
            // The creator gives the file its whole length before it writes the header.
            if (channel.size() < HEADER_LENGTH) {
                return null;
            }
            mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, HEADER_LENGTH);
            UnsafeBuffer fields = new UnsafeBuffer(mapped);
            int state = fields.getIntVolatile(STATE_OFFSET);
            if (state != STATE_READY && state != STATE_RESERVING || fields.getLong(MAGIC_OFFSET) != MAGIC
                || fields.getInt(LAYOUT_VERSION_OFFSET) != LAYOUT_VERSION) {
                return null;
            }
            return new Header(new JobId(fields.getLong(JOB_ID_HIGH_OFFSET), fields.getLong(JOB_ID_LOW_OFFSET)),
                new ProcessIdentity(fields.getLong(CREATOR_PID_OFFSET), fields.getLong(CREATOR_START_OFFSET)));
        } catch (IOException e) {
            return null;
        } finally {
            unmap(mapped);
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

    /** Unmaps the segment in this process; its file stays until its job directory removes it. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            IoUtil.unmap(mapping);
        }
    }
}
