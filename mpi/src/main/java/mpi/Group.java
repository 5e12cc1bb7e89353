package mpi;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * An ordered set of processes, named by their world ranks; a process's rank in the group is
 * its position. Group operations are local: no communication.
 */
public class Group implements Freeable {
    /** The world rank of each group rank. */
    final int[] members;
    private final int myWorldRank;
    private volatile boolean freed;

    Group(int[] members, int myWorldRank) {
        this.members = members;
        this.myWorldRank = myWorldRank;
    }

    /** A group of no processes, as {@code MPI.GROUP_EMPTY}; made before any rank is known. */
    static Group empty() {
        return new Group(new int[0], MPI.UNDEFINED);
    }

    /** {@return the number of processes in the group} */
    public int Size() {
        return members.length;
    }

    /**
     * {@return this process's rank in the group, or {@code MPI.UNDEFINED} if it is not a member}
     */
    public int Rank() {
        return indexOf(myWorldRank);
    }

    private int indexOf(int worldRank) {
        for (int i = 0; i < members.length; i++) {
            if (members[i] == worldRank) {
                return i;
            }
        }
        return MPI.UNDEFINED;
    }

    /**
     * {@return the ranks in {@code group2} of the processes with {@code ranks1} in {@code group1} ({@code UNDEFINED}
     * where absent)}
     *
     * @param group1 the first group
     * @param ranks1 ranks in {@code group1}
     * @param group2 the second group
     * @throws MPIException {@code MPI.ERR_RANK} if a rank of {@code ranks1} is not in {@code group1}
     */
    public static int[] Translate_ranks(Group group1, int[] ranks1, Group group2) {
        int[] out = new int[ranks1.length];
        for (int i = 0; i < ranks1.length; i++) {
            group1.checkRank("Translate_ranks", ranks1[i]);
            out[i] = group2.indexOf(group1.members[ranks1[i]]);
        }
        return out;
    }

    /**
     * {@return {@code MPI.IDENT} (same members, same order), {@code MPI.SIMILAR} (same members), or
     * {@code MPI.UNEQUAL}}
     *
     * @param group1 the first group
     * @param group2 the second group
     */
    public static int Compare(Group group1, Group group2) {
        if (Arrays.equals(group1.members, group2.members)) {
            return MPI.IDENT;
        }
        int[] a = group1.members.clone();
        int[] b = group2.members.clone();
        Arrays.sort(a);
        Arrays.sort(b);
        return Arrays.equals(a, b) ? MPI.SIMILAR : MPI.UNEQUAL;
    }

    /**
     * {@return the processes with the given ranks, in that order}
     *
     * @param ranks ranks in this group
     * @throws MPIException {@code MPI.ERR_RANK} if a rank is not in this group or appears twice
     */
    public Group Incl(int[] ranks) {
        int[] picked = new int[ranks.length];
        Set<Integer> seen = new java.util.HashSet<>();
        for (int i = 0; i < ranks.length; i++) {
            checkRank("Incl", ranks[i]);
            if (!seen.add(ranks[i])) {
                throw new MPIException(MPI.ERR_RANK, "Incl: rank " + ranks[i] + " is listed twice");
            }
            picked[i] = members[ranks[i]];
        }
        return derived(picked);
    }

    /**
     * {@return the processes without the given ranks, in group order}
     *
     * @param ranks ranks in this group
     * @throws MPIException {@code MPI.ERR_RANK} if a rank is not in this group
     */
    public Group Excl(int[] ranks) {
        boolean[] drop = new boolean[members.length];
        for (int r : ranks) {
            checkRank("Excl", r);
            drop[r] = true;
        }
        return derived(java.util.stream.IntStream.range(0, members.length).filter(i -> !drop[i]).map(i -> members[i]).toArray());
    }

    /**
     * {@return the ranks of {@code first, first+stride, ... ≤ last} for each triple {@code {first, last, stride}},
     * included}
     *
     * @param ranges triples {@code {first, last, stride}} of ranks in this group
     * @throws MPIException {@code MPI.ERR_ARG} if a stride is 0; {@code MPI.ERR_RANK} if a rank named is not in this
     *     group
     */
    public Group Range_incl(int[][] ranges) {
        return Incl(expand("Range_incl", ranges));
    }

    /**
     * {@return the ranks of each triple {@code {first, last, stride}}, excluded}
     *
     * @param ranges triples {@code {first, last, stride}} of ranks in this group
     * @throws MPIException {@code MPI.ERR_ARG} if a stride is 0; {@code MPI.ERR_RANK} if a rank named is not in this
     *     group
     */
    public Group Range_excl(int[][] ranges) {
        return Excl(expand("Range_excl", ranges));
    }

    private int[] expand(String call, int[][] ranges) {
        java.util.List<Integer> ranks = new java.util.ArrayList<>();
        for (int[] range : ranges) {
            if (range.length != 3 || range[2] == 0) {
                throw new MPIException(MPI.ERR_ARG, call + ": each range is {first, last, stride} with a stride other than 0");
            }
            for (int r = range[0]; range[2] > 0 ? r <= range[1] : r >= range[1]; r += range[2]) {
                ranks.add(r);
            }
        }
        return ranks.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * {@return all of {@code group1}, then the members of {@code group2} not in it}
     *
     * @param group1 the first group
     * @param group2 the second group
     */
    public static Group Union(Group group1, Group group2) {
        Set<Integer> all = new LinkedHashSet<>();
        for (int m : group1.members) {
            all.add(m);
        }
        for (int m : group2.members) {
            all.add(m);
        }
        return derived(group1, group2, all.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * {@return the members of {@code group1} that are also in {@code group2}, in {@code group1}'s order}
     *
     * @param group1 the first group
     * @param group2 the second group
     */
    public static Group Intersection(Group group1, Group group2) {
        return derived(group1, group2, Arrays.stream(group1.members).filter(m -> group2.indexOf(m) != MPI.UNDEFINED).toArray());
    }

    /**
     * {@return the members of {@code group1} that are not in {@code group2}, in {@code group1}'s order}
     *
     * @param group1 the first group
     * @param group2 the second group
     */
    public static Group Difference(Group group1, Group group2) {
        return derived(group1, group2, Arrays.stream(group1.members).filter(m -> group2.indexOf(m) == MPI.UNDEFINED).toArray());
    }

    /** Groups hold no resources; the handle becomes null ({@link #isNull}), except that of {@code MPI.GROUP_EMPTY}. */
    public void Free() {
        if (this != MPI.GROUP_EMPTY) {
            freed = true;
        }
    }

    /** MPJ Express's name for {@link #Free}. */
    public void free() {
        Free();
    }

    // ---------------------------------------------------------------- Open MPI's members

    /**
     * {@return the number of processes in the group}
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public int getSize() {
        MPI.checkActive();
        return Size();
    }

    /**
     * {@return this process's rank in the group, or {@code MPI.UNDEFINED} if it is not a member}
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public int getRank() {
        MPI.checkActive();
        return Rank();
    }

    /**
     * {@return the ranks in {@code group2} of the processes with {@code ranks1} in {@code group1} ({@code UNDEFINED}
     * where absent)}
     *
     * @param group1 the first group
     * @param ranks1 ranks in {@code group1}
     * @param group2 the second group
     * @throws MPIException {@code MPI.ERR_RANK} if a rank of {@code ranks1} is not in {@code group1};
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static int[] translateRanks(Group group1, int[] ranks1, Group group2) {
        MPI.checkActive();
        return Translate_ranks(group1, ranks1, group2);
    }

    /**
     * {@return {@code MPI.IDENT}, {@code MPI.SIMILAR} or {@code MPI.UNEQUAL}}
     *
     * @param group1 the first group
     * @param group2 the second group
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static int compare(Group group1, Group group2) {
        MPI.checkActive();
        return Compare(group1, group2);
    }

    /**
     * Open MPI's name for {@link #Union}.
     *
     * @param group1 the first group
     * @param group2 the second group
     * @return all of {@code group1}, then the members of {@code group2} not in it
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static Group union(Group group1, Group group2) {
        MPI.checkActive();
        return Union(group1, group2);
    }

    /**
     * Open MPI's name for {@link #Intersection}.
     *
     * @param group1 the first group
     * @param group2 the second group
     * @return the members of {@code group1} that are also in {@code group2}, in {@code group1}'s order
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static Group intersection(Group group1, Group group2) {
        MPI.checkActive();
        return Intersection(group1, group2);
    }

    /**
     * Open MPI's name for {@link #Difference}.
     *
     * @param group1 the first group
     * @param group2 the second group
     * @return the members of {@code group1} that are not in {@code group2}, in {@code group1}'s order
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static Group difference(Group group1, Group group2) {
        MPI.checkActive();
        return Difference(group1, group2);
    }

    /**
     * Open MPI's name for {@link #Incl}.
     *
     * @param ranks ranks in this group
     * @return a group of the processes with the given ranks, in that order
     * @throws MPIException {@code MPI.ERR_RANK} if a rank is not in this group or appears twice; {@code MPI.ERR_OTHER}
     *     before {@code Init} or after {@code Finalize}
     */
    public Group incl(int[] ranks) {
        MPI.checkActive();
        return Incl(ranks);
    }

    /**
     * Open MPI's name for {@link #Excl}.
     *
     * @param ranks ranks in this group
     * @return a group of the processes without the given ranks, in group order
     * @throws MPIException {@code MPI.ERR_RANK} if a rank is not in this group; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public Group excl(int[] ranks) {
        MPI.checkActive();
        return Excl(ranks);
    }

    /**
     * Open MPI's name for {@link #Range_incl}.
     *
     * @param ranges triples {@code {first, last, stride}} of ranks in this group
     * @return a group of the ranks the triples name, in that order
     *
     * @throws MPIException {@code MPI.ERR_ARG} if a stride is 0; {@code MPI.ERR_RANK} if a rank named is not in this
     *     group; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Group rangeIncl(int[][] ranges) {
        MPI.checkActive();
        return Range_incl(ranges);
    }

    /**
     * Open MPI's name for {@link #Range_excl}.
     *
     * @param ranges triples {@code {first, last, stride}} of ranks in this group
     * @return a group of the ranks the triples do not name, in group order
     *
     * @throws MPIException {@code MPI.ERR_ARG} if a stride is 0; {@code MPI.ERR_RANK} if a rank named is not in this
     *     group; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Group rangeExcl(int[][] ranges) {
        MPI.checkActive();
        return Range_excl(ranges);
    }

    /**
     * {@return true for {@code MPI.GROUP_NULL} and for a group that has been freed}
     */
    public boolean isNull() {
        return freed || this == MPI.GROUP_NULL;
    }

    private Group derived(int[] newMembers) {
        return new Group(newMembers, myWorldRank);
    }

    /** A group of {@code newMembers} made from two groups, one of which may be the empty group made before Init. */
    private static Group derived(Group group1, Group group2, int[] newMembers) {
        return new Group(newMembers, group1.myWorldRank != MPI.UNDEFINED ? group1.myWorldRank : group2.myWorldRank);
    }

    private void checkRank(String call, int rank) {
        if (rank < 0 || rank >= members.length) {
            throw new MPIException(MPI.ERR_RANK, call + ": rank " + rank + " is out of range for a group of size " + members.length);
        }
    }
}
