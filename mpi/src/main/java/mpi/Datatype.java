package mpi;

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
 */
public class Datatype {
    /** The typemap: base type, width, bounds, extent, runs, and the packing. */
    final TypeMap map;
    private final boolean predefined;
    private boolean committed;
    private boolean freed;
    private Datatype packedForm;

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
    }

    /** {@code MPI.LB} or {@code MPI.UB}: no elements, a bound at displacement 0. */
    static Datatype boundMarker(boolean upper) {
        return new Datatype(TypeMap.boundMarker(upper, upper ? "MPI.UB" : "MPI.LB"), true);
    }

    // ---------------------------------------------------------------- constructors of derived types

    /** {@code count} items of {@code oldtype}, back to back. */
    public static Datatype Contiguous(int count, Datatype oldtype) {
        checkOld("Contiguous", oldtype);
        if (count < 0) {
            throw new MPIException(MPI.ERR_ARG, "Contiguous: count must not be negative, got " + count);
        }
        return Vector(count, 1, 1, oldtype);
    }

    /** {@code count} blocks of {@code blocklength} items of {@code oldtype}, {@code stride} items apart. */
    public static Datatype Vector(int count, int blocklength, int stride, Datatype oldtype) {
        checkOld("Vector", oldtype);
        return Hvector(count, blocklength, stride * oldtype.map.extent, oldtype);
    }

    /** As {@link #Vector}, with {@code stride} in base elements. */
    public static Datatype Hvector(int count, int blocklength, int stride, Datatype oldtype) {
        checkOld("Hvector", oldtype);
        try {
            return derived(TypeMap.hvector("Hvector", count, blocklength, stride, oldtype.map));
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /** Blocks of {@code blocklengths[i]} items of {@code oldtype} at {@code displacements[i]} items. */
    public static Datatype Indexed(int[] blocklengths, int[] displacements, Datatype oldtype) {
        checkOld("Indexed", oldtype);
        int[] elementDisplacements = new int[displacements.length];
        for (int i = 0; i < displacements.length; i++) {
            elementDisplacements[i] = displacements[i] * oldtype.map.extent;
        }
        return Hindexed(blocklengths, elementDisplacements, oldtype);
    }

    /** As {@link #Indexed}, with displacements in base elements. */
    public static Datatype Hindexed(int[] blocklengths, int[] displacements, Datatype oldtype) {
        checkOld("Hindexed", oldtype);
        try {
            return derived(TypeMap.hindexed("Hindexed", blocklengths, displacements, oldtype.map));
        } catch (EngineException e) {
            throw Comm.raised(e);
        }
    }

    /**
     * Blocks of {@code blocklengths[i]} items of {@code types[i]} at {@code displacements[i]}
     * base elements. All types must have the same base type (mpiJava's rule).
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
    }

    // ---------------------------------------------------------------- lifecycle and queries

    /** Makes a derived type usable in communication. */
    public void Commit() {
        if (freed) {
            throw new MPIException(MPI.ERR_TYPE, "Commit: " + this + " has been freed");
        }
        committed = true;
    }

    /** Releases a derived type; using it afterwards raises ERR_TYPE. Predefined types cannot be freed. */
    public void Free() {
        if (predefined) {
            throw new MPIException(MPI.ERR_TYPE, this + " is predefined and cannot be freed");
        }
        freed = true;
    }

    /** MPJ Express's name for {@link #Free}: releases a derived type the same way. */
    public void free() {
        Free();
    }

    /** The distance from one item to the next, in base elements. */
    public int Extent() {
        return map.extent;
    }

    /** The lowest displacement of the typemap, or where {@code MPI.LB} sets it, in base elements. */
    public int Lb() {
        return map.lb;
    }

    /** The highest displacement of the typemap (one past its last element), or where {@code MPI.UB} sets it, in base elements. */
    public int Ub() {
        return map.ub;
    }

    /** The number of base elements one item holds. */
    public int Size() {
        return map.width;
    }

    /** Raises the error for a type that cannot be used in communication now. */
    void checkUsable(String call) {
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

    @Override
    public String toString() {
        return map.toString();
    }
}
