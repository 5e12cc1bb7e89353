package mpi;

import java.util.ArrayList;
import java.util.List;
import org.hympj.comm.data.ElementType;

/**
 * An MPI datatype: which elements of a Java array one item covers. The basic types
 * ({@code MPI.INT}, {@code MPI.DOUBLE}, ...) cover one element of the matching array type;
 * the pair types ({@code MPI.INT2}, ...) of MAXLOC and MINLOC two consecutive elements; a
 * derived type ({@link #Vector}, {@link #Indexed}, {@link #Struct}, ...) any set of elements
 * of one base type (mpiJava's base-type rule: a buffer is one Java array).
 *
 * <p>As in mpiJava, offsets and displacements count array elements of the base type, and an
 * item's elements are its typemap: runs of consecutive elements at displacements from the
 * item's start. Item {@code i} starts {@code i × Extent()} elements after the buffer offset.
 * Messages carry the items' elements packed in typemap order, so a strided halo row goes
 * with one internal copy on each side and none by the user.
 *
 * <p>{@code MPI.LB} and {@code MPI.UB} are markers without elements: an entry of one in a
 * derived type sets the type's lower (upper) bound at its displacement, whatever its
 * elements span, so a {@code Struct} with an {@code MPI.UB} entry spaces its items further
 * apart than their elements. Markers carry over into the types built from a marked type, and
 * where several mark one bound the lowest {@code MPI.LB} and the highest {@code MPI.UB} win
 * (MPI-1, section 3.12.3). A type without elements of a base type (the markers, a
 * {@code Struct} of nothing or of markers only) moves nothing, so it accepts a buffer of any
 * array type.
 *
 * <p>Invariant: {@code runStarts} and {@code runLengths} describe the typemap in order,
 * adjacent runs merged; {@code width} is their total length (MPI's size, in elements);
 * {@code lb} and {@code ub} bound them, or are set by markers ({@code lbMarked},
 * {@code ubMarked}); {@code extent = ub - lb >= 0}; {@code low} and {@code high} are the
 * first element the runs reach and one past their last (0 and 0 without elements).
 */
public class Datatype {
    final ElementType base;
    /** False for a type without elements of a base type of its own: the markers, and Structs of nothing or of markers. */
    final boolean typed;
    /** Elements per item: MPI's size, counted in base elements. */
    final int width;
    final int lb;
    final int ub;
    final boolean lbMarked;
    final boolean ubMarked;
    final int extent;
    final int low;
    final int high;
    final int[] runStarts;
    final int[] runLengths;
    /** One run starting at 0 that fills the extent: items lie back to back in the array. */
    final boolean contiguous;
    private final String name;
    private final boolean predefined;
    private boolean committed;
    private boolean freed;
    private Datatype packedForm;

    Datatype(ElementType base, String name) {
        this(base, 1, name);
    }

    Datatype(ElementType base, int width, String name) {
        this(base, true, new int[] {0}, new int[] {width}, new Bounds(0, width, false, false), name, true);
    }

    private Datatype(ElementType base, boolean typed, int[] runStarts, int[] runLengths, Bounds bounds, String name,
                     boolean predefined) {
        this.base = base;
        this.typed = typed;
        this.runStarts = runStarts;
        this.runLengths = runLengths;
        int total = 0;
        int first = runStarts.length == 0 ? 0 : Integer.MAX_VALUE;
        int last = runStarts.length == 0 ? 0 : Integer.MIN_VALUE;
        for (int r = 0; r < runStarts.length; r++) {
            total += runLengths[r];
            first = Math.min(first, runStarts[r]);
            last = Math.max(last, runStarts[r] + runLengths[r]);
        }
        this.width = total;
        this.low = first;
        this.high = last;
        this.lb = bounds.lb;
        this.ub = bounds.ub;
        this.lbMarked = bounds.lbMarked;
        this.ubMarked = bounds.ubMarked;
        this.extent = ub - lb;
        this.contiguous = runStarts.length == 1 && runStarts[0] == 0 && lb == 0 && runLengths[0] == extent;
        this.name = name;
        this.predefined = predefined;
        this.committed = predefined;
    }

    /** {@code MPI.LB} or {@code MPI.UB}: no elements, a bound at displacement 0. */
    static Datatype boundMarker(boolean upper) {
        return new Datatype(ElementType.BYTE, false, new int[0], new int[0], new Bounds(0, 0, !upper, upper),
            upper ? "MPI.UB" : "MPI.LB", true);
    }

    // ---------------------------------------------------------------- constructors of derived types

    /** {@code count} items of {@code oldtype}, back to back. */
    public static Datatype Contiguous(int count, Datatype oldtype) {
        checkOld("Contiguous", oldtype);
        checkNonNegative("Contiguous", "count", count);
        return Vector(count, 1, 1, oldtype);
    }

    /** {@code count} blocks of {@code blocklength} items of {@code oldtype}, {@code stride} items apart. */
    public static Datatype Vector(int count, int blocklength, int stride, Datatype oldtype) {
        checkOld("Vector", oldtype);
        return Hvector(count, blocklength, stride * oldtype.extent, oldtype);
    }

    /** As {@link #Vector}, with {@code stride} in base elements. */
    public static Datatype Hvector(int count, int blocklength, int stride, Datatype oldtype) {
        checkOld("Hvector", oldtype);
        checkNonNegative("Hvector", "count", count);
        checkNonNegative("Hvector", "blocklength", blocklength);
        int[] lengths = new int[count];
        int[] displacements = new int[count];
        for (int i = 0; i < count; i++) {
            lengths[i] = blocklength;
            displacements[i] = i * stride;
        }
        return build("Hvector", lengths, displacements, repeat(oldtype, count), oldtype);
    }

    /** Blocks of {@code blocklengths[i]} items of {@code oldtype} at {@code displacements[i]} items. */
    public static Datatype Indexed(int[] blocklengths, int[] displacements, Datatype oldtype) {
        checkOld("Indexed", oldtype);
        int[] elementDisplacements = new int[displacements.length];
        for (int i = 0; i < displacements.length; i++) {
            elementDisplacements[i] = displacements[i] * oldtype.extent;
        }
        return Hindexed(blocklengths, elementDisplacements, oldtype);
    }

    /** As {@link #Indexed}, with displacements in base elements. */
    public static Datatype Hindexed(int[] blocklengths, int[] displacements, Datatype oldtype) {
        checkOld("Hindexed", oldtype);
        if (blocklengths.length != displacements.length) {
            throw new MPIException(MPI.ERR_ARG, "Hindexed: " + blocklengths.length + " block lengths but "
                + displacements.length + " displacements");
        }
        return build("Hindexed", blocklengths, displacements, repeat(oldtype, blocklengths.length), oldtype);
    }

    /**
     * Blocks of {@code blocklengths[i]} items of {@code types[i]} at {@code displacements[i]}
     * base elements. All types must have the same base type (mpiJava's rule).
     */
    public static Datatype Struct(int[] blocklengths, int[] displacements, Datatype[] types) {
        if (blocklengths.length != displacements.length || blocklengths.length != types.length) {
            throw new MPIException(MPI.ERR_ARG, "Struct: block lengths, displacements and types differ in number");
        }
        Datatype first = null;
        for (Datatype t : types) {
            checkOld("Struct", t);
            if (!t.typed) {
                continue;
            }
            if (first == null) {
                first = t;
            } else if (t.base != first.base) {
                throw new MPIException(MPI.ERR_TYPE, "Struct: every type must have the same base type (a buffer is one Java"
                    + " array), but " + first + " and " + t + " differ");
            }
        }
        return build("Struct", blocklengths, displacements, types, first);
    }

    private static Datatype[] repeat(Datatype type, int n) {
        Datatype[] all = new Datatype[n];
        java.util.Arrays.fill(all, type);
        return all;
    }

    /**
     * Flattens blocks of items of old types into one typemap of element runs, with its bounds.
     * The new type's base is {@code baseOf}'s; without one (a Struct of nothing or of markers)
     * it has none.
     */
    private static Datatype build(String call, int[] blocklengths, int[] displacements, Datatype[] types, Datatype baseOf) {
        List<int[]> runs = new ArrayList<>();
        Bounds bounds = new Bounds(Integer.MAX_VALUE, Integer.MIN_VALUE, false, false);
        for (int b = 0; b < blocklengths.length; b++) {
            checkNonNegative(call, "block length", blocklengths[b]);
            Datatype t = types[b];
            for (int item = 0; item < blocklengths[b]; item++) {
                int origin = displacements[b] + item * t.extent;
                for (int r = 0; r < t.runStarts.length; r++) {
                    int start = origin + t.runStarts[r];
                    int[] last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
                    if (last != null && last[0] + last[1] == start) {
                        last[1] += t.runLengths[r];
                    } else {
                        runs.add(new int[] {start, t.runLengths[r]});
                    }
                }
                bounds.include(t, origin);
            }
        }
        bounds.settle(call);
        int[] starts = new int[runs.size()];
        int[] lengths = new int[runs.size()];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = runs.get(i)[0];
            lengths[i] = runs.get(i)[1];
        }
        boolean typed = baseOf != null && baseOf.typed;
        Datatype named = baseOf != null ? baseOf : types.length > 0 ? types[0] : null;
        return new Datatype(typed ? baseOf.base : ElementType.BYTE, typed, starts, lengths, bounds,
            call + " of " + (named != null ? named : "nothing"), false);
    }

    /**
     * The bounds of a typemap as its entries are added: the lowest and highest displacement of
     * entries without markers, unless an {@code MPI.LB} (an {@code MPI.UB}) entry marks that
     * bound, in which case the lowest (highest) marker decides.
     */
    private static final class Bounds {
        int lb;
        int ub;
        boolean lbMarked;
        boolean ubMarked;

        Bounds(int lb, int ub, boolean lbMarked, boolean ubMarked) {
            this.lb = lb;
            this.ub = ub;
            this.lbMarked = lbMarked;
            this.ubMarked = ubMarked;
        }

        /** Adds the entries of one item of {@code t} placed at {@code origin}. */
        void include(Datatype t, int origin) {
            if (t.width == 0 && !t.lbMarked && !t.ubMarked) {
                return; // no entries: nothing to bound
            }
            int itemLb = origin + t.lb;
            if (t.lbMarked == lbMarked) {
                lb = Math.min(lb, itemLb);
            } else if (t.lbMarked) {
                lb = itemLb;
                lbMarked = true;
            }
            int itemUb = origin + t.ub;
            if (t.ubMarked == ubMarked) {
                ub = Math.max(ub, itemUb);
            } else if (t.ubMarked) {
                ub = itemUb;
                ubMarked = true;
            }
        }

        /** Ends the typemap: a type without entries has bounds 0 and 0; a marked upper bound below the lower is refused. */
        void settle(String call) {
            if (lb == Integer.MAX_VALUE && ub == Integer.MIN_VALUE) {
                lb = 0;
                ub = 0;
            } else if (ub < lb) {
                throw new MPIException(MPI.ERR_TYPE, call + ": the upper bound " + ub + (ubMarked ? " set by MPI.UB" : "")
                    + " lies below the lower bound " + lb + (lbMarked ? " set by MPI.LB" : "")
                    + "; a datatype's extent (ub - lb) cannot be negative");
            }
        }
    }

    private static void checkOld(String call, Datatype oldtype) {
        if (oldtype == null) {
            throw new MPIException(MPI.ERR_TYPE, call + ": the old datatype is null");
        }
        if (oldtype.freed) {
            throw new MPIException(MPI.ERR_TYPE, call + ": the old datatype " + oldtype + " has been freed");
        }
    }

    private static void checkNonNegative(String call, String what, int value) {
        if (value < 0) {
            throw new MPIException(MPI.ERR_ARG, call + ": " + what + " must not be negative, got " + value);
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
        return extent;
    }

    /** The lowest displacement of the typemap, or where {@code MPI.LB} sets it, in base elements. */
    public int Lb() {
        return lb;
    }

    /** The highest displacement of the typemap (one past its last element), or where {@code MPI.UB} sets it, in base elements. */
    public int Ub() {
        return ub;
    }

    /** The number of base elements one item holds. */
    public int Size() {
        return width;
    }

    /** True if {@code buffer} is an array this type's items can be read from and written to. */
    boolean accepts(Object buffer) {
        return base.accepts(buffer) || !typed;
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

    // ---------------------------------------------------------------- packing

    /** The contiguous type of the same base and width: how items travel, packed. */
    Datatype packedForm() {
        if (contiguous) {
            return this;
        }
        if (packedForm == null) {
            packedForm = new Datatype(base, typed, new int[] {0}, new int[] {width}, new Bounds(0, width, false, false),
                "packed " + this, true);
        }
        return packedForm;
    }

    /** A new array holding {@code items} items of {@code src} from {@code offset}, packed in typemap order. */
    Object packed(Object src, int offset, int items) {
        Object dst = base.newArray(items * width);
        pack(src, offset, items, dst, 0);
        return dst;
    }

    void pack(Object src, int offset, int items, Object dst, int dstOffset) {
        if (contiguous) {
            if (items > 0) {
                System.arraycopy(src, offset, dst, dstOffset, items * width);
            }
            return;
        }
        int at = dstOffset;
        for (int i = 0; i < items; i++) {
            int origin = offset + i * extent;
            for (int r = 0; r < runStarts.length; r++) {
                System.arraycopy(src, origin + runStarts[r], dst, at, runLengths[r]);
                at += runLengths[r];
            }
        }
    }

    /** Spreads {@code elements} packed elements of {@code src} over {@code dst}'s items from {@code offset}. */
    void unpack(Object src, int srcOffset, int elements, Object dst, int offset) {
        if (contiguous) {
            if (elements > 0) {
                System.arraycopy(src, srcOffset, dst, offset, elements);
            }
            return;
        }
        int from = srcOffset;
        int left = elements;
        for (int i = 0; left > 0; i++) {
            int origin = offset + i * extent;
            for (int r = 0; r < runStarts.length && left > 0; r++) {
                int n = Math.min(runLengths[r], left);
                System.arraycopy(src, from, dst, origin + runStarts[r], n);
                from += n;
                left -= n;
            }
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
