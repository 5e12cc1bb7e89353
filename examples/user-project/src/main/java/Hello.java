import mpi.MPI;

public class Hello {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        System.out.println("Hello from rank " + MPI.COMM_WORLD.Rank() + " of " + MPI.COMM_WORLD.Size());
        MPI.Finalize();
    }
}
