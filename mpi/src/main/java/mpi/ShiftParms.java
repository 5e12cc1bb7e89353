package mpi;

/**
 * The neighbours {@code Cartcomm.Shift} and {@code CartComm.shift} find: the rank to receive
 * from and the rank to send to, as mpiJava's public fields and Open MPI's getters.
 */
public class ShiftParms {
    /** The rank to receive from, or {@code MPI.PROC_NULL} past the edge of a non-periodic dimension. */
    public int rank_source;
    /** The rank to send to, or {@code MPI.PROC_NULL} past the edge of a non-periodic dimension. */
    public int rank_dest;

    ShiftParms(int source, int dest) {
        this.rank_source = source;
        this.rank_dest = dest;
    }

    /**
     * {@return the rank to receive from}
     */
    public int getRankSource() {
        return rank_source;
    }

    /**
     * {@return the rank to send to}
     */
    public int getRankDest() {
        return rank_dest;
    }
}
