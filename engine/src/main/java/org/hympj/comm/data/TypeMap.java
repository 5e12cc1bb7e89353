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
 * first element the runs reach and one past their last (0 and 0 without elements);
 * {@code compound} is shared by every typed entry or null; {@code alignment} is the largest
 * alignment, in bytes, of the basic entries; {@code basics}, for a map of bytes that stand
 * for other elements, lists their sizes in typemap order. A type map never changes once built.
 *
 * <p>Open MPI's constructors count displacements in bytes ({@link #cStruct}): a struct whose
 * entries share one base type and lie on whole elements of it is an element map as above; one
 * that mixes base types, or places an element between two of its base type's, is a map of
 * {@code BYTE} elements with each entry's bytes in the platform's order, as C lays out a
 * struct, and it is sent from and received into bytes.
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
    /** What an item is for the predefined reductions that read it whole; null for a plain typemap. */
    public final Compound compound;
    /** The largest alignment, in bytes, of the basic entries: a C struct's extent is a multiple of it. */
    public final int alignment;
    /** For a map of bytes that stand for other elements (a C struct, a pair): their sizes; null where each element is one. */
    private final Basics basics;
    private final int[] runStarts;
    private final int[] runLengths;
    private final String name;
    /** The contiguous map of the same base and width, made on first use; racy, as every thread makes an equal one. */
    private TypeMap packedForm;

    private TypeMap(ElementType base, boolean typed, int[] runStarts, int[] runLengths, Bounds bounds, Compound compound,
                    int alignment, Basics basics, String name) {
        this.base = base;
        this.basics = basics;
        this.compound = compound;
        this.alignment = alignment;
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
        return new TypeMap(base, true, new int[] {0}, new int[] {width}, new Bounds(0, width, false, false), null,
            Math.max(1, base.size()), null, name);
    }

    /** A complex number: its real and imaginary parts, two consecutive elements of {@code base}. */
    public static TypeMap complex(ElementType base, String name) {
        return new TypeMap(base, true, new int[] {0}, new int[] {2}, new Bounds(0, 2, false, false), Compound.COMPLEX,
            base.size(), null, name);
    }

    /** A value-index pair of MAXLOC and MINLOC, in bytes, laid out as C lays out a struct of its value and an int. */
    public static TypeMap valueIndexPair(Compound pair, String name) {
        int valueSize = pair.value.size();
        int index = pair.indexOffset();
        int[] starts = index == valueSize ? new int[] {0} : new int[] {0, index};
        int[] lengths = index == valueSize ? new int[] {valueSize + 4} : new int[] {valueSize, 4};
        Basics.Builder basics = new Basics.Builder();
        basics.add(valueSize, 1);
        basics.add(4, 1);
        return new TypeMap(ElementType.BYTE, true, starts, lengths, new Bounds(0, pair.structExtent(), false, false), pair,
            Math.max(valueSize, 4), basics.build(), name);
    }

    /** {@code MPI.LB} or {@code MPI.UB}: no elements, a bound at displacement 0. */
    public static TypeMap boundMarker(boolean upper, String name) {
        return new TypeMap(ElementType.BYTE, false, new int[0], new int[0], new Bounds(0, 0, !upper, upper), null, 1, null, name);
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

    /**
     * Open MPI's {@code createStruct}: blocks of {@code blocklengths[i]} items of
     * {@code types[i]} at {@code byteDisplacements[i]} bytes. Entries of one base type on
     * whole elements of it make an element map; any other mix makes a map of bytes. Unless an
     * {@code MPI.UB} entry sets it, the extent is rounded up to the entries' alignment, as C
     * pads a struct, so that consecutive items keep their entries aligned.
     */
    public static TypeMap cStruct(int[] blocklengths, int[] byteDisplacements, TypeMap[] types) {
        if (blocklengths.length != byteDisplacements.length || blocklengths.length != types.length) {
            throw new EngineException(ErrorClass.ERR_ARG, "createStruct: block lengths, displacements and types differ in number");
        }
        ElementType common = null;
        boolean oneBase = true;
        for (TypeMap t : types) {
            if (t.typed) {
                if (t.base.isObject()) {
                    throw new EngineException(ErrorClass.ERR_TYPE, "createStruct: " + t + " moves Java objects, which have no"
                        + " size in bytes to place them by; use Datatype.Struct, whose displacements count elements");
                }
                oneBase &= common == null || common == t.base;
                common = common == null ? t.base : common;
            }
        }
        int size = common == null ? 1 : common.size();
        for (int d : byteDisplacements) {
            oneBase &= d % size == 0;
        }
        TypeMap built;
        if (oneBase) {
            int[] displacements = new int[byteDisplacements.length];
            for (int i = 0; i < displacements.length; i++) {
                displacements[i] = byteDisplacements[i] / size;
            }
            built = build("createStruct", blocklengths, displacements, types, firstTyped(types));
        } else {
            TypeMap[] bytes = new TypeMap[types.length];
            for (int i = 0; i < types.length; i++) {
                bytes[i] = types[i].inBytes();
            }
            built = build("createStruct", blocklengths, byteDisplacements, bytes, firstTyped(bytes));
        }
        int align = Math.max(1, built.alignment / built.base.size());
        int padded = (built.extent + align - 1) / align * align;
        return built.ubMarked || padded == built.extent ? built
            : built.withBounds(new Bounds(built.lb, built.lb + padded, built.lbMarked, false), built.name);
    }

    private static TypeMap firstTyped(TypeMap[] types) {
        for (TypeMap t : types) {
            if (t.typed) {
                return t;
            }
        }
        return null;
    }

    /** The same typemap in bytes: each element's bytes, in the platform's order, where the element lies. */
    public TypeMap inBytes() {
        if (base == ElementType.BYTE) {
            return this;
        }
        int size = base.size();
        int[] starts = new int[runStarts.length];
        int[] lengths = new int[runLengths.length];
        for (int r = 0; r < starts.length; r++) {
            starts[r] = runStarts[r] * size;
            lengths[r] = runLengths[r] * size;
        }
        Basics.Builder basics = new Basics.Builder();
        basics.add(size, width);
        return new TypeMap(ElementType.BYTE, typed, starts, lengths, new Bounds(lb * size, ub * size, lbMarked, ubMarked),
            null, alignment, basics.build(), name);
    }

    /** This typemap with lower bound {@code lb} and extent {@code extent}, in its base elements (MPI's resized type). */
    public TypeMap resized(int lb, int extent) {
        if (extent < 0) {
            throw new EngineException(ErrorClass.ERR_ARG, "createResized: the extent must not be negative, got " + extent);
        }
        return withBounds(new Bounds(lb, lb + extent, true, true), "createResized of " + this);
    }

    private TypeMap withBounds(Bounds bounds, String newName) {
        return new TypeMap(base, typed, runStarts, runLengths, bounds, compound, alignment, basics, newName);
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
        Compound compound = null;
        int alignment = 1;
        boolean first = true;
        for (TypeMap t : types) {
            if (t.typed) {
                compound = first || compound == t.compound ? t.compound : null;
                alignment = Math.max(alignment, t.alignment);
                first = false;
            }
        }
        return new TypeMap(typed ? baseOf.base : ElementType.BYTE, typed, starts, lengths, bounds, compound, alignment,
            typed && baseOf.base == ElementType.BYTE ? Basics.of(blocklengths, types) : null,
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

    /** The number of runs of consecutive elements in one item's typemap. */
    public int runCount() {
        return runStarts.length;
    }

    /** Where run {@code r} of the typemap starts, in base elements from the item's start. */
    public int runStart(int r) {
        return runStarts[r];
    }

    /** How many elements run {@code r} of the typemap holds. */
    public int runLength(int r) {
        return runLengths[r];
    }

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
            p = new TypeMap(base, typed, new int[] {0}, new int[] {width}, new Bounds(0, width, false, false), compound, alignment,
                basics, "packed " + this);
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

    /**
     * The basic elements that {@code elements} elements of this map's items hold, counted as
     * MPI counts them: a byte map's bytes by the elements they stand for; -1 if the elements
     * end inside one of those.
     */
    public int basicElements(int elements) {
        if (basics == null || width == 0) {
            return elements;
        }
        long total = (long) (elements / width) * basics.perItem;
        int rest = elements % width;
        for (int r = 0; r < basics.sizes.length && rest > 0; r++) {
            int whole = Math.min(basics.counts[r], rest / basics.sizes[r]);
            total += whole;
            rest -= whole * basics.sizes[r];
            if (whole < basics.counts[r] && rest > 0) {
                return -1;
            }
        }
        return rest == 0 && total <= Integer.MAX_VALUE ? (int) total : -1;
    }

    @Override
    public String toString() {
        return name;
    }

    /**
     * The sizes in bytes of the basic elements of one item of a byte map, in typemap order,
     * run-length encoded: {@code counts[r]} elements of {@code sizes[r]} bytes each.
     */
    private static final class Basics {
        final int[] sizes;
        final int[] counts;
        final int perItem;

        private Basics(int[] sizes, int[] counts) {
            this.sizes = sizes;
            this.counts = counts;
            int n = 0;
            for (int c : counts) {
                n += c;
            }
            this.perItem = n;
        }

        /**
         * The basics of blocks of {@code blocklengths[b]} items of {@code types[b]}, all maps of
         * bytes or markers; null if no byte of them stands for another element.
         */
        static Basics of(int[] blocklengths, TypeMap[] types) {
            boolean standIn = false;
            for (TypeMap t : types) {
                standIn |= t.basics != null;
            }
            if (!standIn) {
                return null;
            }
            Builder all = new Builder();
            for (int b = 0; b < types.length; b++) {
                TypeMap t = types[b];
                if (!t.typed) {
                    continue;
                }
                for (int item = 0; item < blocklengths[b]; item++) {
                    if (t.basics == null) {
                        all.add(1, t.width);
                    } else {
                        for (int r = 0; r < t.basics.sizes.length; r++) {
                            all.add(t.basics.sizes[r], t.basics.counts[r]);
                        }
                    }
                }
            }
            return all.build();
        }

        static final class Builder {
            private final List<int[]> runs = new ArrayList<>();

            void add(int size, int count) {
                if (count == 0) {
                    return;
                }
                int[] last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
                if (last != null && last[0] == size) {
                    last[1] += count;
                } else {
                    runs.add(new int[] {size, count});
                }
            }

            Basics build() {
                int[] sizes = new int[runs.size()];
                int[] counts = new int[runs.size()];
                for (int r = 0; r < sizes.length; r++) {
                    sizes[r] = runs.get(r)[0];
                    counts[r] = runs.get(r)[1];
                }
                return new Basics(sizes, counts);
            }
        }
    }
}
