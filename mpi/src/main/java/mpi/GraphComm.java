package mpi;

/**
 * A graph or distributed graph communicator with Open MPI's names ({@code getDims},
 * {@code getNeighbors}, {@code getDistGraphNeighbors} ...) next to mpiJava's, which it
 * inherits from {@link Graphcomm}: every graph communicator, made by {@code createGraph},
 * {@code createDistGraph}, {@code createDistGraphAdjacent} or mpiJava's {@code Create_graph},
 * is of this class. A rank outside the graph gets from {@code createGraph} a communicator that
 * is null ({@code Is_null()} is true), as Open MPI gives it {@code MPI_COMM_NULL}.
 */
public final class GraphComm extends Graphcomm {
    GraphComm(Intracomm graph, int[] index, int[] edges) {
        super(graph, index, edges);
    }

    GraphComm(Intracomm graph, DistGraphNeighbors adjacency) {
        super(graph, adjacency);
    }

    private GraphComm(String name) {
        super(name);
    }

    /** The null communicator of a rank that is not a node of the graph. */
    static GraphComm outsideTheGraph() {
        return asNull(new GraphComm("MPI.COMM_NULL (createGraph's result on a rank outside the graph)"));
    }

    /** A duplicate with the same graph and a context of its own. Collective. */
    @Override
    public GraphComm clone() {
        return (GraphComm) super.clone();
    }

    /** A duplicate with the same graph, a context of its own and a copy of the attributes. Collective. */
    @Override
    public GraphComm dup() {
        return withAttributesOf(clone());
    }

    /** {@link #dup}; {@link #getRequest} of the result is a request that is already complete. Collective. */
    @Override
    public GraphComm iDup() {
        return completedCreation(dup());
    }

    /** As {@link #dup}: HyMPJ's communicators take no hints, so {@code info} has no effect. Collective. */
    @Override
    public GraphComm dupWithInfo(Info info) {
        return dup();
    }

    /** The graph's {@code index} and {@code edges}; ERR_TOPOLOGY for a distributed graph. */
    public GraphParms getDims() {
        return parms("getDims");
    }

    /** The neighbours of {@code rank}; ERR_TOPOLOGY for a distributed graph. */
    public int[] getNeighbors(int rank) {
        return neighbours("getNeighbors", rank);
    }

    /** This rank's edges in a distributed graph; ERR_TOPOLOGY for a graph. */
    public DistGraphNeighbors getDistGraphNeighbors() {
        return adjacency("getDistGraphNeighbors");
    }

    /** The rank this process would have in a graph of {@code index.length} nodes, or UNDEFINED. */
    public int map(int[] index, int[] edges) {
        return Map(index, edges);
    }
}
