package mpi;

/**
 * A communicator within one group of ranks, the type of {@code MPI.COMM_WORLD} and
 * {@code MPI.COMM_SELF} in mpiJava (programs compiled against MPJ Express refer to that type).
 * Its collective operations arrive with the collectives issue (#4); until then it offers
 * the point-to-point operations of {@link Comm}.
 */
public class Intracomm extends Comm {
    Intracomm(String name) {
        super(name);
    }
}
