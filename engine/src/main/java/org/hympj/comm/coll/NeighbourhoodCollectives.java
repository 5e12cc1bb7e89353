package org.hympj.comm.coll;

import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.match.ReceiveOperation;

/**
 * The neighbourhood collectives of a communicator with a process topology: every rank sends a
 * block to each of its destinations and receives a block from each of its sources, as its
 * {@link Neighbourhood} lists them. Messages travel on the communicator's collective context,
 * so they never match a user's receive.
 *
 * <p>Every receive is posted before the first send: a rank's sends then find the receives
 * of every neighbour that has entered the call, and no two ranks can wait on each other's
 * sends. A {@code PROC_NULL} neighbour's block is neither sent nor written.
 */
public final class NeighbourhoodCollectives {
    private NeighbourhoodCollectives() {
    }

    /**
     * Block {@code i} of the send buffer ({@code sendcount[i]} items from item
     * {@code sdispls[i]}) goes to destination {@code i}; the block from source {@code i} lands
     * at item {@code rdispls[i]} of the receive buffer ({@code recvcount[i]} items at most). An
     * all-gather is the case where every send block is the same.
     */
    public static void alltoallv(CommunicatorCore c, Neighbourhood n, Object sendbuf, int sendoffset, int[] sendcount,
                                 int[] sdispls, TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcount,
                                 int[] rdispls, TypeMap recvtype) {
        int sources = n.sourceCount();
        ReceiveOperation[] incoming = new ReceiveOperation[sources];
        try {
            for (int i = 0; i < sources; i++) {
                int source = n.source(i);
                if (!Neighbourhood.isNull(source)) {
                    incoming[i] = c.postCollectiveReceive(recvbuf, recvoffset + rdispls[i] * recvtype.extent, recvcount[i],
                        recvtype, source, n.sourceTag(i));
                }
            }
            for (int i = 0; i < n.destinationCount(); i++) {
                int dest = n.destination(i);
                if (!Neighbourhood.isNull(dest)) {
                    CollectiveAlgorithms.send(c, sendbuf, sendoffset + sdispls[i] * sendtype.extent, sendcount[i], sendtype, dest,
                        n.destinationTag(i));
                }
            }
            for (int i = 0; i < sources; i++) {
                ReceiveOperation r = incoming[i];
                if (r != null) {
                    incoming[i] = null;
                    c.completeCollectiveReceive(r, n.source(i), n.sourceTag(i), recvbuf,
                        recvoffset + rdispls[i] * recvtype.extent, recvtype);
                }
            }
        } catch (RuntimeException | Error e) {
            for (ReceiveOperation r : incoming) {
                if (r != null) {
                    CommunicatorCore.abandonCollectiveReceive(r);
                }
            }
            throw e;
        }
    }
}
