import mpi.*;

/* A main that java does not run: it is private. */
class PrivateMain {
    private static void main(String[] args) throws MPIException {
        MPI.Init(args);
        MPI.Finalize();
    }
}
