package mpi;

/** The neighbours {@code Cartcomm.Shift} finds: the rank to receive from and the rank to send to. */
public class ShiftParms {
    public int rank_source;
    public int rank_dest;

    ShiftParms(int source, int dest) {
        this.rank_source = source;
        this.rank_dest = dest;
    }
}
