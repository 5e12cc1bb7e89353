import mpi.*;

/* The main class declares no main of its own: it inherits the test harness's. */
class InheritedMain extends TestHarness {
}

abstract class TestHarness {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int me = MPI.COMM_WORLD.Rank();
        int[] one = {1};
        int[] sum = new int[1];
        MPI.COMM_WORLD.Reduce(one, 0, sum, 0, 1, MPI.INT, MPI.SUM, 0);
        if (me == 0) {
            System.out.println("InheritedMain: " + sum[0] + " ranks ran the inherited main");
        }
        MPI.Finalize();
    }
}
