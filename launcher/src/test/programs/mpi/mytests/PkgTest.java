package mpi.mytests;

import mpi.MPI;
import mpi.MPIException;

/*
 * A test program in a package under mpi., as MPJ Express's own tests are written: it uses the
 * runtime's mpi classes and a class of its own package, whose static field must be its rank's
 * own (one count per rank, so the counts add up to the number of ranks).
 */
public class PkgTest {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int me = MPI.COMM_WORLD.Rank();
        Tally.count(me);
        int[] mine = {Tally.counted};
        int[] total = new int[1];
        MPI.COMM_WORLD.Allreduce(mine, 0, total, 0, 1, MPI.INT, MPI.SUM);
        if (Tally.counted != 1 || total[0] != MPI.COMM_WORLD.Size() || Tally.last != me) {
            throw new IllegalStateException("rank " + me + ": counted " + Tally.counted + ", total " + total[0]
                + ", last " + Tally.last + ": the package's statics are not the rank's own");
        }
        System.out.println("PkgTest: rank " + me + " counted " + total[0] + " ranks");
        MPI.Finalize();
    }
}
