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

    /**
     * A duplicate with the same graph and a context of its own. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public GraphComm clone() {
        return (GraphComm) super.clone();
    }

    /**
     * A duplicate with the same graph, a context of its own and a copy of the attributes. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public GraphComm dup() {
        return withAttributesOf(clone());
    }

    /**
     * {@link #dup}; {@link #getRequest} of the result is a request that is already complete. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public GraphComm iDup() {
        return completedCreation(dup());
    }

    /**
     * As {@link #dup}: HyMPJ's communicators take no hints, so {@code info} has no effect. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public GraphComm dupWithInfo(Info info) {
        return dup();
    }

    /**
     * {@return the graph's {@code index} and {@code edges}; ERR_TOPOLOGY for a distributed graph}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TOPOLOGY} for a distributed graph; {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public GraphParms getDims() {
        return parms("getDims");
    }

    /**
     * {@return the neighbours of {@code rank}; ERR_TOPOLOGY for a distributed graph}
     *
     * @param rank a rank of this communicator
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_RANK} if {@code rank} is not a rank of this communicator; {@code MPI.ERR_TOPOLOGY} for a
     *     distributed graph; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public int[] getNeighbors(int rank) {
        return neighbours("getNeighbors", rank);
    }

    /**
     * {@return this rank's edges in a distributed graph; ERR_TOPOLOGY for a graph}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TOPOLOGY} for a graph made by {@code createGraph}; {@code MPI.ERR_OTHER} before {@code Init}
     *     or after {@code Finalize}
     */
    public DistGraphNeighbors getDistGraphNeighbors() {
        return adjacency("getDistGraphNeighbors");
    }

    /**
     * {@return the rank this process would have in a graph of {@code index.length} nodes, or UNDEFINED}
     *
     * @param index MPI's {@code index}: for each node, the number of edges of the nodes up to it
     * @param edges the neighbours of each node in turn (MPI's {@code edges})
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_ARG} if {@code index} and {@code edges} do not make a graph of at most this communicator's
     *     size; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public int map(int[] index, int[] edges) {
        return Map(index, edges);
    }
}
