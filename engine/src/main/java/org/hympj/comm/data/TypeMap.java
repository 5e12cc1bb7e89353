package org.hympj.comm.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;

/**
 * Which elements of a Java array one item of a datatype covers: the engine's side of an MPI
 * datatype, with its packing. The {@code mpi} package's {@code Datatype} is a handle on one,
 * adding only what MPI's lifecycle needs (commit, free).
 *
 * <p>Offsets and displacements count array elements of the base type, and an item's elements
 * are its typemap: runs of consecutive elements at displacements from the item's start. Item
 * {@code i} starts {@code i × extent} elements after the buffer offset. Messages carry the
 * items' elements packed in typemap order.
 *
 * <p>{@code MPI.LB} and {@code MPI.UB} are markers without elements: an entry of one sets the
 * type's lower (upper) bound at its displacement, whatever its elements span. Markers carry
 * over into the types built from a marked type, and where several mark one bound the lowest
 * lower and the highest upper marker win (MPI-1, section 3.12.3). A type without elements of
 * a base type (the markers, a struct of nothing or of markers only) moves nothing, so it
 * accepts a buffer of any array type.
 *
 * <p>Invariant: {@code runStarts} and {@code runLengths} describe the typemap in order,
 * adjacent runs merged; {@code width} is their total length (MPI's size, in elements);
 * {@code lb} and {@code ub} bound them, or are set by markers ({@code lbMarked},
 * {@code ubMarked}); {@code extent = ub - lb >= 0}; {@code low} and {@code high} are the
 * first element the runs reach and one past their last (0 and 0 without elements). A type
 * map never changes once built.
 */
public final class TypeMap {
    public final ElementType base;
    /** False for a type without elements of a base type of its own: the markers, and structs of nothing or of markers. */
    public final boolean typed;
    /** Elements per item: MPI's size, counted in base elements. */
    public final int width;
    public final int lb;
    public final int ub;
    public final boolean lbMarked;
    public final boolean ubMarked;
    public final int extent;
    public final int low;
    public final int high;
    /** One run starting at 0 that fills the extent: items lie back to back in the array. */
    public final boolean contiguous;
    private final int[] runStarts;
    private final int[] runLengths;
    private final String name;
    /** The contiguous map of the same base and width, made on first use; racy, as every thread makes an equal one. */
    private TypeMap packedForm;

    private TypeMap(ElementType base, boolean typed, int[] runStarts, int[] runLengths, Bounds bounds, String name) {
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
    }

    /** A basic type: {@code width} consecutive elements of {@code base} per item. */
    public static TypeMap basic(ElementType base, int width, String name) {
        return new TypeMap(base, true, new int[] {0}, new int[] {width}, new Bounds(0, width, false, false), name);
    }

    /** {@code MPI.LB} or {@code MPI.UB}: no elements, a bound at displacement 0. */
    public static TypeMap boundMarker(boolean upper, String name) {
        return new TypeMap(ElementType.BYTE, false, new int[0], new int[0], new Bounds(0, 0, !upper, upper), name);
    }

    // ---------------------------------------------------------------- derived types

    /** {@code count} blocks of {@code blocklength} items of {@code old}, {@code stride} base elements apart. */
    public static TypeMap hvector(String call, int count, int blocklength, int stride, TypeMap old) {
        checkNonNegative(call, "count", count);
        checkNonNegative(call, "blocklength", blocklength);
        int[] lengths = new int[count];
        int[] displacements = new int[count];
        for (int i = 0; i < count; i++) {
            lengths[i] = blocklength;
            displacements[i] = i * stride;
        }
        return build(call, lengths, displacements, repeat(old, count), old);
    }

    /** Blocks of {@code blocklengths[i]} items of {@code old} at {@code displacements[i]} base elements. */
    public static TypeMap hindexed(String call, int[] blocklengths, int[] displacements, TypeMap old) {
        if (blocklengths.length != displacements.length) {
            throw new EngineException(ErrorClass.ERR_ARG, call + ": " + blocklengths.length + " block lengths but "
                + displacements.length + " displacements");
        }
        return build(call, blocklengths, displacements, repeat(old, blocklengths.length), old);
    }

    /**
     * Blocks of {@code blocklengths[i]} items of {@code types[i]} at {@code displacements[i]}
     * base elements. All typed ones must have the same base type (mpiJava's rule: a buffer is
     * one Java array).
     */
    public static TypeMap struct(int[] blocklengths, int[] displacements, TypeMap[] types) {
        if (blocklengths.length != displacements.length || blocklengths.length != types.length) {
            throw new EngineException(ErrorClass.ERR_ARG, "Struct: block lengths, displacements and types differ in number");
        }
        TypeMap first = null;
        for (TypeMap t : types) {
            if (!t.typed) {
                continue;
            }
            if (first == null) {
                first = t;
            } else if (t.base != first.base) {
                throw new EngineException(ErrorClass.ERR_TYPE, "Struct: every type must have the same base type (a buffer is one"
                    + " Java array), but " + first + " and " + t + " differ");
            }
        }
        return build("Struct", blocklengths, displacements, types, first);
    }

    private static TypeMap[] repeat(TypeMap type, int n) {
        TypeMap[] all = new TypeMap[n];
        Arrays.fill(all, type);
        return all;
    }

    /**
     * Flattens blocks of items of old types into one typemap of element runs, with its bounds.
     * The new type's base is {@code baseOf}'s; without one (a struct of nothing or of markers)
     * it has none.
     */
    private static TypeMap build(String call, int[] blocklengths, int[] displacements, TypeMap[] types, TypeMap baseOf) {
        List<int[]> runs = new ArrayList<>();
        Bounds bounds = new Bounds(Integer.MAX_VALUE, Integer.MIN_VALUE, false, false);
        for (int b = 0; b < blocklengths.length; b++) {
            checkNonNegative(call, "block length", blocklengths[b]);
            TypeMap t = types[b];
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
        TypeMap named = baseOf != null ? baseOf : types.length > 0 ? types[0] : null;
        return new TypeMap(typed ? baseOf.base : ElementType.BYTE, typed, starts, lengths, bounds,
            call + " of " + (named != null ? named : "nothing"));
    }

    private static void checkNonNegative(String call, String what, int value) {
        if (value < 0) {
            throw new EngineException(ErrorClass.ERR_ARG, call + ": " + what + " must not be negative, got " + value);
        }
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
        void include(TypeMap t, int origin) {
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
                throw new EngineException(ErrorClass.ERR_TYPE, call + ": the upper bound " + ub
                    + (ubMarked ? " set by MPI.UB" : "") + " lies below the lower bound " + lb
                    + (lbMarked ? " set by MPI.LB" : "") + "; a datatype's extent (ub - lb) cannot be negative");
            }
        }
    }

    // ---------------------------------------------------------------- packing

    /** True if {@code buffer} is an array this type's items can be read from and written to. */
    public boolean accepts(Object buffer) {
        return base.accepts(buffer) || !typed;
    }

    /** The contiguous map of the same base and width: how items travel, packed. */
    public TypeMap packedForm() {
        if (contiguous) {
            return this;
        }
        TypeMap p = packedForm;
        if (p == null) {
            p = new TypeMap(base, typed, new int[] {0}, new int[] {width}, new Bounds(0, width, false, false), "packed " + this);
            packedForm = p;
        }
        return p;
    }

    /** A new array holding {@code items} items of {@code src} from {@code offset}, packed in typemap order. */
    public Object packed(Object src, int offset, int items) {
        Object dst = base.newArray(items * width);
        pack(src, offset, items, dst, 0);
        return dst;
    }

    public void pack(Object src, int offset, int items, Object dst, int dstOffset) {
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
    public void unpack(Object src, int srcOffset, int elements, Object dst, int offset) {
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
