package org.hympj.net;

import java.io.IOException;
import java.util.concurrent.locks.LockSupport;
import org.agrona.concurrent.AtomicBuffer;
import org.hympj.net.frame.FrameDecoder;
import org.hympj.net.transport.Link;
import org.hympj.rings.ProgressHook;
import org.hympj.rings.RingWriter;

/**
 * The off-node path of one JVM: a connection to every JVM of the job on another node, and the
 * leader thread that owns their sockets' writing side. With one JVM per node (hympjrun's
 * default for clusters) this is the node's leader, and it holds one connection per other node.
 *
 * <p>A thread that sends off-node claims room in the connection's many-producer ring (Agrona's
 * {@code ManyToOneRingBuffer}: a CAS on its tail, then a plain copy) and writes its frame
 * there. If no thread is writing that connection just then, the sender empties the ring into
 * the socket itself (a lone message goes without waking anyone); otherwise it leaves its frame
 * to the thread that is writing or to the leader, and returns. The leader takes every frame
 * the rings hold in one pass and writes them with as few socket writes as it can (small frames
 * gathered, large ones straight from the ring). Nobody waits to fill a batch, so the flush
 * delay is bounded by one pass; under load the frames that queued while a write was in the
 * kernel go together in the next. A large payload goes as
 * fragments of {@link BridgeSettings#fragmentBytes}, each its own record, so the frames other
 * threads commit meanwhile go between them instead of behind the whole payload.
 *
 * <p>Invariant: frames committed to one connection's ring by one thread reach the peer in
 * that order (one ring, one consumer, one TCP stream): this is what MPI's non-overtaking rule
 * needs, given that a rank's sends to one destination are committed in program order.
 */
public final class NodeBridge implements AutoCloseable {
    /**
     * How long an aborting JVM reads on after its notice, for its peers to close their ends. A
     * peer that reads the notice aborts and closes at once; this bounds the wait for one that
     * does not (hung, or past reading).
     */
    static final long NOTICE_LINGER_MILLIS = 1_000;

    private final PeerLink[] peers;
    private final BridgeEvents events;
    private final BridgeSettings settings;
    private final ProgressHook[] writerProgress;
    private final ThreadLocal<RingWriter[]> writers;
    private final Thread leader;

    /** Counts the program's polls ({@link #progress}), racily: the readers look only for a change. */
    private volatile int polls;
    private volatile boolean leaderParked;
    private volatile boolean stopping;
    private volatile boolean goodbye;
    private volatile int finalType;
    private volatile byte[] finalBody;

    /**
     * Starts the bridge over the links wire-up opened: {@code links[j]} (with the decoder that
     * read its handshake) leads to JVM {@code j}; null for this JVM and for JVMs on this node.
     */
    public NodeBridge(int me, Link[] links, FrameDecoder[] decoders, BridgeEvents events, BridgeSettings settings)
        throws IOException {
        this.events = events;
        this.settings = settings;
        this.peers = new PeerLink[links.length];
        this.writerProgress = new ProgressHook[links.length];
        for (int j = 0; j < links.length; j++) {
            if (links[j] != null) {
                peers[j] = new PeerLink(j, links[j], decoders[j], events, settings, () -> polls);
                PeerLink p = peers[j];
                // Reports no work, whatever the leader does: that also keeps every fragment at
                // fragmentBytes, the largest frame the peer's decoder takes (RingWriter doubles
                // the fragments of a stream whose writer's hook reports work).
                writerProgress[j] = () -> {
                    stopIfLost(p);
                    wakeLeader();
                    return 0;
                };
            }
        }
        this.writers = ThreadLocal.withInitial(() -> {
            RingWriter[] w = new RingWriter[peers.length];
            for (int j = 0; j < peers.length; j++) {
                if (peers[j] != null) {
                    w[j] = new RingWriter(peers[j].ring());
                }
            }
            return w;
        });
        for (PeerLink p : peers) {
            if (p != null) {
                p.startReader("hympj-bridge-read-jvm-" + p.jvm);
            }
        }
        leader = new Thread(this::lead, "hympj-bridge-leader-jvm-" + me);
        leader.setDaemon(true);
        leader.start();
    }

    /** True if JVM {@code jvm} is reached through this bridge. */
    public boolean connects(int jvm) {
        return jvm >= 0 && jvm < peers.length && peers[jvm] != null;
    }

    /** True if the link to JVM {@code jvm} broke before its ranks said goodbye. */
    public boolean lost(int jvm) {
        PeerLink p = peers[jvm];
        return !p.goodbyeReceived() && p.lostReason() != null;
    }

    /** Why JVM {@code jvm} can take no more frames (lost, or finished), or null while it can. */
    public String unreachable(int jvm) {
        PeerLink p = peers[jvm];
        if (p.goodbyeReceived()) {
            return "its ranks already finished";
        }
        return p.lostReason();
    }

    // ---------------------------------------------------------------- reading, by the program's waiting threads

    /**
     * Reads what has arrived on every connection that no other thread is reading and hands
     * its frames to {@link BridgeEvents#onFrame} on the calling thread; returns the frames
     * handed over. A thread that waits for a message calls it as it spins: while the
     * program's threads call it, the connections' reader threads stay parked.
     */
    public int progress() {
        return poll(false);
    }

    /**
     * As {@link #progress}, but waits for a thread already reading a connection to finish:
     * every frame that had reached this JVM's sockets before the call is handed over when it
     * returns.
     */
    public int progressAll() {
        return poll(true);
    }

    private int poll(boolean wait) {
        polls++;
        int work = 0;
        for (PeerLink p : peers) {
            if (p != null) {
                work += p.poll(wait);
            }
        }
        return work;
    }

    /** A thread that polled is about to park: the reader threads read for it until the program polls again. */
    public void waiterParking() {
        for (PeerLink p : peers) {
            if (p != null) {
                p.wakeReader();
            }
        }
    }

    // ---------------------------------------------------------------- writing, by any thread

    /**
     * Claims room for a frame of {@code type} with a body of {@code length} bytes to JVM
     * {@code jvm}, waiting while the ring is full; returns the body's index in
     * {@link #buffer}. Throws {@link PeerLostException} if the connection is lost or the job
     * stops meanwhile. Follow with {@link #commit}.
     */
    public int claim(int jvm, int type, int length) {
        stopIfLost(peers[jvm]);
        return writers.get()[jvm].claim(type, length, writerProgress[jvm]);
    }

    /** Where the frames to JVM {@code jvm} are written. */
    public AtomicBuffer buffer(int jvm) {
        return peers[jvm].ring().buffer();
    }

    /**
     * Publishes a claimed frame and writes it at once if the connection is idle; else the
     * thread writing it, or the leader, does.
     */
    public void commit(int jvm, int index) {
        PeerLink p = peers[jvm];
        p.ring().commit(index);
        // A flush that found another writer (-1) may have been too late for that writer's pass,
        // and one that succeeded may leave frames committed meanwhile: the leader takes those.
        if (p.flush(System.nanoTime()) < 0 || p.hasWork()) {
            wakeLeader();
        }
    }

    /**
     * Writes {@code length} bytes at ({@code base}, {@code offset}) (as {@code Unsafe} names
     * memory) as frames of {@code type}, fragments of one stream with the ring-buffers
     * fragment header, after a frame the caller wrote that announced the stream.
     */
    public void writeFragments(int jvm, int type, long streamId, Object base, long offset, int length) {
        stopIfLost(peers[jvm]);
        writers.get()[jvm].writeBulk(type, streamId, base, offset, length, settings.fragmentBytes(), writerProgress[jvm]);
        wakeLeader();
    }

    /**
     * Queues a frame of {@code type} with an 8-byte body that the leader writes before the
     * ring's next frames; never waits (for threads that must not: the one that reads a
     * connection, acknowledging what it delivered).
     */
    public void offerUrgent(int jvm, int type, long value) {
        peers[jvm].offerUrgent(type, value);
        wakeLeader();
    }

    /**
     * The last frame this JVM sends to every peer (the abort notice): the leader writes it
     * ahead of anything still queued, then stops.
     */
    public void broadcastFinal(int type, byte[] body) {
        finalBody = body;
        finalType = type;
        stopping = true;
        wakeLeader();
    }

    private void stopIfLost(PeerLink p) {
        String reason = p.goodbyeReceived() ? "its ranks already finished" : p.lostReason();
        if (reason != null) {
            throw new PeerLostException("JVM " + p.jvm + " at " + p.remote() + ": " + reason);
        }
        String stop = events.stopReason();
        if (stop != null) {
            throw new PeerLostException("the job was aborted: " + stop);
        }
    }

    private void wakeLeader() {
        // Pairs with the leader's park: it sets leaderParked, then looks at the rings; we
        // published to a ring, then look at leaderParked. One of the two sees the other.
        if (leaderParked) {
            LockSupport.unpark(leader);
        }
    }

    // ---------------------------------------------------------------- the leader

    private void lead() {
        int idle = 0;
        while (!stopping) {
            long now = System.nanoTime();
            int work = 0;
            for (PeerLink p : peers) {
                if (p != null) {
                    work += Math.max(0, p.flush(now));
                }
            }
            if (work > 0) {
                idle = 0;
            } else if (++idle < settings.leaderSpins()) {
                Thread.onSpinWait();
            } else {
                leaderParked = true;
                if (!anyWork() && !stopping) {
                    LockSupport.parkNanos(settings.heartbeatMillis() * 250_000L);
                }
                leaderParked = false;
                idle = 0;
            }
        }
        byte[] body = finalBody;
        for (PeerLink p : peers) {
            if (p == null) {
                continue;
            }
            if (body != null) {
                p.writeLast(finalType, body);
            } else if (goodbye) {
                p.sayGoodbye();
            }
        }
    }

    private boolean anyWork() {
        for (PeerLink p : peers) {
            if (p != null && p.hasWork()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The end of a JVM whose ranks all finished: everything queued goes out, then a goodbye to
     * every peer; then waits up to {@code timeoutMillis} for theirs (so no connection is torn
     * down under data the other side has not read), and closes.
     */
    public void finish(long timeoutMillis) {
        goodbye = true;
        stopLeader(timeoutMillis);
        awaitReaders(System.currentTimeMillis() + timeoutMillis);
        closeLinks();
    }

    /**
     * Stops at once: what is queued is dropped. An abort notice, if one was given, goes out
     * first and ends each stream; then, for up to {@link #NOTICE_LINGER_MILLIS}, the readers
     * read on until each peer closes its end. A socket closed while frames it has not read
     * wait in it resets the connection, and a reset can destroy the notice before the peer
     * reads it; the peer then learns of this JVM's end, not of the failure that caused it.
     */
    @Override
    public void close() {
        stopLeader(2_000);
        if (finalBody != null) {
            awaitReaders(System.currentTimeMillis() + NOTICE_LINGER_MILLIS);
        }
        closeLinks();
    }

    /** Waits until {@code deadline} (epoch millis) at most for every reader to reach its peer's end of stream. */
    private void awaitReaders(long deadline) {
        try {
            for (PeerLink p : peers) {
                if (p != null) {
                    p.awaitReader(deadline - System.currentTimeMillis());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void stopLeader(long timeoutMillis) {
        stopping = true;
        LockSupport.unpark(leader);
        try {
            leader.join(Math.max(1, timeoutMillis));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void closeLinks() {
        for (PeerLink p : peers) {
            if (p != null) {
                p.closeQuietly();
            }
        }
    }
}
