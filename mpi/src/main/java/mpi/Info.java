package mpi;

/** Hints for MPI calls, as (key, value) pairs; HyMPJ's communicator calls take none. */
public final class Info {
    public Info() {
    }
}
