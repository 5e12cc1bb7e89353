package mpi;

/** Hints to an MPI call. HyMPJ's calls take none, so an {@code Info} holds nothing they read. */
public class Info {
    public Info() {
    }
}
