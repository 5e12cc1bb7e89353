package mpi;

/**
 * A user-defined reduction (mpiJava 1.2): {@link #Call} combines {@code count} items of
 * {@code invec} into {@code inoutvec}, {@code inoutvec[i] = invec[i] op inoutvec[i]}, where
 * {@code invec} holds the contribution of the lower ranks.
 */
public abstract class User_function {
    public abstract void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype);
}
