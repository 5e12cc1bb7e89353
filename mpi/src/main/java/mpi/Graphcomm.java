package mpi;

/**
 * A communicator whose ranks are the nodes of a graph, given as MPI's {@code index} and
 * {@code edges} arrays (the neighbours of node i are {@code edges[index[i-1] .. index[i])}).
 * Ranks are not reordered.
 */
public class Graphcomm extends Intracomm {
    private final int[] index;
    private final int[] edges;

    Graphcomm(Intracomm graph, int[] index, int[] edges) {
        super("graph communicator of " + index.length + " nodes", false);
        bind(graph.rt, graph.context, graph.rank, graph.size, graph.worldRanks());
        inheritFrom(graph);
        this.index = index.clone();
        this.edges = edges.clone();
    }

    /** A duplicate with the same graph and a context of its own. Collective. */
    @Override
    public Graphcomm clone() {
        return new Graphcomm(Dup(), index, edges);
    }

    public GraphParms Get() {
        checkUsable();
        return new GraphParms(index.clone(), edges.clone());
    }

    /** The neighbours of {@code rank}. */
    public int[] Neighbours(int rank) {
        checkUsable();
        if (rank < 0 || rank >= index.length) {
            throw new MPIException(MPI.ERR_RANK, "Neighbours: rank " + rank + " is not a node of the graph of " + index.length);
        }
        int from = rank == 0 ? 0 : index[rank - 1];
        return java.util.Arrays.copyOfRange(edges, from, index[rank]);
    }

    /** The rank this process would have in a graph of {@code index.length} nodes, or UNDEFINED. */
    public int Map(int[] index, int[] edges) {
        checkUsable();
        return Intracomm.mapToGrid(new int[] {index.length}, rank, size);
    }

    @Override
    public int Topo_test() {
        checkUsable();
        return MPI.GRAPH;
    }
}
