package mpi;

/**
 * A user-defined reduction (mpiJava 1.2): {@link #Call} combines {@code count} items of
 * {@code invec} into {@code inoutvec}, {@code inoutvec[i] = invec[i] op inoutvec[i]}, where
 * {@code invec} holds the contribution of the lower ranks.
 */
public abstract class User_function {
    /** A user-defined reduction; the subclass implements {@link #Call}. */
    public User_function() {
    }

    /**
     * Combines {@code count} items: {@code inoutvec[i] = invec[i] op inoutvec[i]}, from the offsets given.
     *
     * @param invec the operand that is read: the contribution of the lower ranks
     * @param inoffset the index of the first element of {@code invec} to use
     * @param inoutvec the operand that is read and replaced by the result
     * @param inoutoffset the index of the first element of {@code inoutvec} to use
     * @param count the number of items of {@code datatype} in each operand
     * @param datatype the type of the items
     */
    public abstract void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype);
}
