package mpi;

/** A graph communicator's adjacency as {@code Graphcomm.Get} reports it (MPI's index and edges arrays). */
public class GraphParms {
    public int[] index;
    public int[] edges;

    GraphParms(int[] index, int[] edges) {
        this.index = index;
        this.edges = edges;
    }
}
