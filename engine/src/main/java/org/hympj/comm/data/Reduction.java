package org.hympj.comm.data;

/**
 * How a reduction combines two contributions of packed items: a predefined operation
 * ({@link #predefined}), shared by every rank of the JVM, or a user's function that the
 * {@code mpi} package adapts. Items are packed: a derived type's elements lie back to back,
 * {@code packed.width} elements per item.
 */
public abstract class Reduction {
    private static final Reduction[] PREDEFINED = new Reduction[ReductionOps.COUNT];

    static {
        for (int code = 0; code < PREDEFINED.length; code++) {
            PREDEFINED[code] = new Predefined(code);
        }
    }

    private final boolean commutative;

    protected Reduction(boolean commutative) {
        this.commutative = commutative;
    }

    /** The predefined operation {@code code} of {@link ReductionOps}. */
    public static Reduction predefined(int code) {
        return PREDEFINED[code];
    }

    /** Whether its operands may be swapped; a non-commutative reduction meets contributions in rank order. */
    public final boolean commutative() {
        return commutative;
    }

    /**
     * True for a predefined operation, which only reads its {@code in} operand; a user's
     * function may write both of the arrays it is given.
     */
    public boolean isPredefined() {
        return false;
    }

    /**
     * Returns {@code lower op higher}, item by item, in one of the two arrays, which one being
     * the operation's choice; the other may be overwritten.
     */
    public abstract Object combine(Object lower, Object higher, int items, TypeMap packed);

    /** {@code inout[inoutOffset..] = in[inOffset..] op inout[inoutOffset..]} for {@code items} items. */
    public abstract void fold(Object in, int inOffset, Object inout, int inoutOffset, int items, TypeMap packed);

    /** A predefined operation: it writes its result into the lower operand. */
    private static final class Predefined extends Reduction {
        private final int code;

        Predefined(int code) {
            super(true);
            this.code = code;
        }

        @Override
        public boolean isPredefined() {
            return true;
        }

        @Override
        public Object combine(Object lower, Object higher, int items, TypeMap packed) {
            ReductionOps.combine(code, packed, higher, 0, lower, 0, items);
            return lower;
        }

        @Override
        public void fold(Object in, int inOffset, Object inout, int inoutOffset, int items, TypeMap packed) {
            ReductionOps.combine(code, packed, in, inOffset, inout, inoutOffset, items);
        }
    }
}
