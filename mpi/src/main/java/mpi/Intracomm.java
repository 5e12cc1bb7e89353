package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.ShortBuffer;
import org.hympj.comm.coll.CollectiveCheck;
import org.hympj.comm.coll.CollectiveKind;
import org.hympj.comm.coll.Collectives;
import org.hympj.comm.data.ReductionOps;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.events.CallEvents;
import org.hympj.comm.events.MpiCollectiveEvent;

/**
 * A communicator within one group of ranks, the type of {@code MPI.COMM_WORLD} and
 * {@code MPI.COMM_SELF}, with the collective operations.
 *
 * <p>Each collective checks its arguments here, then runs in the engine's
 * {@link Collectives}, which chooses the algorithm (node-aware where the ranks span JVMs or
 * nodes) and is shared by every rank of the JVM. Collectives travel as point-to-point
 * messages on the communicator's collective context, so they work on every path and never
 * match a user's receive. Reductions combine contributions in rank order where the operation
 * is not commutative. Every rank must call the same collectives in the same order with
 * matching arguments, as MPI requires; mismatched sizes or types surface as
 * {@code ERR_TRUNCATE} or {@code ERR_TYPE} (and, with {@code -Dhympj.check.collectives=true},
 * as the same error on every rank: see {@link CollectiveCheck}).
 *
 * <p>Counts are in items of the datatype, offsets and displacements as in mpiJava: offsets
 * in array elements, displacements in items. The Open MPI face's collectives ({@code bcast},
 * {@code allReduce}, ...) are in {@link Comm}; they take buffers from their start and
 * {@code MPI.IN_PLACE} where MPI allows it.
 */
public class Intracomm extends Comm {
    Intracomm(String name) {
        super(name);
    }

    Intracomm(String name, boolean predefined) {
        super(name, predefined);
    }

    // ---------------------------------------------------------------- new communicators

    /**
     * {@return a new communicator with the same group and its own contexts} Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Intracomm Dup() {
        checkUsable();
        return derive(worldRanks(), rank, "Dup of " + this);
    }

    /**
     * {@link #Dup}, in mpiJava's and MPJ Express's form. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public Intracomm clone() {
        return Dup();
    }

    /**
     * Splits the communicator: ranks passing the same {@code color} form a new communicator,
     * ordered by {@code key} then by their rank here; a rank passing {@code MPI.UNDEFINED}
     * gets null. Collective.
     *
     * @param color which new communicator this rank joins, or {@code MPI.UNDEFINED} for none
     * @param key the order of this rank in the new communicator: ranks with a lower key come first, ties by their
     *     rank here
     * @return the new communicator, or null for a rank passing {@code MPI.UNDEFINED}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
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
     * {@return a communicator of the members of {@code group}, a subgroup of this communicator's; the others get
     * null} Collective: every rank must pass the same group.
     *
     * @param group a subgroup of this communicator's group
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
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
     * {@return an intercommunicator between {@code local_comm}'s group and another, disjoint group, with this
     * communicator as the peer through which the two leaders meet: {@code local_leader} is a rank of
     * {@code local_comm}, {@code remote_leader} the other group's leader as a rank of this communicator, {@code tag}
     * the tag of the leaders' messages on it} Collective over both groups (MPI_Intercomm_create; called on the peer
     * communicator, as in mpiJava).
     *
     * @param local_comm the communicator of this rank's group
     * @param local_leader the rank of its group's leader in {@code local_comm}
     * @param remote_leader the rank of the other group's leader in this communicator
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TAG} if a tag is negative or above {@code MPI.TAG_UB}'s value; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
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
        MPI.contextsUsedBelow(info[1] + MPI.CONTEXTS_PER_COMMUNICATOR);
        Intracomm localDup = localComm.Dup();
        Intercomm inter = new Intercomm("Intercomm of " + localComm + " with " + remoteMembers.length + " remote ranks",
            localDup, remoteMembers);
        inter.bind(rt, info[1], localComm.rank, members.length, members);
        inter.bindPeers(remoteMembers);
        inter.inheritFrom(localComm);
        return inter;
    }

    /**
     * {@return a Cartesian grid over the first {@code dims[0] × dims[1] × ...} ranks (the others get null)} Collective.
     *
     * @param dims the number of ranks along each dimension
     * @param periods for each dimension, whether it wraps around
     * @param reorder whether ranks may be renumbered; HyMPJ keeps them as they are
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_DIMS} if the dimensions do not make a grid that fits the ranks; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public Cartcomm Create_cart(int[] dims, boolean[] periods, boolean reorder) {
        checkUsable();
        Intracomm grid = firstRanks(Cartcomm.cells("Create_cart", dims, periods, this), "Cartesian grid");
        return grid == null ? null : new CartComm(grid, dims, periods);
    }

    /**
     * {@return a graph over the first {@code index.length} ranks (the others get null)} Collective.
     *
     * @param index MPI's {@code index}: for each node, the number of edges of the nodes up to it
     * @param edges the neighbours of each node in turn (MPI's {@code edges})
     * @param reorder whether ranks may be renumbered; HyMPJ keeps them as they are
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_ARG} if {@code index} and {@code edges} do not make a graph of at most this communicator's
     *     size; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Graphcomm Create_graph(int[] index, int[] edges, boolean reorder) {
        checkUsable();
        Graphcomm.checkGraph("Create_graph", index, edges, this);
        Intracomm graph = firstRanks(index.length, "graph");
        return graph == null ? null : new GraphComm(graph, index, edges);
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
     * The contexts of a new communicator, free on every rank here: the largest of
     * the ranks' next free context, agreed by an all-reduce. Collective.
     */
    private int agreeOnContext() {
        int[] mine = {MPI.nextContext()};
        int[] agreed = new int[1];
        Allreduce(mine, 0, agreed, 0, 1, MPI.INT, MPI.MAX);
        MPI.contextsUsedBelow(agreed[0] + MPI.CONTEXTS_PER_COMMUNICATOR);
        return agreed[0];
    }

    // ---------------------------------------------------------------- collectives

    /**
     * Returns once every rank of the communicator has entered the barrier.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public void Barrier() {
        checkUsable();
        MpiCollectiveEvent event = CallEvents.beginCollective();
        try {
            CollectiveCheck.agree(core, CollectiveKind.BARRIER, -1, null, -1);
            Collectives.barrier(core);
        } catch (EngineException e) {
            throw raised(e);
        }
        collectiveEnded(event, "Barrier", -1, 0, null);
    }

    /**
     * Copies {@code count} items of {@code buf} at {@code root} to {@code buf} at every rank.
     *
     * @param buf the buffer, read at the root and written at the others: an array of the datatype's element type
     * @param offset the index of the first element of {@code buf} to use
     * @param count the number of items of the type; the same on every rank
     * @param datatype the type of each item
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public void Bcast(Object buf, int offset, int count, Datatype datatype, int root) {
        checkUsable();
        checkBuffer("Bcast", buf, offset, count, datatype);
        checkRoot("Bcast", root);
        TypeMap map = datatype.map;
        MpiCollectiveEvent event = CallEvents.beginCollective();
        try {
            CollectiveCheck.agree(core, CollectiveKind.BCAST, root, map.base, count * map.width);
            Collectives.bcast(core, buf, offset, count, map, root);
        } catch (EngineException e) {
            throw raised(e);
        }
        collectiveEnded(event, "Bcast", root, count, map);
    }

    /**
     * Combines every rank's {@code sendbuf} item by item with {@code op} into {@code recvbuf} at {@code root}.
     *
     * @param sendbuf this rank's operand: an array of the datatype's element type
     * @param sendoffset the index of the first element of {@code sendbuf} to use
     * @param recvbuf where the result goes: an array of the datatype's element type
     * @param recvoffset the index of the first element of {@code recvbuf} to use
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param datatype the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OP} if {@code op} is
     *     null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before {@code Init} or after
     *     {@code Finalize}
     */
    public void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                       Op op, int root) {
        checkUsable();
        checkBuffer("Reduce", sendbuf, sendoffset, count, datatype);
        checkRoot("Reduce", root);
        checkOp("Reduce", op, datatype);
        if (rank == root) {
            checkBuffer("Reduce", recvbuf, recvoffset, count, datatype);
        }
        TypeMap map = datatype.map;
        MpiCollectiveEvent event = CallEvents.beginCollective();
        try {
            CollectiveCheck.agree(core, CollectiveKind.REDUCE, root, map.base, count * map.width);
            Collectives.reduce(core, sendbuf, sendoffset, recvbuf, recvoffset, count, map, map, op.reduction(datatype), root);
        } catch (EngineException e) {
            throw raised(e);
        }
        collectiveEnded(event, "Reduce", root, count, map);
    }

    /**
     * As {@link #Reduce}, with the result in {@code recvbuf} at every rank, the same bits everywhere.
     *
     * @param sendbuf this rank's operand: an array of the datatype's element type
     * @param sendoffset the index of the first element of {@code sendbuf} to use
     * @param recvbuf where the result goes: an array of the datatype's element type
     * @param recvoffset the index of the first element of {@code recvbuf} to use
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param datatype the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype, Op op) {
        checkReduction("Allreduce", sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
        TypeMap map = datatype.map;
        MpiCollectiveEvent event = CallEvents.beginCollective();
        try {
            CollectiveCheck.agree(core, CollectiveKind.REDUCE, -1, map.base, count * map.width);
            Collectives.allreduce(core, sendbuf, sendoffset, recvbuf, recvoffset, count, map, op.reduction(datatype));
        } catch (EngineException e) {
            throw raised(e);
        }
        collectiveEnded(event, "Allreduce", -1, count, map);
    }

    /**
     * Reduces {@code sendbuf} over all ranks and scatters the result: rank {@code r} gets
     * {@code recvcounts[r]} items of it, in rank order.
     *
     * @param sendbuf this rank's operand: an array of the datatype's element type
     * @param sendoffset the index of the first element of {@code sendbuf} to use
     * @param recvbuf where the result goes: an array of the datatype's element type
     * @param recvoffset the index of the first element of {@code recvbuf} to use
     * @param recvcounts for each rank, the number of items of the result it receives
     * @param datatype the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public void Reduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
                               Datatype datatype, Op op) {
        checkUsable();
        int[] displs = checkCounts("Reduce_scatter", recvcounts);
        int total = displs[size - 1] + recvcounts[size - 1];
        checkBuffer("Reduce_scatter", sendbuf, sendoffset, total, datatype);
        checkBuffer("Reduce_scatter", recvbuf, recvoffset, recvcounts[rank], datatype);
        checkOp("Reduce_scatter", op, datatype);
        TypeMap map = datatype.map;
        MpiCollectiveEvent event = CallEvents.beginCollective();
        try {
            CollectiveCheck.agree(core, CollectiveKind.REDUCE, -2, map.base, total * map.width);
            Collectives.reduceScatter(core, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, displs, total, map,
                op.reduction(datatype));
        } catch (EngineException e) {
            throw raised(e);
        }
        collectiveEnded(event, "Reduce_scatter", -1, total, map);
    }

    /**
     * Inclusive prefix reduction: rank {@code r} gets the reduction of the {@code sendbuf}s of ranks 0 to r.
     *
     * @param sendbuf this rank's operand: an array of the datatype's element type
     * @param sendoffset the index of the first element of {@code sendbuf} to use
     * @param recvbuf where the result goes: an array of the datatype's element type
     * @param recvoffset the index of the first element of {@code recvbuf} to use
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param datatype the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public void Scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype, Op op) {
        checkReduction("Scan", sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
        TypeMap map = datatype.map;
        MpiCollectiveEvent event = CallEvents.beginCollective();
        try {
            CollectiveCheck.agree(core, CollectiveKind.SCAN, -1, map.base, count * map.width);
            Collectives.scan(core, sendbuf, sendoffset, recvbuf, recvoffset, count, map, op.reduction(datatype));
        } catch (EngineException e) {
            throw raised(e);
        }
        collectiveEnded(event, "Scan", -1, count, map);
    }

    // ---------------------------------------------------------------- gather and scatter

    /**
     * Collects {@code sendcount} items from every rank into {@code recvbuf} at {@code root}, in rank order.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type
     * @param sendoffset the index of the first element of {@code sendbuf} to use
     * @param sendcount the number of items this rank sends
     * @param sendtype the type of each item sent
     * @param recvbuf where the root receives the blocks, in rank order (used at the root only): an array of the
     *     datatype's element type
     * @param recvoffset the index of the first element of {@code recvbuf} to use
     * @param recvcount the number of items received from each rank (used at the root)
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public void Gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                       Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        checkUsable();
        checkRoot("Gather", root);
        // The receive arguments count at the root only.
        boolean atRoot = rank == root;
        gatherv("Gather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            atRoot ? uniform(recvcount) : null, atRoot ? blocks(recvcount) : null, recvtype, root);
    }

    /**
     * As {@link #Gather}, rank {@code r}'s {@code recvcount[r]} items going to item {@code displs[r]} of
     * {@code recvbuf}.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type
     * @param sendoffset the index of the first element of {@code sendbuf} to use
     * @param sendcount the number of items this rank sends
     * @param sendtype the type of each item sent
     * @param recvbuf where the root receives the blocks, in rank order (used at the root only): an array of the
     *     datatype's element type
     * @param recvoffset the index of the first element of {@code recvbuf} to use
     * @param recvcount for each rank, the number of items received from it (used at the root)
     * @param displs for each rank, where its block starts in {@code recvbuf}, in items of the type
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public void Gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        checkUsable();
        checkRoot("Gatherv", root);
        gatherv("Gatherv", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs, recvtype, root);
    }

    private void gatherv(String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                         Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        checkBuffer("Gather", sendbuf, sendoffset, sendcount, sendtype);
        MpiCollectiveEvent event = CallEvents.beginCollective();
        try {
            CollectiveCheck.agree(core, CollectiveKind.GATHER, root, sendtype.map.base, -1);
            if (rank == root) {
                checkBlocks("Gather", recvbuf, recvoffset, recvcount, displs, recvtype);
            }
            Collectives.gatherv(core, sendbuf, sendoffset, sendcount, sendtype.map, recvbuf, recvoffset, recvcount, displs,
                rank == root ? recvtype.map : null, root);
        } catch (EngineException e) {
            throw raised(e);
        }
        collectiveEnded(event, call, root, sendcount, sendtype.map);
    }

    /**
     * Sends the {@code r}-th block of {@code sendcount} items of {@code sendbuf} at {@code root} to rank {@code r}.
     *
     * @param sendbuf the blocks the root sends, one per rank in rank order (used at the root only): an array of the
     *     datatype's element type
     * @param sendoffset the index of the first element of {@code sendbuf} to use
     * @param sendcount the number of items sent to each rank (used at the root)
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type
     * @param recvoffset the index of the first element of {@code recvbuf} to use
     * @param recvcount the number of items this rank receives
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public void Scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        checkUsable();
        checkRoot("Scatter", root);
        // The send arguments count at the root only.
        boolean atRoot = rank == root;
        scatterv("Scatter", sendbuf, sendoffset, atRoot ? uniform(sendcount) : null, atRoot ? blocks(sendcount) : null,
            sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
    }

    /**
     * As {@link #Scatter}, rank {@code r} getting {@code sendcount[r]} items from item {@code displs[r]} of
     * {@code sendbuf}.
     *
     * @param sendbuf the blocks the root sends, one per rank in rank order (used at the root only): an array of the
     *     datatype's element type
     * @param sendoffset the index of the first element of {@code sendbuf} to use
     * @param sendcount for each rank, the number of items sent to it
     * @param displs for each rank, where its block starts in {@code sendbuf}, in items of the type
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type
     * @param recvoffset the index of the first element of {@code recvbuf} to use
     * @param recvcount the number of items this rank receives
     * @param recvtype the type of each item received
     * @param root the rank of the root in this communicator; every rank passes the same
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_ROOT} if {@code root} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public void Scatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        checkUsable();
        checkRoot("Scatterv", root);
        scatterv("Scatterv", sendbuf, sendoffset, sendcount, displs, sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
    }

    private void scatterv(String call, Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
                          Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        checkBuffer("Scatter", recvbuf, recvoffset, recvcount, recvtype);
        MpiCollectiveEvent event = CallEvents.beginCollective();
        try {
            CollectiveCheck.agree(core, CollectiveKind.SCATTER, root, recvtype.map.base, -1);
            if (rank == root) {
                checkBlocks("Scatter", sendbuf, sendoffset, sendcount, displs, sendtype);
            }
            Collectives.scatterv(core, sendbuf, sendoffset, sendcount, displs, rank == root ? sendtype.map : null,
                recvbuf, recvoffset, recvcount, recvtype.map, root);
        } catch (EngineException e) {
            throw raised(e);
        }
        collectiveEnded(event, call, root, recvcount, recvtype.map);
    }

    /**
     * Every rank gets every rank's {@code sendcount} items, in rank order.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type
     * @param sendoffset the index of the first element of {@code sendbuf} to use
     * @param sendcount the number of items this rank sends
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type
     * @param recvoffset the index of the first element of {@code recvbuf} to use
     * @param recvcount the number of items received from each rank
     * @param recvtype the type of each item received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public void Allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                          Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        checkUsable();
        allgatherv("Allgather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, uniform(recvcount),
            blocks(recvcount), recvtype);
    }

    /**
     * As {@link #Allgather}, rank {@code r}'s {@code recvcount[r]} items landing at item {@code displs[r]}.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type
     * @param sendoffset the index of the first element of {@code sendbuf} to use
     * @param sendcount the number of items this rank sends
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type
     * @param recvoffset the index of the first element of {@code recvbuf} to use
     * @param recvcount for each rank, the number of items received from it
     * @param displs for each rank, where its block starts in the buffer, in items of the type
     * @param recvtype the type of each item received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public void Allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                           Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype) {
        checkUsable();
        allgatherv("Allgatherv", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs, recvtype);
    }

    private void allgatherv(String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                            Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype) {
        checkBuffer("Allgather", sendbuf, sendoffset, sendcount, sendtype);
        checkBlocks("Allgather", recvbuf, recvoffset, recvcount, displs, recvtype);
        MpiCollectiveEvent event = CallEvents.beginCollective();
        try {
            // The largest receive block, the same at every rank of a correct program: it decides the way.
            CollectiveCheck.agree(core, CollectiveKind.ALLGATHER, -1, sendtype.map.base, largestBlock(recvcount, recvtype));
            Collectives.allgatherv(core, sendbuf, sendoffset, sendcount, sendtype.map, recvbuf, recvoffset, recvcount, displs,
                recvtype.map);
        } catch (EngineException e) {
            throw raised(e);
        }
        collectiveEnded(event, call, -1, sendcount, sendtype.map);
    }

    /**
     * Rank {@code i}'s {@code j}-th block goes to rank {@code j}'s {@code i}-th block.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type
     * @param sendoffset the index of the first element of {@code sendbuf} to use
     * @param sendcount the number of items sent to each rank
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type
     * @param recvoffset the index of the first element of {@code recvbuf} to use
     * @param recvcount the number of items received from each rank
     * @param recvtype the type of each item received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public void Alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        checkUsable();
        alltoallv("Alltoall", true, sendbuf, sendoffset, uniform(sendcount), blocks(sendcount), sendtype,
            recvbuf, recvoffset, uniform(recvcount), blocks(recvcount), recvtype);
    }

    /**
     * As {@link #Alltoall}, with per-rank counts and displacements on both sides.
     *
     * @param sendbuf the data this rank sends: an array of the datatype's element type
     * @param sendoffset the index of the first element of {@code sendbuf} to use
     * @param sendcount for each rank, the number of items sent to it
     * @param sdispls for each rank, where the block sent to it starts in {@code sendbuf}, in items of the send type
     * @param sendtype the type of each item sent
     * @param recvbuf where this rank receives: an array of the datatype's element type
     * @param recvoffset the index of the first element of {@code recvbuf} to use
     * @param recvcount for each rank, the number of items received from it
     * @param rdispls for each rank, where the block received from it starts in {@code recvbuf}, in items of the
     *     receive type
     * @param recvtype the type of each item received
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public void Alltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
                          Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype) {
        checkUsable();
        alltoallv("Alltoallv", false, sendbuf, sendoffset, sendcount, sdispls, sendtype, recvbuf, recvoffset, recvcount, rdispls,
            recvtype);
    }

    /** The elements of the largest of the communicator's receive blocks ({@code counts} may be longer). */
    private int largestBlock(int[] counts, Datatype type) {
        int largest = 0;
        for (int r = 0; r < size; r++) {
            largest = Math.max(largest, counts[r]);
        }
        return largest * type.map.width;
    }

    /** {@code sameBlocks}: the blocks are of one size and one after the other, at every rank (the engine may take its area). */
    private void alltoallv(String call, boolean sameBlocks, Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls,
                           Datatype sendtype, Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype) {
        checkBlocks("Alltoall", sendbuf, sendoffset, sendcount, sdispls, sendtype);
        checkBlocks("Alltoall", recvbuf, recvoffset, recvcount, rdispls, recvtype);
        MpiCollectiveEvent event = CallEvents.beginCollective();
        try {
            // A block's elements, the same at every rank of a correct Alltoall: they decide the way.
            CollectiveCheck.agree(core, CollectiveKind.ALLTOALL, -1, sendtype.map.base,
                sameBlocks ? sendcount[0] * sendtype.map.width : -1);
            if (sameBlocks) {
                Collectives.alltoall(core, sendbuf, sendoffset, sendcount[0], sendtype.map, recvbuf, recvoffset, recvcount[0],
                    recvtype.map);
            } else {
                Collectives.alltoallv(core, sendbuf, sendoffset, sendcount, sdispls, sendtype.map, recvbuf, recvoffset,
                    recvcount, rdispls, recvtype.map);
            }
        } catch (EngineException e) {
            throw raised(e);
        }
        collectiveEnded(event, call, -1, event == null ? 0 : sum(sendcount), sendtype.map);
    }

    // ---------------------------------------------------------------- argument checks

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
            checkBuffer(call, buf, offset + displs[r] * datatype.map.extent, counts[r], datatype);
        }
    }

    private void checkRoot(String call, int root) {
        if (root < 0 || root >= size) {
            throw new MPIException(MPI.ERR_ROOT, call + ": root " + root + " is out of range for " + this
                + " of size " + size + " (valid: 0.." + (size - 1) + ")");
        }
    }

    /** The checks of a reduction whose result every rank gets: both buffers hold {@code count} items. */
    private void checkReduction(String call, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                                Datatype datatype, Op op) {
        checkUsable();
        checkBuffer(call, sendbuf, sendoffset, count, datatype);
        checkBuffer(call, recvbuf, recvoffset, count, datatype);
        checkOp(call, op, datatype);
    }

    private static void checkOp(String call, Op op, Datatype datatype) {
        if (op == null) {
            throw new MPIException(MPI.ERR_OP, call + ": op is null");
        }
        if (op.function != null) {
            return;
        }
        boolean pairOp = op.code == ReductionOps.MAXLOC || op.code == ReductionOps.MINLOC;
        if (!ReductionOps.appliesTo(op.code, datatype.map)) {
            throw new MPIException(MPI.ERR_OP, call + ": " + op + " does not apply to " + datatype
                + (pairOp ? " (MAXLOC and MINLOC take the pair types MPI.SHORT2, INT2, LONG2, FLOAT2, DOUBLE2,"
                + " SHORT_INT, LONG_INT, FLOAT_INT, DOUBLE_INT)" : ""));
        }
    }

    // ==== Open MPI face: communicators and topologies ====

    // topologies

    /**
     * {@return a Cartesian grid over the first {@code dims[0] × dims[1] × ...} ranks; the others get a null
     * communicator} Collective.
     *
     * @param dims the number of ranks along each dimension
     * @param periods for each dimension, whether it wraps around
     * @param reorder whether ranks may be renumbered; HyMPJ keeps them as they are
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_DIMS} if the dimensions do not make a grid that fits the ranks; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final CartComm createCart(int[] dims, boolean[] periods, boolean reorder) {
        checkUsable();
        Intracomm grid = firstRanks(Cartcomm.cells("createCart", dims, periods, this), "Cartesian grid");
        return grid == null ? CartComm.outsideTheGrid() : new CartComm(grid, dims, periods);
    }

    /**
     * {@return a graph over the first {@code index.length} ranks, given as MPI's {@code index} (the running count of
     * edges up to each node) and {@code edges}; the others get a null communicator} Collective.
     *
     * @param index MPI's {@code index}: for each node, the number of edges of the nodes up to it
     * @param edges the neighbours of each node in turn (MPI's {@code edges})
     * @param reorder whether ranks may be renumbered; HyMPJ keeps them as they are
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_ARG} if {@code index} and {@code edges} do not make a graph of at most this communicator's
     *     size; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final GraphComm createGraph(int[] index, int[] edges, boolean reorder) {
        checkUsable();
        Graphcomm.checkGraph("createGraph", index, edges, this);
        Intracomm graph = firstRanks(index.length, "graph");
        return graph == null ? GraphComm.outsideTheGraph() : new GraphComm(graph, index, edges);
    }

    /**
     * {@return a distributed graph over all ranks, of which each rank declares any edges: from each
     * {@code sources[i]} to the next {@code degrees[i]} entries of {@code destinations}, each with the weight at the
     * same place in {@code weights}} Each rank learns the edges into and out of it, whoever declared them. {@code
     * info} and {@code reorder} have no effect. Collective.
     *
     * @param sources the ranks the edges come from
     * @param degrees for each rank in {@code sources}, the number of its edges in {@code destinations}
     * @param destinations the ranks the edges go to
     * @param weights the weight of each edge
     * @param info hints; HyMPJ takes none from it, and null is accepted
     * @param reorder whether ranks may be renumbered; HyMPJ keeps them as they are
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, int[] weights, Info info,
                                           boolean reorder) {
        return distGraph("createDistGraph", sources, degrees, destinations, weights, true);
    }

    /**
     * As {@link #createDistGraph(int[], int[], int[], int[], Info, boolean)}, without weights. Collective.
     *
     * @param sources the ranks the edges come from
     * @param degrees for each rank in {@code sources}, the number of its edges in {@code destinations}
     * @param destinations the ranks the edges go to
     * @param info hints; HyMPJ takes none from it, and null is accepted
     * @param reorder whether ranks may be renumbered; HyMPJ keeps them as they are
     * @return the communicator with the graph
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, Info info, boolean reorder) {
        return distGraph("createDistGraph", sources, degrees, destinations, null, false);
    }

    /**
     * {@return a distributed graph over all ranks, of which each rank gives its own edges: in from {@code sources},
     * out to {@code destinations}, with their weights} {@code info} and {@code reorder} have no effect. Collective.
     *
     * @param sources the ranks the edges come from
     * @param sourceWeights the weight of each edge in
     * @param destinations the ranks the edges go to
     * @param destWeights the weight of each edge out
     * @param info hints; HyMPJ takes none from it, and null is accepted
     * @param reorder whether ranks may be renumbered; HyMPJ keeps them as they are
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final GraphComm createDistGraphAdjacent(int[] sources, int[] sourceWeights, int[] destinations,
                                                   int[] destWeights, Info info, boolean reorder) {
        return adjacentGraph(sources, sourceWeights, destinations, destWeights, true);
    }

    /**
     * As {@link #createDistGraphAdjacent(int[], int[], int[], int[], Info, boolean)}, without weights. Collective.
     *
     * @param sources the ranks the edges come from
     * @param destinations the ranks the edges go to
     * @param info hints; HyMPJ takes none from it, and null is accepted
     * @param reorder whether ranks may be renumbered; HyMPJ keeps them as they are
     * @return the communicator with the graph
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final GraphComm createDistGraphAdjacent(int[] sources, int[] destinations, Info info, boolean reorder) {
        return adjacentGraph(sources, null, destinations, null, false);
    }

    private GraphComm distGraph(String call, int[] sources, int[] degrees, int[] destinations, int[] weights,
                                boolean weighted) {
        checkUsable();
        // As MPI's n argument, sources.length is the number of sources; degrees beyond it are not read.
        if (sources == null || degrees == null || destinations == null || sources.length > degrees.length) {
            throw new MPIException(MPI.ERR_ARG, call + ": needs sources, a degree for each source, and destinations");
        }
        degrees = degrees.length == sources.length ? degrees : java.util.Arrays.copyOf(degrees, sources.length);
        int edges = 0;
        for (int i = 0; i < sources.length; i++) {
            checkGraphRank(call, "source", sources[i]);
            if (degrees[i] < 0) {
                throw new MPIException(MPI.ERR_ARG, call + ": degree " + degrees[i] + " of source " + sources[i] + " is negative");
            }
            edges += degrees[i];
        }
        if (edges > destinations.length) {
            throw new MPIException(MPI.ERR_ARG, call + ": the degrees add up to " + edges + " edges but there are "
                + destinations.length + " destinations");
        }
        for (int k = 0; k < edges; k++) {
            checkGraphRank(call, "destination", destinations[k]);
        }
        int[] w = weighted ? checkWeights(call, weights, edges) : ones(edges);
        org.hympj.comm.coll.DistributedGraph graph;
        try {
            graph = org.hympj.comm.coll.DistributedGraph.exchange(core, sources, degrees, destinations, w);
        } catch (EngineException e) {
            throw raised(e);
        }
        return new GraphComm(derive(worldRanks(), rank, "distributed graph"), new DistGraphNeighbors(graph, weighted));
    }

    private GraphComm adjacentGraph(int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights,
                                    boolean weighted) {
        String call = "createDistGraphAdjacent";
        checkUsable();
        if (sources == null || destinations == null) {
            throw new MPIException(MPI.ERR_ARG, call + ": sources and destinations must not be null");
        }
        for (int s : sources) {
            checkGraphRank(call, "source", s);
        }
        for (int d : destinations) {
            checkGraphRank(call, "destination", d);
        }
        org.hympj.comm.coll.DistributedGraph graph = new org.hympj.comm.coll.DistributedGraph(sources,
            weighted ? checkWeights(call, sourceWeights, sources.length) : ones(sources.length), destinations,
            weighted ? checkWeights(call, destWeights, destinations.length) : ones(destinations.length));
        return new GraphComm(derive(worldRanks(), rank, "distributed graph"), new DistGraphNeighbors(graph, weighted));
    }

    private void checkGraphRank(String call, String end, int r) {
        if (r < 0 || r >= size) {
            throw new MPIException(MPI.ERR_RANK, call + ": " + end + " rank " + r + " is out of range for " + this
                + " of size " + size + " (valid: 0.." + (size - 1) + ")");
        }
    }

    private static int[] checkWeights(String call, int[] weights, int edges) {
        if (weights == null || weights.length < edges) {
            throw new MPIException(MPI.ERR_ARG, call + ": needs a weight for each of the " + edges + " edges, got "
                + (weights == null ? "null" : weights.length));
        }
        for (int i = 0; i < edges; i++) {
            if (weights[i] < 0) {
                throw new MPIException(MPI.ERR_ARG, call + ": weight " + weights[i] + " of edge " + i + " is negative");
            }
        }
        return java.util.Arrays.copyOf(weights, edges);
    }

    private static int[] ones(int n) {
        int[] w = new int[n];
        java.util.Arrays.fill(w, 1);
        return w;
    }

    /**
     * A new communicator with the same group, its own contexts and a copy of the attributes. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public Intracomm dup() {
        return withAttributesOf(clone());
    }

    /**
     * {@link #dup}; {@link #getRequest} of the result is a request that is already complete. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public Intracomm iDup() {
        return completedCreation(dup());
    }

    /**
     * {@link #dup}; HyMPJ takes no hints from {@code info}. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public Intracomm dupWithInfo(Info info) {
        return dup();
    }

    /**
     * Ranks passing the same {@code color} form a new communicator, ordered by {@code key}
     * then by their rank here; a rank passing {@code MPI.UNDEFINED} gets a null communicator
     * ({@code isNull()} is true). Collective.
     *
     * @param color which new communicator this rank joins, or {@code MPI.UNDEFINED} for none
     * @param key the order of this rank in the new communicator: ranks with a lower key come first, ties by their
     *     rank here
     * @return the new communicator; a null one for a rank passing {@code MPI.UNDEFINED} ({@code isNull()} is true)
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Intracomm split(int color, int key) {
        return orNull(Split(color, key));
    }

    /**
     * Splits by where the ranks run: {@code MPI.COMM_TYPE_SHARED} puts together the ranks of
     * one node, those that can share memory (the thread ranks of a JVM and the JVMs of a
     * node), ordered by {@code key} then by their rank here; {@code MPI.UNDEFINED} gives a null
     * communicator. {@code info} is not used. Collective.
     *
     * @param splitType {@code MPI.COMM_TYPE_SHARED}, or {@code MPI.UNDEFINED} for no communicator
     * @param key the order of this rank in the new communicator: ranks with a lower key come first, ties by their
     *     rank here
     * @param info hints; HyMPJ takes none from it, and null is accepted
     * @return the new communicator; a null one for a rank passing {@code MPI.UNDEFINED} ({@code isNull()} is true)
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Intracomm splitType(int splitType, int key, Info info) {
        checkUsable();
        if (splitType != MPI.COMM_TYPE_SHARED && splitType != MPI.UNDEFINED) {
            throw new MPIException(MPI.ERR_ARG, "splitType: split type " + splitType
                + " is not MPI.COMM_TYPE_SHARED or MPI.UNDEFINED");
        }
        int color = splitType == MPI.UNDEFINED ? MPI.UNDEFINED : rt.job().nodeOf(rt.rank());
        return split(color, key);
    }

    /**
     * {@return a communicator of the members of {@code group}, a subgroup of this communicator's; the others get a
     * null communicator} Collective over this communicator.
     *
     * @param group a subgroup of this communicator's group
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Intracomm create(Group group) {
        return orNull(Create(group));
    }

    /**
     * {@return a communicator of the members of {@code group}, a subgroup of this communicator's, made by them alone
     * ({@code MPI_Comm_create_group}): only they call it, with the same {@code tag}, which keeps apart such calls of
     * disjoint groups made at once} A rank outside the group gets a null communicator.
     *
     * @param group a subgroup of this communicator's group
     * @param tag the message tag, 0 to {@code MPI.TAG_UB}'s value
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Intracomm createGroup(Group group, int tag) {
        checkUsable();
        if (group == null) {
            throw new MPIException(MPI.ERR_GROUP, "createGroup: group is null");
        }
        if (tag < 0 || tag > MPI.TAG_UB_VALUE) {
            throw new MPIException(MPI.ERR_TAG, "createGroup: tag " + tag + " is invalid; it must be 0.." + MPI.TAG_UB_VALUE);
        }
        int[] own = worldRanks();
        int[] ranks = new int[group.members.length];
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = indexOf(own, group.members[i]);
            if (ranks[i] < 0) {
                throw new MPIException(MPI.ERR_GROUP, "createGroup: the group holds world rank " + group.members[i]
                    + ", which is not in " + this);
            }
        }
        int myRank = group.Rank();
        if (myRank == MPI.UNDEFINED) {
            return (Intracomm) MPI.COMM_NULL;
        }
        // The members agree on a context free on each of them: the first gathers their next
        // free contexts and returns the largest. The messages travel on this communicator's
        // collective context under the tag -3 - tag, which is never MPI.ANY_TAG nor the tag of
        // a collective (those are small and positive).
        int wireTag = -3 - tag;
        int[] mine = {MPI.nextContext()};
        int[] agreed = mine.clone();
        if (myRank == 0) {
            int[] theirs = new int[1];
            for (int i = 1; i < ranks.length; i++) {
                collectiveExchange(null, 0, 0, MPI.INT, MPI.PROC_NULL, theirs, 0, 1, MPI.INT, ranks[i], wireTag);
                agreed[0] = Math.max(agreed[0], theirs[0]);
            }
            for (int i = 1; i < ranks.length; i++) {
                collectiveExchange(agreed, 0, 1, MPI.INT, ranks[i], null, 0, 0, MPI.INT, MPI.PROC_NULL, wireTag);
            }
        } else {
            collectiveExchange(mine, 0, 1, MPI.INT, ranks[0], agreed, 0, 1, MPI.INT, ranks[0], wireTag);
        }
        MPI.contextsUsedBelow(agreed[0] + 2);
        return bound(agreed[0], group.members.clone(), myRank, "createGroup of " + this);
    }

    private static int indexOf(int[] members, int worldRank) {
        for (int i = 0; i < members.length; i++) {
            if (members[i] == worldRank) {
                return i;
            }
        }
        return -1;
    }

    /** A split's or create's "no communicator" (mpiJava's null) as Open MPI gives it: a null communicator. */
    private static Intracomm orNull(Intracomm made) {
        return made != null ? made : (Intracomm) MPI.COMM_NULL;
    }


    // ==== Open MPI face: collectives ====

    /**
     * Inclusive prefix reduction: rank {@code r} gets the reduction of the {@code sendbuf}s of ranks 0 to r.
     *
     * @param sendbuf this rank's operand, or {@code MPI.IN_PLACE} to take it from {@code recvbuf}: an array of the
     *     datatype's element type, or a {@code java.nio} buffer, used from its start
     * @param recvbuf where the result goes: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void scan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) {
        checkUsable();
        if (sendbuf == MPI.IN_PLACE) {
            scan(recvbuf, count, type, op);
            return;
        }
        Object s = BufferArgument.forSend("scan", sendbuf, count, type);
        Object r = BufferArgument.forUpdate("scan", recvbuf, count, type);
        Scan(s, at(sendbuf, s), r, at(recvbuf, r), count, type, op);
        BufferArgument.copyBack(recvbuf, r, type);
    }

    /**
     * {@link #scan} in place: {@code buf} is each rank's contribution and receives its prefix.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): an array of the datatype's
     *     element type, or a {@code java.nio} buffer, used from its start
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void scan(Object buf, int count, Datatype type, Op op) {
        checkUsable();
        Object b = BufferArgument.forUpdate("scan", buf, count, type);
        Scan(inPlaceCopy("scan", b, at(buf, b), count, type), at(buf, b), b, at(buf, b), count, type, op);
        BufferArgument.copyBack(buf, b, type);
    }

    /**
     * Exclusive prefix reduction: rank {@code r > 0} gets the reduction of the {@code sendbuf}s
     * of ranks 0 to r-1; rank 0's {@code recvbuf} is left as it was (MPI leaves it undefined).
     *
     * @param sendbuf this rank's operand, or {@code MPI.IN_PLACE} to take it from {@code recvbuf}: an array of the
     *     datatype's element type, or a {@code java.nio} buffer, used from its start
     * @param recvbuf where the result goes: an array of the datatype's element type, or a {@code java.nio} buffer,
     *     used from its start
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void exScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) {
        checkUsable();
        if (sendbuf == MPI.IN_PLACE) {
            exScan(recvbuf, count, type, op);
            return;
        }
        Object s = BufferArgument.forSend("exScan", sendbuf, count, type);
        Object r = BufferArgument.forUpdate("exScan", recvbuf, count, type);
        exscan("exScan", s, at(sendbuf, s), r, at(recvbuf, r), count, type, op);
        BufferArgument.copyBack(recvbuf, r, type);
    }

    /**
     * {@link #exScan} in place: {@code buf} is each rank's contribution and receives its prefix.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): an array of the datatype's
     *     element type, or a {@code java.nio} buffer, used from its start
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final void exScan(Object buf, int count, Datatype type, Op op) {
        checkUsable();
        Object b = BufferArgument.forUpdate("exScan", buf, count, type);
        exscan("exScan", inPlaceCopy("exScan", b, at(buf, b), count, type), at(buf, b), b, at(buf, b), count, type, op);
        BufferArgument.copyBack(buf, b, type);
    }

    /**
     * Starts {@link #scan}.
     *
     * @param sendbuf this rank's operand, or {@code MPI.IN_PLACE} to take it from {@code recvbuf}: a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param recvbuf where the result goes: a direct or heap {@code java.nio} buffer, used from its start (a direct
     *     one is staged in a Java array)
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op) {
        checkStart("iScan", NO_ROOT, count, type, op);
        return startCollective("iScan", CollectiveKind.SCAN, c -> c.scan(sendbuf, recvbuf, count, type, op));
    }

    /**
     * Starts {@link #scan(Object, int, Datatype, Op)}, in place.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iScan(Buffer buf, int count, Datatype type, Op op) {
        checkStart("iScan", NO_ROOT, count, type, op);
        return startCollective("iScan", CollectiveKind.SCAN, c -> c.scan(buf, count, type, op));
    }

    /**
     * Starts {@link #exScan}.
     *
     * @param sendbuf this rank's operand, or {@code MPI.IN_PLACE} to take it from {@code recvbuf}: a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param recvbuf where the result goes: a direct or heap {@code java.nio} buffer, used from its start (a direct
     *     one is staged in a Java array)
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iExScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op) {
        checkStart("iExScan", NO_ROOT, count, type, op);
        return startCollective("iExScan", CollectiveKind.SCAN, c -> c.exScan(sendbuf, recvbuf, count, type, op));
    }

    /**
     * Starts {@link #exScan(Object, int, Datatype, Op)}, in place.
     *
     * @param buf the buffer, used in place (its data is sent, and the result replaces it): a direct or heap
     *     {@code java.nio} buffer, used from its start (a direct one is staged in a Java array)
     * @param count the number of items of the type in the buffer; the same on every rank
     * @param type the type of each item
     * @param op the reduction: a predefined one ({@code MPI.SUM}, {@code MPI.MAX}...) or a user-defined {@link Op}
     * @return a request: waiting for it or testing it completes the operation
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_TYPE}, {@code MPI.ERR_COUNT} or {@code MPI.ERR_BUFFER} if a buffer, its count and its datatype
     *     do not fit together (a null or freed type, a negative count, items beyond the buffer's end);
     *     {@code MPI.ERR_OP} if {@code op} is null, freed, or not defined on the datatype; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public final Request iExScan(Buffer buf, int count, Datatype type, Op op) {
        checkStart("iExScan", NO_ROOT, count, type, op);
        return startCollective("iExScan", CollectiveKind.SCAN, c -> c.exScan(buf, count, type, op));
    }

    private void exscan(String call, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
                        Op op) {
        checkReduction(call, sendbuf, sendoffset, recvbuf, recvoffset, count, type, op);
        TypeMap map = type.map;
        try {
            CollectiveCheck.agree(core, CollectiveKind.SCAN, -1, map.base, count * map.width);
            Collectives.exscan(core, sendbuf, sendoffset, recvbuf, recvoffset, count, map, op.reduction(type));
        } catch (EngineException e) {
            throw raised(e);
        }
    }

    /** The reduce-scatter with {@code count} items for every rank, on arrays: the Open MPI face's {@code reduceScatterBlock}. */
    void reduceScatterBlock(String call, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
                            Op op) {
        checkUsable();
        if (count < 0) {
            throw new MPIException(MPI.ERR_COUNT, call + ": count must not be negative, got " + count);
        }
        long total = (long) size * count;
        if (total > Integer.MAX_VALUE) {
            throw new MPIException(MPI.ERR_COUNT, call + ": " + size + " blocks of " + count + " items exceed 2^31 items");
        }
        checkBuffer(call, sendbuf, sendoffset, (int) total, type);
        checkBuffer(call, recvbuf, recvoffset, count, type);
        checkOp(call, op, type);
        TypeMap map = type.map;
        try {
            CollectiveCheck.agree(core, CollectiveKind.REDUCE, -2, map.base, (int) total * map.width);
            Collectives.reduceScatterBlock(core, sendbuf, sendoffset, recvbuf, recvoffset, count, map, op.reduction(type));
        } catch (EngineException e) {
            throw raised(e);
        }
    }

    /**
     * The all-to-all of the Open MPI face's {@code allToAllw}: each block resolved on its own,
     * from its byte displacement, as its own datatype's elements; staged receive blocks copied
     * back once all have arrived.
     */
    void alltoallw(String call, Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype[] sendtype,
                   Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype[] recvtype) {
        checkUsable();
        checkCounts(call, sendcount);
        checkCounts(call, recvcount);
        Object[] sendbufs = new Object[size];
        int[] sendoffsets = new int[size];
        TypeMap[] sendmaps = new org.hympj.comm.data.TypeMap[size];
        Object[] recvbufs = new Object[size];
        int[] recvoffsets = new int[size];
        TypeMap[] recvmaps = new org.hympj.comm.data.TypeMap[size];
        Buffer[] recvblocks = new Buffer[size];
        for (int r = 0; r < size; r++) {
            Buffer send = block(call, "send", sendbuf, sdispls, sendtype, r);
            sendbufs[r] = BufferArgument.forSend(call, send, sendcount[r], sendtype[r]);
            sendoffsets[r] = at(send, sendbufs[r]);
            sendmaps[r] = sendtype[r].map;
            checkBuffer(call, sendbufs[r], sendoffsets[r], sendcount[r], sendtype[r]);
            recvblocks[r] = block(call, "receive", recvbuf, rdispls, recvtype, r);
            recvbufs[r] = BufferArgument.forUpdate(call, recvblocks[r], recvcount[r], recvtype[r]);
            recvoffsets[r] = at(recvblocks[r], recvbufs[r]);
            recvmaps[r] = recvtype[r].map;
            checkBuffer(call, recvbufs[r], recvoffsets[r], recvcount[r], recvtype[r]);
        }
        try {
            CollectiveCheck.agree(core, CollectiveKind.ALLTOALL, -1, null, -1);
            Collectives.alltoallw(core, sendbufs, sendoffsets, sendcount, sendmaps, recvbufs, recvoffsets, recvcount, recvmaps);
        } catch (EngineException e) {
            throw raised(e);
        }
        for (int r = 0; r < size; r++) {
            BufferArgument.copyBack(recvblocks[r], recvbufs[r], recvtype[r]);
        }
    }

    /**
     * Rank {@code r}'s block of an all-to-all-w buffer: {@code buf} from byte {@code displs[r]}
     * on, which must fall on an element of the buffer and of the block's datatype.
     */
    private Buffer block(String call, String side, Buffer buf, int[] displs, Datatype[] types, int r) {
        if (displs == null || displs.length < size || types == null || types.length < size) {
            throw new MPIException(MPI.ERR_ARG, call + ": needs a " + side + " displacement and datatype for each of the "
                + size + " ranks");
        }
        Datatype type = types[r];
        if (type == null) {
            throw new MPIException(MPI.ERR_TYPE, call + ": the " + side + " datatype for rank " + r + " is null");
        }
        type.checkUsable(call);
        if (buf == null) {
            return null;
        }
        int bytes = displs[r];
        int elementBytes = buf instanceof ByteBuffer ? 1 : buf instanceof CharBuffer
            || buf instanceof ShortBuffer ? 2 : buf instanceof IntBuffer || buf instanceof FloatBuffer ? 4 : 8;
        int typeBytes = type.map.base.isObject() ? 1 : type.map.base.size();
        if (bytes < 0 || bytes % elementBytes != 0 || bytes % typeBytes != 0 || bytes / elementBytes > buf.capacity()) {
            throw new MPIException(MPI.ERR_ARG, call + ": " + side + " displacement " + bytes + " bytes for rank " + r
                + " does not fall on an element of the buffer (" + elementBytes + " bytes each) and of " + type
                + " (" + typeBytes + " bytes each) within its " + buf.capacity() + " elements");
        }
        int index = bytes / elementBytes;
        return buf.slice(index, buf.capacity() - index);
    }

    /** This rank's own block of a v-form, {count, displacement}, after the checks of the counts and displacements. */
    int[] ownBlock(String call, int[] counts, int[] displs) {
        checkCounts(call, counts);
        if (displs == null || displs.length < size) {
            throw new MPIException(MPI.ERR_ARG, call + ": needs a displacement for each of the " + size + " ranks, got "
                + (displs == null ? "null" : displs.length));
        }
        return new int[] {counts[rank], displs[rank]};
    }

    /** The sum of a count per rank, after their checks. */
    private static long sum(int[] counts) {
        long total = 0;
        for (int c : counts) {
            total += c;
        }
        return total;
    }

    int totalOf(String call, int[] counts) {
        int[] displs = checkCounts(call, counts);
        return displs[size - 1] + counts[size - 1];
    }

    /** Raises the error for a root that is not a rank of this communicator. */
    void checkRootArgument(String call, int root) {
        checkRoot(call, root);
    }

    /** Raises the error for an operation that is null or does not apply to {@code datatype}. */
    static void checkOperation(String call, Op op, Datatype datatype) {
        checkOp(call, op, datatype);
    }
}
