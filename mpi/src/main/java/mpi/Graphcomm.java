package mpi;

import org.hympj.comm.coll.Neighbourhood;

/**
 * A communicator whose ranks are the nodes of a graph: either a graph every rank knows whole,
 * given as MPI's {@code index} and {@code edges} arrays (the neighbours of node i are
 * {@code edges[index[i-1] .. index[i])}), or a distributed graph, of which each rank knows its
 * own edges in and out ({@code MPI.DIST_GRAPH}). Ranks are not reordered. This class has
 * mpiJava's names; every graph communicator is a {@link GraphComm}, which adds Open MPI's, so
 * one object serves both APIs.
 *
 * <p>Invariant: exactly one of {@code index} (with {@code edges}) and {@code adjacency} is
 * set, except on a communicator that is null from the start; nothing changes after construction.
 */
public abstract class Graphcomm extends Intracomm {
    private final int[] index;
    private final int[] edges;
    /** A distributed graph's edges of this rank; null for a graph. */
    private final DistGraphNeighbors adjacency;
    /** The neighbourhood collectives' neighbours. */
    private final Neighbourhood neighbours;

    Graphcomm(Intracomm graph, int[] index, int[] edges) {
        super("graph communicator of " + index.length + " nodes", false);
        bind(graph.rt, graph.context, graph.rank, graph.size, graph.worldRanks());
        inheritFrom(graph);
        this.index = index.clone();
        this.edges = edges.clone();
        this.adjacency = null;
        int[] mine = neighboursOf(graph.rank);
        this.neighbours = Neighbourhood.of(mine, mine);
    }

    Graphcomm(Intracomm graph, DistGraphNeighbors adjacency) {
        super("distributed graph communicator of " + graph.size + " ranks", false);
        bind(graph.rt, graph.context, graph.rank, graph.size, graph.worldRanks());
        inheritFrom(graph);
        this.index = null;
        this.edges = null;
        this.adjacency = adjacency;
        this.neighbours = adjacency.neighbourhood();
    }

    /** A communicator that is null from the start: what a rank outside a graph gets from {@code createGraph}. */
    Graphcomm(String name) {
        super(name, false);
        this.index = new int[0];
        this.edges = new int[0];
        this.adjacency = null;
        this.neighbours = null;
    }

    /** Checks the arguments of a graph's creation; {@code call} names it in the error. */
    static void checkGraph(String call, int[] index, int[] edges, Comm parent) {
        // No nodes is legal (MPI-2.1): every rank gets a null communicator.
        if (index == null || edges == null || index.length > parent.size) {
            throw new MPIException(MPI.ERR_ARG, call + ": needs at most " + parent.size + " nodes");
        }
        for (int i = 0; i < index.length; i++) {
            if (index[i] < (i == 0 ? 0 : index[i - 1]) || index[i] > edges.length) {
                throw new MPIException(MPI.ERR_ARG, call + ": index must be non-decreasing and within the "
                    + edges.length + " edges; index[" + i + "] = " + index[i]);
            }
        }
        for (int e : edges) {
            if (e < 0 || e >= index.length) {
                throw new MPIException(MPI.ERR_ARG, call + ": edge to " + e + " is not a node of the graph");
            }
        }
    }

    /**
     * A duplicate with the same graph and a context of its own. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public Graphcomm clone() {
        checkUsable();
        return adjacency == null ? new GraphComm(Dup(), index, edges) : new GraphComm(Dup(), adjacency);
    }

    @Override
    final Neighbourhood neighbourhood(String call) {
        return neighbours;
    }

    /**
     * {@return the graph's {@code index} and {@code edges}, as {@code Create_graph} was given them}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TOPOLOGY} for a distributed graph; {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public GraphParms Get() {
        return parms("Get");
    }

    final GraphParms parms(String call) {
        requireWholeGraph(call);
        return new GraphParms(index.clone(), edges.clone());
    }

    /**
     * {@return the neighbours of {@code rank}}
     *
     * @param rank a rank of this communicator
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_RANK} if {@code rank} is not a rank of this communicator; {@code MPI.ERR_TOPOLOGY} for a
     *     distributed graph; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public int[] Neighbours(int rank) {
        return neighbours("Neighbours", rank);
    }

    final int[] neighbours(String call, int rank) {
        requireWholeGraph(call);
        if (rank < 0 || rank >= index.length) {
            throw new MPIException(MPI.ERR_RANK, call + ": rank " + rank + " is not a node of the graph of " + index.length);
        }
        return neighboursOf(rank);
    }

    private int[] neighboursOf(int rank) {
        int from = rank == 0 ? 0 : index[rank - 1];
        return java.util.Arrays.copyOfRange(edges, from, index[rank]);
    }

    /** A distributed graph's edges of this rank. */
    final DistGraphNeighbors adjacency(String call) {
        checkUsable();
        if (adjacency == null) {
            throw new MPIException(MPI.ERR_TOPOLOGY, call + ": " + this + " has a graph topology, not a distributed graph;"
                + " its neighbours are given by getNeighbors");
        }
        return adjacency;
    }

    /** Raises ERR_TOPOLOGY for a distributed graph, whose ranks do not know the whole graph. */
    private void requireWholeGraph(String call) {
        checkUsable();
        if (index == null) {
            throw new MPIException(MPI.ERR_TOPOLOGY, call + ": " + this + " has a distributed graph topology, of which each"
                + " rank knows only its own edges; they are given by getDistGraphNeighbors");
        }
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
    public int Map(int[] index, int[] edges) {
        checkUsable();
        checkGraph("Map", index, edges, this);
        return Intracomm.mapToGrid(new int[] {index.length}, rank, size);
    }

    /**
     * {@code MPI.GRAPH}, or {@code MPI.DIST_GRAPH} for a distributed graph.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public int Topo_test() {
        checkUsable();
        return adjacency == null ? MPI.GRAPH : MPI.DIST_GRAPH;
    }
}
