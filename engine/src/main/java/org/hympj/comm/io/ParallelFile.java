package org.hympj.comm.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;

/**
 * One rank's side of a file that the ranks of a communicator opened together (MPI's
 * {@code MPI_File}): its channel, its view, its individual file pointer, its part of the shared
 * file pointer, and every data access, at explicit offsets, at the individual pointer and at
 * the shared one.
 *
 * <p>Every rank has a {@link FileChannel} of its own and reads and writes at positions it
 * computes, so ranks share no position and no state but the file and, for the shared pointer,
 * its side file. An access converts the items of the memory datatype to the view's data
 * representation in a direct staging buffer ({@link StagingBuffers}), one chunk at a time,
 * and moves each chunk to or from the byte ranges the view maps it to; the staging buffer is
 * the one copy between the Java array and the kernel. Collective calls run their collective steps on {@code comm}, the
 * file's own duplicate of the communicator; the collective reads and writes need none, as
 * every rank's data go straight to their place in the file.
 *
 * <p>Invariant: {@code channel} is open until {@link #close} or {@link #release}, after which
 * every call raises ERR_FILE; {@code pointer} counts etypes of {@code view} and is only moved
 * under this object's lock; in atomic mode every access holds the lock of its byte range
 * ({@link FileLocks}) while it moves data.
 */
public final class ParallelFile {
    /** Access modes, with the values of Open MPI's {@code MPI.MODE_*}. */
    public static final int MODE_CREATE = 1;
    public static final int MODE_RDONLY = 2;
    public static final int MODE_WRONLY = 4;
    public static final int MODE_RDWR = 8;
    public static final int MODE_DELETE_ON_CLOSE = 16;
    public static final int MODE_UNIQUE_OPEN = 32;
    public static final int MODE_EXCL = 64;
    public static final int MODE_APPEND = 128;
    public static final int MODE_SEQUENTIAL = 256;
    private static final int ALL_MODES = 511;
    /** Seek origins, with the values of Open MPI's {@code MPI.SEEK_*}. */
    public static final int SEEK_SET = 600;
    public static final int SEEK_CUR = 602;
    public static final int SEEK_END = 604;

    private final CommunicatorCore comm;
    private final String name;
    /** The file as opened, and its real path, which its locks go by. */
    private final Path path;
    private final Path lockPath;
    private final int amode;
    private final FileChannel channel;
    private final SharedFilePointer shared;
    private volatile ViewLayout view = ViewLayout.BYTES;
    private volatile boolean atomic;
    private volatile boolean closed;
    /** The individual file pointer, in etypes of the view; guarded by this. */
    private long pointer;

    private ParallelFile(CommunicatorCore comm, String name, Path path, Path lockPath, int amode, FileChannel channel,
                         SharedFilePointer shared, long pointer) {
        this.comm = comm;
        this.name = name;
        this.path = path;
        this.lockPath = lockPath;
        this.amode = amode;
        this.channel = channel;
        this.shared = shared;
        this.pointer = pointer;
    }

    // ---------------------------------------------------------------- opening and closing

    /**
     * Opens file {@code name} on every rank of {@code comm} with access mode {@code amode}.
     * Collective: the ranks agree that they give the same mode, the lowest rank creates the
     * file if asked (and finds it existing under {@code MODE_EXCL}), then every rank opens it;
     * if any rank fails, every rank raises that failure and none keeps the file open.
     */
    public static ParallelFile open(CommunicatorCore comm, String name, int amode) {
        String call = "File.open";
        EngineException badMode = checkMode(call, name, FileCollectives.everyRank(comm, amode));
        if (badMode != null) {
            throw badMode;
        }
        Path path;
        try {
            path = Path.of(name);
        } catch (InvalidPathException e) {
            throw new EngineException(ErrorClass.ERR_BAD_FILE, call + ": \"" + name + "\" is not a valid file name: "
                + e.getReason());
        }
        boolean root = comm.rank() == 0;
        FileChannel channel = null;
        EngineException failed = null;
        long[] agreed = new long[2];
        if (root) {
            try {
                channel = FileChannel.open(path, options(amode, true));
                agreed[0] = channel.size();
                agreed[1] = ThreadLocalRandom.current().nextLong();
            } catch (IOException e) {
                closeQuietly(path, channel);
                failed = FileErrors.of(call, name, e);
            }
        }
        FileCollectives.agree(comm, failed);
        if (!root) {
            try {
                channel = FileChannel.open(path, options(amode, false));
            } catch (IOException e) {
                failed = FileErrors.of(call, name, e);
            }
        }
        try {
            FileCollectives.agree(comm, failed);
        } catch (EngineException e) {
            closeQuietly(path, channel);
            throw e;
        }
        FileCollectives.broadcast(comm, agreed);
        long start = (amode & MODE_APPEND) != 0 ? agreed[0] : 0;
        Path lockPath = lockPath(path);
        Path side = lockPath.resolveSibling("." + lockPath.getFileName() + ".hympj-shared-pointer-"
            + Long.toHexString(agreed[1]));
        return new ParallelFile(comm, name, path, lockPath, amode, channel, new SharedFilePointer(side, start), start);
    }

    /** The name the file's locks go by: its real path, the same for every rank that names it another way. */
    private static Path lockPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }

    /** ERR_NOT_SAME if the ranks' modes differ, ERR_AMODE if the mode is not one MPI allows, else null; alike on every rank. */
    private static EngineException checkMode(String call, String name, int[] modes) {
        int amode = modes[0];
        for (int r = 1; r < modes.length; r++) {
            if (modes[r] != amode) {
                return new EngineException(ErrorClass.ERR_NOT_SAME, call + ": the ranks open " + name
                    + " with different access modes (rank 0: " + amode + ", rank " + r + ": " + modes[r] + ")");
            }
        }
        int access = Integer.bitCount(amode & (MODE_RDONLY | MODE_WRONLY | MODE_RDWR));
        String wrong = (amode & ~ALL_MODES) != 0 ? "it has bits that are no MPI.MODE_*"
            : access != 1 ? "it must have exactly one of MPI.MODE_RDONLY, MPI.MODE_WRONLY and MPI.MODE_RDWR"
            : (amode & MODE_RDONLY) != 0 && (amode & (MODE_CREATE | MODE_EXCL)) != 0
                ? "MPI.MODE_RDONLY cannot go with MPI.MODE_CREATE or MPI.MODE_EXCL"
            : (amode & MODE_RDWR) != 0 && (amode & MODE_SEQUENTIAL) != 0
                ? "MPI.MODE_RDWR cannot go with MPI.MODE_SEQUENTIAL"
            : null;
        return wrong == null ? null
            : new EngineException(ErrorClass.ERR_AMODE, call + ": access mode " + amode + " for " + name + " is invalid: " + wrong);
    }

    private static Set<OpenOption> options(int amode, boolean creator) {
        Set<OpenOption> options = new HashSet<>();
        if ((amode & (MODE_RDONLY | MODE_RDWR)) != 0) {
            options.add(StandardOpenOption.READ);
        }
        if ((amode & (MODE_WRONLY | MODE_RDWR)) != 0) {
            options.add(StandardOpenOption.WRITE);
        }
        if (creator && (amode & MODE_CREATE) != 0) {
            options.add((amode & MODE_EXCL) != 0 ? StandardOpenOption.CREATE_NEW : StandardOpenOption.CREATE);
        }
        return options;
    }

    /**
     * Closes the file on every rank: collective. Every rank closes its channels; then the
     * lowest deletes the shared pointer's side file and, under {@code MODE_DELETE_ON_CLOSE},
     * the file.
     */
    public void close() {
        String call = "File.close";
        checkOpen(call);
        closed = true;
        EngineException failed = null;
        try {
            closeChannels();
        } catch (IOException e) {
            failed = FileErrors.of(call, name, e);
        }
        FileCollectives.agree(comm, failed);
        if (comm.rank() == 0) {
            try {
                shared.delete();
                if ((amode & MODE_DELETE_ON_CLOSE) != 0) {
                    Files.deleteIfExists(path);
                }
            } catch (IOException e) {
                failed = FileErrors.of(call, name, e);
            }
        }
        FileCollectives.agree(comm, failed);
    }

    /**
     * Closes this rank's channels without a collective step, as a rank that ends without
     * closing its files does ({@code MPI.Finalize}, a failed rank); the side file stays.
     * Does nothing on a closed file.
     */
    public void release() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            closeChannels();
        } catch (IOException e) {
            // The rank is ending; a descriptor that fails to close is the operating system's to reclaim.
        }
    }

    private void closeChannels() throws IOException {
        try {
            FileLocks.closeUnder(lockPath, channel);
        } finally {
            shared.close();
        }
    }

    private static void closeQuietly(Path path, FileChannel channel) {
        if (channel != null) {
            try {
                FileLocks.closeUnder(lockPath(path), channel);
            } catch (IOException e) {
                // The open failed; no data went through this channel.
            }
        }
    }

    /** Deletes file {@code name} (not collective); ERR_NO_SUCH_FILE if there is none. */
    public static void delete(String name) {
        String call = "File.delete";
        try {
            Files.delete(Path.of(name));
        } catch (InvalidPathException e) {
            throw new EngineException(ErrorClass.ERR_BAD_FILE, call + ": \"" + name + "\" is not a valid file name: "
                + e.getReason());
        } catch (IOException e) {
            throw FileErrors.of(call, name, e);
        }
    }

    // ---------------------------------------------------------------- the file as a whole

    public int amode() {
        return amode;
    }

    /** The file's size in bytes. */
    public long size() {
        checkOpen("File.getSize");
        try {
            return channel.size();
        } catch (IOException e) {
            throw FileErrors.of("File.getSize", name, e);
        }
    }

    /** Truncates or extends the file to {@code size} bytes: collective, done by the lowest rank. */
    public void setSize(long size) {
        resize("File.setSize", size, true);
    }

    /** Makes the file at least {@code size} bytes long (it never shrinks): collective, done by the lowest rank. */
    public void preallocate(long size) {
        resize("File.preallocate", size, false);
    }

    private void resize(String call, long size, boolean shrink) {
        checkOpen(call);
        EngineException failed = null;
        try {
            if (size < 0) {
                throw new EngineException(ErrorClass.ERR_ARG, call + ": the size must not be negative, got " + size);
            }
            checkWritable(call);
        } catch (EngineException e) {
            failed = e;
        }
        // Every rank is in this call, so none reads or writes the file while it changes size.
        FileCollectives.agree(comm, failed);
        if (comm.rank() == 0) {
            try {
                long now = channel.size();
                if (size < now && shrink) {
                    channel.truncate(size);
                } else if (size > now) {
                    channel.write(ByteBuffer.allocate(1), size - 1);
                }
            } catch (IOException e) {
                failed = FileErrors.of(call, name, e);
            }
        }
        FileCollectives.agree(comm, failed);
    }

    /** Sets the view; collective. Both file pointers go back to 0 (or to where {@code DISPLACEMENT_CURRENT} says). */
    public void setView(long displacement, boolean current, TypeMap etype, TypeMap filetype, String datarep) {
        String call = "File.setView";
        checkOpen(call);
        EngineException failed = null;
        ViewLayout next = null;
        DataRepresentation representation = null;
        try {
            if (current && (amode & MODE_SEQUENTIAL) == 0) {
                throw new EngineException(ErrorClass.ERR_ARG, call + ": MPI.DISPLACEMENT_CURRENT needs a file opened with"
                    + " MPI.MODE_SEQUENTIAL");
            }
            representation = DataRepresentation.named(call, datarep);
            next = current ? null : ViewLayout.of(call, displacement, etype, filetype, representation);
        } catch (EngineException e) {
            failed = e;
        }
        // Every rank is in this call, so no shared-pointer access is in flight from here on.
        FileCollectives.agree(comm, failed);
        if (current) {
            try {
                ViewLayout old = view;
                next = ViewLayout.of(call, old.fileOffset(shared.fetchAndAdd(0) * old.etypeBytes()), etype, filetype,
                    representation);
            } catch (EngineException e) {
                failed = e;
            } catch (IOException e) {
                failed = FileErrors.of(call, name, e);
            }
            FileCollectives.agree(comm, failed); // every rank has read the pointer before it is reset
        }
        resetShared(call, 0);
        synchronized (this) {
            view = next;
            pointer = 0;
        }
    }

    public ViewLayout view() {
        return view;
    }

    /** The absolute byte position in the file of etype offset {@code offset} of the view. */
    public long byteOffset(long offset) {
        checkOpen("File.getByteOffset");
        checkOffset("File.getByteOffset", offset);
        ViewLayout v = view;
        return v.fileOffset(offset * v.etypeBytes());
    }

    /** Sets atomic mode (collective): each access is then atomic against every other rank's. */
    public void setAtomicity(boolean atomicMode) {
        checkOpen("File.setAtomicity");
        FileCollectives.barrier(comm);
        atomic = atomicMode;
    }

    public boolean atomicity() {
        checkOpen("File.getAtomicity");
        return atomic;
    }

    /** Writes the file's data through to the storage device (collective). */
    public void sync() {
        String call = "File.sync";
        checkOpen(call);
        EngineException failed = null;
        try {
            channel.force(true);
        } catch (IOException e) {
            failed = FileErrors.of(call, name, e);
        }
        FileCollectives.agree(comm, failed);
    }

    // ---------------------------------------------------------------- individual file pointer

    /** Moves the individual file pointer, in etypes of the view. */
    public synchronized void seek(long offset, int whence) {
        String call = "File.seek";
        checkOpen(call);
        checkNotSequential(call);
        pointer = sought(call, pointer, offset, whence);
    }

    /** The individual file pointer, in etypes of the view. */
    public synchronized long position() {
        checkOpen("File.getPosition");
        checkNotSequential("File.getPosition");
        return pointer;
    }

    private long sought(String call, long now, long offset, int whence) {
        long to;
        if (whence == SEEK_SET) {
            to = offset;
        } else if (whence == SEEK_CUR) {
            to = now + offset;
        } else if (whence == SEEK_END) {
            ViewLayout v = view;
            to = v.dataBelow(size()) / v.etypeBytes() + offset;
        } else {
            throw new EngineException(ErrorClass.ERR_ARG, call + ": whence " + whence
                + " is none of MPI.SEEK_SET, MPI.SEEK_CUR and MPI.SEEK_END");
        }
        if (to < 0) {
            throw new EngineException(ErrorClass.ERR_ARG, call + ": the pointer would move to " + to
                + ", before the start of the view");
        }
        return to;
    }

    /** Reads at the individual file pointer and moves it past what was read; returns the elements read. */
    public synchronized int read(String call, Object buf, int offset, int count, TypeMap type) {
        checkNotSequential(call);
        int elements = transfer(call, false, pointer, buf, offset, count, type);
        pointer += etypesOf(elements, type);
        return elements;
    }

    /** Writes at the individual file pointer and moves it past what was written; returns the elements written. */
    public synchronized int write(String call, Object buf, int offset, int count, TypeMap type) {
        checkNotSequential(call);
        int elements = transfer(call, true, pointer, buf, offset, count, type);
        pointer += etypesOf(elements, type);
        return elements;
    }

    // ---------------------------------------------------------------- explicit offsets

    /** Reads at etype offset {@code at} of the view; returns the elements read (fewer at the end of the file). */
    public int readAt(String call, long at, Object buf, int offset, int count, TypeMap type) {
        checkNotSequential(call);
        checkOffset(call, at);
        return transfer(call, false, at, buf, offset, count, type);
    }

    /** Writes at etype offset {@code at} of the view; returns the elements written. */
    public int writeAt(String call, long at, Object buf, int offset, int count, TypeMap type) {
        checkNotSequential(call);
        checkOffset(call, at);
        return transfer(call, true, at, buf, offset, count, type);
    }

    // ---------------------------------------------------------------- shared file pointer

    /** The shared file pointer, in etypes of the view. */
    public long positionShared() {
        String call = "File.getPositionShared";
        checkOpen(call);
        try {
            return shared.fetchAndAdd(0);
        } catch (IOException e) {
            throw FileErrors.of(call, name, e);
        }
    }

    /** Moves the shared file pointer (collective: every rank gives the same offset and origin). */
    public void seekShared(long offset, int whence) {
        String call = "File.seekShared";
        checkOpen(call);
        EngineException failed = null;
        long to = 0;
        FileCollectives.barrier(comm); // no rank moves the pointer from here on
        try {
            to = sought(call, shared.fetchAndAdd(0), offset, whence);
        } catch (EngineException e) {
            failed = e;
        } catch (IOException e) {
            failed = FileErrors.of(call, name, e);
        }
        FileCollectives.agree(comm, failed); // every rank has read the pointer before it is set
        resetShared(call, to);
    }

    /** Sets the shared pointer to {@code to} on every rank, while none uses it, and returns when all have. */
    private void resetShared(String call, long to) {
        EngineException failed = null;
        try {
            shared.set(to, comm.rank() == 0);
        } catch (IOException e) {
            failed = FileErrors.of(call, name, e);
        }
        FileCollectives.agree(comm, failed);
    }

    /** Reads at the shared file pointer, which moves past the data for every rank; returns the elements read. */
    public int readShared(String call, Object buf, int offset, int count, TypeMap type) {
        return atShared(call, false, buf, offset, count, type);
    }

    /** Writes at the shared file pointer, which moves past the data for every rank; returns the elements written. */
    public int writeShared(String call, Object buf, int offset, int count, TypeMap type) {
        return atShared(call, true, buf, offset, count, type);
    }

    private int atShared(String call, boolean write, Object buf, int offset, int count, TypeMap type) {
        checkOpen(call);
        checkAccess(call, write);
        long etypes = etypesOf(checkedElements(call, count, type), type);
        long at;
        try {
            at = shared.fetchAndAdd(etypes);
        } catch (IOException e) {
            throw FileErrors.of(call, name, e);
        }
        return transfer(call, write, at, buf, offset, count, type);
    }

    /**
     * Reads (writes) at the shared file pointer in rank order: collective. Rank r's data come
     * after those of the ranks below it, and the pointer moves past all of them.
     */
    public int ordered(String call, boolean write, Object buf, int offset, int count, TypeMap type) {
        checkOpen(call);
        EngineException failed = null;
        long etypes = 0;
        try {
            checkAccess(call, write);
            etypes = etypesOf(checkedElements(call, count, type), type);
        } catch (EngineException e) {
            failed = e;
        }
        FileCollectives.agree(comm, failed);
        long[] all = FileCollectives.everyRank(comm, etypes);
        long below = 0;
        long total = 0;
        for (int r = 0; r < all.length; r++) {
            below += r < comm.rank() ? all[r] : 0;
            total += all[r];
        }
        long[] base = new long[1];
        if (comm.rank() == 0) {
            try {
                base[0] = shared.fetchAndAdd(total);
            } catch (IOException e) {
                failed = FileErrors.of(call, name, e);
            }
        }
        FileCollectives.agree(comm, failed);
        FileCollectives.broadcast(comm, base);
        return transfer(call, write, base[0] + below, buf, offset, count, type);
    }

    // ---------------------------------------------------------------- moving data

    /**
     * Moves {@code count} items of {@code type} between {@code buf} from element {@code offset}
     * and the view's data from etype {@code at}; returns the elements moved, which for a read
     * that meets the end of the file are the whole elements before it.
     */
    private int transfer(String call, boolean write, long at, Object buf, int offset, int count, TypeMap type) {
        checkOpen(call);
        checkAccess(call, write);
        int elements = checkedElements(call, count, type);
        ViewLayout v = view;
        v.representation().checkConvertible(call, type);
        if (elements == 0) {
            return 0;
        }
        ElementType base = type.base;
        long dataStart = at * v.etypeBytes();
        long bytes = (long) elements * base.size();
        Object data = type.contiguous ? buf : write ? type.packed(buf, offset, count) : base.newArray(elements);
        int from = type.contiguous ? offset : 0;
        int moved;
        try (FileLocks.Held held = atomic ? lockRange(v, dataStart, bytes, write) : null) {
            moved = write ? put(v, dataStart, base, data, from, elements) : get(v, dataStart, base, data, from, elements);
        } catch (IOException e) {
            throw FileErrors.of(call, name, e);
        }
        if (!write && !type.contiguous) {
            type.unpack(data, 0, moved, buf, offset);
        }
        return moved;
    }

    /** The lock of the file bytes that data bytes {@code [dataStart, dataStart + bytes)} of {@code v} span. */
    private FileLocks.Held lockRange(ViewLayout v, long dataStart, long bytes, boolean write) throws IOException {
        long first = v.fileOffset(dataStart);
        long end = v.fileOffset(dataStart + bytes - 1) + 1;
        return FileLocks.lock(lockPath, channel, first, end - first, !write);
    }

    private int put(ViewLayout v, long dataStart, ElementType base, Object data, int from, int elements) throws IOException {
        ByteBuffer chunk = StagingBuffers.take();
        try {
            int perChunk = chunk.capacity() / base.size();
            long dataAt = dataStart;
            for (int done = 0; done < elements; ) {
                int n = Math.min(elements - done, perChunk);
                chunk.clear();
                v.representation().encode(base, data, from + done, n, chunk);
                chunk.flip();
                while (chunk.hasRemaining()) {
                    int run = (int) Math.min(chunk.remaining(), v.contiguousFrom(dataAt));
                    long fileAt = v.fileOffset(dataAt);
                    int limit = chunk.limit();
                    chunk.limit(chunk.position() + run);
                    while (chunk.hasRemaining()) {
                        fileAt += channel.write(chunk, fileAt);
                    }
                    chunk.limit(limit);
                    dataAt += run;
                }
                done += n;
            }
            return elements;
        } finally {
            StagingBuffers.give(chunk);
        }
    }

    private int get(ViewLayout v, long dataStart, ElementType base, Object data, int from, int elements) throws IOException {
        ByteBuffer chunk = StagingBuffers.take();
        try {
            int size = base.size();
            int perChunk = chunk.capacity() / size;
            long dataAt = dataStart;
            int done = 0;
            boolean end = false;
            while (done < elements && !end) {
                int n = Math.min(elements - done, perChunk);
                chunk.clear().limit(n * size);
                while (chunk.hasRemaining() && !end) {
                    int run = (int) Math.min(chunk.remaining(), v.contiguousFrom(dataAt));
                    long fileAt = v.fileOffset(dataAt);
                    int limit = chunk.limit();
                    int stop = chunk.position() + run;
                    chunk.limit(stop);
                    while (chunk.hasRemaining()) {
                        int got = channel.read(chunk, fileAt);
                        if (got < 0) {
                            end = true;
                            break;
                        }
                        fileAt += got;
                    }
                    dataAt += run - chunk.remaining();
                    chunk.limit(limit);
                    if (end) {
                        chunk.limit(chunk.position());
                    }
                }
                chunk.flip();
                int whole = chunk.remaining() / size;
                v.representation().decode(chunk, base, data, from + done, whole);
                done += whole;
            }
            return done;
        } finally {
            StagingBuffers.give(chunk);
        }
    }

    // ---------------------------------------------------------------- checks

    private static int checkedElements(String call, int count, TypeMap type) {
        if (count < 0) {
            throw new EngineException(ErrorClass.ERR_COUNT, call + ": count must not be negative, got " + count);
        }
        long elements = (long) count * type.width;
        if (elements > Integer.MAX_VALUE) {
            throw new EngineException(ErrorClass.ERR_COUNT, call + ": " + count + " items of " + type + " hold more than 2^31"
                + " elements");
        }
        return (int) elements;
    }

    /** The etypes of the view that {@code elements} elements of {@code type} fill. */
    private long etypesOf(int elements, TypeMap type) {
        return (long) elements * type.base.size() / view.etypeBytes();
    }

    private void checkOpen(String call) {
        if (closed) {
            throw new EngineException(ErrorClass.ERR_FILE, call + ": " + name + " has been closed; no operation is allowed on it");
        }
    }

    private void checkAccess(String call, boolean write) {
        if (write) {
            checkWritable(call);
        } else if ((amode & MODE_WRONLY) != 0) {
            throw new EngineException(ErrorClass.ERR_ACCESS, call + ": " + name + " was opened with MPI.MODE_WRONLY and cannot"
                + " be read");
        }
    }

    private void checkWritable(String call) {
        if ((amode & MODE_RDONLY) != 0) {
            throw new EngineException(ErrorClass.ERR_READ_ONLY, call + ": " + name + " was opened with MPI.MODE_RDONLY and"
                + " cannot be written");
        }
    }

    private void checkNotSequential(String call) {
        if ((amode & MODE_SEQUENTIAL) != 0) {
            throw new EngineException(ErrorClass.ERR_UNSUPPORTED_OPERATION, call + ": " + name + " was opened with"
                + " MPI.MODE_SEQUENTIAL, which allows only the shared file pointer");
        }
    }

    private static void checkOffset(String call, long offset) {
        if (offset < 0) {
            throw new EngineException(ErrorClass.ERR_ARG, call + ": the offset must not be negative, got " + offset);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
