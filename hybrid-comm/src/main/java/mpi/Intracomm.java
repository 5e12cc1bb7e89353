package mpi;

import static org.hympj.comm.placement.CollectiveHierarchy.JOB;
import static org.hympj.comm.placement.CollectiveHierarchy.JVM;
import static org.hympj.comm.placement.CollectiveHierarchy.NODE;

import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.ReductionOps;
import org.hympj.comm.match.RankActivity;
import org.hympj.comm.match.ReceiveOperation;
import org.hympj.comm.placement.CollectiveHierarchy;

/**
 * A communicator within one group of ranks, the type of {@code MPI.COMM_WORLD} and
 * {@code MPI.COMM_SELF}, with the collective operations.
 *
 * <p>Collectives travel as point-to-point messages on the communicator's collective context,
 * so they work on every path and never match a user's receive. Algorithms: dissemination
 * barrier; binomial-tree broadcast and reduction, the broadcast of large payloads down a
 * chain in chunks so that its hops overlap, the reduction of large ones (commutative ops) as
 * a ring reduce-scatter and a gather at the root; all-reduce by recursive doubling for small
 * payloads and a ring (reduce-scatter, all-gather) for large ones, so every rank gets the
 * same bits; linear (v-)gather and (v-)scatter; ring (v-)all-gather;
 * pairwise (v-)all-to-all; a chain for scan; reduce-scatter as a reduction then a v-scatter.
 * Reductions combine contributions in rank order (a non-commutative user op is reduced
 * through rank 0, whose tree follows rank order). Every rank must call the same collectives
 * in the same order with matching arguments, as MPI requires; mismatched sizes or types
 * surface as {@code ERR_TRUNCATE} or {@code ERR_TYPE}.
 *
 * <p><b>Node-aware.</b> Where the ranks are spread over several JVMs or nodes, barrier,
 * broadcast, reduction (commutative ops) and all-reduce walk the levels of a
 * {@link CollectiveHierarchy}: ranks of a JVM first combine in the heap, the JVM leaders of a
 * node over the node's rings, and only one head per node talks across nodes. A broadcast
 * crosses each node boundary once instead of once per rank.
 *
 * <p>Counts are in items of the datatype, offsets and displacements as in mpiJava: offsets
 * in array elements, displacements in items.
 */
public class Intracomm extends Comm {
    private static final int BARRIER = 1;
    private static final int BCAST = 2;
    private static final int REDUCE = 3;
    private static final int GATHER = 4;
    private static final int SCATTER = 5;
    private static final int ALLGATHER = 6;
    private static final int ALLTOALL = 7;
    private static final int SCAN = 8;
    private static final int CHECK = 9;
    private static final int RING = 10;

    /** The settings of this rank's job, for the collectives' choices below. */
    private static final org.hympj.comm.runtime.Configuration CONFIGURATION =
        org.hympj.comm.runtime.Bootstrap.configuration(Intracomm.class.getClassLoader());

    /**
     * Payloads from this many bytes up take the ring all-reduce (reduce-scatter, then
     * all-gather); smaller ones a tree reduction and a broadcast, which cost fewer hops.
     */
    private static final int RING_ALLREDUCE_BYTES = CONFIGURATION.allreduceRingBytes();

    /**
     * Broadcasts of this many bytes and more go down a chain in chunks of
     * {@code hympj.bcast.chunk.bytes}: each rank forwards a chunk while the next comes in, so
     * the hops overlap instead of each waiting for the whole payload (three or more ranks, in
     * more than one JVM).
     */
    private static final int PIPELINE_BYTES = CONFIGURATION.bcastPipelineBytes();
    private static final int PIPELINE_CHUNK_BYTES = CONFIGURATION.bcastChunkBytes();

    /**
     * {@code -Dhympj.collectives.hierarchical=false} keeps the flat algorithms on any layout
     * (to compare; the node-aware walk is the default).
     */
    private static final boolean HIERARCHICAL = CONFIGURATION.collectivesHierarchical();

    /**
     * With {@code -Dhympj.check.collectives=true}, every collective first compares what the
     * ranks passed (which collective, root, base type, element count) and raises the same
     * error on every rank if they differ. Off by default: it costs one extra all-gather.
     */
    private static final boolean CHECKED = CONFIGURATION.checkCollectives();

    /**
     * Where this communicator's ranks run, built on the first collective that needs it. Racy
     * on purpose: the object is immutable (final fields), so a thread that sees it sees it whole,
     * and two threads that both build it build the same.
     */
    private CollectiveHierarchy placement;

    Intracomm(String name) {
        super(name);
    }

    Intracomm(String name, boolean predefined) {
        super(name, predefined);
    }

    // ---------------------------------------------------------------- new communicators

    /** A new communicator with the same group and its own contexts. Collective. */
    public Intracomm Dup() {
        checkUsable();
        return derive(worldRanks(), rank, "Dup of " + this);
    }

    /** {@link #Dup}, in mpiJava's and MPJ Express's form. Collective. */
    @Override
    public Intracomm clone() {
        return Dup();
    }

    /**
     * Splits the communicator: ranks passing the same {@code color} form a new communicator,
     * ordered by {@code key} then by their rank here; a rank passing {@code MPI.UNDEFINED}
     * gets null. Collective.
     */
    public Intracomm Split(int color, int key) {
        checkUsable();
        if (color < 0 && color != MPI.UNDEFINED) {
            throw new MPIException(MPI.ERR_ARG, "Split: color " + color + " must be 0 or more, or MPI.UNDEFINED");
        }
        int[] mine = {color, key, rank};
        int[] all = new int[3 * size];
        Allgather(mine, 0, 3, MPI.INT, all, 0, 3, MPI.INT);
        int context = agreeOnContext();
        if (color == MPI.UNDEFINED) {
            return null;
        }
        Integer[] same = java.util.stream.IntStream.range(0, size).filter(r -> all[3 * r] == color).boxed().toArray(Integer[]::new);
        java.util.Arrays.sort(same, java.util.Comparator.<Integer>comparingInt(r -> all[3 * r + 1]).thenComparingInt(r -> r));
        int[] members = new int[same.length];
        int myRank = -1;
        for (int i = 0; i < same.length; i++) {
            members[i] = worldRank(same[i]);
            if (same[i] == rank) {
                myRank = i;
            }
        }
        return bound(context, members, myRank, "Split(" + color + ") of " + this);
    }

    /**
     * A communicator of the members of {@code group}, a subgroup of this communicator's; the
     * others get null. Collective: every rank must pass the same group.
     */
    public Intracomm Create(Group group) {
        checkUsable();
        if (group == null) {
            throw new MPIException(MPI.ERR_GROUP, "Create: group is null");
        }
        for (int member : group.members) {
            boolean found = false;
            for (int r = 0; r < size && !found; r++) {
                found = worldRank(r) == member;
            }
            if (!found) {
                throw new MPIException(MPI.ERR_GROUP, "Create: the group holds world rank " + member + ", which is not in " + this);
            }
        }
        int context = agreeOnContext();
        int myRank = group.Rank();
        return myRank == MPI.UNDEFINED ? null : bound(context, group.members.clone(), myRank, "Create of " + this);
    }

    /**
     * An intercommunicator between {@code local_comm}'s group and another, disjoint group, with
     * this communicator as the peer through which the two leaders meet: {@code local_leader} is
     * a rank of {@code local_comm}, {@code remote_leader} the other group's leader as a rank of
     * this communicator, {@code tag} the tag of the leaders' messages on it. Collective over
     * both groups (MPI_Intercomm_create; called on the peer communicator, as in mpiJava).
     */
    public Intercomm Create_intercomm(Comm local_comm, int local_leader, int remote_leader, int tag) {
        checkUsable();
        if (!(local_comm instanceof Intracomm)) {
            throw new MPIException(MPI.ERR_COMM, "Create_intercomm: the local communicator must be an intracommunicator, not "
                + local_comm);
        }
        Intracomm localComm = (Intracomm) local_comm;
        localComm.checkUsable();
        if (local_leader < 0 || local_leader >= localComm.size) {
            throw new MPIException(MPI.ERR_RANK, "Create_intercomm: local leader " + local_leader + " is not a rank of "
                + localComm + " (0.." + (localComm.size - 1) + ")");
        }
        if (remote_leader < 0 || remote_leader >= size) {
            throw new MPIException(MPI.ERR_RANK, "Create_intercomm: remote leader " + remote_leader + " is not a rank of "
                + this + " (0.." + (size - 1) + ")");
        }
        if (tag < 0) {
            throw new MPIException(MPI.ERR_TAG, "Create_intercomm: tag " + tag + " is invalid; it must be 0.." + MPI.TAG_UB_VALUE);
        }
        // The context must be free on every member of both groups: each group agrees on its
        // largest next context, the leaders take the larger of the two.
        int[] mine = {MPI.nextContext()};
        int[] localMax = new int[1];
        localComm.Allreduce(mine, 0, localMax, 0, 1, MPI.INT, MPI.MAX);
        int[] members = localComm.worldRanks();
        int[] info = new int[2];
        int[] remoteMembers = null;
        if (localComm.rank == local_leader) {
            int[] header = new int[2];
            Sendrecv(new int[] {members.length, localMax[0]}, 0, 2, MPI.INT, remote_leader, tag,
                header, 0, 2, MPI.INT, remote_leader, tag);
            remoteMembers = new int[header[0]];
            Sendrecv(members, 0, members.length, MPI.INT, remote_leader, tag, remoteMembers, 0, header[0], MPI.INT, remote_leader, tag);
            info[0] = header[0];
            info[1] = Math.max(localMax[0], header[1]);
        }
        localComm.Bcast(info, 0, 2, MPI.INT, local_leader);
        if (remoteMembers == null) {
            remoteMembers = new int[info[0]];
        }
        localComm.Bcast(remoteMembers, 0, info[0], MPI.INT, local_leader);
        for (int member : remoteMembers) {
            for (int own : members) {
                if (member == own) {
                    throw new MPIException(MPI.ERR_COMM, "Create_intercomm: world rank " + member + " is in both groups;"
                        + " the groups of an intercommunicator must be disjoint");
                }
            }
        }
        MPI.contextsUsedBelow(info[1] + 2);
        Intracomm localDup = localComm.Dup();
        Intercomm inter = new Intercomm("Intercomm of " + localComm + " with " + remoteMembers.length + " remote ranks",
            localDup, remoteMembers);
        inter.bind(rt, info[1], localComm.rank, members.length, members);
        inter.bindPeers(remoteMembers);
        inter.inheritFrom(localComm);
        return inter;
    }

    /**
     * A Cartesian grid over the first {@code dims[0] × dims[1] × ...} ranks (the others get
     * null). Collective.
     */
    public Cartcomm Create_cart(int[] dims, boolean[] periods, boolean reorder) {
        checkUsable();
        if (dims == null || periods == null || dims.length != periods.length || dims.length == 0) {
            throw new MPIException(MPI.ERR_DIMS, "Create_cart: dims and periods must be non-empty and of one length");
        }
        long cells = 1;
        for (int d : dims) {
            if (d < 1) {
                throw new MPIException(MPI.ERR_DIMS, "Create_cart: every dimension must be at least 1, got " + d);
            }
            cells *= d;
        }
        if (cells > size) {
            throw new MPIException(MPI.ERR_DIMS, "Create_cart: a grid of " + cells + " ranks does not fit " + this
                + " of size " + size);
        }
        Intracomm grid = firstRanks((int) cells, "Cartesian grid");
        return grid == null ? null : new Cartcomm(grid, dims, periods);
    }

    /** A graph over the first {@code index.length} ranks (the others get null). Collective. */
    public Graphcomm Create_graph(int[] index, int[] edges, boolean reorder) {
        checkUsable();
        if (index == null || edges == null || index.length == 0 || index.length > size) {
            throw new MPIException(MPI.ERR_ARG, "Create_graph: needs between 1 and " + size + " nodes");
        }
        for (int i = 0; i < index.length; i++) {
            if (index[i] < (i == 0 ? 0 : index[i - 1]) || index[i] > edges.length) {
                throw new MPIException(MPI.ERR_ARG, "Create_graph: index must be non-decreasing and within the "
                    + edges.length + " edges; index[" + i + "] = " + index[i]);
            }
        }
        for (int e : edges) {
            if (e < 0 || e >= index.length) {
                throw new MPIException(MPI.ERR_ARG, "Create_graph: edge to " + e + " is not a node of the graph");
            }
        }
        Intracomm graph = firstRanks(index.length, "graph");
        return graph == null ? null : new Graphcomm(graph, index, edges);
    }

    /** A communicator of ranks 0 .. n-1 of this one (null on the others). Collective. */
    private Intracomm firstRanks(int n, String name) {
        int context = agreeOnContext();
        if (rank >= n) {
            return null;
        }
        int[] members = new int[n];
        for (int r = 0; r < n; r++) {
            members[r] = worldRank(r);
        }
        return bound(context, members, rank, name);
    }

    /** The rank a process gets in a topology over the first cells of a group, without reordering. */
    static int mapToGrid(int[] dims, int rank, int size) {
        long cells = 1;
        for (int d : dims) {
            cells *= d;
        }
        if (cells > size) {
            throw new MPIException(MPI.ERR_DIMS, "Map: a topology of " + cells + " nodes does not fit " + size + " ranks");
        }
        return rank < cells ? rank : MPI.UNDEFINED;
    }

    private Intracomm derive(int[] members, int myRank, String name) {
        return bound(agreeOnContext(), members, myRank, name);
    }

    private Intracomm bound(int context, int[] members, int myRank, String name) {
        Intracomm comm = new Intracomm(name, false);
        comm.bind(rt, context, myRank, members.length, members);
        comm.inheritFrom(this);
        return comm;
    }

    /**
     * A pair of contexts (point-to-point, collective) free on every rank here: the largest of
     * the ranks' next free context, agreed by an all-reduce. Collective.
     */
    private int agreeOnContext() {
        int[] mine = {MPI.nextContext()};
        int[] agreed = new int[1];
        Allreduce(mine, 0, agreed, 0, 1, MPI.INT, MPI.MAX);
        MPI.contextsUsedBelow(agreed[0] + 2);
        return agreed[0];
    }

    /** Returns once every rank of the communicator has entered the barrier. */
    public void Barrier() {
        checkUsable();
        agree(BARRIER, -1, null, -1);
        CollectiveHierarchy h = hierarchy();
        if (h == null || h.top() != JOB) {
            // On one node a message between JVMs costs about what one inside a JVM does, and
            // the walk's longer chain of hand-offs loses to the flat dissemination (measured: 4
            // ranks in 2 JVMs, 59 µs against 13); across nodes it wins (12 ranks on 4 nodes: 297 µs against 1135).
            dissemination(null, rank, size);
            return;
        }
        // In to the leaders level by level; the leaders of the top level meet; out again.
        int top = h.top();
        for (int level = JVM; level < top; level++) {
            fanIn(h, level);
        }
        if (h.active(top)) {
            dissemination(h.group(top), h.myIndex(top), h.group(top).length);
        }
        for (int level = top - 1; level >= JVM; level--) {
            if (h.active(level)) {
                treeBroadcast(h.group(level), h.myIndex(level), h.group(level).length, 0, null, 0, 0, MPI.BYTE);
            }
        }
    }

    /** The dissemination barrier among {@code n} members (null: the communicator's ranks), this rank at {@code me}. */
    private void dissemination(int[] members, int me, int n) {
        for (int k = 1; k < n; k <<= 1) {
            collectiveExchange(null, 0, 0, MPI.BYTE, member(members, (me + k) % n),
                null, 0, 0, MPI.BYTE, member(members, (me - k + n) % n), BARRIER);
        }
    }

    /** Empty messages up a binomial tree to the leader of my group at {@code level}: it returns once its subtree arrived. */
    private void fanIn(CollectiveHierarchy h, int level) {
        if (!h.active(level)) {
            return;
        }
        int[] members = h.group(level);
        int me = h.myIndex(level);
        for (int mask = 1; mask < members.length; mask <<= 1) {
            if ((me & mask) != 0) {
                send(null, 0, 0, MPI.BYTE, members[me - mask], BARRIER);
                return;
            }
            if (me + mask < members.length) {
                receive(null, 0, 0, MPI.BYTE, members[me + mask], BARRIER);
            }
        }
    }

    /** Member {@code i} of a group as a communicator rank; a null group is the whole communicator. */
    private static int member(int[] members, int i) {
        return members == null ? i : members[i];
    }

    /** The hierarchy to walk, or null where the flat algorithms make the same walk (one JVM, say). */
    private CollectiveHierarchy hierarchy() {
        CollectiveHierarchy h = HIERARCHICAL ? placement() : null;
        return h != null && h.isUseful() ? h : null;
    }

    /**
     * Whether these members (null: the whole communicator) live in more than one JVM. Within
     * one JVM a message is one copy between arrays, and a pipelined chain only adds hand-offs
     * (measured: 4 thread ranks broadcast 256 KiB in 91 µs by a chain, 50 µs by the tree).
     */
    private boolean spansJvms(int[] members) {
        CollectiveHierarchy h = placement();
        return h != null && h.spansJvms(members);
    }

    /** Where this communicator's ranks run, or null when they all share this JVM's heap (or are fewer than 3). */
    private CollectiveHierarchy placement() {
        if (size < 3 || rt.job().remote() == null) {
            return null;
        }
        CollectiveHierarchy h = placement;
        if (h == null) {
            int[] jvm = new int[size];
            int[] node = new int[size];
            for (int r = 0; r < size; r++) {
                jvm[r] = rt.job().jvmOf(worldRank(r));
                node[r] = rt.job().nodeOf(worldRank(r));
            }
            h = new CollectiveHierarchy(jvm, node, rank);
            placement = h;
        }
        return h;
    }

    // ---------------------------------------------------------------- broadcast and reductions

    /** Copies {@code count} items of {@code buf} at {@code root} to {@code buf} at every rank. */
    public void Bcast(Object buf, int offset, int count, Datatype datatype, int root) {
        checkUsable();
        checkBuffer("Bcast", buf, offset, count, datatype);
        checkRoot("Bcast", root);
        agree(BCAST, root, datatype, count * datatype.width);
        broadcast(buf, offset, count, datatype, root);
    }

    private void broadcast(Object buf, int offset, int count, Datatype datatype, int root) {
        CollectiveHierarchy h = hierarchy();
        if (h == null) {
            treeBroadcast(null, rank, size, root, buf, offset, count, datatype);
            return;
        }
        if (pipelined(count, datatype)) {
            // One chain through every level, each JVM and node visited in one stretch: the
            // pipeline is not cut at every level, and still crosses each boundary once.
            int[] chain = h.chainFrom(root);
            int me = 0;
            while (chain[me] != rank) {
                me++;
            }
            chainBroadcast(chain, me, size, 0, buf, offset, count, datatype);
            return;
        }
        // A rank takes the data in its feed level first, then feeds the groups it stands in for
        // for the root, across nodes first.
        int from = h.feedLevel(root);
        if (from >= 0) {
            treeBroadcast(h.group(from), h.myIndex(from), h.group(from).length, h.rootIndex(from, root), buf, offset, count, datatype);
        }
        for (int level = JOB; level >= JVM; level--) {
            if (level != from && h.active(level)) {
                treeBroadcast(h.group(level), h.myIndex(level), h.group(level).length, h.rootIndex(level, root),
                    buf, offset, count, datatype);
            }
        }
    }

    /**
     * Broadcast among {@code n} members (null: the communicator's ranks) from the one at
     * {@code rootIndex}, this rank at {@code me}: a binomial tree, or for large payloads a
     * pipelined chain.
     */
    private void treeBroadcast(int[] members, int me, int n, int rootIndex, Object buf, int offset, int count, Datatype datatype) {
        if (n >= 3 && pipelined(count, datatype) && spansJvms(members)) {
            chainBroadcast(members, me, n, rootIndex, buf, offset, count, datatype);
            return;
        }
        int relative = (me - rootIndex + n) % n;
        int mask = 1;
        while (mask < n) {
            if ((relative & mask) != 0) {
                receive(buf, offset, count, datatype, member(members, (relative - mask + rootIndex) % n), BCAST);
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (relative + mask < n) {
                send(buf, offset, count, datatype, member(members, (relative + mask + rootIndex) % n), BCAST);
            }
        }
    }

    /** Whether a broadcast of this payload goes down a chain in chunks (large, and not objects). */
    private static boolean pipelined(int count, Datatype datatype) {
        return !datatype.base.isObject() && (long) count * datatype.width * datatype.base.size() >= PIPELINE_BYTES;
    }

    /**
     * The members in a chain from the root, the payload in chunks of hympj.bcast.chunk.bytes: at step
     * k a rank receives chunk k from its predecessor while it forwards chunk k-1 to its
     * successor (the receive is posted before the send starts), so all hops move at once.
     */
    private void chainBroadcast(int[] members, int me, int n, int rootIndex, Object buf, int offset, int count,
                                Datatype datatype) {
        int chunkItems = (int) Math.max(1, PIPELINE_CHUNK_BYTES / ((long) datatype.width * datatype.base.size()));
        int position = (me - rootIndex + n) % n;
        int previous = position == 0 ? MPI.PROC_NULL : member(members, (me - 1 + n) % n);
        int next = position == n - 1 ? MPI.PROC_NULL : member(members, (me + 1) % n);
        int chunks = (count + chunkItems - 1) / chunkItems;
        int extent = datatype.extent;
        for (int k = 0; k <= chunks; k++) {
            int out = previous == MPI.PROC_NULL ? k : k - 1;
            boolean sending = next != MPI.PROC_NULL && out >= 0 && out < chunks;
            boolean receiving = previous != MPI.PROC_NULL && k < chunks;
            if (!sending && !receiving) {
                continue;
            }
            int outFirst = sending ? out * chunkItems : 0;
            int inFirst = receiving ? k * chunkItems : 0;
            collectiveExchange(buf, offset + outFirst * extent, sending ? Math.min(chunkItems, count - outFirst) : 0, datatype,
                sending ? next : MPI.PROC_NULL,
                buf, offset + inFirst * extent, receiving ? Math.min(chunkItems, count - inFirst) : 0, datatype,
                receiving ? previous : MPI.PROC_NULL, BCAST);
        }
    }

    /** Combines every rank's {@code sendbuf} item by item with {@code op} into {@code recvbuf} at {@code root}. */
    public void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                       Op op, int root) {
        checkUsable();
        checkBuffer("Reduce", sendbuf, sendoffset, count, datatype);
        checkRoot("Reduce", root);
        checkOp("Reduce", op, datatype);
        if (rank == root) {
            checkBuffer("Reduce", recvbuf, recvoffset, count, datatype);
        }
        agree(REDUCE, root, datatype, count * datatype.width);
        reduceInto(sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, datatype, op, root);
    }

    /**
     * The reduction of {@code Reduce}, arguments checked: the result lands in {@code recvbuf},
     * laid out as {@code recvLayout}, at {@code root}.
     */
    private void reduceInto(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                            Datatype recvLayout, Op op, int root) {
        CollectiveHierarchy h = op.commute ? hierarchy() : null;
        if (h != null) {
            Object result = hierarchicalReduce(h, sendbuf, sendoffset, count, datatype, op, root);
            if (rank == root) {
                recvLayout.unpack(result, 0, count * datatype.width, recvbuf, recvoffset);
            }
            return;
        }
        // A non-commutative op must meet contributions in rank order: reduce along rank 0's tree.
        int treeRoot = op.commute ? root : 0;
        Object result = reduceAmong(null, rank, size, treeRoot, datatype.packed(sendbuf, sendoffset, count), count,
            datatype.packedForm(), op);
        if (treeRoot != root) {
            if (rank == treeRoot) {
                send(result, 0, count, datatype.packedForm(), root, REDUCE);
            } else if (rank == root) {
                receive(recvbuf, recvoffset, count, recvLayout, treeRoot, REDUCE);
            }
        } else if (rank == root) {
            recvLayout.unpack(result, 0, count * datatype.width, recvbuf, recvoffset);
        }
    }

    /** As {@link #Reduce}, with the result in {@code recvbuf} at every rank, the same bits everywhere. */
    public void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype, Op op) {
        checkUsable();
        checkBuffer("Allreduce", sendbuf, sendoffset, count, datatype);
        checkBuffer("Allreduce", recvbuf, recvoffset, count, datatype);
        checkOp("Allreduce", op, datatype);
        agree(REDUCE, -1, datatype, count * datatype.width);
        long bytes = (long) count * datatype.width * Math.max(1, datatype.base.size());
        if (size == 1 || datatype.base.isObject()) {
            // Objects travel serialized, whole: a tree to rank 0 and a broadcast.
            reduceInto(sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, datatype, op, 0);
            broadcast(recvbuf, recvoffset, count, datatype, 0);
            return;
        }
        boolean large = bytes >= RING_ALLREDUCE_BYTES;
        CollectiveHierarchy h = op.commute ? hierarchy() : null;
        if (h != null) {
            hierarchicalAllreduce(h, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, large);
            return;
        }
        Datatype packed = datatype.packedForm();
        Object accumulator = datatype.packed(sendbuf, sendoffset, count);
        if (op.commute && large && count >= size) {
            ringAllreduce(null, rank, size, accumulator, count, packed, op);
        } else {
            accumulator = recursiveDoubling(null, rank, size, accumulator, count, packed, op);
        }
        datatype.unpack(accumulator, 0, count * datatype.width, recvbuf, recvoffset);
    }

    /**
     * All-reduce among {@code n} members (null: the communicator's ranks), this rank at
     * {@code me}, by recursive doubling: log2 n exchanges in which every member takes part,
     * where a reduction and a broadcast take 2 log2 n steps one after another. With p the
     * largest power of two not above n, the first 2(n-p) members pair up first (each even one
     * hands its contribution to the odd one above it and gets the result back at the end).
     * At every step both partners compute (lower ranks' partial) op (higher ranks' partial), the
     * same operands in the same order, so every rank ends with the same bits, and the operands
     * always cover consecutive ranks in order, so a non-commutative op is applied in rank order.
     */
    private Object recursiveDoubling(int[] members, int me, int n, Object accumulator, int count, Datatype packed, Op op) {
        int p = Integer.highestOneBit(n);
        int paired = 2 * (n - p);
        Object incoming = packed.base.newArray(count * packed.width);
        int virtual;
        if (me < paired && me % 2 == 0) {
            send(accumulator, 0, count, packed, member(members, me + 1), REDUCE);
            virtual = -1;
        } else if (me < paired) {
            receive(incoming, 0, count, packed, member(members, me - 1), REDUCE);
            Object combined = combine(op, packed, incoming, accumulator, count);
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
                collectiveExchange(accumulator, 0, count, packed, partner, incoming, 0, count, packed, partner, REDUCE);
                Object combined = other < virtual
                    ? combine(op, packed, incoming, accumulator, count)
                    : combine(op, packed, accumulator, incoming, count);
                incoming = combined == accumulator ? incoming : accumulator;
                accumulator = combined;
            }
        }
        if (me < paired && me % 2 == 0) {
            receive(accumulator, 0, count, packed, member(members, me + 1), REDUCE);
        } else if (me < paired) {
            send(accumulator, 0, count, packed, member(members, me - 1), REDUCE);
        }
        return accumulator;
    }

    /**
     * An all-reduce over the levels (commutative ops): reduced into the leaders level by level
     * up to the top level with more than one group (the node heads; on one node, the JVM
     * leaders), the leaders of the top level all-reduce among themselves (the ring for large
     * payloads, recursive doubling for small ones), and the result goes back down. Every rank
     * gets the top leaders' bits.
     */
    private void hierarchicalAllreduce(CollectiveHierarchy h, Object sendbuf, int sendoffset, Object recvbuf,
                                       int recvoffset, int count, Datatype datatype, Op op, boolean large) {
        Datatype packed = datatype.packedForm();
        Object accumulator = datatype.packed(sendbuf, sendoffset, count);
        int top = h.top();
        for (int level = JVM; level < top; level++) {
            if (h.active(level)) {
                accumulator = reduceAmong(h.group(level), h.myIndex(level), h.group(level).length, 0, accumulator, count, packed, op);
            }
        }
        if (h.active(top)) {
            int[] leaders = h.group(top);
            if (large && count >= leaders.length) {
                ringAllreduce(leaders, h.myIndex(top), leaders.length, accumulator, count, packed, op);
            } else {
                accumulator = recursiveDoubling(leaders, h.myIndex(top), leaders.length, accumulator, count, packed, op);
            }
        }
        for (int level = top - 1; level >= JVM; level--) {
            if (h.active(level)) {
                treeBroadcast(h.group(level), h.myIndex(level), h.group(level).length, 0, accumulator, 0, count, packed);
            }
        }
        datatype.unpack(accumulator, 0, count * datatype.width, recvbuf, recvoffset);
    }

    /**
     * A reduction towards {@code root} over the levels (commutative ops): first, bottom up, the
     * groups this rank stands in for (collecting its subtrees), then the one group where it
     * hands its partial result on. Returns the result at the root, a partial one elsewhere.
     */
    private Object hierarchicalReduce(CollectiveHierarchy h, Object sendbuf, int sendoffset, int count, Datatype datatype,
                                      Op op, int root) {
        Datatype packed = datatype.packedForm();
        Object accumulator = datatype.packed(sendbuf, sendoffset, count);
        int to = h.feedLevel(root);
        for (int level = JVM; level <= JOB; level++) {
            if (level != to && h.active(level)) {
                accumulator = reduceAmong(h.group(level), h.myIndex(level), h.group(level).length, h.myIndex(level),
                    accumulator, count, packed, op);
            }
        }
        if (to >= 0) {
            accumulator = reduceAmong(h.group(to), h.myIndex(to), h.group(to).length, h.rootIndex(to, root), accumulator,
                count, packed, op);
        }
        return accumulator;
    }

    /**
     * The ring all-reduce for large payloads: the items are cut into one chunk per rank;
     * in n-1 steps each rank passes a partial chunk to its right neighbour and folds the one
     * from its left into its own copy (reduce-scatter), after which rank r holds chunk r+1
     * fully reduced; n-1 more steps pass the finished chunks around (all-gather). Each rank
     * moves about 2(n-1)/n of the payload instead of the whole of it several times, and
     * every chunk is reduced once, by one rank, so every rank ends with the same bits.
     * Commutative ops only: the ring does not meet the ranks in order.
     */
    private void ringAllreduce(int[] members, int me, int n, Object accumulator, int count, Datatype packed, Op op) {
        ringReduceScatter(members, me, n, accumulator, count, packed, op);
        int w = packed.width;
        int right = member(members, (me + 1) % n);
        int left = member(members, (me - 1 + n) % n);
        for (int step = 0; step < n - 1; step++) {
            int out = (me + 1 - step + n) % n;
            int in = (me - step + n) % n;
            collectiveExchange(accumulator, chunkStart(out, count, n) * w, chunkItems(out, count, n),
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
    private void ringReduceScatter(int[] members, int me, int n, Object accumulator, int count, Datatype packed, Op op) {
        int w = packed.width;
        Object incoming = packed.base.newArray((count / n + 1) * w);
        int right = member(members, (me + 1) % n);
        int left = member(members, (me - 1 + n) % n);
        for (int step = 0; step < n - 1; step++) {
            int out = (me - step + n) % n;
            int in = (me - step - 1 + n) % n;
            int inStart = chunkStart(in, count, n);
            int inItems = chunkItems(in, count, n);
            collectiveExchange(accumulator, chunkStart(out, count, n) * w, chunkItems(out, count, n),
                packed, right, incoming, 0, inItems, packed, left, RING);
            if (op.function != null) {
                op.function.Call(incoming, 0, accumulator, inStart * w, inItems, packed);
            } else {
                ReductionOps.combine(op.code, packed.base, incoming, 0, accumulator, inStart * w, inItems * w);
            }
        }
    }

    /**
     * A reduction among {@code n} members towards the one at {@code rootIndex}: for large
     * payloads of commutative ops among three or more, a ring reduce-scatter and a gather of the
     * reduced chunks at the root (each member sends about 2(n-1)/n of the payload, where a tree
     * root receives it log n times); otherwise a binomial tree. Returns the result at the root.
     */
    private Object reduceAmong(int[] members, int me, int n, int rootIndex, Object accumulator, int count, Datatype packed,
                               Op op) {
        long bytes = (long) count * packed.width * packed.base.size();
        if (!op.commute || n < 3 || count < n || packed.base.isObject() || bytes < RING_ALLREDUCE_BYTES) {
            return treeReduce(members, me, n, rootIndex, accumulator, count, packed, op);
        }
        ringReduceScatter(members, me, n, accumulator, count, packed, op);
        int w = packed.width;
        if (me != rootIndex) {
            int c = (me + 1) % n;
            send(accumulator, chunkStart(c, count, n) * w, chunkItems(c, count, n), packed,
                member(members, rootIndex), REDUCE);
            return accumulator;
        }
        for (int m = 0; m < n; m++) {
            if (m != me) {
                int c = (m + 1) % n;
                receive(accumulator, chunkStart(c, count, n) * w, chunkItems(c, count, n), packed,
                    member(members, m), REDUCE);
            }
        }
        return accumulator;
    }

    /** The first item of chunk {@code c} when {@code count} items are cut into {@code n} chunks. */
    private static int chunkStart(int c, int count, int n) {
        return (int) ((long) count * c / n);
    }

    /** The items of chunk {@code c} when {@code count} items are cut into {@code n} chunks. */
    private static int chunkItems(int c, int count, int n) {
        return chunkStart(c + 1, count, n) - chunkStart(c, count, n);
    }

    /**
     * Reduces {@code sendbuf} over all ranks and scatters the result: rank {@code r} gets
     * {@code recvcounts[r]} items of it, in rank order.
     */
    public void Reduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
                               Datatype datatype, Op op) {
        checkUsable();
        int[] displs = checkCounts("Reduce_scatter", recvcounts);
        int total = displs[size - 1] + recvcounts[size - 1];
        checkBuffer("Reduce_scatter", sendbuf, sendoffset, total, datatype);
        checkBuffer("Reduce_scatter", recvbuf, recvoffset, recvcounts[rank], datatype);
        checkOp("Reduce_scatter", op, datatype);
        agree(REDUCE, -2, datatype, total * datatype.width);
        Object reduced = rank == 0 ? datatype.base.newArray(total * datatype.width) : null;
        reduceInto(sendbuf, sendoffset, reduced, 0, total, datatype, datatype.packedForm(), op, 0);
        scatterv(reduced, 0, recvcounts, displs, datatype.packedForm(), recvbuf, recvoffset, recvcounts[rank], datatype, 0);
    }

    /** Inclusive prefix reduction: rank {@code r} gets the reduction of the {@code sendbuf}s of ranks 0 to r. */
    public void Scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype, Op op) {
        checkUsable();
        checkBuffer("Scan", sendbuf, sendoffset, count, datatype);
        checkBuffer("Scan", recvbuf, recvoffset, count, datatype);
        checkOp("Scan", op, datatype);
        agree(SCAN, -1, datatype, count * datatype.width);
        Datatype packed = datatype.packedForm();
        Object mine = datatype.packed(sendbuf, sendoffset, count);
        if (rank > 0) {
            Object below = datatype.base.newArray(count * datatype.width);
            receive(below, 0, count, packed, rank - 1, SCAN);
            mine = combine(op, packed, below, mine, count);
        }
        if (rank < size - 1) {
            send(mine, 0, count, packed, rank + 1, SCAN);
        }
        datatype.unpack(mine, 0, count * datatype.width, recvbuf, recvoffset);
    }

    /**
     * Binomial-tree reduction among {@code n} members (null: the communicator's ranks) towards
     * the one at {@code rootIndex}, this rank at {@code me}, of {@code accumulator} (this rank's
     * contribution, packed: a derived type's items back to back; it may be overwritten). Returns
     * the combined result at the root (a partial one elsewhere). Each rank's accumulator covers
     * the members just above it, relative to the root, and meets its children's in that order.
     */
    private Object treeReduce(int[] members, int me, int n, int rootIndex, Object accumulator, int count, Datatype packed, Op op) {
        Object incoming = n > 1 ? packed.base.newArray(count * packed.width) : null;
        int relative = (me - rootIndex + n) % n;
        for (int mask = 1; mask < n; mask <<= 1) {
            if ((relative & mask) != 0) {
                send(accumulator, 0, count, packed, member(members, (relative - mask + rootIndex) % n), REDUCE);
                break;
            }
            if (relative + mask < n) {
                receive(incoming, 0, count, packed, member(members, (relative + mask + rootIndex) % n), REDUCE);
                Object combined = combine(op, packed, accumulator, incoming, count);
                incoming = combined == accumulator ? incoming : accumulator;
                accumulator = combined;
            }
        }
        return accumulator;
    }

    /**
     * Returns {@code lower op higher}, item by item, in one of the two arrays: the predefined
     * ops write into {@code lower}; a user function, by mpiJava's contract, into its inout
     * argument, {@code higher}.
     */
    private static Object combine(Op op, Datatype datatype, Object lower, Object higher, int count) {
        if (op.function != null) {
            op.function.Call(lower, 0, higher, 0, count, datatype);
            return higher;
        }
        ReductionOps.combine(op.code, datatype.base, higher, 0, lower, 0, count * datatype.width);
        return lower;
    }

    // ---------------------------------------------------------------- gather and scatter

    /** Collects {@code sendcount} items from every rank into {@code recvbuf} at {@code root}, in rank order. */
    public void Gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                       Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        checkUsable();
        checkRoot("Gather", root);
        // The receive arguments count at the root only.
        boolean atRoot = rank == root;
        gatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, atRoot ? uniform(recvcount) : null,
            atRoot ? blocks(recvcount) : null, recvtype, root);
    }

    /** As {@link #Gather}, rank {@code r}'s {@code recvcount[r]} items going to item {@code displs[r]} of {@code recvbuf}. */
    public void Gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        checkUsable();
        checkRoot("Gatherv", root);
        gatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs, recvtype, root);
    }

    private void gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                         Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        checkBuffer("Gather", sendbuf, sendoffset, sendcount, sendtype);
        agree(GATHER, root, sendtype, -1);
        if (rank != root) {
            send(sendbuf, sendoffset, sendcount, sendtype, root, GATHER);
            return;
        }
        checkBlocks("Gather", recvbuf, recvoffset, recvcount, displs, recvtype);
        for (int r = 0; r < size; r++) {
            int at = recvoffset + displs[r] * recvtype.extent;
            if (r == rank) {
                copyOwnBlock("Gather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, at, recvcount[r], recvtype);
            } else {
                receive(recvbuf, at, recvcount[r], recvtype, r, GATHER);
            }
        }
    }

    /** Sends the {@code r}-th block of {@code sendcount} items of {@code sendbuf} at {@code root} to rank {@code r}. */
    public void Scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        checkUsable();
        checkRoot("Scatter", root);
        // The send arguments count at the root only.
        boolean atRoot = rank == root;
        scatterv(sendbuf, sendoffset, atRoot ? uniform(sendcount) : null, atRoot ? blocks(sendcount) : null, sendtype,
            recvbuf, recvoffset, recvcount, recvtype, root);
    }

    /** As {@link #Scatter}, rank {@code r} getting {@code sendcount[r]} items from item {@code displs[r]} of {@code sendbuf}. */
    public void Scatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        checkUsable();
        checkRoot("Scatterv", root);
        scatterv(sendbuf, sendoffset, sendcount, displs, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
    }

    private void scatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
                          Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        checkBuffer("Scatter", recvbuf, recvoffset, recvcount, recvtype);
        agree(SCATTER, root, recvtype, -1);
        if (rank != root) {
            receive(recvbuf, recvoffset, recvcount, recvtype, root, SCATTER);
            return;
        }
        checkBlocks("Scatter", sendbuf, sendoffset, sendcount, displs, sendtype);
        for (int r = 0; r < size; r++) {
            int at = sendoffset + displs[r] * sendtype.extent;
            if (r == rank) {
                copyOwnBlock("Scatter", sendbuf, at, sendcount[r], sendtype, recvbuf, recvoffset, recvcount, recvtype);
            } else {
                send(sendbuf, at, sendcount[r], sendtype, r, SCATTER);
            }
        }
    }

    /** Every rank gets every rank's {@code sendcount} items, in rank order. */
    public void Allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                          Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        checkUsable();
        allgatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, uniform(recvcount), blocks(recvcount), recvtype);
    }

    /** As {@link #Allgather}, rank {@code r}'s {@code recvcount[r]} items landing at item {@code displs[r]}. */
    public void Allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                           Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype) {
        checkUsable();
        allgatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs, recvtype);
    }

    /** A ring: at step s each rank passes on the block it got at step s-1 (its own at step 0). */
    private void allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                            Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype) {
        checkBuffer("Allgather", sendbuf, sendoffset, sendcount, sendtype);
        checkBlocks("Allgather", recvbuf, recvoffset, recvcount, displs, recvtype);
        agree(ALLGATHER, -1, sendtype, -1);
        int w = recvtype.extent;
        copyOwnBlock("Allgather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset + displs[rank] * w,
            recvcount[rank], recvtype);
        int right = (rank + 1) % size;
        int left = (rank - 1 + size) % size;
        for (int step = 0; step < size - 1; step++) {
            int out = (rank - step + size) % size;
            int in = (rank - step - 1 + size) % size;
            collectiveExchange(recvbuf, recvoffset + displs[out] * w, recvcount[out], recvtype, right,
                recvbuf, recvoffset + displs[in] * w, recvcount[in], recvtype, left, ALLGATHER);
        }
    }

    /** Rank {@code i}'s {@code j}-th block goes to rank {@code j}'s {@code i}-th block. */
    public void Alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        checkUsable();
        alltoallv(sendbuf, sendoffset, uniform(sendcount), blocks(sendcount), sendtype,
            recvbuf, recvoffset, uniform(recvcount), blocks(recvcount), recvtype);
    }

    /** As {@link #Alltoall}, with per-rank counts and displacements on both sides. */
    public void Alltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
                          Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype) {
        checkUsable();
        alltoallv(sendbuf, sendoffset, sendcount, sdispls, sendtype, recvbuf, recvoffset, recvcount, rdispls, recvtype);
    }

    /**
     * Pairwise, with every receive posted first: each rank posts its receive from every other
     * rank, then sends to rank+1, rank+2, ... and then waits for its receives. No send waits for
     * a partner to reach the same step, which on a node with more ranks than cores (each step a
     * wake-up) made small all-to-alls 4 times Open MPI's time; a large send still waits only for
     * a receive that is already posted, so nothing deadlocks.
     */
    private void alltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
                           Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype) {
        checkBlocks("Alltoall", sendbuf, sendoffset, sendcount, sdispls, sendtype);
        checkBlocks("Alltoall", recvbuf, recvoffset, recvcount, rdispls, recvtype);
        agree(ALLTOALL, -1, sendtype, -1);
        int sw = sendtype.extent;
        int rw = recvtype.extent;
        ReceiveOperation[] incoming = new ReceiveOperation[size];
        try {
            for (int i = 1; i < size; i++) {
                int source = (rank - i + size) % size;
                incoming[i] = postCollectiveReceive(recvbuf, recvoffset + rdispls[source] * rw, recvcount[source], recvtype,
                    source, ALLTOALL);
            }
            // Our own block after the receives are posted: a large block from another process
            // that arrives while we copy would otherwise find no receive and be staged in a
            // buffer of its own size, then copied again (seen in profiles of NPB IS in 2 JVMs).
            copyOwnBlock("Alltoall", sendbuf, sendoffset + sdispls[rank] * sw, sendcount[rank], sendtype,
                recvbuf, recvoffset + rdispls[rank] * rw, recvcount[rank], recvtype);
            for (int i = 1; i < size; i++) {
                int dest = (rank + i) % size;
                send(sendbuf, sendoffset + sdispls[dest] * sw, sendcount[dest], sendtype, dest, ALLTOALL);
            }
            for (int i = 1; i < size; i++) {
                int source = (rank - i + size) % size;
                ReceiveOperation r = incoming[i];
                incoming[i] = null;
                completeCollectiveReceive(r, source, ALLTOALL, recvbuf, recvoffset + rdispls[source] * rw, recvtype);
            }
        } catch (MPIException e) {
            for (ReceiveOperation r : incoming) {
                if (r != null) {
                    abandonCollectiveReceive(r);
                }
            }
            throw e;
        }
    }

    // ---------------------------------------------------------------- helpers

    /**
     * In checked mode, compares this rank's collective signature with everyone's (one
     * all-gather on the collective context) and raises the same error on every rank when
     * they differ. {@code elements} of -1 and a null type are not compared.
     */
    private void agree(int kind, int root, Datatype type, int elements) {
        if (!CHECKED || size == 1) {
            return;
        }
        int[] mine = {kind, root, type == null ? -1 : type.base.ordinal(), elements};
        int[] all = new int[4 * size];
        int right = (rank + 1) % size;
        int left = (rank - 1 + size) % size;
        System.arraycopy(mine, 0, all, 4 * rank, 4);
        for (int step = 0; step < size - 1; step++) {
            int out = (rank - step + size) % size;
            int in = (rank - step - 1 + size) % size;
            collectiveExchange(all, 4 * out, 4, MPI.INT, right, all, 4 * in, 4, MPI.INT, left, CHECK);
        }
        for (int r = 1; r < size; r++) {
            int at = 4 * r;
            if (all[at] != all[0]) {
                throw new MPIException(MPI.ERR_OTHER, "mismatched collectives on " + this + ": rank 0 called "
                    + RankActivity.collectiveName(all[0]) + " but rank " + r + " called " + RankActivity.collectiveName(all[at]));
            }
            if (all[at + 1] != all[1]) {
                throw new MPIException(MPI.ERR_ROOT, "mismatched roots in " + RankActivity.collectiveName(kind) + " on " + this + ": rank 0 passed "
                    + all[1] + " but rank " + r + " passed " + all[at + 1]);
            }
            if (all[at + 2] != all[2] && all[2] >= 0 && all[at + 2] >= 0) {
                throw new MPIException(MPI.ERR_TYPE, "mismatched datatypes in " + RankActivity.collectiveName(kind) + " on " + this
                    + ": rank 0 passed " + ElementType.of(all[2]) + " elements but rank " + r + " passed " + ElementType.of(all[at + 2]));
            }
            if (all[at + 3] != all[3] && all[3] >= 0 && all[at + 3] >= 0) {
                throw new MPIException(MPI.ERR_COUNT, "mismatched counts in " + RankActivity.collectiveName(kind) + " on " + this + ": rank 0 passed "
                    + all[3] + " elements but rank " + r + " passed " + all[at + 3]);
            }
        }
    }

    private void send(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        collectiveExchange(buf, offset, count, datatype, dest, null, 0, 0, datatype, MPI.PROC_NULL, tag);
    }

    private void receive(Object buf, int offset, int count, Datatype datatype, int source, int tag) {
        collectiveExchange(null, 0, 0, datatype, MPI.PROC_NULL, buf, offset, count, datatype, source, tag);
    }

    /** This rank's own block goes straight from its send buffer to its receive buffer. */
    private static void copyOwnBlock(String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                                     Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        if (sendtype.base != recvtype.base) {
            throw new MPIException(MPI.ERR_TYPE, call + ": send datatype " + sendtype + " and receive datatype "
                + recvtype + " differ");
        }
        int elements = sendcount * sendtype.width;
        if (elements > recvcount * recvtype.width) {
            throw new MPIException(MPI.ERR_TRUNCATE, call + ": a block of " + sendcount + " items of " + sendtype
                + " does not fit a receive block of " + recvcount + " items of " + recvtype);
        }
        if (sendtype.contiguous) {
            recvtype.unpack(sendbuf, sendoffset, elements, recvbuf, recvoffset);
        } else {
            recvtype.unpack(sendtype.packed(sendbuf, sendoffset, sendcount), 0, elements, recvbuf, recvoffset);
        }
    }

    private int[] uniform(int count) {
        if (count < 0) {
            throw new MPIException(MPI.ERR_COUNT, "count must not be negative, got " + count);
        }
        int[] counts = new int[size];
        java.util.Arrays.fill(counts, count);
        return counts;
    }

    private int[] blocks(int count) {
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            displs[r] = r * count;
        }
        return displs;
    }

    /** Checks a count per rank and returns the displacements of consecutive blocks. */
    private int[] checkCounts(String call, int[] counts) {
        if (counts == null || counts.length < size) {
            throw new MPIException(MPI.ERR_ARG, call + ": needs a count for each of the " + size + " ranks, got "
                + (counts == null ? "null" : counts.length));
        }
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            if (counts[r] < 0) {
                throw new MPIException(MPI.ERR_COUNT, call + ": count for rank " + r + " is negative (" + counts[r] + ")");
            }
            displs[r] = r == 0 ? 0 : displs[r - 1] + counts[r - 1];
        }
        return displs;
    }

    /** A buffer holding, for each rank, {@code counts[r]} items from item {@code displs[r]}. */
    private void checkBlocks(String call, Object buf, int offset, int[] counts, int[] displs, Datatype datatype) {
        checkCounts(call, counts);
        if (displs == null || displs.length < size) {
            throw new MPIException(MPI.ERR_ARG, call + ": needs a displacement for each of the " + size + " ranks, got "
                + (displs == null ? "null" : displs.length));
        }
        for (int r = 0; r < size; r++) {
            if (displs[r] < 0) {
                throw new MPIException(MPI.ERR_ARG, call + ": displacement for rank " + r + " is negative (" + displs[r] + ")");
            }
            checkBuffer(call, buf, offset + displs[r] * datatype.extent, counts[r], datatype);
        }
    }

    private void checkRoot(String call, int root) {
        if (root < 0 || root >= size) {
            throw new MPIException(MPI.ERR_ROOT, call + ": root " + root + " is out of range for " + this
                + " of size " + size + " (valid: 0.." + (size - 1) + ")");
        }
    }

    private static void checkOp(String call, Op op, Datatype datatype) {
        if (op == null) {
            throw new MPIException(MPI.ERR_OP, call + ": op is null");
        }
        if (op.function != null) {
            return;
        }
        boolean pairOp = op.code >= ReductionOps.MAXLOC;
        if (!ReductionOps.appliesTo(op.code, datatype.base) || (pairOp && datatype.width % 2 != 0)) {
            throw new MPIException(MPI.ERR_OP, call + ": " + op + " does not apply to " + datatype
                + (pairOp ? " (MAXLOC and MINLOC take the pair types MPI.SHORT2, INT2, LONG2, FLOAT2, DOUBLE2)" : ""));
        }
    }
}
