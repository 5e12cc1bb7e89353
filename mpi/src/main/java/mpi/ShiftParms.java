package mpi;

/**
 * The neighbours {@code Cartcomm.Shift} and {@code CartComm.shift} find: the rank to receive
 * from and the rank to send to, as mpiJava's public fields and Open MPI's getters.
 */
public class ShiftParms {
    public int rank_source;
    public int rank_dest;

    ShiftParms(int source, int dest) {
        this.rank_source = source;
        this.rank_dest = dest;
    }

    /** The rank to receive from. */
    public int getRankSource() {
        return rank_source;
    }

    /** The rank to send to. */
    public int getRankDest() {
        return rank_dest;
    }
}
