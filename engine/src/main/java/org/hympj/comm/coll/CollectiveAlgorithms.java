package org.hympj.comm.coll;

import static org.hympj.comm.coll.CollectiveKind.ALLGATHER;
import static org.hympj.comm.coll.CollectiveKind.ALLTOALL;
import static org.hympj.comm.coll.CollectiveKind.BARRIER;
import static org.hympj.comm.coll.CollectiveKind.BCAST;
import static org.hympj.comm.coll.CollectiveKind.GATHER;
import static org.hympj.comm.coll.CollectiveKind.REDUCE;
import static org.hympj.comm.coll.CollectiveKind.RING;
import static org.hympj.comm.coll.CollectiveKind.SCAN;
import static org.hympj.comm.coll.CollectiveKind.SCATTER;
import static org.hympj.comm.core.CommunicatorCore.PROC_NULL;

import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.Reduction;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.match.ReceiveOperation;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;

/**
 * The collective algorithms, each among {@code n} members of a communicator with this rank
 * at index {@code me}: a member list of communicator ranks, or null for the whole
 * communicator in rank order. Which one a collective uses is {@link Collectives}'s choice;
 * these only run it.
 *
 * <p>Every message travels on the communicator's collective context, tagged with its
 * collective's {@link CollectiveKind}. Reductions take packed contributions (a derived
 * type's items back to back) and meet them in rank order where the algorithm allows, so a
 * non-commutative operation is applied in order. Arguments reaching here are checked.
 */
final class CollectiveAlgorithms {
    /** The type of messages that carry nothing: a barrier's. */
    static final TypeMap NOTHING = TypeMap.basic(ElementType.BYTE, 1, "MPI.BYTE");

    private CollectiveAlgorithms() {
    }

    // ---------------------------------------------------------------- barrier

    /** The dissemination barrier: in step k each member signals the one 2^k above it and waits for the one 2^k below. */
    static void dissemination(CommunicatorCore c, int[] members, int me, int n) {
        for (int k = 1; k < n; k <<= 1) {
            c.collectiveExchange(null, 0, 0, NOTHING, member(members, (me + k) % n),
                null, 0, 0, NOTHING, member(members, (me - k + n) % n), BARRIER);
        }
    }

    /** Empty messages up a binomial tree to the member at index 0: it returns once its subtree arrived. */
    static void fanIn(CommunicatorCore c, int[] members, int me) {
        for (int mask = 1; mask < members.length; mask <<= 1) {
            if ((me & mask) != 0) {
                send(c, null, 0, 0, NOTHING, members[me - mask], BARRIER);
                return;
            }
            if (me + mask < members.length) {
                receive(c, null, 0, 0, NOTHING, members[me + mask], BARRIER);
            }
        }
    }

    // ---------------------------------------------------------------- broadcast

    /** A binomial tree from the member at {@code rootIndex}. */
    static void binomialBroadcast(CommunicatorCore c, int[] members, int me, int n, int rootIndex, Object buf, int offset,
                                  int count, TypeMap type) {
        int relative = (me - rootIndex + n) % n;
        int mask = 1;
        while (mask < n) {
            if ((relative & mask) != 0) {
                receive(c, buf, offset, count, type, member(members, (relative - mask + rootIndex) % n), BCAST);
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (relative + mask < n) {
                send(c, buf, offset, count, type, member(members, (relative + mask + rootIndex) % n), BCAST);
            }
        }
    }

    /**
     * The members in a chain from the root, the payload in chunks of {@code chunkItems}: at
     * step k a member receives chunk k from its predecessor while it forwards chunk k-1 to its
     * successor (the receive is posted before the send starts), so all hops move at once.
     */
    static void chainBroadcast(CommunicatorCore c, int[] members, int me, int n, int rootIndex, Object buf, int offset,
                               int count, TypeMap type, int chunkItems) {
        int position = (me - rootIndex + n) % n;
        int previous = position == 0 ? PROC_NULL : member(members, (me - 1 + n) % n);
        int next = position == n - 1 ? PROC_NULL : member(members, (me + 1) % n);
        int chunks = (count + chunkItems - 1) / chunkItems;
        int extent = type.extent;
        for (int k = 0; k <= chunks; k++) {
            int out = previous == PROC_NULL ? k : k - 1;
            boolean sending = next != PROC_NULL && out >= 0 && out < chunks;
            boolean receiving = previous != PROC_NULL && k < chunks;
            if (!sending && !receiving) {
                continue;
            }
            int outFirst = sending ? out * chunkItems : 0;
            int inFirst = receiving ? k * chunkItems : 0;
            c.collectiveExchange(buf, offset + outFirst * extent, sending ? Math.min(chunkItems, count - outFirst) : 0, type,
                sending ? next : PROC_NULL,
                buf, offset + inFirst * extent, receiving ? Math.min(chunkItems, count - inFirst) : 0, type,
                receiving ? previous : PROC_NULL, BCAST);
        }
    }

    // ---------------------------------------------------------------- reductions

    /**
     * Binomial-tree reduction towards the member at {@code rootIndex} of {@code accumulator}
     * (this member's contribution; it may be overwritten). Returns the combined result at the
     * root (a partial one elsewhere). Each member's accumulator covers the members just above
     * it, relative to the root, and meets its children's in that order.
     */
    static Object binomialReduce(CommunicatorCore c, int[] members, int me, int n, int rootIndex, Object accumulator,
                                 int count, TypeMap packed, Reduction op) {
        Object incoming = n > 1 ? packed.base.newArray(count * packed.width) : null;
        int relative = (me - rootIndex + n) % n;
        for (int mask = 1; mask < n; mask <<= 1) {
            if ((relative & mask) != 0) {
                send(c, accumulator, 0, count, packed, member(members, (relative - mask + rootIndex) % n), REDUCE);
                break;
            }
            if (relative + mask < n) {
                receive(c, incoming, 0, count, packed, member(members, (relative + mask + rootIndex) % n), REDUCE);
                Object combined = op.combine(accumulator, incoming, count, packed);
                incoming = combined == accumulator ? incoming : accumulator;
                accumulator = combined;
            }
        }
        return accumulator;
    }

    /**
     * A ring reduce-scatter, then a gather of the reduced chunks at the member at
     * {@code rootIndex} (commutative operations): each member sends about 2(n-1)/n of the
     * payload, where a tree root receives it log n times. Returns the result at the root.
     */
    static Object ringReduce(CommunicatorCore c, int[] members, int me, int n, int rootIndex, Object accumulator, int count,
                             TypeMap packed, Reduction op) {
        ringReduceScatter(c, members, me, n, accumulator, count, packed, op);
        int w = packed.width;
        if (me != rootIndex) {
            int chunk = (me + 1) % n;
            send(c, accumulator, chunkStart(chunk, count, n) * w, chunkItems(chunk, count, n), packed,
                member(members, rootIndex), REDUCE);
            return accumulator;
        }
        for (int m = 0; m < n; m++) {
            if (m != me) {
                int chunk = (m + 1) % n;
                receive(c, accumulator, chunkStart(chunk, count, n) * w, chunkItems(chunk, count, n), packed,
                    member(members, m), REDUCE);
            }
        }
        return accumulator;
    }

    /**
     * All-reduce by recursive doubling: log2 n exchanges in which every member takes part,
     * where a reduction and a broadcast take 2 log2 n steps one after another. With p the
     * largest power of two not above n, the first 2(n-p) members pair up first (each even one
     * hands its contribution to the odd one above it and gets the result back at the end).
     * At every step both partners compute (lower members' partial) op (higher members'
     * partial), the same operands in the same order, so every member ends with the same bits,
     * and the operands always cover consecutive members in order, so a non-commutative
     * operation is applied in rank order. Returns the result.
     */
    static Object recursiveDoubling(CommunicatorCore c, int[] members, int me, int n, Object accumulator, int count,
                                    TypeMap packed, Reduction op, int kind) {
        int p = Integer.highestOneBit(n);
        int paired = 2 * (n - p);
        Object incoming = packed.base.newArray(count * packed.width);
        int virtual;
        if (me < paired && me % 2 == 0) {
            send(c, accumulator, 0, count, packed, member(members, me + 1), kind);
            virtual = -1;
        } else if (me < paired) {
            receive(c, incoming, 0, count, packed, member(members, me - 1), kind);
            Object combined = op.combine(incoming, accumulator, count, packed);
            incoming = combined == accumulator ? incoming : accumulator;
            accumulator = combined;
            virtual = me / 2;
        } else {
            virtual = me - paired / 2;
        }
        if (virtual >= 0) {
            for (int mask = 1; mask < p; mask <<= 1) {
                int other = virtual ^ mask;
                int partner = member(members, other < paired / 2 ? 2 * other + 1 : other + paired / 2);
                c.collectiveExchange(accumulator, 0, count, packed, partner, incoming, 0, count, packed, partner, kind);
                Object combined = other < virtual
                    ? op.combine(incoming, accumulator, count, packed)
                    : op.combine(accumulator, incoming, count, packed);
                incoming = combined == accumulator ? incoming : accumulator;
                accumulator = combined;
            }
        }
        if (me < paired && me % 2 == 0) {
            receive(c, accumulator, 0, count, packed, member(members, me + 1), kind);
        } else if (me < paired) {
            send(c, accumulator, 0, count, packed, member(members, me - 1), kind);
        }
        return accumulator;
    }

    /**
     * The ring all-reduce (commutative operations; at least one item per member): a ring
     * reduce-scatter, after which member m holds chunk m+1 fully reduced, then n-1 steps that
     * pass the finished chunks around (all-gather). Each member moves about 2(n-1)/n of the
     * payload instead of the whole of it several times, and every chunk is reduced once, by one
     * member, so every member ends with the same bits. The result is in {@code accumulator}.
     */
    static void ringAllreduce(CommunicatorCore c, int[] members, int me, int n, Object accumulator, int count, TypeMap packed,
                              Reduction op) {
        ringReduceScatter(c, members, me, n, accumulator, count, packed, op);
        int w = packed.width;
        int right = member(members, (me + 1) % n);
        int left = member(members, (me - 1 + n) % n);
        for (int step = 0; step < n - 1; step++) {
            int out = (me + 1 - step + n) % n;
            int in = (me - step + n) % n;
            c.collectiveExchange(accumulator, chunkStart(out, count, n) * w, chunkItems(out, count, n),
                packed, right, accumulator, chunkStart(in, count, n) * w, chunkItems(in, count, n),
                packed, left, RING);
        }
    }

    /**
     * The reduce-scatter half of the ring: the items are cut into one chunk per member; in n-1
     * steps each member passes a partial chunk to its right neighbour and folds the one from its
     * left into its accumulator. Afterwards member {@code me} holds chunk {@code (me + 1) % n}
     * fully reduced (reduced once, by one member).
     */
    private static void ringReduceScatter(CommunicatorCore c, int[] members, int me, int n, Object accumulator, int count,
                                          TypeMap packed, Reduction op) {
        int w = packed.width;
        Object incoming = packed.base.newArray((count / n + 1) * w);
        int right = member(members, (me + 1) % n);
        int left = member(members, (me - 1 + n) % n);
        for (int step = 0; step < n - 1; step++) {
            int out = (me - step + n) % n;
            int in = (me - step - 1 + n) % n;
            int inStart = chunkStart(in, count, n);
            int inItems = chunkItems(in, count, n);
            c.collectiveExchange(accumulator, chunkStart(out, count, n) * w, chunkItems(out, count, n),
                packed, right, incoming, 0, inItems, packed, left, RING);
            op.fold(incoming, 0, accumulator, inStart * w, inItems, packed);
        }
    }

    /** The first item of chunk {@code chunk} when {@code count} items are cut into {@code n} chunks. */
    private static int chunkStart(int chunk, int count, int n) {
        return (int) ((long) count * chunk / n);
    }

    /** The items of chunk {@code chunk} when {@code count} items are cut into {@code n} chunks. */
    private static int chunkItems(int chunk, int count, int n) {
        return chunkStart(chunk + 1, count, n) - chunkStart(chunk, count, n);
    }

    /**
     * Inclusive prefix reduction down a chain of the communicator's ranks: rank r waits for the
     * reduction of ranks 0 to r-1, combines its own into it and passes it on. Returns the result
     * (packed).
     */
    static Object chainScan(CommunicatorCore c, Object mine, int count, TypeMap packed, Reduction op) {
        int rank = c.rank();
        if (rank > 0) {
            Object below = packed.base.newArray(count * packed.width);
            receive(c, below, 0, count, packed, rank - 1, SCAN);
            mine = op.combine(below, mine, count, packed);
        }
        if (rank < c.size() - 1) {
            send(c, mine, 0, count, packed, rank + 1, SCAN);
        }
        return mine;
    }

    /**
     * A chain for the exclusive scan: rank {@code r} takes the reduction of ranks 0 to r-1 from
     * rank r-1 and hands on that combined with its own. Returns the received reduction, or
     * null at rank 0, which gets none.
     */
    static Object chainExscan(CommunicatorCore c, Object mine, int count, TypeMap packed, Reduction op) {
        int rank = c.rank();
        int elements = count * packed.width;
        Object below = null;
        if (rank > 0) {
            below = packed.base.newArray(elements);
            receive(c, below, 0, count, packed, rank - 1, SCAN);
        }
        if (rank < c.size() - 1) {
            Object onward = mine;
            if (below != null) {
                // combine may write into either operand: the result handed back stays untouched.
                Object lower = packed.base.newArray(elements);
                System.arraycopy(below, 0, lower, 0, elements);
                onward = op.combine(lower, mine, count, packed);
            }
            send(c, onward, 0, count, packed, rank + 1, SCAN);
        }
        return below;
    }

    // ---------------------------------------------------------------- gather, scatter, all-gather, all-to-all

    /** Linear: every rank sends its block to the root, which takes them in rank order. */
    static void linearGatherv(CommunicatorCore c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                              Object recvbuf, int recvoffset, int[] recvcount, int[] displs, TypeMap recvtype, int root) {
        if (c.rank() != root) {
            send(c, sendbuf, sendoffset, sendcount, sendtype, root, GATHER);
            return;
        }
        for (int r = 0; r < c.size(); r++) {
            int at = recvoffset + displs[r] * recvtype.extent;
            if (r == root) {
                copyOwnBlock("Gather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, at, recvcount[r], recvtype);
            } else {
                receive(c, recvbuf, at, recvcount[r], recvtype, r, GATHER);
            }
        }
    }

    /** Linear: the root sends every rank its block in rank order. */
    static void linearScatterv(CommunicatorCore c, Object sendbuf, int sendoffset, int[] sendcount, int[] displs,
                               TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        if (c.rank() != root) {
            receive(c, recvbuf, recvoffset, recvcount, recvtype, root, SCATTER);
            return;
        }
        for (int r = 0; r < c.size(); r++) {
            int at = sendoffset + displs[r] * sendtype.extent;
            if (r == root) {
                copyOwnBlock("Scatter", sendbuf, at, sendcount[r], sendtype, recvbuf, recvoffset, recvcount, recvtype);
            } else {
                send(c, sendbuf, at, sendcount[r], sendtype, r, SCATTER);
            }
        }
    }

    /** A ring: at step s each rank passes on the block it got at step s-1 (its own at step 0). */
    static void ringAllgatherv(CommunicatorCore c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                               Object recvbuf, int recvoffset, int[] recvcount, int[] displs, TypeMap recvtype) {
        int rank = c.rank();
        int size = c.size();
        int w = recvtype.extent;
        copyOwnBlock("Allgather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset + displs[rank] * w,
            recvcount[rank], recvtype);
        int right = (rank + 1) % size;
        int left = (rank - 1 + size) % size;
        for (int step = 0; step < size - 1; step++) {
            int out = (rank - step + size) % size;
            int in = (rank - step - 1 + size) % size;
            c.collectiveExchange(recvbuf, recvoffset + displs[out] * w, recvcount[out], recvtype, right,
                recvbuf, recvoffset + displs[in] * w, recvcount[in], recvtype, left, ALLGATHER);
        }
    }

    /** {@link #pairwiseAlltoallw} with one array and one type on each side, blocks at displacements in items. */
    static void pairwiseAlltoallv(CommunicatorCore c, Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls,
                                  TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls,
                                  TypeMap recvtype) {
        int size = c.size();
        Object[] sendbufs = new Object[size];
        int[] sendoffsets = new int[size];
        TypeMap[] sendtypes = new TypeMap[size];
        Object[] recvbufs = new Object[size];
        int[] recvoffsets = new int[size];
        TypeMap[] recvtypes = new TypeMap[size];
        for (int r = 0; r < size; r++) {
            sendbufs[r] = sendbuf;
            sendoffsets[r] = sendoffset + sdispls[r] * sendtype.extent;
            sendtypes[r] = sendtype;
            recvbufs[r] = recvbuf;
            recvoffsets[r] = recvoffset + rdispls[r] * recvtype.extent;
            recvtypes[r] = recvtype;
        }
        pairwiseAlltoallw(c, sendbufs, sendoffsets, sendcount, sendtypes, recvbufs, recvoffsets, recvcount, recvtypes);
    }

    /**
     * Pairwise, with every receive posted first: each rank posts its receive from every other
     * rank, then sends to rank+1, rank+2, ... and then waits for its receives. No send waits for
     * a partner to reach the same step, so on a node with more ranks than cores a step costs no
     * wake-up; a large send still waits only for a receive that is already posted, so nothing
     * deadlocks. Each block has its own array, element offset, count and type.
     */
    static void pairwiseAlltoallw(CommunicatorCore c, Object[] sendbufs, int[] sendoffsets, int[] sendcount, TypeMap[] sendtypes,
                                  Object[] recvbufs, int[] recvoffsets, int[] recvcount, TypeMap[] recvtypes) {
        int rank = c.rank();
        int size = c.size();
        ReceiveOperation[] incoming = new ReceiveOperation[size];
        try {
            for (int i = 1; i < size; i++) {
                int source = (rank - i + size) % size;
                incoming[i] = c.postCollectiveReceive(recvbufs[source], recvoffsets[source], recvcount[source],
                    recvtypes[source], source, ALLTOALL);
            }
            // Our own block after the receives are posted: a large block from another process
            // that arrives while we copy would otherwise find no receive and be staged in a
            // buffer of its own size, then copied again.
            copyOwnBlock("Alltoall", sendbufs[rank], sendoffsets[rank], sendcount[rank], sendtypes[rank],
                recvbufs[rank], recvoffsets[rank], recvcount[rank], recvtypes[rank]);
            for (int i = 1; i < size; i++) {
                int dest = (rank + i) % size;
                send(c, sendbufs[dest], sendoffsets[dest], sendcount[dest], sendtypes[dest], dest, ALLTOALL);
            }
            for (int i = 1; i < size; i++) {
                int source = (rank - i + size) % size;
                ReceiveOperation r = incoming[i];
                incoming[i] = null;
                c.completeCollectiveReceive(r, source, ALLTOALL, recvbufs[source], recvoffsets[source], recvtypes[source]);
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

    /** This rank's own block goes straight from its send buffer to its receive buffer. */
    private static void copyOwnBlock(String call, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                     Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        if (sendtype.base != recvtype.base) {
            throw new EngineException(ErrorClass.ERR_TYPE, call + ": send datatype " + sendtype + " and receive datatype "
                + recvtype + " differ");
        }
        int elements = sendcount * sendtype.width;
        if (elements > recvcount * recvtype.width) {
            throw new EngineException(ErrorClass.ERR_TRUNCATE, call + ": a block of " + sendcount + " items of " + sendtype
                + " does not fit a receive block of " + recvcount + " items of " + recvtype);
        }
        if (sendtype.contiguous) {
            recvtype.unpack(sendbuf, sendoffset, elements, recvbuf, recvoffset);
        } else {
            recvtype.unpack(sendtype.packed(sendbuf, sendoffset, sendcount), 0, elements, recvbuf, recvoffset);
        }
    }

    // ---------------------------------------------------------------- messages

    static void send(CommunicatorCore c, Object buf, int offset, int count, TypeMap type, int dest, int tag) {
        c.collectiveExchange(buf, offset, count, type, dest, null, 0, 0, type, PROC_NULL, tag);
    }

    static void receive(CommunicatorCore c, Object buf, int offset, int count, TypeMap type, int source, int tag) {
        c.collectiveExchange(null, 0, 0, type, PROC_NULL, buf, offset, count, type, source, tag);
    }

    /** Member {@code i} of a group as a communicator rank; a null group is the whole communicator. */
    static int member(int[] members, int i) {
        return members == null ? i : members[i];
    }
}
