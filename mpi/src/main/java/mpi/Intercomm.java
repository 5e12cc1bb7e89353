package mpi;

/**
 * An intercommunicator: two disjoint groups, where point-to-point operations of a rank of
 * one group address ranks of the other ({@code Send(..., dest)} names a rank of the remote
 * group; a received {@code Status.source} is one too). Made by
 * {@link Intracomm#Create_intercomm}; {@link #Merge} turns it into an intracommunicator.
 *
 * <p>Invariant: both groups use the same context, agreed over all members of both at
 * creation, so no other communicator that shares a member can match its messages.
 */
public class Intercomm extends Comm {
    /** The tag of the leaders' exchange in {@link #Merge} and {@link #clone}, on the collective context. */
    private static final int MERGE_TAG = 7;

    /** A duplicate of the local group's communicator, for the collective steps of Merge. */
    private final Intracomm local;
    private final int[] remote;

    Intercomm(String name, Intracomm local, int[] remote) {
        super(name, false);
        this.local = local;
        this.remote = remote;
    }

    /**
     * {@return the number of ranks in the remote group}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public int Remote_size() {
        checkUsable();
        return peerSize;
    }

    /**
     * {@return the remote group}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Group Remote_group() {
        checkUsable();
        return new Group(remote.clone(), rt.rank());
    }

    /**
     * {@return an intracommunicator of both groups: the group that passes {@code high = false} first (if both pass
     * the same, the group whose first rank has the lower world rank)} Every rank of a group must pass the same value.
     * Collective over both groups.
     *
     * @param high whether this group comes after the other in the merged communicator
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Intracomm Merge(boolean high) {
        checkUsable();
        int[] agreed = agreeWithRemote(high ? 1 : 0);
        int context = agreed[1];
        boolean remoteHigh = agreed[0] != 0;
        boolean localFirst = high != remoteHigh ? !high : worldRank(0) < peerWorldRank(0);
        int[] own = worldRanks();
        int[] members = new int[size + peerSize];
        System.arraycopy(localFirst ? own : remote, 0, members, 0, localFirst ? size : peerSize);
        System.arraycopy(localFirst ? remote : own, 0, members, localFirst ? size : peerSize, localFirst ? peerSize : size);
        Intracomm merged = new Intracomm("Merge of " + this, false);
        merged.bind(rt, context, localFirst ? rank : peerSize + rank, members.length, members);
        merged.inheritFrom(this);
        return merged;
    }

    /**
     * A duplicate of this intercommunicator: the same two groups with a context of their own.
     * Collective over both groups.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public Intercomm clone() {
        checkUsable();
        int context = agreeWithRemote(0)[1];
        Intercomm copy = new Intercomm("clone of " + this, local.Dup(), remote);
        copy.bind(rt, context, rank, size, worldRanks());
        copy.bindPeers(remote);
        copy.inheritFrom(this);
        return copy;
    }

    /**
     * Also the hidden local communicator's, whose collectives run inside this one's calls.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public void Errhandler_set(Errhandler errhandler) {
        super.Errhandler_set(errhandler);
        local.errhandler = errhandler;
    }

    /**
     * Tells the remote group {@code value} (the same on every rank of a group) and agrees on a
     * context free on every member of both groups: each group takes its largest next free
     * context, the leaders exchange theirs, and the larger one is the result. Returns
     * {the remote group's value, the context}. Collective over both groups.
     */
    private int[] agreeWithRemote(int value) {
        int[] mine = {MPI.nextContext()};
        int[] localMax = new int[1];
        local.Allreduce(mine, 0, localMax, 0, 1, MPI.INT, MPI.MAX);
        int[] remoteInfo = new int[2];
        if (rank == 0) {
            int[] info = {value, localMax[0]};
            collectiveExchange(info, 0, 2, MPI.INT, 0, remoteInfo, 0, 2, MPI.INT, 0, MERGE_TAG);
        }
        local.Bcast(remoteInfo, 0, 2, MPI.INT, 0);
        int context = Math.max(localMax[0], remoteInfo[1]);
        MPI.contextsUsedBelow(context + MPI.CONTEXTS_PER_COMMUNICATOR);
        return new int[] {remoteInfo[0], context};
    }

    @Override
    public void Free() {
        super.Free();
        local.Free();
    }

    @Override
    String peerGroupName() {
        return "remote size ";
    }

    // ---------------------------------------------------------------- Open MPI's names

    /**
     * {@return the number of ranks in the remote group}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final int getRemoteSize() {
        return Remote_size();
    }

    /**
     * {@return the remote group}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Group getRemoteGroup() {
        return Remote_group();
    }

    /**
     * {@return an intracommunicator of both groups, the group passing {@code high = false} first (see
     * {@link #Merge})} Collective.
     *
     * @param high whether this group comes after the other in the merged communicator
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public final Intracomm merge(boolean high) {
        return Merge(high);
    }

    /**
     * A duplicate with its own context and a copy of the attributes. Collective over both groups.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public Intercomm dup() {
        return withAttributesOf(clone());
    }

    /**
     * {@link #dup}; {@link #getRequest} of the result is a request that is already complete. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public Intercomm iDup() {
        return completedCreation(dup());
    }

    /**
     * {@link #dup}; HyMPJ takes no hints from {@code info}. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public Intercomm dupWithInfo(Info info) {
        return dup();
    }

    /**
     * {@return the intercommunicator to the job that spawned this one: HyMPJ's jobs are started by their launcher,
     * never spawned, so it is always a null communicator ({@code isNull()})}
     */
    public static Intercomm getParent() {
        MPI.checkActive();
        return asNull(new Intercomm("MPI.COMM_NULL", null, new int[0]));
    }
}
