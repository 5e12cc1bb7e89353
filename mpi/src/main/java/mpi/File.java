package mpi;

import java.nio.Buffer;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.io.ParallelFile;

/**
 * A file opened by the ranks of a communicator together ({@code MPI_File}), as Open MPI's Java
 * API has it: reads and writes at explicit offsets, at each rank's individual file pointer and
 * at the file pointer the ranks share, independent and collective, blocking, non-blocking and
 * split, through a view of derived datatypes.
 *
 * <p>A view (displacement, etype, filetype, data representation; {@link #setView}) decides which
 * bytes of the file a rank sees: the filetype is tiled from the displacement, and offsets and
 * file pointers count etypes of the view. A new file's view is every byte, with etype and
 * filetype {@code MPI.BYTE}. Data representation {@code "native"} (and {@code "internal"})
 * stores elements in the machine's byte order, little-endian on x86-64 and AArch64 Linux, so a
 * file holds the same bytes a C program of the machine writes (Open MPI's {@code "native"});
 * {@code "external32"} stores them big-endian. Buffers are arrays or {@code java.nio} buffers,
 * as for the communicators of this API; a {@code ByteBuffer}'s bytes are its elements in the
 * machine's order.
 *
 * <p>The non-blocking accesses ({@link #iReadAt}, ...) and the split collectives
 * ({@link #readAtAllBegin}, ...) do their work before they return; their request is complete
 * and their end call returns the status. The collective reads and writes move each rank's data
 * straight to and from its place in the file.
 *
 * <p>Errors in calls on a file go to the file's errhandler, {@code MPI.ERRORS_RETURN} unless
 * {@link #setErrhandler} sets another; errors of opening a file and of {@link #delete} are
 * raised in the caller. A rank's files still open at {@code MPI.Finalize} are closed there
 * without the collective steps of {@link #close}.
 */
public final class File {
    /** The files of this rank not yet closed, closed by {@code MPI.Finalize}; per rank, as every static of this package. */
    private static final Set<File> OPEN = ConcurrentHashMap.newKeySet();

    /** The file's own duplicate of the communicator it was opened on, on which its collective steps run. */
    private final Intracomm comm;
    private final ParallelFile file;
    private volatile FileView view = new FileView(0, MPI.BYTE, MPI.BYTE, "native");
    private volatile Errhandler errhandler = MPI.ERRORS_RETURN;
    private volatile Info hints;
    private volatile boolean closed;
    /** The split collective begun and not ended: which call began it, and its status; guarded by this. */
    private String pendingSplit;
    private Status splitStatus;

    /**
     * Opens a file on every rank of {@code comm} ({@code MPI_FILE_OPEN} with {@code MPI.INFO_NULL}).
     * Collective: every rank gives the same name and mode.
     *
     * @param comm     the intracommunicator whose ranks open the file
     * @param filename the file's name
     * @param amode    the access mode: one of {@code MPI.MODE_RDONLY}, {@code MODE_WRONLY} and
     *                 {@code MODE_RDWR}, and any of {@code MODE_CREATE}, {@code MODE_EXCL},
     *                 {@code MODE_DELETE_ON_CLOSE}, {@code MODE_UNIQUE_OPEN}, {@code MODE_SEQUENTIAL},
     *                 {@code MODE_APPEND}
     * @throws MPIException ERR_AMODE for an invalid mode, ERR_NOT_SAME if the ranks' modes
     *                      differ, ERR_NO_SUCH_FILE, ERR_FILE_EXISTS, ERR_ACCESS, ERR_BAD_FILE or
     *                      ERR_IO if the file cannot be opened; every rank raises the same
     */
    public File(Comm comm, String filename, int amode) throws MPIException {
        this(comm, filename, amode, MPI.INFO_NULL);
    }

    /**
     * Opens a file on every rank of {@code comm} ({@code MPI_FILE_OPEN}), as
     * {@link #File(Comm, String, int)} does. The hints in {@code info} are kept for
     * {@link #getInfo}; HyMPJ needs none of them.
     *
     * @param comm     the intracommunicator whose ranks open the file
     * @param filename the file's name
     * @param amode    the access mode (see {@link #File(Comm, String, int)})
     * @param info     hints, or {@code MPI.INFO_NULL}
     * @throws MPIException as {@link #File(Comm, String, int)} does, and ERR_INFO for a null info
     */
    public File(Comm comm, String filename, int amode, Info info) throws MPIException {
        MPI.checkActive();
        Errhandler.enteringFile(MPI.ERRORS_RETURN);
        if (comm == null) {
            throw new MPIException(MPI.ERR_COMM, "File: the communicator is null");
        }
        comm.checkUsable();
        Errhandler.enteringFile(MPI.ERRORS_RETURN);
        if (!(comm instanceof Intracomm)) {
            throw new MPIException(MPI.ERR_COMM, "File: " + comm + " is an intercommunicator; a file is opened on an"
                + " intracommunicator");
        }
        if (filename == null) {
            throw new MPIException(MPI.ERR_BAD_FILE, "File: the file name is null");
        }
        this.hints = copyOf("File", info);
        Intracomm own = ((Intracomm) comm).Dup();
        Errhandler.enteringFile(MPI.ERRORS_RETURN);
        try {
            this.file = ParallelFile.open(own.core, filename, amode);
        } catch (EngineException e) {
            own.Free();
            throw Comm.raised(e);
        }
        this.comm = own;
        OPEN.add(this);
    }

    /**
     * Deletes a file ({@code MPI_FILE_DELETE} with {@code MPI.INFO_NULL}); not collective.
     *
     * @param filename the file's name
     * @throws MPIException ERR_NO_SUCH_FILE if there is no such file, ERR_ACCESS or ERR_IO if it cannot be deleted
     */
    public static void delete(String filename) throws MPIException {
        delete(filename, MPI.INFO_NULL);
    }

    /**
     * Deletes a file ({@code MPI_FILE_DELETE}); not collective.
     *
     * @param filename the file's name
     * @param info     hints, or {@code MPI.INFO_NULL}
     * @throws MPIException ERR_NO_SUCH_FILE if there is no such file, ERR_ACCESS or ERR_IO if it cannot be deleted
     */
    public static void delete(String filename, Info info) throws MPIException {
        MPI.checkActive();
        Errhandler.enteringFile(MPI.ERRORS_RETURN);
        if (filename == null) {
            throw new MPIException(MPI.ERR_BAD_FILE, "File.delete: the file name is null");
        }
        try {
            ParallelFile.delete(filename);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * Closes the file on every rank ({@code MPI_FILE_CLOSE}); collective. Under
     * {@code MPI.MODE_DELETE_ON_CLOSE} the file is deleted. Any later call on this object
     * raises ERR_FILE.
     *
     * @throws MPIException ERR_FILE if the file is closed already, ERR_IO if it cannot be closed
     */
    public void close() throws MPIException {
        enter();
        try {
            run(file::close);
        } finally {
            closed = true;
            OPEN.remove(this);
            comm.Free();
        }
    }

    /** Closes this rank's files still open, without collective steps ({@code MPI.Finalize}). */
    static void releaseAll() {
        for (File f : OPEN) {
            f.closed = true;
            f.file.release();
        }
        OPEN.clear();
    }

    /**
     * Truncates or extends the file to {@code size} bytes ({@code MPI_FILE_SET_SIZE}); collective.
     *
     * @param size the new size in bytes
     * @throws MPIException ERR_ARG for a negative size, ERR_READ_ONLY on a file opened read-only
     */
    public void setSize(long size) throws MPIException {
        enter();
        run(() -> file.setSize(size));
    }

    /**
     * Makes the file at least {@code size} bytes long ({@code MPI_FILE_PREALLOCATE}); collective.
     *
     * @param size the size in bytes the file has at least afterwards
     * @throws MPIException ERR_ARG for a negative size, ERR_READ_ONLY on a file opened read-only
     */
    public void preallocate(long size) throws MPIException {
        enter();
        run(() -> file.preallocate(size));
    }

    /**
     * The file's size ({@code MPI_FILE_GET_SIZE}).
     *
     * @return the size in bytes
     * @throws MPIException ERR_FILE on a closed file
     */
    public long getSize() throws MPIException {
        enter();
        return value(file::size);
    }

    /**
     * The group of the ranks that opened the file ({@code MPI_FILE_GET_GROUP}).
     *
     * @return a new group of the file's communicator's ranks
     * @throws MPIException ERR_FILE on a closed file
     */
    public Group getGroup() throws MPIException {
        enter();
        return comm.Group();
    }

    /**
     * The access mode the file was opened with ({@code MPI_FILE_GET_AMODE}).
     *
     * @return the access mode
     * @throws MPIException ERR_FILE on a closed file
     */
    public int getAMode() throws MPIException {
        enter();
        return file.amode();
    }

    /**
     * Sets the file's hints ({@code MPI_FILE_SET_INFO}); collective. HyMPJ keeps them for
     * {@link #getInfo} and needs none.
     *
     * @param info the hints
     * @throws MPIException ERR_INFO for a null or freed info, ERR_FILE on a closed file
     */
    public void setInfo(Info info) throws MPIException {
        enter();
        hints = copyOf("File.setInfo", info);
    }

    /**
     * The file's hints ({@code MPI_FILE_GET_INFO}).
     *
     * @return a new info object holding the hints
     * @throws MPIException ERR_FILE on a closed file
     */
    public Info getInfo() throws MPIException {
        enter();
        Info h = hints;
        return h.isNull() ? new Info() : h.dup();
    }

    private static Info copyOf(String call, Info info) {
        if (info == null) {
            throw new MPIException(MPI.ERR_INFO, call + ": the info is null; pass MPI.INFO_NULL for none");
        }
        return info.isNull() ? MPI.INFO_NULL : info.dup();
    }

    /**
     * Sets the view ({@code MPI_FILE_SET_VIEW} with {@code MPI.INFO_NULL}); collective. Both file
     * pointers go to offset 0 of the new view.
     *
     * @param disp     the displacement in bytes from the start of the file where the view begins,
     *                 or {@code MPI.DISPLACEMENT_CURRENT} (a file opened with
     *                 {@code MPI.MODE_SEQUENTIAL} only) for where the shared file pointer is
     * @param etype    the elementary datatype: offsets and file pointers count these
     * @param filetype the datatype tiled from {@code disp}, made of etypes; its displacements
     *                 must be nonnegative and never decrease
     * @param datarep  {@code "native"}, {@code "internal"} or {@code "external32"}
     * @throws MPIException ERR_ARG for a negative displacement, ERR_TYPE for a filetype that is
     *                      not made of etypes or goes back in the file, ERR_UNSUPPORTED_DATAREP
     *                      for another representation; every rank raises the same
     */
    public void setView(long disp, Datatype etype, Datatype filetype, String datarep) throws MPIException {
        setView(disp, etype, filetype, datarep, MPI.INFO_NULL);
    }

    /**
     * Sets the view ({@code MPI_FILE_SET_VIEW}), as {@link #setView(long, Datatype, Datatype, String)} does.
     *
     * @param disp     the displacement in bytes, or {@code MPI.DISPLACEMENT_CURRENT}
     * @param etype    the elementary datatype
     * @param filetype the datatype tiled from {@code disp}
     * @param datarep  {@code "native"}, {@code "internal"} or {@code "external32"}
     * @param info     hints, or {@code MPI.INFO_NULL}
     * @throws MPIException as {@link #setView(long, Datatype, Datatype, String)} does
     */
    public void setView(long disp, Datatype etype, Datatype filetype, String datarep, Info info) throws MPIException {
        enter();
        checkType("File.setView", "etype", etype);
        checkType("File.setView", "filetype", filetype);
        if (datarep == null) {
            throw new MPIException(MPI.ERR_UNSUPPORTED_DATAREP, "File.setView: the data representation is null");
        }
        Info given = copyOf("File.setView", info);
        boolean current = disp == MPI.DISPLACEMENT_CURRENT;
        run(() -> file.setView(disp, current, etype.map, filetype.map, datarep));
        view = new FileView(current ? file.view().displacement() : disp, etype, filetype, datarep);
        if (!given.isNull()) {
            hints = given;
        }
    }

    private static void checkType(String call, String what, Datatype type) {
        if (type == null) {
            throw new MPIException(MPI.ERR_TYPE, call + ": the " + what + " is null");
        }
        type.checkUsable(call);
    }

    /**
     * The view ({@code MPI_FILE_GET_VIEW}).
     *
     * @return the view last set, or the view of every byte the file starts with
     */
    public FileView getView() {
        return view;
    }

    /**
     * Reads {@code count} items at an explicit offset, leaving the file pointers where they are ({@code MPI_FILE_READ_AT}).
     *
     * @param offset the offset, in etypes of the view, where the data start
     * @param buf    the buffer: an array or a {@code java.nio} buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return the status, whose count is the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Status readAt(long offset, Object buf, int count, Datatype type) throws MPIException {
        return access("readAt", false, buf, count, type, (d, o, m) -> file.readAt("readAt", offset, d, o, count, m));
    }

    /**
     * Reads at an explicit offset; collective: every rank of the file's group calls it ({@code MPI_FILE_READ_AT_ALL}).
     *
     * @param offset the offset, in etypes of the view, where the data start
     * @param buf    the buffer: an array or a {@code java.nio} buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return the status, whose count is the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Status readAtAll(long offset, Object buf, int count, Datatype type) throws MPIException {
        return access("readAtAll", false, buf, count, type, (d, o, m) -> file.readAt("readAtAll", offset, d, o, count, m));
    }

    /**
     * Writes {@code count} items at an explicit offset, leaving the file pointers where they are ({@code MPI_FILE_WRITE_AT}).
     *
     * @param offset the offset, in etypes of the view, where the data start
     * @param buf    the buffer: an array or a {@code java.nio} buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return the status, whose count is the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Status writeAt(long offset, Object buf, int count, Datatype type) throws MPIException {
        return access("writeAt", true, buf, count, type, (d, o, m) -> file.writeAt("writeAt", offset, d, o, count, m));
    }

    /**
     * Writes at an explicit offset; collective: every rank of the file's group calls it ({@code MPI_FILE_WRITE_AT_ALL}).
     *
     * @param offset the offset, in etypes of the view, where the data start
     * @param buf    the buffer: an array or a {@code java.nio} buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return the status, whose count is the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Status writeAtAll(long offset, Object buf, int count, Datatype type) throws MPIException {
        return access("writeAtAll", true, buf, count, type, (d, o, m) -> file.writeAt("writeAtAll", offset, d, o, count, m));
    }

    /**
     * Reads at an explicit offset ({@code MPI_FILE_IREAD_AT}). The access is done when this call returns, and the request is
     * complete: its wait or test returns the status.
     *
     * @param offset the offset, in etypes of the view, where the data start
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return a request, complete, whose status counts the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Request iReadAt(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        return Request.done(comm, "iReadAt", access("iReadAt", false, buf, count, type, (d, o, m) -> file.readAt("iReadAt", offset, d, o, count, m)));
    }

    /**
     * Reads at an explicit offset; collective ({@code MPI_FILE_IREAD_AT_ALL}). The access is done when this call returns, and the request is
     * complete: its wait or test returns the status.
     *
     * @param offset the offset, in etypes of the view, where the data start
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return a request, complete, whose status counts the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Request iReadAtAll(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        return Request.done(comm, "iReadAtAll", access("iReadAtAll", false, buf, count, type, (d, o, m) -> file.readAt("iReadAtAll", offset, d, o, count, m)));
    }

    /**
     * Writes at an explicit offset ({@code MPI_FILE_IWRITE_AT}). The access is done when this call returns, and the request is
     * complete: its wait or test returns the status.
     *
     * @param offset the offset, in etypes of the view, where the data start
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return a request, complete, whose status counts the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Request iWriteAt(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        return Request.done(comm, "iWriteAt", access("iWriteAt", true, buf, count, type, (d, o, m) -> file.writeAt("iWriteAt", offset, d, o, count, m)));
    }

    /**
     * Writes at an explicit offset; collective ({@code MPI_FILE_IWRITE_AT_ALL}). The access is done when this call returns, and the request is
     * complete: its wait or test returns the status.
     *
     * @param offset the offset, in etypes of the view, where the data start
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return a request, complete, whose status counts the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Request iWriteAtAll(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        return Request.done(comm, "iWriteAtAll", access("iWriteAtAll", true, buf, count, type, (d, o, m) -> file.writeAt("iWriteAtAll", offset, d, o, count, m)));
    }

    /**
     * Reads {@code count} items at the individual file pointer and moves it past them ({@code MPI_FILE_READ}).
     *
     * @param buf    the buffer: an array or a {@code java.nio} buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return the status, whose count is the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Status read(Object buf, int count, Datatype type) throws MPIException {
        return access("read", false, buf, count, type, (d, o, m) -> file.read("read", d, o, count, m));
    }

    /**
     * Reads at the individual file pointer; collective ({@code MPI_FILE_READ_ALL}).
     *
     * @param buf    the buffer: an array or a {@code java.nio} buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return the status, whose count is the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Status readAll(Object buf, int count, Datatype type) throws MPIException {
        return access("readAll", false, buf, count, type, (d, o, m) -> file.read("readAll", d, o, count, m));
    }

    /**
     * Writes {@code count} items at the individual file pointer and moves it past them ({@code MPI_FILE_WRITE}).
     *
     * @param buf    the buffer: an array or a {@code java.nio} buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return the status, whose count is the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Status write(Object buf, int count, Datatype type) throws MPIException {
        return access("write", true, buf, count, type, (d, o, m) -> file.write("write", d, o, count, m));
    }

    /**
     * Writes at the individual file pointer; collective ({@code MPI_FILE_WRITE_ALL}).
     *
     * @param buf    the buffer: an array or a {@code java.nio} buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return the status, whose count is the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Status writeAll(Object buf, int count, Datatype type) throws MPIException {
        return access("writeAll", true, buf, count, type, (d, o, m) -> file.write("writeAll", d, o, count, m));
    }

    /**
     * Reads at the individual file pointer ({@code MPI_FILE_IREAD}). The access is done when this call returns, and the request is
     * complete: its wait or test returns the status.
     *
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return a request, complete, whose status counts the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Request iRead(Buffer buf, int count, Datatype type) throws MPIException {
        return Request.done(comm, "iRead", access("iRead", false, buf, count, type, (d, o, m) -> file.read("iRead", d, o, count, m)));
    }

    /**
     * Reads at the individual file pointer; collective ({@code MPI_FILE_IREAD_ALL}). The access is done when this call returns, and the request is
     * complete: its wait or test returns the status.
     *
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return a request, complete, whose status counts the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Request iReadAll(Buffer buf, int count, Datatype type) throws MPIException {
        return Request.done(comm, "iReadAll", access("iReadAll", false, buf, count, type, (d, o, m) -> file.read("iReadAll", d, o, count, m)));
    }

    /**
     * Writes at the individual file pointer ({@code MPI_FILE_IWRITE}). The access is done when this call returns, and the request is
     * complete: its wait or test returns the status.
     *
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return a request, complete, whose status counts the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Request iWrite(Buffer buf, int count, Datatype type) throws MPIException {
        return Request.done(comm, "iWrite", access("iWrite", true, buf, count, type, (d, o, m) -> file.write("iWrite", d, o, count, m)));
    }

    /**
     * Writes at the individual file pointer; collective ({@code MPI_FILE_IWRITE_ALL}). The access is done when this call returns, and the request is
     * complete: its wait or test returns the status.
     *
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return a request, complete, whose status counts the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Request iWriteAll(Buffer buf, int count, Datatype type) throws MPIException {
        return Request.done(comm, "iWriteAll", access("iWriteAll", true, buf, count, type, (d, o, m) -> file.write("iWriteAll", d, o, count, m)));
    }

    /**
     * Reads {@code count} items at the shared file pointer, which moves past them for every rank ({@code MPI_FILE_READ_SHARED}).
     *
     * @param buf    the buffer: an array or a {@code java.nio} buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return the status, whose count is the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Status readShared(Object buf, int count, Datatype type) throws MPIException {
        return access("readShared", false, buf, count, type, (d, o, m) -> file.readShared("readShared", d, o, count, m));
    }

    /**
     * Writes {@code count} items at the shared file pointer, which moves past them for every rank; concurrent calls of several ranks each get a range of their own ({@code MPI_FILE_WRITE_SHARED}).
     *
     * @param buf    the buffer: an array or a {@code java.nio} buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return the status, whose count is the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Status writeShared(Object buf, int count, Datatype type) throws MPIException {
        return access("writeShared", true, buf, count, type, (d, o, m) -> file.writeShared("writeShared", d, o, count, m));
    }

    /**
     * Reads at the shared file pointer ({@code MPI_FILE_IREAD_SHARED}). The access is done when this call returns, and the request is
     * complete: its wait or test returns the status.
     *
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return a request, complete, whose status counts the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Request iReadShared(Buffer buf, int count, Datatype type) throws MPIException {
        return Request.done(comm, "iReadShared", access("iReadShared", false, buf, count, type, (d, o, m) -> file.readShared("iReadShared", d, o, count, m)));
    }

    /**
     * Writes at the shared file pointer ({@code MPI_FILE_IWRITE_SHARED}). The access is done when this call returns, and the request is
     * complete: its wait or test returns the status.
     *
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return a request, complete, whose status counts the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Request iWriteShared(Buffer buf, int count, Datatype type) throws MPIException {
        return Request.done(comm, "iWriteShared", access("iWriteShared", true, buf, count, type, (d, o, m) -> file.writeShared("iWriteShared", d, o, count, m)));
    }

    /**
     * Reads at the shared file pointer in rank order; collective: rank r's data follow those of the ranks below it, and the pointer moves past all of them ({@code MPI_FILE_READ_ORDERED}).
     *
     * @param buf    the buffer: an array or a {@code java.nio} buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return the status, whose count is the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Status readOrdered(Object buf, int count, Datatype type) throws MPIException {
        return access("readOrdered", false, buf, count, type, (d, o, m) -> file.ordered("readOrdered", false, d, o, count, m));
    }

    /**
     * Writes at the shared file pointer in rank order; collective: rank r's data follow those of the ranks below it, and the pointer moves past all of them ({@code MPI_FILE_WRITE_ORDERED}).
     *
     * @param buf    the buffer: an array or a {@code java.nio} buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @return the status, whose count is the items moved
     * @throws MPIException with the error class of what went wrong
     */
    public Status writeOrdered(Object buf, int count, Datatype type) throws MPIException {
        return access("writeOrdered", true, buf, count, type, (d, o, m) -> file.ordered("writeOrdered", true, d, o, count, m));
    }

    /**
     * Begins a split collective read at an explicit offset ({@code MPI_FILE_READ_AT_ALL_BEGIN}); the access is done when this
     * call returns, and {@link #readAtAllEnd} returns its status.
     *
     * @param offset the offset, in etypes of the view, where the data start
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @throws MPIException with the error class of what went wrong, or ERR_OTHER if a split collective is begun already
     */
    public void readAtAllBegin(long offset, Object buf, int count, Datatype type) throws MPIException {
        begin("readAtAllBegin", () -> readAtAll(offset, buf, count, type));
    }

    /**
     * Ends the split collective begun by {@link #readAtAllBegin} ({@code MPI_FILE_READ_AT_ALL_END}).
     *
     * @param buf the buffer given to {@code readAtAllBegin}
     * @return the status of the access
     * @throws MPIException ERR_OTHER if no {@code readAtAllBegin} is pending
     */
    public Status readAtAllEnd(Object buf) throws MPIException {
        return end("readAtAllEnd", "readAtAllBegin");
    }

    /**
     * Begins a split collective write at an explicit offset ({@code MPI_FILE_WRITE_AT_ALL_BEGIN}); the access is done when this
     * call returns, and {@link #writeAtAllEnd} returns its status.
     *
     * @param offset the offset, in etypes of the view, where the data start
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @throws MPIException with the error class of what went wrong, or ERR_OTHER if a split collective is begun already
     */
    public void writeAtAllBegin(long offset, Object buf, int count, Datatype type) throws MPIException {
        begin("writeAtAllBegin", () -> writeAtAll(offset, buf, count, type));
    }

    /**
     * Ends the split collective begun by {@link #writeAtAllBegin} ({@code MPI_FILE_WRITE_AT_ALL_END}).
     *
     * @param buf the buffer given to {@code writeAtAllBegin}
     * @return the status of the access
     * @throws MPIException ERR_OTHER if no {@code writeAtAllBegin} is pending
     */
    public Status writeAtAllEnd(Object buf) throws MPIException {
        return end("writeAtAllEnd", "writeAtAllBegin");
    }

    /**
     * Begins a split collective read at the individual file pointer ({@code MPI_FILE_READ_ALL_BEGIN}); the access is done when this
     * call returns, and {@link #readAllEnd} returns its status.
     *
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @throws MPIException with the error class of what went wrong, or ERR_OTHER if a split collective is begun already
     */
    public void readAllBegin(Object buf, int count, Datatype type) throws MPIException {
        begin("readAllBegin", () -> readAll(buf, count, type));
    }

    /**
     * Ends the split collective begun by {@link #readAllBegin} ({@code MPI_FILE_READ_ALL_END}).
     *
     * @param buf the buffer given to {@code readAllBegin}
     * @return the status of the access
     * @throws MPIException ERR_OTHER if no {@code readAllBegin} is pending
     */
    public Status readAllEnd(Object buf) throws MPIException {
        return end("readAllEnd", "readAllBegin");
    }

    /**
     * Begins a split collective write at the individual file pointer ({@code MPI_FILE_WRITE_ALL_BEGIN}); the access is done when this
     * call returns, and {@link #writeAllEnd} returns its status.
     *
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @throws MPIException with the error class of what went wrong, or ERR_OTHER if a split collective is begun already
     */
    public void writeAllBegin(Object buf, int count, Datatype type) throws MPIException {
        begin("writeAllBegin", () -> writeAll(buf, count, type));
    }

    /**
     * Ends the split collective begun by {@link #writeAllBegin} ({@code MPI_FILE_WRITE_ALL_END}).
     *
     * @param buf the buffer given to {@code writeAllBegin}
     * @return the status of the access
     * @throws MPIException ERR_OTHER if no {@code writeAllBegin} is pending
     */
    public Status writeAllEnd(Object buf) throws MPIException {
        return end("writeAllEnd", "writeAllBegin");
    }

    /**
     * Begins a split collective read in rank order ({@code MPI_FILE_READ_ORDERED_BEGIN}); the access is done when this
     * call returns, and {@link #readOrderedEnd} returns its status.
     *
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @throws MPIException with the error class of what went wrong, or ERR_OTHER if a split collective is begun already
     */
    public void readOrderedBegin(Object buf, int count, Datatype type) throws MPIException {
        begin("readOrderedBegin", () -> readOrdered(buf, count, type));
    }

    /**
     * Ends the split collective begun by {@link #readOrderedBegin} ({@code MPI_FILE_READ_ORDERED_END}).
     *
     * @param buf the buffer given to {@code readOrderedBegin}
     * @return the status of the access
     * @throws MPIException ERR_OTHER if no {@code readOrderedBegin} is pending
     */
    public Status readOrderedEnd(Object buf) throws MPIException {
        return end("readOrderedEnd", "readOrderedBegin");
    }

    /**
     * Begins a split collective write in rank order ({@code MPI_FILE_WRITE_ORDERED_BEGIN}); the access is done when this
     * call returns, and {@link #writeOrderedEnd} returns its status.
     *
     * @param buf    the buffer
     * @param count  the number of items of {@code type} in the buffer
     * @param type   the datatype of each item
     * @throws MPIException with the error class of what went wrong, or ERR_OTHER if a split collective is begun already
     */
    public void writeOrderedBegin(Object buf, int count, Datatype type) throws MPIException {
        begin("writeOrderedBegin", () -> writeOrdered(buf, count, type));
    }

    /**
     * Ends the split collective begun by {@link #writeOrderedBegin} ({@code MPI_FILE_WRITE_ORDERED_END}).
     *
     * @param buf the buffer given to {@code writeOrderedBegin}
     * @return the status of the access
     * @throws MPIException ERR_OTHER if no {@code writeOrderedBegin} is pending
     */
    public Status writeOrderedEnd(Object buf) throws MPIException {
        return end("writeOrderedEnd", "writeOrderedBegin");
    }

    /**
     * Moves the individual file pointer ({@code MPI_FILE_SEEK}).
     *
     * @param offset the offset, in etypes of the view
     * @param whence {@code MPI.SEEK_SET} (from the start of the view), {@code SEEK_CUR} (from the
     *               pointer) or {@code SEEK_END} (from the end of the file)
     * @throws MPIException ERR_ARG for another whence or a position before the start of the view
     */
    public void seek(long offset, int whence) throws MPIException {
        enter();
        run(() -> file.seek(offset, whence));
    }

    /**
     * The individual file pointer ({@code MPI_FILE_GET_POSITION}).
     *
     * @return the pointer, in etypes of the view
     * @throws MPIException ERR_FILE on a closed file
     */
    public long getPosition() throws MPIException {
        enter();
        return value(file::position);
    }

    /**
     * Where an offset of the view lies in the file ({@code MPI_FILE_GET_BYTE_OFFSET}).
     *
     * @param offset an offset, in etypes of the view
     * @return the absolute byte position of that offset in the file
     * @throws MPIException ERR_ARG for a negative offset
     */
    public long getByteOffset(long offset) throws MPIException {
        enter();
        return value(() -> file.byteOffset(offset));
    }

    /**
     * Moves the shared file pointer ({@code MPI_FILE_SEEK_SHARED}); collective: every rank gives
     * the same offset and whence.
     *
     * @param offset the offset, in etypes of the view
     * @param whence {@code MPI.SEEK_SET}, {@code SEEK_CUR} or {@code SEEK_END}
     * @throws MPIException ERR_ARG for another whence or a position before the start of the view
     */
    public void seekShared(long offset, int whence) throws MPIException {
        enter();
        run(() -> file.seekShared(offset, whence));
    }

    /**
     * The shared file pointer ({@code MPI_FILE_GET_POSITION_SHARED}).
     *
     * @return the pointer, in etypes of the view
     * @throws MPIException ERR_FILE on a closed file
     */
    public long getPositionShared() throws MPIException {
        enter();
        return value(file::positionShared);
    }

    /**
     * The extent of a datatype in the file ({@code MPI_FILE_GET_TYPE_EXTENT}), which every data
     * representation of HyMPJ keeps as in memory.
     *
     * @param type the datatype
     * @return its extent, in units of its base as {@link Datatype#getExtent} counts
     * @throws MPIException ERR_TYPE for a null or unusable datatype
     */
    public int getTypeExtent(Datatype type) throws MPIException {
        enter();
        checkType("File.getTypeExtent", "datatype", type);
        return type.getExtent();
    }

    /**
     * Sets atomic mode ({@code MPI_FILE_SET_ATOMICITY}); collective. In atomic mode each access
     * is atomic against every other rank's, in any JVM or on any node: it holds a lock on the
     * bytes it spans while it moves data.
     *
     * @param atomicity true for atomic mode, false for MPI's default, non-atomic mode
     * @throws MPIException ERR_FILE on a closed file
     */
    public void setAtomicity(boolean atomicity) throws MPIException {
        enter();
        run(() -> file.setAtomicity(atomicity));
    }

    /**
     * Whether the file is in atomic mode ({@code MPI_FILE_GET_ATOMICITY}).
     *
     * @return true in atomic mode
     * @throws MPIException ERR_FILE on a closed file
     */
    public boolean getAtomicity() throws MPIException {
        enter();
        return value(file::atomicity);
    }

    /**
     * Writes the file's data through to its storage device ({@code MPI_FILE_SYNC}); collective.
     *
     * @throws MPIException ERR_IO if the device fails
     */
    public void sync() throws MPIException {
        enter();
        run(file::sync);
    }

    /**
     * Sets what an error in a call on this file does ({@code MPI_FILE_SET_ERRHANDLER}).
     *
     * @param errhandler {@code MPI.ERRORS_RETURN} (raise the error in the caller) or
     *                   {@code MPI.ERRORS_ARE_FATAL} (end the job)
     * @throws MPIException ERR_ARG for a null errhandler
     */
    public void setErrhandler(Errhandler errhandler) throws MPIException {
        enter();
        if (errhandler == null) {
            throw new MPIException(MPI.ERR_ARG, "File.setErrhandler needs MPI.ERRORS_RETURN or MPI.ERRORS_ARE_FATAL, got null");
        }
        if (errhandler == MPI.ERRORS_ARE_FATAL) {
            Errhandler.fatalInUse();
        }
        this.errhandler = errhandler;
    }

    /**
     * The file's errhandler ({@code MPI_FILE_GET_ERRHANDLER}).
     *
     * @return the errhandler, {@code MPI.ERRORS_RETURN} unless another was set
     * @throws MPIException ERR_FILE on a closed file
     */
    public Errhandler getErrhandler() throws MPIException {
        enter();
        return errhandler;
    }

    /**
     * Calls the file's errhandler with {@code errorCode} ({@code MPI_FILE_CALL_ERRHANDLER}):
     * {@code MPI.ERRORS_ARE_FATAL} ends the job (and raises the error here), {@code MPI.ERRORS_RETURN} does nothing.
     *
     * @param errorCode the error code
     * @throws MPIException the error, under {@code MPI.ERRORS_ARE_FATAL}
     */
    public void callErrhandler(int errorCode) throws MPIException {
        enter();
        if (errhandler == MPI.ERRORS_ARE_FATAL) {
            throw new MPIException(errorCode, "File.callErrhandler(" + errorCode + ") on " + file + ", whose errhandler is "
                + errhandler);
        }
    }

    // ---------------------------------------------------------------- the calls' common steps

    /** Starts a call on this file: MPI is active, errors go to the file's errhandler, and the file is open. */
    private void enter() {
        MPI.checkActive();
        Errhandler.enteringFile(errhandler);
        if (closed) {
            throw new MPIException(MPI.ERR_FILE, "the file " + file + " has been closed; no operation is allowed on it");
        }
    }

    /** Moves data between {@code buf} and the file by {@code transfer}, and returns the status. */
    private Status access(String call, boolean write, Object buf, int count, Datatype type, Transfer transfer) {
        enter();
        Object data = write ? BufferArgument.forSend(call, buf, count, type) : BufferArgument.forUpdate(call, buf, count, type);
        int offset = BufferArgument.offset(buf, data);
        Comm.checkBuffer(call, data, offset, count, type);
        try {
            int elements = transfer.run(data, offset, type.map);
            return new Status(MPI.ANY_SOURCE, MPI.ANY_TAG, elements, type, count, false);
        } catch (EngineException e) {
            throw Comm.raised(e);
        } finally {
            if (!write) {
                BufferArgument.copyBack(buf, data, type);
            }
        }
    }

    /** One data access of the engine's file: the elements it moved. */
    @FunctionalInterface
    private interface Transfer {
        int run(Object data, int offset, TypeMap type);
    }

    private static void run(Runnable call) {
        try {
            call.run();
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    private static <T> T value(Supplier<T> call) {
        try {
            return call.get();
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /** Does the access of a split collective's begin call and keeps its status for the end call. */
    private synchronized void begin(String call, Supplier<Status> access) {
        enter();
        if (pendingSplit != null) {
            throw new MPIException(MPI.ERR_OTHER, "File." + call + ": " + pendingSplit + " is begun and not ended on " + file
                + "; a file has one split collective at a time");
        }
        splitStatus = access.get();
        pendingSplit = call;
    }

    /** The status of the split collective {@code beginCall} began, which {@code call} ends. */
    private synchronized Status end(String call, String beginCall) {
        enter();
        if (!beginCall.equals(pendingSplit)) {
            throw new MPIException(MPI.ERR_OTHER, "File." + call + ": no " + beginCall + " is pending on " + file
                + (pendingSplit == null ? "" : " (" + pendingSplit + " is)"));
        }
        pendingSplit = null;
        Status s = splitStatus;
        splitStatus = null;
        return s;
    }

    @Override
    public String toString() {
        return "File " + file;
    }
}
