package org.hympj.comm.core;

import java.io.IOException;
import java.util.function.Function;
import org.hympj.comm.data.BsendArena;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.ObjectSerialization;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.match.MatchedMessage;
import org.hympj.comm.match.MatchingEngine;
import org.hympj.comm.match.Operation;
import org.hympj.comm.match.ProbeResult;
import org.hympj.comm.match.ReceiveOperation;
import org.hympj.comm.match.SendOperation;
import org.hympj.comm.match.ThreadOperations;
import org.hympj.comm.match.Waiting;
import org.hympj.comm.coll.heap.CollectiveArea;
import org.hympj.comm.placement.CollectiveHierarchy;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;
import org.hympj.comm.runtime.Configuration;
import org.hympj.comm.runtime.RankRuntime;

/**
 * The engine's side of one rank's communicator: its contexts, this rank's rank and the size,
 * the world rank of each member, and the point-to-point operations on them. The class is
 * loaded once per JVM and shared by every thread rank, so its code is compiled once; the
 * {@code mpi} package's {@code Comm} checks a call's arguments, then calls in here.
 *
 * <p>Arguments reaching this class are checked. Errors are raised as
 * {@link EngineException}s with their MPI error class. Point-to-point messages travel on
 * context {@code context}; collective ones on {@code context + 1}, so collective traffic
 * never matches a user's receive.
 *
 * <p>Invariant: context, rank, size and member ranks never change; the peer group (which
 * point-to-point operations address) is this group, or an intercommunicator's remote group,
 * set once before the communicator is used.
 */
public final class CommunicatorCore {
    /** A send to or receive from this rank does nothing (the value of {@code MPI.PROC_NULL}). */
    public static final int PROC_NULL = -3;

    private final String name;
    private final RankRuntime rt;
    private final ThreadOperations operations;
    private final ClassLoader objectLoader;
    private final int context;
    private final int rank;
    private final int size;
    /** World rank of each rank of this communicator; null when they are the same. */
    private final int[] worldRanks;
    private int peerSize;
    private int[] peerWorldRanks;
    /**
     * Where this communicator's ranks run, built on the first collective that needs it. Racy
     * on purpose: the object is immutable (final fields), so a thread that sees it sees it whole,
     * and two threads that both build it build the same.
     */
    private CollectiveHierarchy placement;
    /** The area of {@link #collectiveArea}, once {@link #areaLookedUp}; null when there is none. */
    private CollectiveArea area;
    /**
     * Whether {@link #area} holds the answer: written after it, so a thread that sees it true
     * sees the area. Only the thread running the communicator's collectives looks it up (MPI
     * lets one at a time do so), and the next such thread sees what it left.
     */
    private volatile boolean areaLookedUp;
    /** The collectives this rank has made on this communicator, so that each has the same number on every rank. */
    private long collectives;

    /**
     * A communicator of {@code size} ranks on {@code context}, this rank being {@code rank};
     * {@code worldRanks} null when its ranks are the world's. The blocking calls reuse the
     * calling thread's {@code operations}; received objects are read in {@code objectLoader},
     * the rank's own.
     */
    public CommunicatorCore(String name, RankRuntime rt, ThreadOperations operations, ClassLoader objectLoader,
                            int context, int rank, int size, int[] worldRanks) {
        this.name = name;
        this.rt = rt;
        this.operations = operations;
        this.objectLoader = objectLoader;
        this.context = context;
        this.rank = rank;
        this.size = size;
        this.worldRanks = worldRanks;
        this.peerSize = size;
        this.peerWorldRanks = worldRanks;
        rt.engine().nameContext(context, name);
    }

    /** Makes point-to-point operations address another group (an intercommunicator's remote one). */
    public void bindPeers(int[] remoteWorldRanks) {
        this.peerSize = remoteWorldRanks.length;
        this.peerWorldRanks = remoteWorldRanks;
    }

    /** The name this communicator was made with. */
    public String name() {
        return name;
    }

    /** Numbers the collective this rank starts on this communicator: 1, 2, ... in the order it starts them. */
    public long nextCollective() {
        return ++collectives;
    }

    public RankRuntime runtime() {
        return rt;
    }

    public int context() {
        return context;
    }

    public int rank() {
        return rank;
    }

    public int size() {
        return size;
    }

    public int worldRank(int commRank) {
        return worldRanks == null ? commRank : worldRanks[commRank];
    }

    /** The world rank of rank {@code peerRank} of the group point-to-point operations address. */
    public int peerWorldRank(int peerRank) {
        return peerWorldRanks == null ? peerRank : peerWorldRanks[peerRank];
    }

    /** The world rank of each rank of this communicator, in a new array. */
    public int[] worldRanks() {
        int[] members = new int[size];
        for (int r = 0; r < size; r++) {
            members[r] = worldRank(r);
        }
        return members;
    }

    /**
     * The area through which this communicator's small collectives go, or null: found by
     * {@code lookUp} at the first call, which every rank makes in the same collective, as
     * looking up may take part in one.
     */
    public CollectiveArea collectiveArea(Function<CommunicatorCore, CollectiveArea> lookUp) {
        if (!areaLookedUp) {
            area = lookUp.apply(this);
            areaLookedUp = true;
        }
        return area;
    }

    /** This rank frees the communicator: the engine lets go of what it kept for it. */
    public void free() {
        if (areaLookedUp && area != null) {
            rt.job().collectiveAreaFreed(context, worldRank(0), area);
        }
    }

    /** Where this communicator's ranks run, or null when they all share this JVM's heap (or are fewer than 3). */
    public CollectiveHierarchy placement() {
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

    // ---------------------------------------------------------------- sends

    /**
     * A blocking send to {@code dest} (not {@code PROC_NULL}) in {@code mode}, on the
     * point-to-point context; {@code arena} is the attached buffer of a buffered send.
     */
    public void send(String call, Object buf, int offset, int count, TypeMap type, int dest, int tag, int mode,
                     BsendArena arena) {
        // A small message to a rank of this JVM goes into its inbox without an operation:
        // nothing to fill in, wait for and reset.
        if (mode != SendOperation.SYNCHRONOUS && mode != SendOperation.BUFFERED && type.contiguous
            && !type.base.isObject()
            && rt.deliverSmall(peerWorldRank(dest), context, size, rank, tag, type.base, count * type.width, buf, offset)) {
            return;
        }
        if (mode == SendOperation.BUFFERED && arena != null) {
            // Complete once copied into the attached buffer; the operation is no one's to wait for.
            startSend(new SendOperation(), buf, offset, count, type, dest, tag, mode, arena);
            return;
        }
        blockingSend(context, call, buf, offset, count, type, dest, tag, mode);
    }

    private void blockingSend(int ctx, String call, Object buf, int offset, int count, TypeMap type, int dest, int tag,
                              int mode) {
        SendOperation s = operations.send();
        try {
            startSend(s, ctx, buf, offset, count, type, dest, tag, mode, null);
            await(s, call, dest, tag);
            if (s.error() != 0) {
                throw new EngineException(s.error(), s.errorMessage());
            }
        } finally {
            if (s.isComplete()) {
                s.reset();
            }
        }
    }

    /** Fills in {@code s} and hands it to the destination's path, on the point-to-point context. */
    public void startSend(SendOperation s, Object buf, int offset, int count, TypeMap type, int dest, int tag, int mode,
                          BsendArena arena) {
        startSend(s, context, buf, offset, count, type, dest, tag, mode, arena);
    }

    private void startSend(SendOperation s, int ctx, Object buf, int offset, int items, TypeMap datatype, int dest, int tag,
                           int mode, BsendArena arena) {
        ElementType type = datatype.base;
        int count = items * datatype.width;
        if (!datatype.contiguous) {
            // Messages carry packed items: the one internal copy of a derived type's send.
            buf = datatype.packed(buf, offset, items);
            offset = 0;
        }
        s.init(ctx, size, rank, tag, mode, type, count);
        if (mode == SendOperation.BUFFERED && arena != null) {
            intoAttachedBuffer(s, arena, buf, offset, count, type, dest, tag);
        } else if (type.isObject()) {
            s.withSerialized(serialize(buf, offset, count));
        } else {
            if (mode == SendOperation.BUFFERED) {
                checkEagerWithoutBuffer(count * type.size(), dest, tag);
            }
            s.withArray(buf, offset);
        }
        rt.deliver(peerWorldRank(dest), s);
    }

    /**
     * A buffered send with no buffer attached is erroneous in MPI; as Open MPI does, one whose
     * message is sent eagerly (copied, so that it completes without a matching receive, as a
     * buffered send must) goes as a standard send. Serialized objects are always copied; typed
     * data is copied up to the eager limit, and a larger message raises ERR_BUFFER.
     */
    private void checkEagerWithoutBuffer(int bytes, int dest, int tag) {
        int eager = rt.job().configuration().eagerLimit();
        if (bytes > eager) {
            throw new EngineException(ErrorClass.ERR_BUFFER, "Bsend of " + bytes + " bytes to rank " + dest + " (tag " + tag
                + ") needs a buffer attached with MPI.Buffer_attach; without one only a message of at most " + eager
                + " bytes (the eager limit, " + Configuration.EAGER_LIMIT_PROP + ") is sent");
        }
    }

    private static void intoAttachedBuffer(SendOperation s, BsendArena arena, Object buf, int offset, int count,
                                           ElementType type, int dest, int tag) {
        byte[] serialized = type.isObject() ? serialize(buf, offset, count) : null;
        int bytes = serialized != null ? serialized.length : count * type.size();
        int region = arena.reserve(bytes + BsendArena.OVERHEAD);
        if (region < 0) {
            throw new EngineException(ErrorClass.ERR_BUFFER, "Bsend of " + bytes + " bytes (plus " + BsendArena.OVERHEAD
                + " overhead) to rank " + dest + " (tag " + tag + ") does not fit: " + arena.reserved() + " of the "
                + arena.capacity() + " bytes of the attached buffer are still in use");
        }
        if (serialized != null) {
            System.arraycopy(serialized, 0, arena.buffer(), region, bytes);
        } else if (count > 0) {
            type.pack(buf, offset, count, arena.buffer(), region);
        }
        s.withArenaRegion(arena, region, bytes, serialized != null);
    }

    private static byte[] serialize(Object buf, int offset, int count) {
        try {
            return ObjectSerialization.write((Object[]) buf, offset, count);
        } catch (IOException e) {
            throw new EngineException(ErrorClass.ERR_TYPE, "MPI.OBJECT elements must be serializable: " + e, e);
        }
    }

    // ---------------------------------------------------------------- receives

    /**
     * A blocking receive from {@code source} (not {@code PROC_NULL}): returns this thread's
     * completed receive, its results still to be read, then reset by the caller.
     */
    public ReceiveOperation receive(Object buf, int offset, int count, TypeMap type, int source, int tag) {
        ReceiveOperation r = operations.receive();
        postReceive(r, context, buf, offset, count, type, source, tag);
        return completeBlockingReceive(r, source, tag, buf, offset, type);
    }

    /** Posts {@code r} on the point-to-point context. */
    public void postReceive(ReceiveOperation r, Object buf, int offset, int count, TypeMap type, int source, int tag) {
        postReceive(r, context, buf, offset, count, type, source, tag);
    }

    /** Posts {@code r}; a derived type's items arrive packed in a buffer of their own, unpacked on completion. */
    private void postReceive(ReceiveOperation r, int ctx, Object buf, int offset, int items, TypeMap type, int source, int tag) {
        rt.engine().post(initReceive(r, ctx, buf, offset, items, type, source, tag));
    }

    private ReceiveOperation initReceive(ReceiveOperation r, int ctx, Object buf, int offset, int items, TypeMap type,
                                         int source, int tag) {
        int elements = items * type.width;
        if (type.contiguous) {
            return r.init(ctx, peerSize, source, tag, type.base, buf, offset, elements);
        }
        return r.init(ctx, peerSize, source, tag, type.base, type.base.newArray(elements), 0, elements);
    }

    /**
     * Waits for this thread's receive, spreads a derived type's packed items over the user's
     * buffer, and raises the receive's error, if any; on error it is reset, otherwise returned.
     */
    private ReceiveOperation completeBlockingReceive(ReceiveOperation r, int source, int tag, Object buf, int offset,
                                                     TypeMap type) {
        boolean ok = false;
        try {
            await(r, "Recv", source, tag);
            try {
                checkReceive(r);
            } finally {
                unpackReceived(r, type, buf, offset);
            }
            ok = true;
            return r;
        } finally {
            if (!ok && r.isComplete()) {
                r.reset();
            }
        }
    }

    /** For a derived type: copies what arrived in the packed buffer into the user's items. */
    public static void unpackReceived(ReceiveOperation r, TypeMap type, Object buf, int offset) {
        if (!type.contiguous && !r.cancelled()) {
            type.unpack(r.buffer(), r.offset(), r.matchedCount(), buf, offset);
        }
    }

    /** Deserializes a completed receive's OBJECT data in the rank's class loader and raises its error, if any. */
    public void checkReceive(ReceiveOperation r) {
        if (r.serialized() != null && r.matchedCount() > 0) {
            try {
                ObjectSerialization.read(r.serialized(), r.serializedOffset(), r.serializedLength(),
                    (Object[]) r.buffer(), r.offset(), r.matchedCount(), objectLoader);
            } catch (IOException | ClassNotFoundException e) {
                throw new EngineException(ErrorClass.ERR_TYPE, "received MPI.OBJECT data from rank " + r.matchedSource()
                    + " could not be deserialized: " + e, e);
            }
        }
        if (r.error() != 0) {
            throw new EngineException(r.error(), r.errorMessage());
        }
    }

    /**
     * Sends and receives at once on the point-to-point context, so two ranks can exchange
     * without ordering their calls; either side may be {@code PROC_NULL}. Returns the
     * completed receive (to be read, then reset by the caller), or null without one.
     */
    public ReceiveOperation sendReceive(String call, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, int dest,
                                        int sendtag, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype,
                                        int source, int recvtag) {
        return exchange(context, call, sendbuf, sendoffset, sendcount, sendtype, dest, sendtag,
            recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
    }

    /**
     * A blocking exchange on the collective context. Either side may be {@code PROC_NULL}. The
     * tag says which collective the message belongs to.
     */
    public void collectiveExchange(Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, int dest,
                                   Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype, int source, int tag) {
        ReceiveOperation r = exchange(context + 1, "a collective", sendbuf, sendoffset, sendcount, sendtype, dest, tag,
            recvbuf, recvoffset, recvcount, recvtype, source, tag);
        if (r != null) {
            r.reset();
        }
    }

    private ReceiveOperation exchange(int ctx, String call, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype,
                                      int dest, int sendtag, Object recvbuf, int recvoffset, int recvcount, TypeMap recvtype,
                                      int source, int recvtag) {
        ReceiveOperation r = null;
        if (source != PROC_NULL) {
            r = operations.receive();
            postReceive(r, ctx, recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
        }
        if (dest != PROC_NULL) {
            try {
                if (ctx != context || !sendtype.contiguous || sendtype.base.isObject()
                    || !rt.deliverSmall(peerWorldRank(dest), ctx, size, rank, sendtag, sendtype.base,
                    sendcount * sendtype.width, sendbuf, sendoffset)) {
                    blockingSend(ctx, call, sendbuf, sendoffset, sendcount, sendtype, dest, sendtag, SendOperation.STANDARD);
                }
            } catch (RuntimeException | Error e) {
                if (r != null && (MatchingEngine.cancel(r) || settled(r))) {
                    r.reset();
                }
                throw e;
            }
        }
        return r == null ? null : completeBlockingReceive(r, source, recvtag, recvbuf, recvoffset, recvtype);
    }

    /**
     * Posts a receive on the collective context and returns at once, so a collective can have
     * all its receives posted before it sends; finish it with {@link #completeCollectiveReceive},
     * or {@link #abandonCollectiveReceive} it if the collective fails first.
     */
    public ReceiveOperation postCollectiveReceive(Object buf, int offset, int count, TypeMap type, int source, int tag) {
        ReceiveOperation r = ReceiveOperation.ownedByCaller();
        postReceive(r, context + 1, buf, offset, count, type, source, tag);
        return r;
    }

    /** Waits for a receive of {@link #postCollectiveReceive} and raises its error, if any (as a blocking receive does). */
    public void completeCollectiveReceive(ReceiveOperation r, int source, int tag, Object buf, int offset, TypeMap type) {
        completeBlockingReceive(r, source, tag, buf, offset, type);
    }

    /** Withdraws a posted collective receive after a failure: on return it no longer writes its buffer. */
    public static void abandonCollectiveReceive(ReceiveOperation r) {
        if (!r.isComplete() && !MatchingEngine.cancel(r)) {
            Waiting.settle(r);
        }
    }

    private static boolean settled(Operation op) {
        Waiting.settle(op);
        return true;
    }

    // ---------------------------------------------------------------- probes and waiting

    /** Waits until a message matching (source, tag) can be received and fills in its envelope. */
    public void probe(int source, int tag, ProbeResult out) {
        int stop = rt.engine().probe(context, peerSize, source, tag, out);
        if (stop != 0) {
            throw new EngineException(stop, Waiting.failureMessage(rt.job(), "a Probe from " + describeSource(source)));
        }
    }

    /** Fills in the envelope of a message matching (source, tag) that can be received now; false if there is none. */
    public boolean iprobe(int source, int tag, ProbeResult out) {
        // All the rings, even if another thread is draining: a message sent before this call
        // (say, before a barrier both ranks passed) must be seen now, not at a later probe.
        rt.engine().progressAll();
        return rt.engine().iprobe(context, peerSize, source, tag, out);
    }

    /**
     * Waits until a message matching (source, tag) can be received and takes it into
     * {@code out}, out of the reach of every other receive and probe (a matched probe).
     */
    public void mprobe(int source, int tag, MatchedMessage out) {
        int stop = rt.engine().mprobe(context, peerSize, source, tag, out);
        if (stop != 0) {
            throw new EngineException(stop, Waiting.failureMessage(rt.job(), "an Mprobe from " + describeSource(source)));
        }
    }

    /** As {@link #mprobe}, if such a message is here now; false if there is none. */
    public boolean improbe(int source, int tag, MatchedMessage out) {
        // All the rings, as iprobe does.
        rt.engine().progressAll();
        return rt.engine().improbe(context, peerSize, source, tag, out);
    }

    /**
     * Receives the message a matched probe took into {@code matched} with {@code r}; complete
     * on return, its results still to be read (a derived type's items are spread over
     * {@code buf} by {@link #unpackReceived}, its error raised by {@link #checkReceive}).
     */
    public void receiveMatched(ReceiveOperation r, MatchedMessage matched, Object buf, int offset, int items, TypeMap type) {
        ProbeResult e = matched.envelope;
        rt.engine().receive(matched, initReceive(r, context, buf, offset, items, type, e.source, e.tag));
    }

    /**
     * Waits for {@code op}. If the job aborts or the thread is interrupted, the operation is
     * cancelled so it can no longer touch the caller's buffer; if it was matched already, its
     * copy is under way and is waited for, and the call returns normally.
     */
    public void await(Operation op, String call, int peer, int tag) {
        int stop = Waiting.await(op, rt.engine(), call, peer);
        if (stop == 0) {
            return;
        }
        if (cancel(op)) {
            throw new EngineException(stop, Waiting.failureMessage(rt.job(), call + " with " + describeSource(peer)
                + " (tag " + describeTag(tag) + ")"));
        }
        Waiting.settle(op);
    }

    /**
     * Waits until one of {@code ops} (null entries skipped) completes; {@code call} names the
     * wait ({@code Waitany}, {@code Waitsome}) in the error if the job aborts first.
     */
    public void awaitAny(Operation[] ops, String call) {
        int stop = Waiting.awaitAny(ops, rt.engine(), call);
        if (stop != 0) {
            throw new EngineException(stop, Waiting.failureMessage(rt.job(), call + " over " + ops.length + " requests"));
        }
    }

    /** Asks for {@code op} to be cancelled; true if it was, before it matched. A collective cannot be cancelled. */
    public static boolean cancel(Operation op) {
        if (op instanceof ReceiveOperation) {
            return MatchingEngine.cancel((ReceiveOperation) op);
        }
        return op instanceof SendOperation && MatchingEngine.cancel((SendOperation) op);
    }

    public static String describeSource(int source) {
        return source == MatchingEngine.ANY_SOURCE ? "MPI.ANY_SOURCE" : "rank " + source;
    }

    public static String describeTag(int tag) {
        return tag == MatchingEngine.ANY_TAG ? "MPI.ANY_TAG" : Integer.toString(tag);
    }

    @Override
    public String toString() {
        return name;
    }
}
