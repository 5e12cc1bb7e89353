package mpi;

import java.nio.ByteBuffer;

/**
 * A user-defined reduction of Open MPI's face, for {@code new Op(function, commute)}: it
 * combines {@code count} items into its in-out argument, {@code inOut[i] = in[i] op inOut[i]},
 * where {@code in} holds the contribution of the lower ranks. A program overrides one of the
 * two forms:
 *
 * <ul>
 *   <li>{@link #call(Object, Object, int, Datatype)}: Java arrays of the datatype's base
 *       element type ({@code int[]} for {@code MPI.INT}, {@code byte[]} for a struct of
 *       mixed fields), holding the items from element 0;</li>
 *   <li>{@link #call(ByteBuffer, ByteBuffer, int, Datatype)}: the items' bytes in the
 *       platform's order. If a subclass overrides it, the reduction calls it for every
 *       datatype but {@code MPI.BOOLEAN} and {@code MPI.OBJECT}, as Open MPI does; its own
 *       form here reads the buffers into arrays and calls the array form.</li>
 * </ul>
 *
 * <p>Items come packed: a derived type's elements lie back to back, and the {@code datatype}
 * argument is the contiguous type of the same base and size, whose extent is its size.
 */
public abstract class UserFunction {
    /** A user-defined reduction; the subclass overrides a {@code call} method. */
    public UserFunction() {
    }

    /**
     * Combines {@code count} items of {@code inVec} into {@code inOutVec}; a subclass that uses arrays overrides this.
     *
     * @param inVec the operand that is read: an array holding the contribution of the lower ranks
     * @param inOutVec the operand that is read and replaced by the result: an array
     * @param count the number of items of {@code datatype} in each operand
     * @param datatype the type of the items
     */
    public void call(Object inVec, Object inOutVec, int count, Datatype datatype) {
        throw new UnsupportedOperationException(getClass().getName() + " overrides neither call(Object, Object, int, Datatype)"
            + " nor call(ByteBuffer, ByteBuffer, int, Datatype)");
    }

    /**
     * Combines {@code count} items of {@code in} into {@code inOut}, both read from their
     * start in the platform's byte order: this form reads them into arrays of the base element
     * type, calls {@link #call(Object, Object, int, Datatype)} and writes the result back into
     * {@code inOut}.
     *
     * @param in the operand that is read, as bytes: the contribution of the lower ranks
     * @param inOut the operand that is read and replaced by the result, as bytes
     * @param count the number of items of {@code datatype} in each operand
     * @param datatype the type of the items
     */
    public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) {
        String call = "UserFunction.call";
        Object inVec = fromStart(in, BufferArgument.forSend(call, in, count, datatype), count, datatype);
        Object staged = BufferArgument.forUpdate(call, inOut, count, datatype);
        Object inOutVec = fromStart(inOut, staged, count, datatype);
        call(inVec, inOutVec, count, datatype);
        if (inOutVec != staged) {
            System.arraycopy(inOutVec, 0, staged, BufferArgument.offset(inOut, staged), count * datatype.map.extent);
        }
        BufferArgument.copyBack(inOut, staged, datatype);
    }

    /** The items of {@code buf} in an array from element 0: {@code resolved}, or a copy where a heap buffer starts further in. */
    private static Object fromStart(ByteBuffer buf, Object resolved, int count, Datatype datatype) {
        int offset = BufferArgument.offset(buf, resolved);
        if (offset == 0) {
            return resolved;
        }
        int elements = count * datatype.map.extent;
        Object copy = datatype.map.base.newArray(elements);
        System.arraycopy(resolved, offset, copy, 0, elements);
        return copy;
    }

    /** True if {@code function}'s class overrides the ByteBuffer form. */
    static boolean takesBuffers(UserFunction function) {
        try {
            return function.getClass().getMethod("call", ByteBuffer.class, ByteBuffer.class, int.class, Datatype.class)
                .getDeclaringClass() != UserFunction.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("UserFunction declares call(ByteBuffer, ByteBuffer, int, Datatype)", e);
        }
    }
}
