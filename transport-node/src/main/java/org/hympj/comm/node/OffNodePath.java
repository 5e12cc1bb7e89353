package org.hympj.comm.node;

import static org.hympj.comm.node.NodeFrameDescriptor.*;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.agrona.DirectBuffer;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.events.BridgeTraffic;
import org.hympj.comm.match.Arrival;
import org.hympj.comm.match.SendOperation;
import org.hympj.comm.match.StreamedArrival;
import org.hympj.comm.protocol.MessageDescriptor;
import org.hympj.comm.errors.ErrorClass;
import org.hympj.comm.runtime.Job;
import org.hympj.net.BridgeEvents;
import org.hympj.net.NodeBridge;
import org.hympj.net.PeerLostException;
import org.hympj.net.frame.FrameException;
import org.hympj.rings.FragmentDescriptor;
import org.hympj.rings.MemoryCopy;
import org.hympj.comm.runtime.ClusterLayout;
import org.hympj.comm.runtime.RemotePath;

/**
 * The MPI layer over the net-bridge: how a send to a rank on another node becomes frames
 * ({@link NodeFrameDescriptor}), and how frames from another node become arrivals in this
 * JVM's engines. A payload up to the bridge's fragment size goes whole in one MESSAGE; a
 * larger one as a STREAM_START (matched on arrival, so order holds) and FRAGMENTs that the
 * receiver copies into the matched receive as they come ({@link StreamedArrival}).
 *
 * <p>Everything a frame says is checked before it is believed: an envelope for a rank that
 * is not here, a type or count that does not add up, a fragment of no stream, or one that
 * runs past its stream, ends the connection ({@link FrameException}) and with it the job;
 * nothing is allocated from a length that has not been checked against the envelope.
 *
 * <p>Invariant: the per-connection state (its {@link Arrival}, its streams) is touched only
 * by the thread reading that connection, one at a time (its reader thread, or a rank thread
 * that polls it while it waits: {@link NodeBridge#progress}).
 */
public final class OffNodePath implements RemotePath, BridgeEvents {
    private final Job job;
    private final ClusterLayout layout;
    private final int me;
    private final PrintStream log;
    private NodeBridge bridge;
    private int inlineLimit;

    private final AtomicLong nextStream = new AtomicLong(1);
    private final Long2ObjectHashMap<SendOperation> awaitingAck = new Long2ObjectHashMap<>();
    private long nextSync = 1;

    private final Arrival[] arrivals;
    private final Long2ObjectHashMap<StreamedArrival>[] streams;
    /** The frames and bytes received from each peer JVM, for recordings. */
    private final BridgeTraffic traffic;

    @SuppressWarnings({"unchecked", "rawtypes"})
    public OffNodePath(Job job, ClusterLayout layout, int me, PrintStream log) {
        this.job = job;
        this.layout = layout;
        this.me = me;
        this.log = log;
        this.arrivals = new Arrival[layout.jvms()];
        this.streams = new Long2ObjectHashMap[layout.jvms()];
        int[] nodeOfJvm = new int[layout.jvms()];
        for (int j = 0; j < layout.jvms(); j++) {
            arrivals[j] = new Arrival();
            streams[j] = new Long2ObjectHashMap<>();
            nodeOfJvm[j] = layout.nodeOfJvm(j);
        }
        this.traffic = new BridgeTraffic(layout.nodeOfJvm(me), me, nodeOfJvm);
    }

    /** Attaches the bridge once wire-up has opened it; before any rank starts. */
    public void attach(NodeBridge bridge, int fragmentBytes) {
        this.bridge = bridge;
        this.inlineLimit = fragmentBytes;
        traffic.open();
    }

    // ---------------------------------------------------------------- sending

    /** Carries {@code s} to world rank {@code dest} on another node. */
    public void send(int dest, SendOperation s) {
        int jvm = layout.jvmOfRank(dest);
        String gone = bridge.unreachable(jvm);
        if (gone != null) {
            s.failRemote(ErrorClass.ERR_OTHER, "cannot send to rank " + dest + ": " + whyNot(jvm, gone));
            return;
        }
        long token = s.mode() == SendOperation.SYNCHRONOUS ? awaitAck(s) : 0;
        int length = s.byteLength();
        try {
            if (length <= inlineLimit) {
                int index = bridge.claim(jvm, MESSAGE, MessageDescriptor.HEADER_LENGTH + length);
                AtomicBuffer b = bridge.buffer(jvm);
                MessageDescriptor.putEnvelope(b, index, dest, s, token);
                MemoryCopy.copy(s.payloadBase(), s.payloadOffset(), b.byteArray(),
                    b.addressOffset() + index + MessageDescriptor.HEADER_LENGTH, length);
                bridge.commit(jvm, index);
            } else {
                long stream = nextStream.getAndIncrement();
                int index = bridge.claim(jvm, STREAM_START, STREAM_START_LENGTH);
                AtomicBuffer b = bridge.buffer(jvm);
                MessageDescriptor.putEnvelope(b, index, dest, s, token);
                b.putLong(index + STREAM_ID_OFFSET, stream);
                bridge.commit(jvm, index);
                bridge.writeFragments(jvm, FRAGMENT, stream, s.payloadBase(), s.payloadOffset(), length);
            }
        } catch (PeerLostException e) {
            if (token != 0) {
                synchronized (awaitingAck) {
                    awaitingAck.remove(token);
                }
            }
            s.failRemote(ErrorClass.ERR_OTHER, "send to rank " + dest + " failed: " + whyNot(jvm, e.getMessage()));
            return;
        }
        if (token == 0) {
            s.completeRemote();
        }
    }

    /**
     * Why a send to JVM {@code jvm} cannot go, as one story. Once the job is aborted, that is
     * the abort's reason, which names the first failure: a peer's JVM ends after it aborts, so
     * its link ends as a consequence, and a sender can find it ended before its rank sees the
     * abort. The abort is read after the link's state: a reader takes a peer's notice before
     * the end of stream behind it. Before any abort, a lost peer is named as the abort that
     * losing it raises ({@link #onPeerLost}) names it.
     */
    private String whyNot(int jvm, String linkReason) {
        String abort = job.abortReason();
        if (abort != null) {
            return "the job was aborted: " + abort;
        }
        return (bridge.lost(jvm) ? "lost " : "") + layout.describeJvm(jvm) + ": " + linkReason;
    }

    private long awaitAck(SendOperation s) {
        synchronized (awaitingAck) {
            long token = NodeFrameDescriptor.token(me, nextSync++);
            awaitingAck.put(token, s);
            return token;
        }
    }

    /** A receive here matched a synchronous send from another node: tell its JVM, without waiting. */
    public void acknowledge(long token) {
        int jvm = tokenJvm(token);
        if (bridge.connects(jvm)) {
            bridge.offerUrgent(jvm, SYNC_ACK, token);
        }
    }

    /** The abort notice to every other node's JVMs: the last frame this JVM sends them. */
    public void publishAbort(int rank, int exitCode, String reason) {
        byte[] text = reason.getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[8 + Math.min(text.length, 4000)];
        UnsafeBuffer b = new UnsafeBuffer(body);
        b.putInt(0, rank);
        b.putInt(4, exitCode);
        b.putBytes(8, text, 0, body.length - 8);
        bridge.broadcastFinal(ABORT, body);
    }

    /** The goodbye of a JVM whose ranks all ended normally (see {@link NodeBridge#finish}). */
    public void finish(long timeoutMillis) {
        bridge.finish(timeoutMillis);
        traffic.close();
    }

    public void close() {
        traffic.close();
        if (bridge != null) {
            bridge.close();
        }
    }

    @Override
    public int jvmOf(int worldRank) {
        return layout.jvmOfRank(worldRank);
    }

    @Override
    public int nodeOf(int worldRank) {
        return layout.nodeOfRank(worldRank);
    }

    /** A waiting thread reads the connections itself (see {@link NodeBridge#progress}). */
    @Override
    public int progress() {
        return bridge.progress();
    }

    /** Nothing of this node comes this way. */
    @Override
    public int progressOwnNode() {
        return 0;
    }

    @Override
    public int progressOtherNodes() {
        return bridge.progress();
    }

    @Override
    public int progressAll() {
        return bridge.progressAll();
    }

    /** The bridge's reader threads read for a thread that parks. */
    @Override
    public void waiterParking() {
        bridge.waiterParking();
    }

    @Override
    public void waiterAwake() {
    }

    // ---------------------------------------------------------------- receiving (BridgeEvents)

    @Override
    public void onFrame(int peer, int type, DirectBuffer buffer, int index, int length) throws FrameException {
        traffic.received(peer, length);
        switch (type) {
            case MESSAGE: {
                Arrival a = arrivals[peer];
                int dest = checkedEnvelope(peer, buffer, index, length, a);
                if (length != MessageDescriptor.HEADER_LENGTH + a.byteLength()) {
                    throw new FrameException("a MESSAGE of " + length + " bytes carries an envelope of " + a.byteLength());
                }
                a.payload(buffer.byteArray(), buffer.addressOffset() + index + MessageDescriptor.HEADER_LENGTH, false);
                job.engine(dest).deliver(a);
                return;
            }
            case STREAM_START: {
                if (length != STREAM_START_LENGTH) {
                    throw new FrameException("a STREAM_START of " + length + " bytes");
                }
                long id = buffer.getLong(index + STREAM_ID_OFFSET);
                if (streams[peer].containsKey(id)) {
                    throw new FrameException("stream " + id + " started twice");
                }
                StreamedArrival stream = new StreamedArrival();
                int dest = checkedEnvelope(peer, buffer, index, length, stream.envelope());
                stream.start(job.engine(dest));
                streams[peer].put(id, stream);
                return;
            }
            case FRAGMENT: {
                if (length < FragmentDescriptor.HEADER_LENGTH) {
                    throw new FrameException("a FRAGMENT of " + length + " bytes");
                }
                long id = buffer.getLong(index + FragmentDescriptor.STREAM_ID_OFFSET);
                StreamedArrival stream = streams[peer].get(id);
                int offset = buffer.getInt(index + FragmentDescriptor.FRAGMENT_OFFSET_OFFSET);
                int n = length - FragmentDescriptor.HEADER_LENGTH;
                if (stream == null) {
                    throw new FrameException("a FRAGMENT of stream " + id + ", which never started");
                }
                if (offset != stream.received() || n > stream.envelope().byteLength() - offset
                    || buffer.getInt(index + FragmentDescriptor.TOTAL_LENGTH_OFFSET) != stream.envelope().byteLength()) {
                    throw new FrameException("a FRAGMENT of stream " + id + " at " + offset + " (+" + n + ") does not follow the "
                        + stream.received() + " bytes of " + stream.envelope().byteLength() + " received");
                }
                if (stream.fragment(buffer.byteArray(), buffer.addressOffset() + index + FragmentDescriptor.HEADER_LENGTH, n)) {
                    streams[peer].remove(id);
                }
                return;
            }
            case SYNC_ACK: {
                if (length != SYNC_ACK_LENGTH) {
                    throw new FrameException("a SYNC_ACK of " + length + " bytes");
                }
                SendOperation s;
                synchronized (awaitingAck) {
                    s = awaitingAck.remove(buffer.getLong(index));
                }
                if (s == null) {
                    throw new FrameException("a SYNC_ACK for no synchronous send of this JVM");
                }
                s.completeRemote();
                return;
            }
            case ABORT: {
                if (length < 8) {
                    throw new FrameException("an ABORT of " + length + " bytes");
                }
                String reason = buffer.getStringWithoutLengthUtf8(index + 8, length - 8);
                // Passed on, as a loss is (see onPeerLost): this JVM ends over it, and a JVM that
                // has not heard yet must read why before it reads this JVM's end.
                job.abortWithCode(buffer.getInt(index), buffer.getInt(index + 4), reason);
                return;
            }
            default:
                throw new FrameException("frame type " + type + " is not one of the MPI layer's");
        }
    }

    /** Reads an envelope into {@code a} after checking it makes sense for this JVM; returns its destination. */
    private int checkedEnvelope(int peer, DirectBuffer b, int index, int length, Arrival a) throws FrameException {
        if (length < MessageDescriptor.HEADER_LENGTH) {
            throw new FrameException("an envelope of " + length + " bytes");
        }
        int dest = b.getInt(index + MessageDescriptor.DESTINATION_OFFSET);
        if (!job.isLocal(dest)) {
            throw new FrameException("a message for rank " + dest + " came to the JVM of ranks " + job.firstLocal() + ".."
                + (job.firstLocal() + job.localCount() - 1));
        }
        int type = b.getShort(index + MessageDescriptor.TYPE_OFFSET);
        int form = b.getShort(index + MessageDescriptor.FORM_OFFSET);
        int count = b.getInt(index + MessageDescriptor.COUNT_OFFSET);
        int bytes = b.getInt(index + MessageDescriptor.LENGTH_OFFSET);
        int commSize = b.getInt(index + MessageDescriptor.COMM_SIZE_OFFSET);
        int source = b.getInt(index + MessageDescriptor.SOURCE_OFFSET);
        if (type < 0 || type >= ElementType.values().length || form < 0 || form > 1 || count < 0 || bytes < 0
            || (form == Arrival.ELEMENTS && (long) count * ElementType.of(type).size() != bytes)
            || commSize < 1 || source < 0 || source >= commSize) {
            throw new FrameException("an envelope from " + layout.describeJvm(peer) + " does not add up (type " + type
                + ", form " + form + ", count " + count + ", " + bytes + " bytes, source " + source + " of " + commSize + ")");
        }
        MessageDescriptor.getEnvelope(b, index, a);
        return dest;
    }

    /**
     * Published, not only taken: every JVM's reader sees a dead node's connection end, but in
     * its own time, and a survivor whose reader has not yet run could first see a second JVM
     * go (one whose rank failed over this loss and exited) and blame it. The notice goes out
     * on the ring path too, ahead of this JVM's own exit on every connection, and a JVM that
     * reads it passes it on the same way before it ends, so each survivor reads this reason
     * first whichever way it learns; later aborts are ignored.
     */
    @Override
    public void onPeerLost(int peer, String reason) {
        job.abortWithCode(layout.firstRank(peer), 1, "lost " + layout.describeJvm(peer) + ": " + reason);
    }

    @Override
    public String stopReason() {
        return job.abortReason();
    }

    @Override
    public void log(String message) {
        log.println("hympj net-bridge (" + layout.describeJvm(me) + "): " + message);
    }
}
