package org.hympj.comm.coll;

import org.hympj.comm.core.CommunicatorCore;

/**
 * The neighbours of one rank in a process topology, as the neighbourhood collectives address
 * them: the sources it receives from and the destinations it sends to, each in the order of
 * the receive and send buffer's blocks, with the tag the message of each block carries. A
 * neighbour may be {@code PROC_NULL} (a border of a non-periodic Cartesian dimension): its
 * block is neither sent nor received.
 *
 * <p>The tags keep apart the messages of two blocks between the same pair of ranks where MPI
 * pairs them by direction rather than by order: in a Cartesian dimension of size 1 or 2 a rank's
 * neighbour in the negative and in the positive direction is one rank, and what a rank sends
 * in the positive direction is what its positive neighbour receives from the negative one.
 * Graph and distributed graph neighbours carry one tag; the messages of repeated edges between
 * two ranks are paired in order, as the engine delivers the messages of one sender and tag.
 *
 * <p>Invariant: immutable; {@code sources.length == sourceTags.length} and
 * {@code destinations.length == destinationTags.length}; every tag is at least
 * {@link CollectiveKind#NEIGHBOURHOOD}, above the tags of the other collectives.
 */
public final class Neighbourhood {
    private final int[] sources;
    private final int[] sourceTags;
    private final int[] destinations;
    private final int[] destinationTags;

    private Neighbourhood(int[] sources, int[] sourceTags, int[] destinations, int[] destinationTags) {
        this.sources = sources;
        this.sourceTags = sourceTags;
        this.destinations = destinations;
        this.destinationTags = destinationTags;
    }

    /** Graph or distributed graph neighbours: blocks from {@code sources} and to {@code destinations}, in their order. */
    public static Neighbourhood of(int[] sources, int[] destinations) {
        int[] in = new int[sources.length];
        int[] out = new int[destinations.length];
        java.util.Arrays.fill(in, CollectiveKind.NEIGHBOURHOOD);
        java.util.Arrays.fill(out, CollectiveKind.NEIGHBOURHOOD);
        return new Neighbourhood(sources.clone(), in, destinations.clone(), out);
    }

    /**
     * Cartesian neighbours: {@code shifts} holds, for each dimension {@code d}, the rank one step
     * back ({@code shifts[2d]}) and one step forward ({@code shifts[2d+1]}), {@code PROC_NULL}
     * past a non-periodic border. Block {@code 2d} goes to and comes from the rank one step
     * back, block {@code 2d+1} the rank one step forward; a rank's forward block arrives as its
     * forward neighbour's backward block and the other way round.
     */
    public static Neighbourhood cartesian(int[] shifts) {
        int n = shifts.length;
        int[] sent = new int[n];
        int[] received = new int[n];
        for (int d = 0; 2 * d < n; d++) {
            int backward = CollectiveKind.NEIGHBOURHOOD + 1 + 2 * d;
            int forward = backward + 1;
            sent[2 * d] = backward;
            sent[2 * d + 1] = forward;
            // From the neighbour behind comes what it sent forward, and the other way round.
            received[2 * d] = forward;
            received[2 * d + 1] = backward;
        }
        return new Neighbourhood(shifts.clone(), received, shifts.clone(), sent);
    }

    public int sourceCount() {
        return sources.length;
    }

    public int destinationCount() {
        return destinations.length;
    }

    /** The rank block {@code i} of the receive buffer comes from, or {@code PROC_NULL}. */
    public int source(int i) {
        return sources[i];
    }

    /** The rank block {@code i} of the send buffer goes to, or {@code PROC_NULL}. */
    public int destination(int i) {
        return destinations[i];
    }

    int sourceTag(int i) {
        return sourceTags[i];
    }

    int destinationTag(int i) {
        return destinationTags[i];
    }

    static boolean isNull(int rank) {
        return rank == CommunicatorCore.PROC_NULL;
    }
}
