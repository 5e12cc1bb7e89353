import mpi.*;

/* JEP 512's main without parameters (JDK 25). */
class NoArgMain {
    static void main() throws MPIException {
        MPI.Init(new String[0]);
        int me = MPI.COMM_WORLD.Rank();
        MPI.COMM_WORLD.Barrier();
        System.out.println("NoArgMain: rank " + me + " of " + MPI.COMM_WORLD.Size());
        MPI.Finalize();
    }
}
