package org.hympj.comm.coll;

import static org.hympj.comm.coll.CollectiveAlgorithms.recursiveDoubling;

import java.util.concurrent.atomic.AtomicBoolean;
import org.hympj.comm.coll.heap.CollectiveArea;
import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.Reduction;
import org.hympj.comm.data.ReductionOps;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.runtime.Configuration;
import org.hympj.comm.runtime.Job;
import org.hympj.comm.runtime.NodeMemory;

/**
 * Finds the {@link CollectiveArea} of a communicator at its first barrier, broadcast,
 * reduction, all-reduce, all-gather or all-to-all, a call every rank makes as the same collective: the JVM's own
 * memory when every rank is a thread of this JVM; node memory that the communicator's JVMs
 * map together when its ranks are all on this node but in several JVMs; none otherwise (ranks
 * on several nodes, a single rank, the area turned off), and then the message algorithms run.
 *
 * <p>Node memory is set up collectively, with messages: the JVM of rank 0 makes the segment,
 * every rank learns whether that worked, the other JVMs map it, every rank learns whether all
 * did, and rank 0 unlinks its file, so nothing of it stays in the file system whatever happens
 * to the job afterwards. Every rank takes the same answer, so a segment that cannot be made
 * or mapped anywhere leaves the whole communicator on messages. Each JVM maps it once, for
 * all its ranks, and unmaps it when the last of them frees the communicator (or the job ends).
 */
final class CollectiveAreas {
    private static final System.Logger LOG = System.getLogger(CollectiveAreas.class.getName());
    private static final TypeMap INTS = TypeMap.basic(ElementType.INT, 1, "MPI.INT");
    private static final Reduction MIN = Reduction.predefined(ReductionOps.MIN);
    /** Whether this JVM said already that a communicator's collectives stay on messages: once is enough. */
    private static final AtomicBoolean FALLBACK_REPORTED = new AtomicBoolean();

    private CollectiveAreas() {
    }

    /** {@link #lookUp} in a barrier. */
    static CollectiveArea forBarrier(CommunicatorCore c) {
        return lookUp(c, CollectiveKind.BARRIER);
    }

    /** {@link #lookUp} in a broadcast. */
    static CollectiveArea forBcast(CommunicatorCore c) {
        return lookUp(c, CollectiveKind.BCAST);
    }

    /** {@link #lookUp} in a reduction or an all-reduce. */
    static CollectiveArea forReduce(CommunicatorCore c) {
        return lookUp(c, CollectiveKind.REDUCE);
    }

    /** {@link #lookUp} in an all-gather. */
    static CollectiveArea forAllgather(CommunicatorCore c) {
        return lookUp(c, CollectiveKind.ALLGATHER);
    }

    /** {@link #lookUp} in an all-to-all. */
    static CollectiveArea forAlltoall(CommunicatorCore c) {
        return lookUp(c, CollectiveKind.ALLTOALL);
    }

    /**
     * The area of {@code c}, or null; a collective call of every rank of {@code c} (see the
     * class comment), made within the collective {@code kind}, whose name its messages carry
     * (a hang report names the call the program made).
     */
    private static CollectiveArea lookUp(CommunicatorCore c, int kind) {
        Job job = c.runtime().job();
        Configuration settings = job.configuration();
        int size = c.size();
        int capacity = settings.collectivesHeapBytes();
        if (size < 2 || capacity == 0 || !CollectiveArea.available()) {
            return null;
        }
        int me = c.runtime().rank();
        int local = 0;
        boolean oneNode = true;
        for (int r = 0; r < size; r++) {
            int w = c.worldRank(r);
            local += job.isLocal(w) ? 1 : 0;
            oneNode &= job.nodeOf(w) == job.nodeOf(me);
        }
        if (local == size) {
            return job.collectiveArea(c.context(), c.worldRank(0), () -> CollectiveArea.inThisJvm(size, capacity));
        }
        if (!oneNode || !settings.collectivesNode() || !(job.remote() instanceof NodeMemory node)) {
            return null;
        }
        return inNodeMemory(c, node, local, capacity, kind);
    }

    private static CollectiveArea inNodeMemory(CommunicatorCore c, NodeMemory node, int localMembers, int capacity, int kind) {
        Job job = c.runtime().job();
        int first = c.worldRank(0);
        String name = "collectives-" + c.context() + "-" + first;
        boolean makes = job.jvmOf(first) == job.jvmOf(c.runtime().rank());
        CollectiveArea area = makes ? take(c, node, name, localMembers, capacity, true) : null;
        if (!everyRankSays(c, !makes || area != null, kind)) {
            return null;
        }
        if (!makes) {
            area = take(c, node, name, localMembers, capacity, false);
        }
        boolean everyJvmMapped = everyRankSays(c, area != null, kind);
        if (c.rank() == 0) {
            node.unlink(name);
        }
        if (!everyJvmMapped && area != null) {
            job.collectiveAreaFreed(c.context(), first, area);
            return null;
        }
        return area;
    }

    /** This JVM's area for {@code c} in the node memory {@code name}, made or mapped by its first rank to ask; null if that failed. */
    private static CollectiveArea take(CommunicatorCore c, NodeMemory node, String name, int localMembers, int capacity,
                                       boolean create) {
        try {
            return c.runtime().job().collectiveArea(c.context(), c.worldRank(0),
                () -> CollectiveArea.inNodeMemory(node, name, c.size(), localMembers, capacity, create));
        } catch (RuntimeException e) {
            if (FALLBACK_REPORTED.compareAndSet(false, true)) {
                LOG.log(System.Logger.Level.DEBUG, () -> "the small collectives of communicator " + c.name()
                    + " go through messages: its shared-memory area could not be "
                    + (create ? "made" : "mapped") + " (" + e.getMessage() + ")", e);
            }
            return null;
        }
    }

    /** Whether {@code yes} holds at every rank of {@code c}: an all-reduce by messages, as the area is not there yet. */
    private static boolean everyRankSays(CommunicatorCore c, boolean yes, int kind) {
        int[] vote = {yes ? 1 : 0};
        int[] all = (int[]) recursiveDoubling(c, null, c.rank(), c.size(), vote, 1, INTS, MIN, kind);
        return all[0] == 1;
    }
}
