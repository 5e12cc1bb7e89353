package org.hympj.comm.events;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one JVM receives over the net-bridge, per peer JVM: frames and bytes, counted always
 * (two additions per frame, cheaper than asking whether a recording runs) and written as
 * {@link BridgeTrafficEvent}s at the end of each chunk of a recording that enables them.
 *
 * <p>Invariant: a peer's counts are written only by the thread that reads that peer's
 * connection; each peer's counts lie a cache line apart from the next peer's, so the readers
 * of two connections never share a line. The recorder's thread reads them as they are.
 */
public final class BridgeTraffic {
    /** The counts of every open path, which the recorder writes out. */
    private static final Set<BridgeTraffic> OPEN = ConcurrentHashMap.newKeySet();
    /** Longs from one peer's counts to the next's: a cache line. */
    private static final int STRIDE = 8;
    private static final VarHandle COUNT = MethodHandles.arrayElementVarHandle(long[].class);

    private final int node;
    private final int jvm;
    /** Each JVM's node, by JVM index. */
    private final int[] nodeOfJvm;
    /** Frames at {@code peer * STRIDE}, bytes at the next index. */
    private final long[] counts;

    /** The counts of JVM {@code jvm} on node {@code node}, in a job whose JVMs are on {@code nodeOfJvm}. */
    public BridgeTraffic(int node, int jvm, int[] nodeOfJvm) {
        this.node = node;
        this.jvm = jvm;
        this.nodeOfJvm = nodeOfJvm.clone();
        this.counts = new long[nodeOfJvm.length * STRIDE];
    }

    /** A frame of {@code length} bytes from {@code peer}; on that peer's reading thread only. */
    public void received(int peer, int length) {
        int i = peer * STRIDE;
        // Opaque: a plain store on the writer's side, and a whole long for the recorder's read.
        COUNT.setOpaque(counts, i, (long) COUNT.getOpaque(counts, i) + 1);
        COUNT.setOpaque(counts, i + 1, (long) COUNT.getOpaque(counts, i + 1) + length);
    }

    /** Counts from now on are written out while a recording enables them. */
    public void open() {
        OPEN.add(this);
    }

    /** Counts are no longer written out. */
    public void close() {
        OPEN.remove(this);
    }

    /** Writes a {@link BridgeTrafficEvent} for each peer of each open path that has sent frames. */
    static void commitAll() {
        for (BridgeTraffic t : OPEN) {
            for (int peer = 0; peer < t.nodeOfJvm.length; peer++) {
                long frames = (long) COUNT.getOpaque(t.counts, peer * STRIDE);
                if (frames > 0) {
                    BridgeTrafficEvent event = new BridgeTrafficEvent();
                    event.node = t.node;
                    event.jvm = t.jvm;
                    event.peerNode = t.nodeOfJvm[peer];
                    event.peerJvm = peer;
                    event.frames = frames;
                    event.bytes = (long) COUNT.getOpaque(t.counts, peer * STRIDE + 1);
                    event.commit();
                }
            }
        }
    }
}
