package org.hympj.comm.coll;

import static org.hympj.comm.coll.CollectiveAlgorithms.binomialBroadcast;
import static org.hympj.comm.coll.CollectiveAlgorithms.binomialReduce;
import static org.hympj.comm.coll.CollectiveAlgorithms.chainBroadcast;
import static org.hympj.comm.coll.CollectiveAlgorithms.dissemination;
import static org.hympj.comm.coll.CollectiveAlgorithms.recursiveDoubling;
import static org.hympj.comm.coll.CollectiveAlgorithms.ringAllreduce;
import static org.hympj.comm.coll.CollectiveAlgorithms.ringReduce;
import static org.hympj.comm.coll.CollectiveAlgorithms.send;
import static org.hympj.comm.coll.CollectiveAlgorithms.receive;
import static org.hympj.comm.coll.CollectiveKind.ALLGATHER;
import static org.hympj.comm.coll.CollectiveKind.ALLTOALL;
import static org.hympj.comm.coll.CollectiveKind.REDUCE;
import static org.hympj.comm.placement.CollectiveHierarchy.JOB;
import static org.hympj.comm.placement.CollectiveHierarchy.JVM;

import java.util.function.Function;
import org.hympj.comm.coll.heap.CollectiveArea;
import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.Reduction;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.placement.CollectiveHierarchy;
import org.hympj.comm.runtime.Configuration;

/**
 * The collective operations of a communicator, each choosing its algorithm from
 * {@link CollectiveAlgorithms} by payload size, operation and where the ranks run (as Open
 * MPI's tuned module chooses among its base algorithms). Loaded once per JVM and shared by
 * every thread rank; the {@code mpi} package checks a call's arguments, then calls in here.
 *
 * <p>Choices: dissemination barrier; binomial-tree broadcast, and for large payloads in more
 * than one JVM a pipelined chain; binomial-tree reduction, for large payloads of commutative
 * operations a ring reduce-scatter and a gather at the root; all-reduce by recursive doubling
 * for small payloads and a ring for large ones, so every rank gets the same bits; linear
 * (v-)gather and (v-)scatter; ring (v-)all-gather; pairwise (v-, w-)all-to-all; a chain for
 * scan and exclusive scan; reduce-scatter as a reduction then a v-scatter. A non-commutative operation is reduced
 * through rank 0, whose tree follows rank order.
 *
 * <p><b>Node-aware.</b> Where the ranks are spread over several JVMs or nodes, barrier,
 * broadcast, reduction (commutative operations) and all-reduce walk the levels of a
 * {@link CollectiveHierarchy}: ranks of a JVM first combine in the heap, the JVM leaders of a
 * node over the node's rings, and only one head per node talks across nodes. A broadcast
 * crosses each node boundary once instead of once per rank.
 */
public final class Collectives {
    // The thresholds and switches come from the job's Configuration (hympj.allreduce.ring.bytes,
    // hympj.bcast.pipeline.bytes, hympj.bcast.chunk.bytes, hympj.collectives.hierarchical): a
    // payload from the ring threshold up takes the ring all-reduce, whose reduce-scatter and
    // all-gather move less per rank than a tree; a broadcast from the pipeline threshold up goes
    // down a chain in chunks, so that the hops overlap instead of each waiting for the whole payload.

    private Collectives() {
    }

    // ---------------------------------------------------------------- barrier

    /** Returns once every rank of the communicator has entered the barrier. */
    public static void barrier(CommunicatorCore c) {
        CollectiveArea area = c.collectiveArea(CollectiveAreas::forBarrier);
        if (area != null) {
            area.barrier(c.rank(), c.runtime().engine(), c.context() + 1, CollectiveKind.BARRIER);
            return;
        }
        CollectiveHierarchy h = hierarchy(c);
        if (h == null || h.top() != JOB) {
            // On one node a message between JVMs costs about what one inside a JVM does, and
            // the walk's longer chain of hand-offs loses to the flat dissemination; across
            // nodes the walk wins, as it crosses each node boundary once.
            dissemination(c, null, c.rank(), c.size());
            return;
        }
        // In to the leaders level by level; the leaders of the top level meet; out again.
        int top = h.top();
        for (int level = JVM; level < top; level++) {
            if (h.active(level)) {
                CollectiveAlgorithms.fanIn(c, h.group(level), h.myIndex(level));
            }
        }
        if (h.active(top)) {
            dissemination(c, h.group(top), h.myIndex(top), h.group(top).length);
        }
        for (int level = top - 1; level >= JVM; level--) {
            if (h.active(level)) {
                broadcastAmong(c, h.group(level), h.myIndex(level), h.group(level).length, 0, null, 0, 0,
                    CollectiveAlgorithms.NOTHING);
            }
        }
    }

    // ---------------------------------------------------------------- broadcast

    /** Copies {@code count} items of {@code buf} at {@code root} to {@code buf} at every rank. */
    public static void bcast(CommunicatorCore c, Object buf, int offset, int count, TypeMap type, int root) {
        // The root's payload decides between the area and messages, and the area tells the others.
        CollectiveArea area = c.collectiveArea(CollectiveAreas::forBcast);
        if (area != null && CollectiveArea.carries(type)
            && area.bcast(c.rank(), root, buf, offset, count, type, c.runtime().engine(), c.context() + 1, CollectiveKind.BCAST)) {
            return;
        }
        CollectiveHierarchy h = hierarchy(c);
        if (h == null) {
            broadcastAmong(c, null, c.rank(), c.size(), root, buf, offset, count, type);
            return;
        }
        if (pipelined(c, count, type)) {
            // One chain through every level, each JVM and node visited in one stretch: the
            // pipeline is not cut at every level, and still crosses each boundary once.
            int[] chain = h.chainFrom(root);
            int me = 0;
            while (chain[me] != c.rank()) {
                me++;
            }
            chainBroadcast(c, chain, me, c.size(), 0, buf, offset, count, type, chunkItems(c, type));
            return;
        }
        // A rank takes the data in its feed level first, then feeds the groups it stands in for
        // for the root, across nodes first.
        int from = h.feedLevel(root);
        if (from >= 0) {
            broadcastAmong(c, h.group(from), h.myIndex(from), h.group(from).length, h.rootIndex(from, root),
                buf, offset, count, type);
        }
        for (int level = JOB; level >= JVM; level--) {
            if (level != from && h.active(level)) {
                broadcastAmong(c, h.group(level), h.myIndex(level), h.group(level).length, h.rootIndex(level, root),
                    buf, offset, count, type);
            }
        }
    }

    /**
     * Broadcast among {@code n} members (null: the communicator's ranks) from the one at
     * {@code rootIndex}: a binomial tree, or for large payloads across JVMs a pipelined chain.
     * Within one JVM a message is one copy between arrays, and a chain only adds hand-offs.
     */
    private static void broadcastAmong(CommunicatorCore c, int[] members, int me, int n, int rootIndex, Object buf,
                                       int offset, int count, TypeMap type) {
        if (n >= 3 && pipelined(c, count, type) && spansJvms(c, members)) {
            chainBroadcast(c, members, me, n, rootIndex, buf, offset, count, type, chunkItems(c, type));
        } else {
            binomialBroadcast(c, members, me, n, rootIndex, buf, offset, count, type);
        }
    }

    /** Whether a broadcast of this payload goes down a chain in chunks (large, and not objects). */
    private static boolean pipelined(CommunicatorCore c, int count, TypeMap type) {
        return !type.base.isObject()
            && (long) count * type.width * type.base.size() >= settings(c).bcastPipelineBytes();
    }

    private static int chunkItems(CommunicatorCore c, TypeMap type) {
        return (int) Math.max(1, settings(c).bcastChunkBytes() / ((long) type.width * type.base.size()));
    }

    private static Configuration settings(CommunicatorCore c) {
        return c.runtime().job().configuration();
    }

    // ---------------------------------------------------------------- reductions

    /**
     * Reduces every rank's {@code count} items of {@code sendbuf} with {@code op}; the result
     * lands in {@code recvbuf}, laid out as {@code recvLayout}, at {@code root}.
     */
    public static void reduce(CommunicatorCore c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                              TypeMap type, TypeMap recvLayout, Reduction op, int root) {
        // A user's function may write the contribution it reads, which every rank reads there.
        CollectiveArea area = op.isPredefined() ? sharedArea(c, CollectiveAreas::forReduce, count, type) : null;
        if (area != null) {
            area.reduce(c.rank(), root, sendbuf, sendoffset, recvbuf, recvoffset, count, type, recvLayout, op,
                c.runtime().engine(), c.context() + 1, REDUCE);
            return;
        }
        int rank = c.rank();
        CollectiveHierarchy h = op.commutative() ? hierarchy(c) : null;
        if (h != null) {
            Object result = hierarchicalReduce(c, h, type.packed(sendbuf, sendoffset, count), count, type.packedForm(), op, root);
            if (rank == root) {
                recvLayout.unpack(result, 0, count * type.width, recvbuf, recvoffset);
            }
            return;
        }
        // A non-commutative op must meet contributions in rank order: reduce along rank 0's tree.
        int treeRoot = op.commutative() ? root : 0;
        TypeMap packed = type.packedForm();
        Object result = reduceAmong(c, null, rank, c.size(), treeRoot, type.packed(sendbuf, sendoffset, count), count, packed, op);
        if (treeRoot != root) {
            if (rank == treeRoot) {
                send(c, result, 0, count, packed, root, REDUCE);
            } else if (rank == root) {
                receive(c, recvbuf, recvoffset, count, recvLayout, treeRoot, REDUCE);
            }
        } else if (rank == root) {
            recvLayout.unpack(result, 0, count * type.width, recvbuf, recvoffset);
        }
    }

    /**
     * A reduction among {@code n} members towards the one at {@code rootIndex}: the ring and a
     * gather for large payloads of commutative operations among three or more, otherwise a
     * binomial tree. Returns the result at the root.
     */
    private static Object reduceAmong(CommunicatorCore c, int[] members, int me, int n, int rootIndex, Object accumulator,
                                      int count, TypeMap packed, Reduction op) {
        long bytes = (long) count * packed.width * packed.base.size();
        if (!op.commutative() || n < 3 || count < n || packed.base.isObject() || bytes < settings(c).allreduceRingBytes()) {
            return binomialReduce(c, members, me, n, rootIndex, accumulator, count, packed, op);
        }
        return ringReduce(c, members, me, n, rootIndex, accumulator, count, packed, op);
    }

    /**
     * A reduction towards {@code root} over the levels (commutative operations): first, bottom
     * up, the groups this rank stands in for (collecting its subtrees), then the one group where
     * it hands its partial result on. Returns the result at the root, a partial one elsewhere.
     */
    private static Object hierarchicalReduce(CommunicatorCore c, CollectiveHierarchy h, Object accumulator, int count,
                                             TypeMap packed, Reduction op, int root) {
        int to = h.feedLevel(root);
        for (int level = JVM; level <= JOB; level++) {
            if (level != to && h.active(level)) {
                accumulator = reduceAmong(c, h.group(level), h.myIndex(level), h.group(level).length, h.myIndex(level),
                    accumulator, count, packed, op);
            }
        }
        if (to >= 0) {
            accumulator = reduceAmong(c, h.group(to), h.myIndex(to), h.group(to).length, h.rootIndex(to, root), accumulator,
                count, packed, op);
        }
        return accumulator;
    }

    /** As {@link #reduce}, with the result in {@code recvbuf} at every rank, the same bits everywhere. */
    public static void allreduce(CommunicatorCore c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                                 TypeMap type, Reduction op) {
        // A user's function may write the contribution it reads, which every rank reads there.
        CollectiveArea area = op.isPredefined() ? sharedArea(c, CollectiveAreas::forReduce, count, type) : null;
        if (area != null) {
            area.reduce(c.rank(), -1, sendbuf, sendoffset, recvbuf, recvoffset, count, type, type, op, c.runtime().engine(),
                c.context() + 1, REDUCE);
            return;
        }
        if (c.size() == 1 || type.base.isObject()) {
            // Objects travel serialized, whole: a tree to rank 0 and a broadcast.
            reduce(c, sendbuf, sendoffset, recvbuf, recvoffset, count, type, type, op, 0);
            bcast(c, recvbuf, recvoffset, count, type, 0);
            return;
        }
        boolean large = (long) count * type.width * type.base.size() >= settings(c).allreduceRingBytes();
        TypeMap packed = type.packedForm();
        Object accumulator = type.packed(sendbuf, sendoffset, count);
        CollectiveHierarchy h = op.commutative() ? hierarchy(c) : null;
        if (h != null) {
            accumulator = hierarchicalAllreduce(c, h, accumulator, count, packed, op, large);
        } else {
            accumulator = allreduceAmong(c, null, c.rank(), c.size(), accumulator, count, packed, op, large);
        }
        type.unpack(accumulator, 0, count * type.width, recvbuf, recvoffset);
    }

    /** All-reduce among {@code n} members: the ring for large payloads of commutative operations, else recursive doubling. */
    private static Object allreduceAmong(CommunicatorCore c, int[] members, int me, int n, Object accumulator, int count,
                                         TypeMap packed, Reduction op, boolean large) {
        if (op.commutative() && large && count >= n) {
            ringAllreduce(c, members, me, n, accumulator, count, packed, op);
            return accumulator;
        }
        return recursiveDoubling(c, members, me, n, accumulator, count, packed, op, REDUCE);
    }

    /**
     * An all-reduce over the levels (commutative operations): reduced into the leaders level by
     * level up to the top level with more than one group (the node heads; on one node, the JVM
     * leaders), the leaders of the top level all-reduce among themselves, and the result goes
     * back down. Every rank gets the top leaders' bits.
     */
    private static Object hierarchicalAllreduce(CommunicatorCore c, CollectiveHierarchy h, Object accumulator, int count,
                                                TypeMap packed, Reduction op, boolean large) {
        int top = h.top();
        for (int level = JVM; level < top; level++) {
            if (h.active(level)) {
                accumulator = reduceAmong(c, h.group(level), h.myIndex(level), h.group(level).length, 0, accumulator, count,
                    packed, op);
            }
        }
        if (h.active(top)) {
            int[] leaders = h.group(top);
            accumulator = allreduceAmong(c, leaders, h.myIndex(top), leaders.length, accumulator, count, packed, op, large);
        }
        for (int level = top - 1; level >= JVM; level--) {
            if (h.active(level)) {
                broadcastAmong(c, h.group(level), h.myIndex(level), h.group(level).length, 0, accumulator, 0, count, packed);
            }
        }
        return accumulator;
    }

    /**
     * Reduces {@code total} items of {@code sendbuf} over all ranks and scatters the result:
     * rank {@code r} gets {@code recvcounts[r]} items of it from item {@code displs[r]}.
     */
    public static void reduceScatter(CommunicatorCore c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                     int[] recvcounts, int[] displs, int total, TypeMap type, Reduction op) {
        TypeMap packed = type.packedForm();
        Object reduced = c.rank() == 0 ? type.base.newArray(total * type.width) : null;
        reduce(c, sendbuf, sendoffset, reduced, 0, total, type, packed, op, 0);
        scatterv(c, reduced, 0, recvcounts, displs, packed, recvbuf, recvoffset, recvcounts[c.rank()], type, 0);
    }

    /** Inclusive prefix reduction: rank {@code r} gets the reduction of the {@code sendbuf}s of ranks 0 to r. */
    public static void scan(CommunicatorCore c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                            TypeMap type, Reduction op) {
        Object result = CollectiveAlgorithms.chainScan(c, type.packed(sendbuf, sendoffset, count), count, type.packedForm(), op);
        type.unpack(result, 0, count * type.width, recvbuf, recvoffset);
    }

    /**
     * Exclusive prefix reduction: rank {@code r > 0} gets the reduction of the {@code sendbuf}s
     * of ranks 0 to r-1; rank 0's {@code recvbuf} is left as it is, as MPI leaves it undefined.
     */
    public static void exscan(CommunicatorCore c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                              TypeMap type, Reduction op) {
        Object result = CollectiveAlgorithms.chainExscan(c, type.packed(sendbuf, sendoffset, count), count, type.packedForm(), op);
        if (result != null) {
            type.unpack(result, 0, count * type.width, recvbuf, recvoffset);
        }
    }

    /** {@link #reduceScatter} with {@code count} items for every rank. */
    public static void reduceScatterBlock(CommunicatorCore c, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                          int count, TypeMap type, Reduction op) {
        int size = c.size();
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            counts[r] = count;
            displs[r] = r * count;
        }
        reduceScatter(c, sendbuf, sendoffset, recvbuf, recvoffset, counts, displs, size * count, type, op);
    }

    // ---------------------------------------------------------------- gather, scatter, all-gather, all-to-all

    /** Rank {@code r}'s {@code sendcount} items go to item {@code displs[r]} of {@code recvbuf} at {@code root}. */
    public static void gatherv(CommunicatorCore c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                               Object recvbuf, int recvoffset, int[] recvcount, int[] displs, TypeMap recvtype, int root) {
        CollectiveAlgorithms.linearGatherv(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs,
            recvtype, root);
    }

    /** Rank {@code r} gets {@code sendcount[r]} items from item {@code displs[r]} of {@code sendbuf} at {@code root}. */
    public static void scatterv(CommunicatorCore c, Object sendbuf, int sendoffset, int[] sendcount, int[] displs,
                                TypeMap sendtype, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int root) {
        CollectiveAlgorithms.linearScatterv(c, sendbuf, sendoffset, sendcount, displs, sendtype, recvbuf, recvoffset, recvcount,
            recvtype, root);
    }

    /** Every rank gets rank {@code r}'s items at item {@code displs[r]} of {@code recvbuf}. */
    public static void allgatherv(CommunicatorCore c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                  Object recvbuf, int recvoffset, int[] recvcount, int[] displs, TypeMap recvtype) {
        // Every rank passes the same receive counts, so every rank takes the same way.
        CollectiveArea area = sendtype.base == recvtype.base
            ? sharedArea(c, CollectiveAreas::forAllgather, max(recvcount, c.size()), recvtype) : null;
        if (area != null) {
            area.allgather(c.rank(), sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs, recvtype,
                c.runtime().engine(), c.context() + 1, ALLGATHER);
            return;
        }
        CollectiveAlgorithms.ringAllgatherv(c, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs,
            recvtype);
    }

    /**
     * {@link #alltoallv} with blocks of {@code sendcount} and {@code recvcount} items one after
     * the other: through the communicator's area when all of a rank's blocks fit it, a size
     * every rank of a correct program shares, since every block carries as many elements.
     */
    public static void alltoall(CommunicatorCore c, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype) {
        CollectiveArea area = sendtype.base == recvtype.base
            ? sharedArea(c, CollectiveAreas::forAlltoall, c.size() * sendcount, sendtype) : null;
        if (area != null) {
            area.alltoall(c.rank(), sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype,
                c.runtime().engine(), c.context() + 1, ALLTOALL);
            return;
        }
        int[] sendcounts = new int[c.size()];
        int[] sdispls = new int[c.size()];
        int[] recvcounts = new int[c.size()];
        int[] rdispls = new int[c.size()];
        for (int r = 0; r < c.size(); r++) {
            sendcounts[r] = sendcount;
            sdispls[r] = r * sendcount;
            recvcounts[r] = recvcount;
            rdispls[r] = r * recvcount;
        }
        alltoallv(c, sendbuf, sendoffset, sendcounts, sdispls, sendtype, recvbuf, recvoffset, recvcounts, rdispls, recvtype);
    }

    /** Rank {@code i}'s block for rank {@code j} goes to rank {@code j}'s block from rank {@code i}. */
    public static void alltoallv(CommunicatorCore c, Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls,
                                 TypeMap sendtype, Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls,
                                 TypeMap recvtype) {
        CollectiveAlgorithms.pairwiseAlltoallv(c, sendbuf, sendoffset, sendcount, sdispls, sendtype, recvbuf, recvoffset,
            recvcount, rdispls, recvtype);
    }

    /**
     * All-to-all with a block of its own for each peer: rank {@code i}'s block for rank
     * {@code j} ({@code sendcount[j]} items of {@code sendtypes[j]} from element
     * {@code sendoffsets[j]} of {@code sendbufs[j]}) goes to rank {@code j}'s block from rank
     * {@code i}. Each block's array and element type may differ from the others'.
     */
    public static void alltoallw(CommunicatorCore c, Object[] sendbufs, int[] sendoffsets, int[] sendcount, TypeMap[] sendtypes,
                                 Object[] recvbufs, int[] recvoffsets, int[] recvcount, TypeMap[] recvtypes) {
        CollectiveAlgorithms.pairwiseAlltoallw(c, sendbufs, sendoffsets, sendcount, sendtypes, recvbufs, recvoffsets, recvcount,
            recvtypes);
    }

    // ---------------------------------------------------------------- placement

    /**
     * The communicator's shared-memory area when all its ranks share this node (see
     * {@link CollectiveAreas}) and the payload, {@code count} items of {@code type}, is small
     * enough for it; else null.
     */
    private static CollectiveArea sharedArea(CommunicatorCore c, Function<CommunicatorCore, CollectiveArea> lookUp, int count,
                                             TypeMap type) {
        CollectiveArea area = c.collectiveArea(lookUp);
        return area != null && CollectiveArea.carries(type)
            && (long) count * type.width * type.base.size() <= area.capacity() ? area : null;
    }

    /** The largest of the first {@code n} counts: an array may be longer than the communicator. */
    private static int max(int[] counts, int n) {
        int m = 0;
        for (int r = 0; r < n; r++) {
            m = Math.max(m, counts[r]);
        }
        return m;
    }

    /** The hierarchy to walk, or null where the flat algorithms make the same walk (one JVM, say). */
    private static CollectiveHierarchy hierarchy(CommunicatorCore c) {
        CollectiveHierarchy h = settings(c).collectivesHierarchical() ? c.placement() : null;
        return h != null && h.isUseful() ? h : null;
    }

    /** Whether these members (null: the whole communicator) live in more than one JVM. */
    private static boolean spansJvms(CommunicatorCore c, int[] members) {
        CollectiveHierarchy h = c.placement();
        return h != null && h.spansJvms(members);
    }
}
