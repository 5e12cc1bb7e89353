package mpi;

/**
 * A graph communicator's adjacency as {@code Graphcomm.Get} and {@code GraphComm.getDims}
 * report it (MPI's index and edges arrays): mpiJava's public fields and Open MPI's getters
 * read the same arrays.
 */
public class GraphParms {
    public int[] index;
    public int[] edges;

    GraphParms(int[] index, int[] edges) {
        this.index = index;
        this.edges = edges;
    }

    /** The number of nodes. */
    public int getIndexCount() {
        return index.length;
    }

    /** The number of edges of nodes 0 to {@code i}: node i's neighbours are edges {@code getIndex(i-1)} to {@code getIndex(i) - 1}. */
    public int getIndex(int i) {
        return index[i];
    }

    /** The number of edges. */
    public int getEdgeCount() {
        return edges.length;
    }

    /** Edge {@code i}: the node it leads to. */
    public int getEdge(int i) {
        return edges[i];
    }
}
