package mpi;

/** An MPI object whose resources a program releases with {@link #free} (Open MPI's interface of that name). */
public interface Freeable {
    /** Releases the object; it cannot be used afterwards. */
    void free();
}
