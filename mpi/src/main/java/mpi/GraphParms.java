package mpi;

/**
 * A graph communicator's adjacency as {@code Graphcomm.Get} and {@code GraphComm.getDims}
 * report it (MPI's index and edges arrays): mpiJava's public fields and Open MPI's getters
 * read the same arrays.
 */
public class GraphParms {
    /** MPI's {@code index}: for each node, the number of edges of the nodes up to it. */
    public int[] index;
    /** The neighbours of each node in turn. */
    public int[] edges;

    GraphParms(int[] index, int[] edges) {
        this.index = index;
        this.edges = edges;
    }

    /**
     * {@return the number of nodes}
     */
    public int getIndexCount() {
        return index.length;
    }

    /**
     * {@return the number of edges of nodes 0 to {@code i}: node i's neighbours are edges {@code getIndex(i-1)} to
     * {@code getIndex(i) - 1}}
     *
     * @param i a node, from 0
     */
    public int getIndex(int i) {
        return index[i];
    }

    /**
     * {@return the number of edges}
     */
    public int getEdgeCount() {
        return edges.length;
    }

    /**
     * {@return edge {@code i}: the node it leads to}
     *
     * @param i the index of the edge, from 0
     */
    public int getEdge(int i) {
        return edges[i];
    }
}
