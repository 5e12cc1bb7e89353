import mpi.*;

/* JEP 512's instance main (JDK 25): java makes an object of the class and calls main on it. */
class InstanceMain {
    private int rank = -1;

    void main(String[] args) throws MPIException {
        MPI.Init(args);
        rank = MPI.COMM_WORLD.Rank();
        int[] ranks = {rank};
        int[] all = new int[MPI.COMM_WORLD.Size()];
        MPI.COMM_WORLD.Allgather(ranks, 0, 1, MPI.INT, all, 0, 1, MPI.INT);
        for (int r = 0; r < all.length; r++) {
            if (all[r] != r) {
                throw new IllegalStateException("rank " + rank + " got " + java.util.Arrays.toString(all));
            }
        }
        System.out.println("InstanceMain: rank " + rank + " of " + all.length);
        MPI.Finalize();
    }
}
