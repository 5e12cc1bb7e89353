package mpi;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.errors.EngineException;

/**
 * An MPI datatype: which elements of a Java array one item covers. The basic types
 * ({@code MPI.INT}, {@code MPI.DOUBLE}, ...) cover one element of the matching array type;
 * the pair types ({@code MPI.INT2}, ...) of MAXLOC and MINLOC two consecutive elements; a
 * derived type ({@link #Vector}, {@link #Indexed}, {@link #Struct}, ...) any set of elements
 * of one base type (mpiJava's base-type rule: a buffer is one Java array).
 *
 * <p>As in mpiJava, offsets and displacements count array elements of the base type, and an
 * item's elements are its typemap. Item {@code i} starts {@code i × Extent()} elements after
 * the buffer offset. Messages carry the items' elements packed in typemap order, so a strided
 * halo row goes with one internal copy on each side and none by the user.
 *
 * <p>{@code MPI.LB} and {@code MPI.UB} are markers without elements: an entry of one in a
 * derived type sets the type's lower (upper) bound at its displacement, whatever its
 * elements span, so a {@code Struct} with an {@code MPI.UB} entry spaces its items further
 * apart than their elements (MPI-1, section 3.12.3).
 *
 * <p>A handle on the engine's {@link TypeMap}, which describes and packs the items; this
 * class adds MPI's lifecycle (commit, free) and its argument checks.
 *
 * <p>Open MPI's members ({@link #createVector}, {@link #getExtent}, ...) take and report
 * sizes as Open MPI's Java bindings do: the constructors with an H, {@link #createStruct}
 * and {@link #createResized} take bytes; the queries count units of the type's base, which
 * is the element type of the basic types and of the types made from them, and a byte for
 * {@code MPI.INT2}, the C-layout pairs ({@code MPI.DOUBLE_INT}, ...), the types
 * {@link #createStruct} makes and those made from them.
 */
public class Datatype implements Freeable {
    /** The typemap: base type, width, bounds, extent, runs, and the packing. */
    final TypeMap map;
    private final boolean predefined;
    private boolean committed;
    private boolean freed;
    private Datatype packedForm;
    /** The bytes of the unit Open MPI's queries count in; 0 where the base has no size in bytes (MPI.OBJECT). */
    private int unit;
    /** True for {@code MPI.DATATYPE_NULL} only. */
    private boolean nullHandle;
    private volatile String userName;
    /** The attributes set on this type, by keyval; made on the first {@link #setAttr}. */
    private Map<Integer, Object> attributes;

    /** The keyvals of datatype attributes made on this rank and not freed (this class is loaded per rank). */
    private static final Set<Integer> KEYVALS = ConcurrentHashMap.newKeySet();
    private static final AtomicInteger NEXT_KEYVAL = new AtomicInteger(1);

    Datatype(ElementType base, String name) {
        this(base, 1, name);
    }

    Datatype(ElementType base, int width, String name) {
        this(TypeMap.basic(base, width, name), true);
    }

    private Datatype(TypeMap map, boolean predefined) {
        this.map = map;
        this.predefined = predefined;
        this.committed = predefined;
        this.unit = map.base.size();
    }

    /** {@code MPI.LB} or {@code MPI.UB}: no elements, a bound at displacement 0. */
    static Datatype boundMarker(boolean upper) {
        return new Datatype(TypeMap.boundMarker(upper, upper ? "MPI.UB" : "MPI.LB"), true);
    }

    // ---------------------------------------------------------------- constructors of derived types

    /**
     * {@return {@code count} items of {@code oldtype}, back to back}
     *
     * @param count the number of items of {@code oldtype}
     * @param oldtype the type of the items the new type is made of
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code oldtype} is null, freed or {@code MPI.DATATYPE_NULL};
     *     {@code MPI.ERR_ARG} if {@code count} is negative
     */
    public static Datatype Contiguous(int count, Datatype oldtype) {
        checkOld("Contiguous", oldtype);
        return hvector("Contiguous", count, 1, oldtype.map.extent, oldtype);
    }

    /**
     * {@return {@code count} blocks of {@code blocklength} items of {@code oldtype}, {@code stride} items apart}
     *
     * @param count the number of blocks
     * @param blocklength the number of items in each block
     * @param stride the distance from the start of one block to the start of the next, in items of {@code oldtype}
     * @param oldtype the type of the items the new type is made of
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code oldtype} is null, freed or {@code MPI.DATATYPE_NULL}
     */
    public static Datatype Vector(int count, int blocklength, int stride, Datatype oldtype) {
        checkOld("Vector", oldtype);
        return hvector("Vector", count, blocklength, stride * oldtype.map.extent, oldtype);
    }

    /**
     * As {@link #Vector}, with {@code stride} in base elements.
     *
     * @param count the number of blocks
     * @param blocklength the number of items in each block
     * @param stride the distance from the start of one block to the start of the next, in base elements
     * @param oldtype the type of the items the new type is made of
     * @return the new type, to commit before use
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code oldtype} is null, freed or {@code MPI.DATATYPE_NULL}
     */
    public static Datatype Hvector(int count, int blocklength, int stride, Datatype oldtype) {
        checkOld("Hvector", oldtype);
        return hvector("Hvector", count, blocklength, stride, oldtype);
    }

    /**
     * The strided type of {@code Contiguous}, {@code Vector} and {@code Hvector}, named after the call that
     * makes it: its errors and its name (in the errors of the calls that use it) say what the program wrote.
     */
    private static Datatype hvector(String call, int count, int blocklength, int stride, Datatype oldtype) {
        try {
            return derived(TypeMap.hvector(call, count, blocklength, stride, oldtype.map));
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * {@return blocks of {@code blocklengths[i]} items of {@code oldtype} at {@code displacements[i]} items}
     *
     * @param blocklengths the number of items in each block
     * @param displacements where each block starts, in items of {@code oldtype}
     * @param oldtype the type of the items the new type is made of
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code oldtype} is null, freed or {@code MPI.DATATYPE_NULL}
     */
    public static Datatype Indexed(int[] blocklengths, int[] displacements, Datatype oldtype) {
        checkOld("Indexed", oldtype);
        int[] elementDisplacements = new int[displacements.length];
        for (int i = 0; i < displacements.length; i++) {
            elementDisplacements[i] = displacements[i] * oldtype.map.extent;
        }
        return hindexed("Indexed", blocklengths, elementDisplacements, oldtype);
    }

    /**
     * As {@link #Indexed}, with displacements in base elements.
     *
     * @param blocklengths the number of items in each block
     * @param displacements where each block starts, in base elements
     * @param oldtype the type of the items the new type is made of
     * @return the new type, to commit before use
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code oldtype} is null, freed or {@code MPI.DATATYPE_NULL}
     */
    public static Datatype Hindexed(int[] blocklengths, int[] displacements, Datatype oldtype) {
        checkOld("Hindexed", oldtype);
        return hindexed("Hindexed", blocklengths, displacements, oldtype);
    }

    /** The indexed type of {@code Indexed} and {@code Hindexed}, named after the call that makes it (as {@link #hvector}). */
    private static Datatype hindexed(String call, int[] blocklengths, int[] displacements, Datatype oldtype) {
        try {
            return derived(TypeMap.hindexed(call, blocklengths, displacements, oldtype.map));
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * {@return blocks of {@code blocklengths[i]} items of {@code types[i]} at {@code displacements[i]} base elements}
     * All types must have the same base type (mpiJava's rule).
     *
     * @param blocklengths the number of items in each block
     * @param displacements where each block starts, in base elements
     * @param types the type of the items of each block
     * @throws MPIException {@code MPI.ERR_ARG} if the three arrays differ in length; {@code MPI.ERR_TYPE} if a type is
     *     null, freed or {@code MPI.DATATYPE_NULL}, or the types are not of one base type
     */
    public static Datatype Struct(int[] blocklengths, int[] displacements, Datatype[] types) {
        if (blocklengths.length != displacements.length || blocklengths.length != types.length) {
            throw new MPIException(MPI.ERR_ARG, "Struct: block lengths, displacements and types differ in number");
        }
        TypeMap[] maps = new TypeMap[types.length];
        for (int i = 0; i < types.length; i++) {
            checkOld("Struct", types[i]);
            maps[i] = types[i].map;
        }
        try {
            return derived(TypeMap.struct(blocklengths, displacements, maps));
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    private static Datatype derived(TypeMap map) {
        return new Datatype(map, false);
    }

    private static void checkOld(String call, Datatype oldtype) {
        if (oldtype == null) {
            throw new MPIException(MPI.ERR_TYPE, call + ": the old datatype is null");
        }
        if (oldtype.freed) {
            throw new MPIException(MPI.ERR_TYPE, call + ": the old datatype " + oldtype + " has been freed");
        }
        if (oldtype.nullHandle) {
            throw new MPIException(MPI.ERR_TYPE, call + ": the old datatype is MPI.DATATYPE_NULL, which describes no data");
        }
    }

    // ---------------------------------------------------------------- lifecycle and queries

    /**
     * Makes a derived type usable in communication.
     *
     * @throws MPIException {@code MPI.ERR_TYPE} if the type has been freed
     */
    public void Commit() {
        if (freed) {
            throw new MPIException(MPI.ERR_TYPE, "Commit: " + this + " has been freed");
        }
        committed = true;
    }

    /**
     * Releases a derived type; using it afterwards raises ERR_TYPE. Predefined types cannot be freed.
     *
     * @throws MPIException {@code MPI.ERR_TYPE} for a predefined type
     */
    public void Free() {
        if (predefined) {
            throw new MPIException(MPI.ERR_TYPE, this + " is predefined and cannot be freed");
        }
        freed = true;
    }

    /**
     * MPJ Express's name for {@link #Free}: releases a derived type the same way.
     *
     * @throws MPIException {@code MPI.ERR_TYPE} for a predefined type
     */
    public void free() {
        Free();
    }

    /**
     * {@return the distance from one item to the next, in base elements}
     */
    public int Extent() {
        return map.extent;
    }

    /**
     * {@return the lowest displacement of the typemap, or where {@code MPI.LB} sets it, in base elements}
     */
    public int Lb() {
        return map.lb;
    }

    /**
     * {@return the highest displacement of the typemap (one past its last element), or where {@code MPI.UB} sets it,
     * in base elements}
     */
    public int Ub() {
        return map.ub;
    }

    /**
     * {@return the number of base elements one item holds}
     */
    public int Size() {
        return map.width;
    }

    /** Raises the error for a type that cannot be used in communication now. */
    void checkUsable(String call) {
        if (nullHandle) {
            throw new MPIException(MPI.ERR_TYPE, call + ": the datatype is MPI.DATATYPE_NULL, which describes no data");
        }
        if (freed) {
            throw new MPIException(MPI.ERR_TYPE, call + ": datatype " + this + " has been freed");
        }
        if (!committed) {
            throw new MPIException(MPI.ERR_TYPE, call + ": datatype " + this + " must be committed (Commit) before use");
        }
    }

    /** The contiguous type of the same base and width: how items travel, packed, and what a user Op is given. */
    Datatype packedForm() {
        if (map.contiguous) {
            return this;
        }
        Datatype p = packedForm;
        if (p == null) {
            p = new Datatype(map.packedForm(), true);
            packedForm = p;
        }
        return p;
    }

    // ---------------------------------------------------------------- Open MPI's members

    /** {@code MPI.DATATYPE_NULL}: no data; every call that would use it raises ERR_TYPE. */
    static Datatype nullType() {
        Datatype t = new Datatype(TypeMap.struct(new int[0], new int[0], new TypeMap[0]), true);
        t.nullHandle = true;
        return t;
    }

    /** A predefined type of {@code map}. */
    static Datatype predefined(TypeMap map) {
        return new Datatype(map, true);
    }

    /** Makes Open MPI's queries of this predefined type count bytes, as they do for {@code MPI.INT2}. */
    Datatype countedInBytes() {
        unit = 1;
        return this;
    }

    /**
     * {@return {@code count} items of {@code oldType}, back to back; the base of the new type is {@code oldType}'s}
     *
     * @param count the number of items of {@code oldType}
     * @param oldType the type of the items the new type is made of
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code oldType} is null, freed or {@code MPI.DATATYPE_NULL}
     */
    public static Datatype createContiguous(int count, Datatype oldType) {
        return Contiguous(count, oldType).countedAs(oldType);
    }

    /**
     * {@return {@code count} blocks of {@code blockLength} items of {@code oldType}, {@code stride} items of it apart}
     *
     * @param count the number of blocks
     * @param blockLength the number of items in each block
     * @param stride the distance from the start of one block to the start of the next, in items of {@code oldType}
     * @param oldType the type of the items the new type is made of
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code oldType} is null, freed or {@code MPI.DATATYPE_NULL}
     */
    public static Datatype createVector(int count, int blockLength, int stride, Datatype oldType) {
        return Vector(count, blockLength, stride, oldType).countedAs(oldType);
    }

    /**
     * As {@link #createVector}, with {@code stride} in bytes.
     *
     * @param count the number of blocks
     * @param blockLength the number of items in each block
     * @param stride the distance from the start of one block to the start of the next, in bytes
     * @param oldType the type of the items the new type is made of
     * @return the new type, to commit before use
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code oldType} is null, freed or {@code MPI.DATATYPE_NULL}
     */
    public static Datatype createHVector(int count, int blockLength, int stride, Datatype oldType) {
        checkOld("createHVector", oldType);
        return Hvector(count, blockLength, elements("createHVector", "stride", stride, oldType), oldType).countedAs(oldType);
    }

    /**
     * {@return blocks of {@code blockLengths[i]} items of {@code oldType} at {@code displacements[i]} items of it}
     *
     * @param blockLengths the number of items in each block
     * @param displacements where each block starts, in items of {@code oldType}
     * @param oldType the type of the items the new type is made of
     * @throws MPIException {@code MPI.ERR_ARG} if {@code blockLengths} or {@code displacements} is null;
     *     {@code MPI.ERR_TYPE} if {@code oldType} is null, freed or {@code MPI.DATATYPE_NULL}
     */
    public static Datatype createIndexed(int[] blockLengths, int[] displacements, Datatype oldType) {
        checkArrays("createIndexed", blockLengths, displacements);
        return Indexed(blockLengths, displacements, oldType).countedAs(oldType);
    }

    /**
     * As {@link #createIndexed}, with displacements in bytes.
     *
     * @param blockLengths the number of items in each block
     * @param displacements where each block starts, in bytes
     * @param oldType the type of the items the new type is made of
     * @return the new type, to commit before use
     * @throws MPIException {@code MPI.ERR_ARG} if {@code blockLengths} or {@code displacements} is null;
     *     {@code MPI.ERR_TYPE} if {@code oldType} is null, freed or {@code MPI.DATATYPE_NULL}
     */
    public static Datatype createHIndexed(int[] blockLengths, int[] displacements, Datatype oldType) {
        checkOld("createHIndexed", oldType);
        checkArrays("createHIndexed", blockLengths, displacements);
        int[] inElements = new int[displacements.length];
        for (int i = 0; i < inElements.length; i++) {
            inElements[i] = elements("createHIndexed", "displacement " + i, displacements[i], oldType);
        }
        return Hindexed(blockLengths, inElements, oldType).countedAs(oldType);
    }

    /**
     * {@return blocks of {@code blockLengths[i]} items of {@code types[i]} at {@code displacements[i]} bytes, as C
     * lays out a struct} Entries of one base type on whole elements of it make a type of that base; a mix of base
     * types makes a type of bytes, which moves a {@code ByteBuffer} or a {@code byte[]}. The queries of the new type
     * count bytes.
     *
     * @param blockLengths the number of items in each block
     * @param displacements where each block starts, in bytes
     * @param types the type of the items of each block
     * @throws MPIException {@code MPI.ERR_ARG} if an array is null or they differ in length; {@code MPI.ERR_TYPE} if a
     *     type is null, freed or {@code MPI.DATATYPE_NULL}
     */
    public static Datatype createStruct(int[] blockLengths, int[] displacements, Datatype[] types) {
        if (blockLengths == null || displacements == null || types == null) {
            throw new MPIException(MPI.ERR_ARG, "createStruct: block lengths, displacements and types must not be null");
        }
        TypeMap[] maps = new TypeMap[types.length];
        for (int i = 0; i < types.length; i++) {
            checkOld("createStruct", types[i]);
            maps[i] = types[i].map;
        }
        try {
            return derived(TypeMap.cStruct(blockLengths, displacements, maps)).countedInBytes();
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * {@return {@code oldType} with lower bound {@code lb} and extent {@code extent}, both in bytes}
     *
     * @param oldType the type of the items the new type is made of
     * @param lb the new lower bound, in bytes
     * @param extent the new extent, in bytes
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code oldType} is null, freed or {@code MPI.DATATYPE_NULL}
     */
    public static Datatype createResized(Datatype oldType, int lb, int extent) {
        checkOld("createResized", oldType);
        try {
            return derived(oldType.map.resized(elements("createResized", "lower bound", lb, oldType),
                elements("createResized", "extent", extent, oldType))).countedAs(oldType);
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    private Datatype countedAs(Datatype oldType) {
        unit = oldType.unit;
        return this;
    }

    private static void checkArrays(String call, int[] blockLengths, int[] displacements) {
        if (blockLengths == null || displacements == null) {
            throw new MPIException(MPI.ERR_ARG, call + ": block lengths and displacements must not be null");
        }
    }

    /** {@code bytes} as elements of {@code type}'s base, which it must be a whole number of. */
    private static int elements(String call, String what, int bytes, Datatype type) {
        int size = type.map.base.size();
        if (size == 0) {
            throw new MPIException(MPI.ERR_TYPE, call + ": " + type + " moves Java objects, which have no size in bytes;"
                + " use the mpiJava constructors, whose displacements count elements");
        }
        if (bytes % size != 0) {
            throw new MPIException(MPI.ERR_ARG, call + ": the " + what + " of " + bytes + " bytes is not a whole number of "
                + type.map.base + " elements (" + size + " bytes each), which is how " + type + " lies in a Java buffer");
        }
        return bytes / size;
    }

    /** {@code elements} of the base type in Open MPI's unit. */
    private int inUnits(int elements) {
        int size = map.base.size();
        return size == 0 || unit == size ? elements : elements * size / unit;
    }

    /** Makes a derived type usable in communication. */
    public void commit() {
        Commit();
    }

    /**
     * {@return true for {@code MPI.DATATYPE_NULL} and for a type that has been freed}
     */
    public boolean isNull() {
        return nullHandle || freed;
    }

    /**
     * {@return a new type with the same typemap, committed if this one is (MPI_TYPE_DUP)}
     *
     * @throws MPIException {@code MPI.ERR_TYPE} for {@code MPI.DATATYPE_NULL} or a freed type
     */
    public Datatype dup() {
        if (freed || nullHandle) {
            throw new MPIException(MPI.ERR_TYPE, "dup: " + (nullHandle ? "MPI.DATATYPE_NULL" : this + ", which has been freed,")
                + " cannot be duplicated");
        }
        Datatype copy = new Datatype(map, false);
        copy.committed = committed;
        copy.unit = unit;
        copy.userName = userName;
        synchronized (this) {
            if (attributes != null) {
                copy.attributes = new HashMap<>(attributes);
            }
        }
        return copy;
    }

    /** As {@link #dup}. */
    @Override
    public Datatype clone() {
        return dup();
    }

    /**
     * {@return the distance from one item to the next, in units of the base (see the class comment)}
     */
    public int getExtent() {
        return inUnits(map.extent);
    }

    /**
     * {@return the lower bound, in units of the base}
     */
    public int getLb() {
        return inUnits(map.lb);
    }

    /**
     * {@return the distance from the first element of an item to one past its last, in units of the base}
     */
    public int getTrueExtent() {
        return inUnits(map.high - map.low);
    }

    /**
     * {@return the displacement of an item's first element, in units of the base}
     */
    public int getTrueLb() {
        return inUnits(map.low);
    }

    /**
     * {@return the data one item holds, in units of the base (Open MPI's {@code MPI_TYPE_SIZE} over its base's size)}
     */
    public int getSize() {
        return inUnits(map.width);
    }

    /**
     * Names the type for {@link #getName}.
     *
     * @param name the name, which {@link #getName} returns
     * @throws MPIException {@code MPI.ERR_ARG} if {@code name} is null or longer than {@code MPI.MAX_OBJECT_NAME}
     */
    public void setName(String name) {
        if (name == null) {
            throw new MPIException(MPI.ERR_ARG, "setName: the name must not be null");
        }
        if (name.length() > MPI.MAX_OBJECT_NAME) {
            throw new MPIException(MPI.ERR_ARG, "setName: the name has " + name.length() + " characters; at most "
                + MPI.MAX_OBJECT_NAME + " (MPI.MAX_OBJECT_NAME) are allowed");
        }
        userName = name;
    }

    /**
     * {@return the name set by {@link #setName}; a predefined type's is its C name ({@code "MPI_INT"}), a derived
     * type's is empty}
     */
    public String getName() {
        String n = userName;
        if (n != null) {
            return n;
        }
        return predefined ? map.toString().replace('.', '_') : "";
    }

    /**
     * {@return a new keyval for datatype attributes (MPI_TYPE_CREATE_KEYVAL)}
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static int createKeyval() {
        MPI.checkActive();
        int keyval = NEXT_KEYVAL.getAndIncrement();
        KEYVALS.add(keyval);
        return keyval;
    }

    /**
     * Frees {@code keyval}; the attributes set with it stay readable until deleted, as MPI keeps them.
     *
     * @param keyval the attribute key
     * @throws MPIException {@code MPI.ERR_KEYVAL} if {@code keyval} was not made by {@link #createKeyval} or has been
     *     freed; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static void freeKeyval(int keyval) {
        checkKeyval("freeKeyval", keyval);
        KEYVALS.remove(keyval);
    }

    /**
     * Sets this type's attribute of {@code keyval} to {@code value}, held by reference; a type
     * made by {@link #dup} starts with this type's attributes.
     *
     * @param keyval the attribute key
     * @param value the value to attach
     * @throws MPIException {@code MPI.ERR_KEYVAL} if {@code keyval} was not made by {@link #createKeyval} or has been
     *     freed; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public synchronized void setAttr(int keyval, Object value) {
        checkKeyval("setAttr", keyval);
        if (attributes == null) {
            attributes = new HashMap<>();
        }
        attributes.put(keyval, value);
    }

    /**
     * {@return this type's attribute of {@code keyval}, or null if it has none}
     *
     * @param keyval the attribute key
     * @throws MPIException {@code MPI.ERR_KEYVAL} if {@code keyval} was not made by {@link #createKeyval} or has been
     *     freed; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public synchronized Object getAttr(int keyval) {
        if (attributes == null || !attributes.containsKey(keyval)) {
            checkKeyval("getAttr", keyval);
            return null;
        }
        return attributes.get(keyval);
    }

    /**
     * Removes this type's attribute of {@code keyval}, if it has one.
     *
     * @param keyval the attribute key
     * @throws MPIException {@code MPI.ERR_KEYVAL} if {@code keyval} was not made by {@link #createKeyval} or has been
     *     freed; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public synchronized void deleteAttr(int keyval) {
        if (attributes == null || attributes.remove(keyval) == null) {
            checkKeyval("deleteAttr", keyval);
        }
    }

    private static void checkKeyval(String call, int keyval) {
        MPI.checkActive();
        if (!KEYVALS.contains(keyval)) {
            throw new MPIException(MPI.ERR_KEYVAL, call + ": keyval " + keyval + " was not made by Datatype.createKeyval,"
                + " or has been freed");
        }
    }

    @Override
    public String toString() {
        String n = userName;
        return n != null ? n : map.toString();
    }
}
