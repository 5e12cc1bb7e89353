package org.hympj.comm.coll;

import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.TypeMap;

/**
 * The adjacency of one rank in a distributed graph: the ranks with an edge into it (its
 * sources) and out of it (its destinations), each edge with its weight.
 *
 * <p>{@link #exchange} builds it from edges that any rank may declare (MPI_Dist_graph_create):
 * every declared edge goes to both of its ends, and each rank lists the edges it receives in
 * the order of the declaring ranks, then in the order each declared them. Every rank therefore
 * lists a pair's repeated edges in one order, which the neighbourhood collectives rely on.
 *
 * <p>Invariant: immutable; the weight arrays are as long as the rank arrays.
 */
public final class DistributedGraph {
    private static final TypeMap INTS = TypeMap.basic(ElementType.INT, 1, "MPI.INT");
    /** Ints that describe one edge in the exchange: source, destination, weight. */
    private static final int EDGE = 3;

    private final int[] sources;
    private final int[] sourceWeights;
    private final int[] destinations;
    private final int[] destinationWeights;

    public DistributedGraph(int[] sources, int[] sourceWeights, int[] destinations, int[] destinationWeights) {
        this.sources = sources.clone();
        this.sourceWeights = sourceWeights.clone();
        this.destinations = destinations.clone();
        this.destinationWeights = destinationWeights.clone();
    }

    /**
     * The adjacency of this rank when every rank declares the edges
     * {@code sources[i] -> destinations[k]} for the {@code degrees[i]} values of {@code k}
     * following those of {@code sources[i-1]}, with weight {@code weights[k]}. The caller has
     * checked the arguments (ranks of {@code c}, enough destinations and weights). Collective
     * over {@code c}.
     */
    public static DistributedGraph exchange(CommunicatorCore c, int[] sources, int[] degrees, int[] destinations,
                                            int[] weights) {
        int size = c.size();
        int[] sendcount = new int[size];
        for (int i = 0, k = 0; i < sources.length; i++) {
            for (int j = 0; j < degrees[i]; j++, k++) {
                sendcount[sources[i]] += EDGE;
                if (destinations[k] != sources[i]) {
                    sendcount[destinations[k]] += EDGE;
                }
            }
        }
        int[] sdispls = displacements(sendcount);
        int[] outgoing = new int[sdispls[size - 1] + sendcount[size - 1]];
        int[] filled = sdispls.clone();
        for (int i = 0, k = 0; i < sources.length; i++) {
            for (int j = 0; j < degrees[i]; j++, k++) {
                int s = sources[i];
                int d = destinations[k];
                filled[s] = put(outgoing, filled[s], s, d, weights[k]);
                if (d != s) {
                    filled[d] = put(outgoing, filled[d], s, d, weights[k]);
                }
            }
        }
        int[] recvcount = new int[size];
        int[] ones = new int[size];
        java.util.Arrays.fill(ones, 1);
        Collectives.alltoallv(c, sendcount, 0, ones, displacements(ones), INTS, recvcount, 0, ones, displacements(ones), INTS);
        int[] rdispls = displacements(recvcount);
        int[] incoming = new int[rdispls[size - 1] + recvcount[size - 1]];
        Collectives.alltoallv(c, outgoing, 0, sendcount, sdispls, INTS, incoming, 0, recvcount, rdispls, INTS);

        int me = c.rank();
        int in = 0;
        int out = 0;
        for (int e = 0; e < incoming.length; e += EDGE) {
            in += incoming[e + 1] == me ? 1 : 0;
            out += incoming[e] == me ? 1 : 0;
        }
        int[] from = new int[in];
        int[] fromWeights = new int[in];
        int[] to = new int[out];
        int[] toWeights = new int[out];
        in = 0;
        out = 0;
        for (int e = 0; e < incoming.length; e += EDGE) {
            if (incoming[e + 1] == me) {
                from[in] = incoming[e];
                fromWeights[in++] = incoming[e + 2];
            }
            if (incoming[e] == me) {
                to[out] = incoming[e + 1];
                toWeights[out++] = incoming[e + 2];
            }
        }
        return new DistributedGraph(from, fromWeights, to, toWeights);
    }

    private static int put(int[] edges, int at, int source, int destination, int weight) {
        edges[at] = source;
        edges[at + 1] = destination;
        edges[at + 2] = weight;
        return at + EDGE;
    }

    private static int[] displacements(int[] counts) {
        int[] displs = new int[counts.length];
        for (int r = 1; r < counts.length; r++) {
            displs[r] = displs[r - 1] + counts[r - 1];
        }
        return displs;
    }

    public int sourceCount() {
        return sources.length;
    }

    public int source(int i) {
        return sources[i];
    }

    public int sourceWeight(int i) {
        return sourceWeights[i];
    }

    public int destinationCount() {
        return destinations.length;
    }

    public int destination(int i) {
        return destinations[i];
    }

    public int destinationWeight(int i) {
        return destinationWeights[i];
    }

    /** The neighbourhood the collectives address: from the sources, to the destinations, in this order. */
    public Neighbourhood neighbourhood() {
        return Neighbourhood.of(sources, destinations);
    }
}
