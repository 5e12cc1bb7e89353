package org.hympj.comm.data;

/**
 * What the items of a predefined compound datatype are, for the predefined reductions that
 * read an item as one value rather than element by element: the (value, index) pairs of
 * MAXLOC and MINLOC laid out in bytes as a C struct lays them out ({@code MPI.SHORT_INT},
 * {@code LONG_INT}, {@code FLOAT_INT}, {@code DOUBLE_INT}), and the complex numbers
 * ({@code MPI.FLOAT_COMPLEX}, {@code DOUBLE_COMPLEX}), whose product is not the product of
 * their parts.
 *
 * <p>A value-index pair packs to its value's bytes followed at once by the four bytes of its
 * {@code int} index (the padding of the struct does not travel); a complex number packs to
 * its real and imaginary parts, two elements of its base type.
 */
public enum Compound {
    SHORT_INT(ElementType.SHORT),
    LONG_INT(ElementType.LONG),
    FLOAT_INT(ElementType.FLOAT),
    DOUBLE_INT(ElementType.DOUBLE),
    COMPLEX(null);

    /** For a value-index pair, the type of its value; null for a complex number. */
    public final ElementType value;

    Compound(ElementType value) {
        this.value = value;
    }

    public boolean isValueIndexPair() {
        return value != null;
    }

    /** The offset of a value-index pair's index in a C struct of its value and an int: the value's size, at least 4. */
    public int indexOffset() {
        return Math.max(value.size(), 4);
    }

    /** The extent of a value-index pair in a C struct: the index's end rounded up to the value's alignment. */
    public int structExtent() {
        int end = indexOffset() + 4;
        int align = Math.max(value.size(), 4);
        return (end + align - 1) / align * align;
    }

    /** The bytes of one packed value-index pair: the value, then the index. */
    public int packedWidth() {
        return value.size() + 4;
    }
}
