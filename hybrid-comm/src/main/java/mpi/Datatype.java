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
 * <p>Invariant: {@code runStarts} and {@code runLengths} describe the typemap in order,
 * adjacent runs merged; {@code width} is their total length (MPI's size, in elements);
 * {@code lb} and {@code ub} bound them; {@code extent = ub - lb}.
 */
public class Datatype {
    final ElementType base;
    /** Elements per item: MPI's size, counted in base elements. */
    final int width;
    final int lb;
    final int ub;
    final int extent;
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
        this(base, new int[] {0}, new int[] {width}, 0, width, name, true);
    }

    private Datatype(ElementType base, int[] runStarts, int[] runLengths, int lb, int ub, String name, boolean predefined) {
        this.base = base;
        this.runStarts = runStarts;
        this.runLengths = runLengths;
        int total = 0;
        for (int length : runLengths) {
            total += length;
        }
        this.width = total;
        this.lb = lb;
        this.ub = ub;
        this.extent = ub - lb;
        this.contiguous = runStarts.length == 1 && runStarts[0] == 0 && runLengths[0] == extent;
        this.name = name;
        this.predefined = predefined;
        this.committed = predefined;
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
        return build("Hvector", lengths, displacements, repeat(oldtype, count));
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
        return build("Hindexed", blocklengths, displacements, repeat(oldtype, blocklengths.length));
    }

    /**
     * Blocks of {@code blocklengths[i]} items of {@code types[i]} at {@code displacements[i]}
     * base elements. All types must have the same base type (mpiJava's rule).
     */
    public static Datatype Struct(int[] blocklengths, int[] displacements, Datatype[] types) {
        if (blocklengths.length != displacements.length || blocklengths.length != types.length) {
            throw new MPIException(MPI.ERR_ARG, "Struct: block lengths, displacements and types differ in number");
        }
        for (Datatype t : types) {
            checkOld("Struct", t);
            if (t.base != types[0].base) {
                throw new MPIException(MPI.ERR_TYPE, "Struct: every type must have the same base type (a buffer is one Java"
                    + " array), but " + types[0] + " and " + t + " differ");
            }
        }
        return build("Struct", blocklengths, displacements, types);
    }

    private static Datatype[] repeat(Datatype type, int n) {
        Datatype[] all = new Datatype[n];
        java.util.Arrays.fill(all, type);
        return all;
    }

    /** Flattens blocks of items of old types into one typemap of element runs. */
    private static Datatype build(String call, int[] blocklengths, int[] displacements, Datatype[] types) {
        List<int[]> runs = new ArrayList<>();
        int lb = Integer.MAX_VALUE;
        int ub = Integer.MIN_VALUE;
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
                lb = Math.min(lb, origin + t.lb);
                ub = Math.max(ub, origin + t.ub);
            }
        }
        if (runs.isEmpty()) {
            lb = 0;
            ub = 0;
        }
        int[] starts = new int[runs.size()];
        int[] lengths = new int[runs.size()];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = runs.get(i)[0];
            lengths[i] = runs.get(i)[1];
        }
        ElementType base = types.length > 0 ? types[0].base : ElementType.BYTE;
        return new Datatype(base, starts, lengths, lb, ub, call + " of " + (types.length > 0 ? types[0] : "nothing"), false);
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

    /** The distance from one item to the next, in base elements. */
    public int Extent() {
        return extent;
    }

    /** The lowest displacement of the typemap, in base elements. */
    public int Lb() {
        return lb;
    }

    /** The highest displacement of the typemap (one past its last element), in base elements. */
    public int Ub() {
        return ub;
    }

    /** The number of base elements one item holds. */
    public int Size() {
        return width;
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
            packedForm = new Datatype(base, new int[] {0}, new int[] {width}, 0, width, "packed " + this, true);
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
