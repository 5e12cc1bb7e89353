package mpi;

import org.hympj.comm.coll.DistributedGraph;
import org.hympj.comm.coll.Neighbourhood;

/**
 * The edges of one rank in a distributed graph ({@code GraphComm.getDistGraphNeighbors}): the
 * ranks with an edge into it (its sources) and out of it (its destinations), in the order the
 * neighbourhood collectives use for their blocks, with each edge's weight. A graph made
 * without weights reports every weight as 1 and {@link #isWeighted} false.
 *
 * <p>Invariant: immutable.
 */
public final class DistGraphNeighbors {
    private final DistributedGraph graph;
    private final boolean weighted;

    DistGraphNeighbors(DistributedGraph graph, boolean weighted) {
        this.graph = graph;
        this.weighted = weighted;
    }

    /**
     * {@return the number of edges into this rank}
     */
    public int getInDegree() {
        return graph.sourceCount();
    }

    /**
     * {@return the number of edges out of this rank}
     */
    public int getOutDegree() {
        return graph.destinationCount();
    }

    /**
     * {@return false when the graph was made without weights}
     */
    public boolean isWeighted() {
        return weighted;
    }

    /**
     * {@return the rank at the start of edge {@code i} into this rank}
     *
     * @param i the index of the edge, from 0
     */
    public int getSource(int i) {
        return graph.source(i);
    }

    /**
     * {@return the weight of edge {@code i} into this rank}
     *
     * @param i the index of the edge, from 0
     */
    public int getSourceWeight(int i) {
        return graph.sourceWeight(i);
    }

    /**
     * {@return the rank at the end of edge {@code i} out of this rank}
     *
     * @param i the index of the edge, from 0
     */
    public int getDestination(int i) {
        return graph.destination(i);
    }

    /**
     * {@return the weight of edge {@code i} out of this rank}
     *
     * @param i the index of the edge, from 0
     */
    public int getDestinationWeight(int i) {
        return graph.destinationWeight(i);
    }

    Neighbourhood neighbourhood() {
        return graph.neighbourhood();
    }
}
