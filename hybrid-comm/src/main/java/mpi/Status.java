package mpi;

/**
 * The envelope of a received (or probed) message: {@code source} and {@code tag} as in
 * mpiJava, {@code index} for the {@code Waitany}/{@code Waitsome} family, and the element
 * count through {@link #Get_count}.
 */
public class Status {
    /** The rank of the sender in the communicator of the receive. */
    public int source;
    /** The tag the message was sent with. */
    public int tag;
    /** In results of {@code Waitany}, {@code Testany}, {@code Waitsome}, {@code Testsome}: the request's index. */
    public int index;

    private final int count;
    /**
     * The message's datatype. Deliberately an {@code mpi} type, never an engine one: this
     * class is defined by each rank's loader, and C2 refuses to inline a method whose
     * signature names a class that loader has not resolved yet; a constructor that is not
     * inlined lets the Status escape, and Recv would allocate it.
     */
    private final Datatype type;
    private final boolean cancelled;

    Status(int source, int tag, int count, Datatype type, boolean cancelled) {
        this.source = source;
        this.tag = tag;
        this.index = MPI.UNDEFINED;
        this.count = count;
        this.type = type;
        this.cancelled = cancelled;
    }

    /** The status of a request that had nothing to do (null, inactive, or from PROC_NULL). */
    static Status empty(int source) {
        return new Status(source, MPI.ANY_TAG, 0, null, false);
    }

    /**
     * The number of {@code datatype} elements received: the element count if it is the
     * message's type, the count of whole {@code datatype} elements its bytes make otherwise,
     * and {@code MPI.UNDEFINED} if they make no whole number.
     */
    public int Get_count(Datatype datatype) {
        // The usual case is kept this small so that it always inlines: a Status whose methods
        // are all inlined never escapes, and escape analysis then removes it (see Comm.Recv).
        if (datatype == type && datatype != null && datatype.width == 1) {
            return count;
        }
        return countAs(datatype);
    }

    private int countAs(Datatype datatype) {
        if (datatype == null) {
            throw new MPIException(MPI.ERR_TYPE, "Get_count needs a datatype, got null");
        }
        if (type == null || count == 0) {
            return 0;
        }
        if (datatype.base == type.base) {
            return count % datatype.width == 0 ? count / datatype.width : MPI.UNDEFINED;
        }
        if (type.base.isObject() || datatype.base.isObject()) {
            return MPI.UNDEFINED;
        }
        long bytes = (long) count * type.base.size();
        long itemBytes = (long) datatype.base.size() * datatype.width;
        return bytes % itemBytes == 0 ? (int) (bytes / itemBytes) : MPI.UNDEFINED;
    }

    /** The number of basic elements received (for a pair type, twice its items). */
    public int Get_elements(Datatype datatype) {
        if (datatype == null) {
            throw new MPIException(MPI.ERR_TYPE, "Get_elements needs a datatype, got null");
        }
        int items = Get_count(datatype);
        return items == MPI.UNDEFINED ? MPI.UNDEFINED : items * datatype.width;
    }

    /** True if the request this status completes was cancelled. */
    public boolean Test_cancelled() {
        return cancelled;
    }

    @Override
    public String toString() {
        return "Status[source=" + source + ", tag=" + tag + ", count=" + count + (type == null ? "" : " " + type)
            + (index == MPI.UNDEFINED ? "" : ", index=" + index) + (cancelled ? ", cancelled" : "") + "]";
    }
}
