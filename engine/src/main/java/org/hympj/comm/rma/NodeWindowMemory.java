package org.hympj.comm.rma;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.hympj.comm.coll.Collectives;
import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;
import org.hympj.comm.runtime.Job;
import org.hympj.comm.runtime.NodeMemory;

/**
 * The one memory of a shared-memory window, which every rank of the window's node sees: a
 * direct buffer of the JVM when the ranks are all threads of it, else memory the node's JVMs
 * map together ({@link NodeMemory}), made by the JVM of the window's rank 0. Each JVM holds one
 * buffer per window, whichever of its ranks comes first, and lets go of it when the last of its
 * ranks frees the window or finalizes.
 *
 * <p>Invariant: {@link #HELD} has an entry for each window of this JVM with a rank that holds its
 * memory, counting those ranks; the node memory of an entry is mapped while it is there, and its
 * file is unlinked once every JVM has mapped it.
 */
final class NodeWindowMemory {
    private static final class Held {
        final ByteBuffer memory;
        final NodeMemory mappedFrom;
        int ranks;

        Held(ByteBuffer memory, NodeMemory mappedFrom) {
            this.memory = memory;
            this.mappedFrom = mappedFrom;
        }
    }

    private static final Map<WindowKey, Held> HELD = new ConcurrentHashMap<>();

    private NodeWindowMemory() {
    }

    /**
     * The window's memory of {@code bytes} for the ranks of {@code comm}, which must all run on
     * this node (else {@code ERR_RMA_SHARED}, raised by every rank). Collective.
     */
    static ByteBuffer take(String call, CommunicatorCore comm, int bytes) {
        Job job = comm.runtime().job();
        int me = comm.runtime().rank();
        boolean oneJvm = true;
        for (int r = 0; r < comm.size(); r++) {
            int other = comm.worldRank(r);
            if (job.nodeOf(other) != job.nodeOf(me)) {
                throw new EngineException(ErrorClass.ERR_RMA_SHARED, call + ": rank " + r + " of the communicator runs on "
                    + "another node, and ranks of different nodes share no memory; make shared windows on a communicator "
                    + "of one node (Comm.splitType with Comm.TYPE_SHARED)");
            }
            oneJvm &= job.jvmOf(other) == job.jvmOf(me);
        }
        WindowKey key = new WindowKey(job, comm.context());
        if (oneJvm) {
            return hold(key, () -> ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder()), null);
        }
        NodeMemory node = (NodeMemory) job.remote();
        String name = segmentName(comm);
        boolean makes = job.jvmOf(comm.worldRank(0)) == job.jvmOf(me);
        ByteBuffer memory = makes ? hold(key, () -> node.map(name, bytes, true), node) : null;
        Collectives.barrier(comm);
        if (!makes) {
            memory = hold(key, () -> node.map(name, bytes, false), node);
        }
        Collectives.barrier(comm);
        if (comm.rank() == 0) {
            node.unlink(name);
        }
        return memory;
    }

    /** Lets go of this rank's hold on the window's memory: the last rank of the JVM unmaps it. */
    static void release(CommunicatorCore comm) {
        Held[] last = new Held[1];
        HELD.computeIfPresent(new WindowKey(comm.runtime().job(), comm.context()), (k, h) -> {
            if (--h.ranks > 0) {
                return h;
            }
            last[0] = h;
            return null;
        });
        if (last[0] != null && last[0].mappedFrom != null) {
            last[0].mappedFrom.unmap(segmentName(comm));
        }
    }

    private static ByteBuffer hold(WindowKey key, Supplier<ByteBuffer> make, NodeMemory from) {
        return HELD.compute(key, (k, h) -> {
            Held held = h != null ? h : new Held(make.get(), from);
            held.ranks++;
            return held;
        }).memory;
    }

    private static String segmentName(CommunicatorCore comm) {
        return "window-" + comm.context();
    }
}
