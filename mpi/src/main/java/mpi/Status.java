package mpi;

/**
 * The envelope of a received (or probed) message, with MPJ Express's public fields:
 * {@code source} and {@code tag} as in mpiJava, {@code index} for the {@code Waitany}/
 * {@code Waitsome} family, {@code count} and {@code numEls} for the items and elements
 * received; {@link #Get_count} and {@link #Get_elements} answer for any datatype.
 *
 * <p>The fields are the caller's to read (and, as in MPJ Express, to overwrite); the counts
 * that {@code Get_count} and {@code Get_elements} report come from the message, not from them.
 */
public class Status {
    /** The rank of the sender in the communicator of the receive. */
    public int source;
    /** The tag the message was sent with. */
    public int tag;
    /** In results of {@code Waitany}, {@code Testany}, {@code Waitsome}, {@code Testsome}: the request's index. */
    public int index;
    /**
     * The number of items of the receive's datatype received: what {@code Get_count} of that
     * datatype returns ({@code MPI.UNDEFINED} if the elements make no whole number of items,
     * the count asked for if the datatype has no elements of a base type, 0 for a typed one of size zero).
     */
    public int count;
    /** The number of basic elements received: what {@code Get_elements} of the receive's datatype returns. */
    public int numEls;

    private final int elements;
    private final int requested;
    /**
     * The message's datatype. Deliberately an {@code mpi} type, never an engine one: this
     * class is defined by each rank's loader, and C2 refuses to inline a method whose
     * signature names a class that loader has not resolved yet; a constructor that is not
     * inlined lets the Status escape, and Recv would allocate it.
     */
    private final Datatype type;
    private final boolean cancelled;

    /** A status of nothing received, for a program to fill in (MPJ Express's public constructor). */
    public Status() {
        this(0, 0, 0, null, false);
        this.index = 0;
    }

    Status(int source, int tag, int elements, Datatype type, boolean cancelled) {
        this(source, tag, elements, type, 0, cancelled);
    }

    /**
     * The status of a receive of {@code requested} items of {@code type} that got
     * {@code elements} elements. The requested count matters only for a type without
     * elements, whose items no element count can tell: as in MPJ Express, its status reports
     * the requested count and no elements ({@code MPI.UNDEFINED}).
     */
    Status(int source, int tag, int elements, Datatype type, int requested, boolean cancelled) {
        this.source = source;
        this.tag = tag;
        this.index = MPI.UNDEFINED;
        this.elements = elements;
        this.requested = requested;
        // MPJ Express's counts for a type with no elements of a base type (the markers, Structs
        // of nothing): the count asked for and no element count. A typed type of size zero
        // (Contiguous(0, MPI.INT)) counts 0 of each, as MPI says.
        boolean untyped = type != null && type.map.width == 0 && !type.map.typed;
        this.numEls = untyped ? MPI.UNDEFINED : elements;
        this.count = type == null || type.map.width == 1 ? elements : untyped ? requested : type.map.width == 0 ? 0
            : items(elements, type.map.width);
        this.type = type;
        this.cancelled = cancelled;
    }

    /** The status of a request that had nothing to do (null, inactive, or from PROC_NULL). */
    static Status empty(int source) {
        return new Status(source, MPI.ANY_TAG, 0, null, false);
    }

    /** How many whole items of {@code width} (at least 1) elements {@code elements} make. */
    private static int items(int elements, int width) {
        return elements % width == 0 ? elements / width : MPI.UNDEFINED;
    }

    /**
     * {@return the number of {@code datatype} elements received: the element count if it is the message's type, the
     * count of whole {@code datatype} elements its bytes make otherwise, and {@code MPI.UNDEFINED} if they make no
     * whole number}
     *
     * @param datatype the datatype of the receive
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code datatype} is null
     */
    public int Get_count(Datatype datatype) {
        // The usual case is kept this small so that it always inlines: a Status whose methods
        // are all inlined never escapes, and escape analysis then removes it (see Comm.Recv).
        if (datatype == type && datatype != null && datatype.map.width == 1) {
            return elements;
        }
        return countAs(datatype);
    }

    private int countAs(Datatype datatype) {
        if (datatype == null) {
            throw new MPIException(MPI.ERR_TYPE, "Get_count needs a datatype, got null");
        }
        if (datatype.map.width == 0) {
            return datatype == type && !datatype.map.typed ? requested : 0;
        }
        if (type == null || elements == 0) {
            return 0;
        }
        if (datatype.map.base == type.map.base) {
            return items(elements, datatype.map.width);
        }
        if (type.map.base.isObject() || datatype.map.base.isObject()) {
            return MPI.UNDEFINED;
        }
        long bytes = (long) elements * type.map.base.size();
        long itemBytes = (long) datatype.map.base.size() * datatype.map.width;
        return bytes % itemBytes == 0 ? (int) (bytes / itemBytes) : MPI.UNDEFINED;
    }

    /**
     * {@return the number of basic elements of {@code datatype}'s base type received (for a pair type, twice its
     * items), also where they make no whole item; for a type of bytes that stand for other elements (Open MPI's
     * {@code createStruct}, {@code MPI.DOUBLE_INT}, ...), the number of those; {@code MPI.UNDEFINED} if the message's
     * bytes make no whole number of them, or if {@code datatype} has no elements of a base type (0 for a typed type
     * of size zero)}
     *
     * @param datatype the datatype of the receive
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code datatype} is null
     */
    public int Get_elements(Datatype datatype) {
        if (datatype == null) {
            throw new MPIException(MPI.ERR_TYPE, "Get_elements needs a datatype, got null");
        }
        if (datatype.map.width == 0) {
            return datatype.map.typed ? 0 : MPI.UNDEFINED;
        }
        if (type == null || elements == 0) {
            return 0;
        }
        if (datatype.map.base == type.map.base) {
            int basic = datatype.map.basicElements(elements);
            return basic < 0 ? MPI.UNDEFINED : basic;
        }
        if (type.map.base.isObject() || datatype.map.base.isObject()) {
            return MPI.UNDEFINED;
        }
        long bytes = (long) elements * type.map.base.size();
        return bytes % datatype.map.base.size() == 0 ? (int) (bytes / datatype.map.base.size()) : MPI.UNDEFINED;
    }

    /**
     * {@return true if the request this status completes was cancelled}
     */
    public boolean Test_cancelled() {
        return cancelled;
    }

    // ---------------------------------------------------------------- Open MPI's members

    /**
     * {@return the rank of the sender in the communicator of the receive ({@link #source})}
     */
    public int getSource() {
        return source;
    }

    /**
     * {@return the tag the message was sent with ({@link #tag})}
     */
    public int getTag() {
        return tag;
    }

    /**
     * {@return the error of the operation: {@code MPI.SUCCESS}, since a failed operation raises MPIException instead}
     */
    public int getError() {
        return MPI.SUCCESS;
    }

    /**
     * {@return the index of the completed request in the calls on arrays of requests ({@link #index})}
     */
    public int getIndex() {
        return index;
    }

    /**
     * As {@link #Get_count}: the items of {@code datatype} received, or {@code MPI.UNDEFINED}.
     *
     * @param datatype the datatype of the receive
     * @return the number of items of {@code datatype} received, or {@code MPI.UNDEFINED}
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code datatype} is null
     */
    public int getCount(Datatype datatype) {
        return Get_count(datatype);
    }

    /**
     * As {@link #Get_elements}: the basic elements of {@code datatype} received.
     *
     * @param datatype the datatype of the receive
     * @return the number of basic elements received
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code datatype} is null
     */
    public int getElements(Datatype datatype) {
        return Get_elements(datatype);
    }

    /**
     * As {@link #getElements}, as a {@link Count} (MPI_GET_ELEMENTS_X).
     *
     * @param datatype the datatype of the receive
     * @return the number of basic elements received
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code datatype} is null
     */
    public Count getElementsX(Datatype datatype) {
        return new Count(Get_elements(datatype));
    }

    /**
     * {@return true if the request this status completes was cancelled}
     */
    public boolean isCancelled() {
        return cancelled;
    }

    /** MPJ Express's release of a status: a status holds nothing to release, so this does nothing. */
    public void free() {
    }

    @Override
    public String toString() {
        return "Status[source=" + source + ", tag=" + tag + ", count=" + elements + (type == null ? "" : " " + type)
            + (index == MPI.UNDEFINED ? "" : ", index=" + index) + (cancelled ? ", cancelled" : "") + "]";
    }
}
