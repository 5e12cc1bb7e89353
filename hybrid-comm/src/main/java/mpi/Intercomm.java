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
    /** The tag of the leaders' exchange in {@link #Merge}, on the collective context. */
    private static final int MERGE_TAG = 7;

    /** A duplicate of the local group's communicator, for the collective steps of Merge. */
    private final Intracomm local;
    private final int[] remote;

    Intercomm(String name, Intracomm local, int[] remote) {
        super(name, false);
        this.local = local;
        this.remote = remote;
    }

    /** The number of ranks in the remote group. */
    public int Remote_size() {
        checkUsable();
        return peerSize;
    }

    /** The remote group. */
    public Group Remote_group() {
        checkUsable();
        return new Group(remote.clone(), rt.rank());
    }

    /**
     * An intracommunicator of both groups: the group that passes {@code high = false} first
     * (if both pass the same, the group whose first rank has the lower world rank). Every rank
     * of a group must pass the same value. Collective over both groups.
     */
    public Intracomm Merge(boolean high) {
        checkUsable();
        int[] mine = {MPI.nextContext()};
        int[] localMax = new int[1];
        local.Allreduce(mine, 0, localMax, 0, 1, MPI.INT, MPI.MAX);
        int[] remoteInfo = new int[2];
        if (rank == 0) {
            int[] info = {high ? 1 : 0, localMax[0]};
            collectiveExchange(info, 0, 2, MPI.INT, 0, remoteInfo, 0, 2, MPI.INT, 0, MERGE_TAG);
        }
        local.Bcast(remoteInfo, 0, 2, MPI.INT, 0);
        int context = Math.max(localMax[0], remoteInfo[1]);
        MPI.contextsUsedBelow(context + 2);
        boolean remoteHigh = remoteInfo[0] != 0;
        boolean localFirst = high != remoteHigh ? !high : worldRank(0) < peerWorldRank(0);
        int[] own = worldRanks();
        int[] members = new int[size + peerSize];
        System.arraycopy(localFirst ? own : remote, 0, members, 0, localFirst ? size : peerSize);
        System.arraycopy(localFirst ? remote : own, 0, members, localFirst ? size : peerSize, localFirst ? peerSize : size);
        Intracomm merged = new Intracomm("Merge of " + this, false);
        merged.bind(rt, context, localFirst ? rank : peerSize + rank, members.length, members);
        return merged;
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
}
