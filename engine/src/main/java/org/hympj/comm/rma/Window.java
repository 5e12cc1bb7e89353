package org.hympj.comm.rma;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.hympj.comm.coll.Collectives;
import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.ReductionOps;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;
import org.hympj.comm.match.MatchingEngine;
import org.hympj.comm.match.ProbeResult;
import org.hympj.comm.match.SendOperation;
import org.hympj.comm.runtime.RankRuntime;

/**
 * One rank's side of a window of one-sided communication: its memory, the origin's calls
 * (put, get, accumulates, synchronisation) and the service thread that applies the requests
 * of origins in other JVMs to this rank's memory.
 *
 * <p>An origin in the target's JVM applies its operation to the target's memory itself (they
 * share a heap). An origin in another JVM sends a request message to the target's service
 * thread, which applies requests in the order they arrive, while the target's program
 * computes, outside any MPI call, on every path a message takes (rings, bridge). Both take the
 * target's {@code applying} lock for each read-modify-write, so accumulates are atomic per
 * element with respect to each other, whoever applies them. Requests travel on a context of the window's own
 * (the point-to-point context of {@code requests}); answers, and the post and complete notices
 * of generalized active target, on another ({@code replies}); so window traffic never matches a
 * program's messages. A request's answer tells the origin that the target has applied it and
 * every request the origin sent the target before it, since messages between two ranks on one
 * context arrive in the order sent; flushes, unlocks, fences and {@code complete} rely on that.
 *
 * <p>Invariant: an origin accesses a target only inside an epoch that covers it (a fence
 * epoch, a lock of that target or of all, or an access group with it), within the target's
 * window and with the element type its memory holds; else the call raises an
 * {@link EngineException} ({@code ERR_RMA_SYNC}, {@code ERR_RMA_RANGE}, {@code ERR_TYPE}) and
 * does nothing. Only operations sent as requests can be unconfirmed; those applied in this JVM
 * are complete on return. The service thread lives from creation until {@link #free} or
 * {@link #endAll}; every window not ended is in {@link #LIVE}, and its ranks of this JVM in
 * {@link #PEERS}.
 */
public final class Window {
    private static final int PUT = 1;
    private static final int GET = 2;
    private static final int ACCUMULATE = 3;
    private static final int GET_ACCUMULATE = 4;
    private static final int COMPARE_AND_SWAP = 5;
    private static final int LOCK = 6;
    private static final int UNLOCK = 7;
    private static final int FLUSH = 8;
    private static final int STOP = 9;

    /** Lock types, the values of {@code MPI.LOCK_EXCLUSIVE} and {@code MPI.LOCK_SHARED}. */
    public static final int LOCK_EXCLUSIVE = LockQueue.EXCLUSIVE;
    public static final int LOCK_SHARED = LockQueue.SHARED;

    /** The tag of requests, on the requests context. */
    private static final int REQUEST_TAG = 0;
    /** Tags of the replies context: post and complete notices, then the answers, each with a tag of its own. */
    private static final int POST_TAG = 1;
    private static final int COMPLETE_TAG = 2;
    private static final int FIRST_ANSWER_TAG = 16;
    private static final int ANSWER_TAGS = 1 << 30;

    /** A request: kind, answer tag, element type, count, displacement, operation or lock type; then its data. */
    private static final int KIND_AT = 0;
    private static final int ANSWER_AT = 4;
    private static final int TYPE_AT = 8;
    private static final int COUNT_AT = 12;
    private static final int DISP_AT = 16;
    private static final int ARG_AT = 24;
    private static final int HEADER = 32;
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    /** The lock words of a shared window's ranks, ints in its memory. */
    private static final VarHandle LOCK_WORDS = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());
    /** Busy waits for a shared window's lock word before each wait yields. */
    private static final int LOCK_WORD_SPINS = 100;
    /** Yields after the spins, before a wait for a lock word parks. */
    private static final int LOCK_WORD_YIELDS = 1_000;
    /** The first park of a wait for a lock word, doubled at each park up to {@link #LONGEST_LOCK_WORD_PARK_NANOS}. */
    private static final long FIRST_LOCK_WORD_PARK_NANOS = 2_000L;
    private static final long LONGEST_LOCK_WORD_PARK_NANOS = 250_000L;
    private static final TypeMap BYTE_MAP = TypeMap.basic(ElementType.BYTE, 1, "a window's bytes");
    private static final TypeMap LONG_MAP = TypeMap.basic(ElementType.LONG, 1, "a window's sizes");
    private static final byte[] NOTHING = new byte[0];
    private static final int[] NO_TARGETS = new int[0];
    /** How long Finalize waits for a service thread to end. */
    private static final long END_WAIT_SECONDS = 10;
    private static final Set<Window> LIVE = ConcurrentHashMap.newKeySet();
    /** The sides of each window's ranks in this JVM, until the window is freed. */
    private static final Map<WindowKey, Window[]> PEERS = new ConcurrentHashMap<>();

    private final String name;
    private final CommunicatorCore requests;
    private final CommunicatorCore replies;
    private final WindowMemory memory;
    /** The window's memory from byte 0, for a window of fixed memory. */
    private final AttachedMemory.Region whole;
    /** The buffers attached to a dynamic window, guarded by {@link #applying}; null for a window of fixed memory. */
    private final AttachedMemory attached;
    /** The bytes before the elements of an answer to a data request: a dynamic window's refusal, an int. */
    private final int answerPrefix;
    /** The memory of every rank of the node, for a shared window; else null. */
    private final ByteBuffer shared;
    /** Each rank's part of a shared window's memory, which origins of every JVM of the node reach directly; else null. */
    private final WindowMemory[] nodeParts;
    /**
     * Where the lock words of a shared window's ranks begin in {@link #shared}, an int a rank:
     * held while an accumulate, fetch or compare-and-swap changes that rank's part, by whichever
     * JVM applies it; -1 for other windows.
     */
    private final int lockWords;
    private final int dispUnit;
    /** Each rank's window size in bytes, displacement unit in bytes, and the element type its memory holds. */
    private final long[] sizes;
    private final int[] dispUnits;
    private final ElementType[] held;
    private final Thread service;
    /** Guards this rank's memory and lock: operations on them are applied one at a time. */
    private final Object applying = new Object();
    /** This rank's window lock, guarded by {@link #applying}. */
    private final LockQueue lock = new LockQueue();
    /** The window's side of each rank that runs in this JVM, null for the others; shared by those ranks. */
    private final Window[] peers;
    private final AtomicInteger answers = new AtomicInteger();

    // The origin's epochs, changed under this. The checks of each access and flush read them
    // without it: a program that opens an epoch in one thread and accesses in another orders
    // the two itself, as MPI asks.
    private volatile boolean fenceEpoch;
    /** The lock this rank holds on each target's window: 0, LOCK_EXCLUSIVE or LOCK_SHARED. */
    private final int[] locked;
    private volatile boolean lockedAll;
    /** The targets of the access epoch that start began, or null; the origins of the exposure epoch post began, or null. */
    private volatile int[] accessGroup;
    private int[] exposureGroup;
    private boolean[] completed;
    /** Targets that may have puts or accumulates of this rank not yet known to be applied; changed under this. */
    private final boolean[] unconfirmed;
    private volatile boolean freed;

    private Window(String name, CommunicatorCore requests, CommunicatorCore replies, WindowMemory memory, ByteBuffer shared,
                   int lockWords, AttachedMemory attached, int dispUnit, long[] all, ClassLoader rankLoader) {
        this.name = name;
        this.requests = requests;
        this.replies = replies;
        this.memory = memory;
        this.whole = new AttachedMemory.Region(0, memory, null);
        this.attached = attached;
        this.answerPrefix = attached == null ? 0 : Integer.BYTES;
        this.shared = shared;
        this.lockWords = lockWords;
        this.dispUnit = dispUnit;
        int size = requests.size();
        this.sizes = new long[size];
        this.dispUnits = new int[size];
        this.held = new ElementType[size];
        for (int r = 0; r < size; r++) {
            sizes[r] = all[3 * r];
            dispUnits[r] = (int) all[3 * r + 1];
            held[r] = ElementType.of((int) all[3 * r + 2]);
        }
        this.nodeParts = shared == null ? null : new WindowMemory[size];
        for (int r = 0, offset = 0; nodeParts != null && r < size; offset += (int) sizes[r], r++) {
            nodeParts[r] = new WindowMemory(part(shared, offset, sizes[r]));
        }
        this.locked = new int[size];
        this.unconfirmed = new boolean[size];
        this.peers = PEERS.computeIfAbsent(key(), k -> new Window[size]);
        this.service = new Thread(this::serve, "hympj window service of " + name + " (rank " + requests.runtime().rank() + ")");
        service.setDaemon(true);
        service.setContextClassLoader(rankLoader);
    }

    /**
     * Makes this rank's side of a window over {@code base}, displacements counted in units of
     * {@code dispUnit} bytes, on the ranks of {@code requests}; collective. {@code requests}
     * and {@code replies} are the window's own communicators (same ranks, two contexts no other
     * traffic uses); the service thread runs with {@code rankLoader}.
     */
    public static Window create(String name, CommunicatorCore requests, CommunicatorCore replies, Buffer base, int dispUnit,
                                ClassLoader rankLoader) {
        WindowMemory memory = new WindowMemory(base);
        long[] all = exchange(requests, memory.bytes(), dispUnit, memory.held());
        return start(new Window(name, requests, replies, memory, null, -1, null, dispUnit, all, rankLoader));
    }

    /**
     * Makes this rank's side of a dynamic window ({@code MPI_WIN_CREATE_DYNAMIC}) on the ranks
     * of {@code requests}: no memory until buffers are attached, displacements are addresses
     * ({@link BufferAddresses}). Collective; as {@link #create} otherwise.
     */
    public static Window createDynamic(String name, CommunicatorCore requests, CommunicatorCore replies, ClassLoader rankLoader) {
        WindowMemory none = new WindowMemory(null);
        long[] all = exchange(requests, 0, 1, ElementType.BYTE);
        return start(new Window(name, requests, replies, none, null, -1, new AttachedMemory(), 1, all, rankLoader));
    }

    /**
     * As {@link #create}, over {@code bytes} of memory that every rank of the node sees, this
     * rank's part after those of the ranks before it ({@code MPI_WIN_ALLOCATE_SHARED}); the
     * ranks must all run on one node, else every rank raises {@code ERR_RMA_SHARED}. {@code fill}
     * writes this rank's first contents into its part before any other rank can reach it. Collective.
     */
    public static Window createShared(String call, String name, CommunicatorCore requests, CommunicatorCore replies,
                                      int bytes, int dispUnit, Consumer<ByteBuffer> fill, ClassLoader rankLoader) {
        long[] all = exchange(requests, bytes, dispUnit, ElementType.BYTE);
        long total = 0;
        long offset = 0;
        for (int r = 0; r < requests.size(); r++) {
            offset += r < requests.rank() ? all[3 * r] : 0;
            total += all[3 * r];
        }
        long lockWords = (total + Long.BYTES - 1) / Long.BYTES * Long.BYTES;
        long withLocks = lockWords + (long) Integer.BYTES * requests.size();
        if (withLocks > Integer.MAX_VALUE) {
            throw new EngineException(ErrorClass.ERR_SIZE, call + ": the ranks' parts of a shared window take " + total
                + " bytes together, and their lock words " + (withLocks - total) + " more; at most 2^31 - 1 are possible");
        }
        ByteBuffer shared = NodeWindowMemory.take(call, requests, (int) withLocks);
        ByteBuffer mine = part(shared, offset, bytes);
        fill.accept(mine);
        return start(new Window(name, requests, replies, new WindowMemory(mine), shared, (int) lockWords, null, dispUnit, all,
            rankLoader));
    }

    /** Every rank's window size in bytes, displacement unit in bytes and held element type, three longs a rank. */
    private static long[] exchange(CommunicatorCore requests, long bytes, int dispUnit, ElementType held) {
        int size = requests.size();
        long[] local = {bytes, dispUnit, held.ordinal()};
        long[] all = new long[3 * size];
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            counts[r] = 3;
            displs[r] = 3 * r;
        }
        Collectives.allgatherv(requests, local, 0, 3, LONG_MAP, all, 0, counts, displs, LONG_MAP);
        return all;
    }

    /**
     * Starts {@code w}'s service thread, and makes {@code w} known to the ranks of this JVM once
     * every rank has made its side (collective): they apply their operations on it themselves.
     */
    private static Window start(Window w) {
        LIVE.add(w);
        w.service.start();
        w.peers[w.requests.rank()] = w;
        Collectives.barrier(w.requests);
        return w;
    }

    private WindowKey key() {
        return new WindowKey(requests.runtime().job(), requests.context());
    }

    private static ByteBuffer part(ByteBuffer shared, long offset, long bytes) {
        return shared.duplicate().limit((int) (offset + bytes)).position((int) offset).slice().order(ByteOrder.nativeOrder());
    }

    /**
     * Rank {@code rank}'s part of a shared window's memory, which this rank may load from and
     * store to directly ({@code MPI_WIN_SHARED_QUERY}); null for a window that is not shared.
     */
    public ByteBuffer sharedPart(int rank) {
        if (shared == null) {
            return null;
        }
        long offset = 0;
        for (int r = 0; r < rank; r++) {
            offset += sizes[r];
        }
        return part(shared, offset, sizes[rank]);
    }

    /** The size of {@code rank}'s window, in bytes. */
    public long sizeOf(int rank) {
        return sizes[rank];
    }

    /** This rank's window size in bytes. */
    public long sizeInBytes() {
        return memory.bytes();
    }

    public int dispUnit() {
        return dispUnit;
    }

    public boolean freed() {
        return freed;
    }

    // ---------------------------------------------------------------- data movement

    /**
     * Writes {@code targetCount} items of {@code targetType} to {@code target}'s window at
     * {@code disp}, their elements taken in typemap order from {@code origin} from its element
     * {@code offset}: an array of the datatype's element type, or a buffer of it (a ByteBuffer
     * for bytes), which a target whose memory this rank reaches directly copies from in place.
     */
    public void put(String call, TypeMap targetType, int targetCount, Object origin, int offset, int target, long disp) {
        long at = checkAccess(call, targetType, targetCount, target, disp);
        if (targetType.contiguous) {
            putRun(call, targetType.base, origin, offset, targetCount * targetType.width, target, at);
        } else {
            eachRun(targetType, targetCount, at, (run, from, n) -> putRun(call, targetType.base, origin, offset + from, n, target,
                run));
        }
    }

    /**
     * Reads {@code targetCount} items of {@code targetType} of {@code target}'s window at
     * {@code disp} into {@code origin}, packed, from its element {@code offset}: an array or a
     * buffer, as for {@link #put}.
     */
    public void get(String call, TypeMap targetType, int targetCount, Object origin, int offset, int target, long disp) {
        long at = checkAccess(call, targetType, targetCount, target, disp);
        if (targetType.contiguous) {
            getRun(call, targetType.base, origin, offset, targetCount * targetType.width, target, at);
        } else {
            eachRun(targetType, targetCount, at, (run, from, n) -> getRun(call, targetType.base, origin, offset + from, n, target,
                run));
        }
    }

    /**
     * Combines the elements of {@code origin} from {@code offset} into {@code targetCount} items
     * of {@code targetType} of {@code target}'s window with the predefined operation {@code op};
     * each element atomically.
     */
    public void accumulate(String call, int op, TypeMap targetType, int targetCount, Object origin, int offset, int target,
                           long disp) {
        getAccumulate(call, op, targetType, targetCount, origin, offset, null, 0, target, disp);
    }

    /**
     * As {@link #accumulate}, and reads the target's elements as they were before, each
     * atomically with its update, into {@code result} from {@code resultOffset} (unless null).
     */
    public void getAccumulate(String call, int op, TypeMap targetType, int targetCount, Object origin, int offset, Object result,
                              int resultOffset, int target, long disp) {
        long at = checkAccess(call, targetType, targetCount, target, disp);
        if (targetType.contiguous) {
            combineRun(call, op, targetType.base, origin, offset, targetCount * targetType.width, result, resultOffset, target, at);
        } else {
            eachRun(targetType, targetCount, at, (run, from, n) -> combineRun(call, op, targetType.base, origin, offset + from, n,
                result, resultOffset + from, target, run));
        }
    }

    /**
     * Replaces the target's element at {@code disp} by {@code origin[offset]} if it equals
     * {@code compare[compareOffset]}, atomically; its value before goes to {@code result[resultOffset]}.
     */
    public void compareAndSwap(String call, ElementType type, Object origin, int offset, Object compare, int compareOffset,
                               Object result, int resultOffset, int target, long disp) {
        long at = checkAccess(call, type, 0, 1, target, disp);
        Window here = peers[target];
        if (here != null) {
            refused(call, here.swap(type, at, origin, offset, compare, compareOffset, result, resultOffset), type, 1, target, at);
            return;
        }
        if (nodeParts != null) {
            lockWord(target);
            try {
                swapIn(nodeParts[target], type, at, origin, offset, compare, compareOffset, result, resultOffset);
            } finally {
                unlockWord(target);
            }
            return;
        }
        int tag = answerTag();
        Object pair = type.newArray(2);
        System.arraycopy(origin, offset, pair, 0, 1);
        System.arraycopy(compare, compareOffset, pair, 1, 1);
        byte[] answer = new byte[answerPrefix + type.size()];
        send(call, target, request(COMPARE_AND_SWAP, tag, type, 1, at, 0, pair, 0, 2));
        receiveAnswer(call, target, tag, answer, type, 1, at);
        type.unpack(answer, answerPrefix, result, resultOffset, 1);
    }

    /** What to do with one run of consecutive target elements: at byte {@code at}, the packed elements {@code from} on, {@code count} of them. */
    @FunctionalInterface
    private interface RunAction {
        void apply(long at, int from, int count);
    }

    /** Calls {@code action} for each run of consecutive elements of {@code count} items of {@code type} from byte {@code at}. */
    private static void eachRun(TypeMap type, int count, long at, RunAction action) {
        long size = type.base.size();
        int from = 0;
        for (int i = 0; i < count; i++) {
            for (int r = 0; r < type.runCount(); r++) {
                action.apply(at + ((long) i * type.extent + type.runStart(r)) * size, from, type.runLength(r));
                from += type.runLength(r);
            }
        }
    }

    private void putRun(String call, ElementType type, Object origin, int offset, int count, int target, long at) {
        Window here = peers[target];
        if (here != null) {
            refused(call, here.store(type, at, origin, offset, count), type, count, target, at);
            return;
        }
        if (nodeParts != null) {
            nodeParts[target].write(type, at, origin, offset, count);
            return;
        }
        Object data = origin;
        int from = offset;
        if (origin instanceof Buffer buffer) {
            data = type.newArray(count);
            from = 0;
            WindowMemory.get(type, buffer, offset, data, 0, count);
        }
        if (attached == null) {
            send(call, target, request(PUT, 0, type, count, at, 0, data, from, count));
            unconfirmed(target);
        } else {
            int tag = answerTag();
            send(call, target, request(PUT, tag, type, count, at, 0, data, from, count));
            receiveAnswer(call, target, tag, new byte[answerPrefix], type, count, at);
        }
    }

    private void getRun(String call, ElementType type, Object origin, int offset, int count, int target, long at) {
        Window here = peers[target];
        if (here != null) {
            refused(call, here.load(type, at, origin, offset, count), type, count, target, at);
            return;
        }
        if (nodeParts != null) {
            nodeParts[target].read(type, at, origin, offset, count);
            return;
        }
        int tag = answerTag();
        byte[] answer = new byte[answerPrefix + count * type.size()];
        send(call, target, request(GET, tag, type, count, at, 0, null, 0, 0));
        receiveAnswer(call, target, tag, answer, type, count, at);
        if (origin instanceof Buffer buffer) {
            Object values = type.newArray(count);
            type.unpack(answer, answerPrefix, values, 0, count);
            WindowMemory.put(type, buffer, offset, values, 0, count);
        } else {
            type.unpack(answer, answerPrefix, origin, offset, count);
        }
    }

    /** Combines {@code count} elements into the target's at byte {@code at}; those before go to {@code result} unless it is null. */
    private void combineRun(String call, int op, ElementType type, Object origin, int offset, int count, Object result,
                            int resultOffset, int target, long at) {
        Window here = peers[target];
        if (here != null) {
            refused(call, here.combine(op, type, at, origin, offset, count, result, resultOffset), type, count, target, at);
        } else if (nodeParts != null) {
            lockWord(target);
            try {
                combineIn(nodeParts[target], op, type, at, origin, offset, count, result, resultOffset);
            } finally {
                unlockWord(target);
            }
        } else if (result == null && attached == null) {
            send(call, target, request(ACCUMULATE, 0, type, count, at, op, origin, offset, count));
            unconfirmed(target);
        } else {
            int tag = answerTag();
            byte[] answer = new byte[answerPrefix + (result == null ? 0 : count * type.size())];
            send(call, target, request(result == null ? ACCUMULATE : GET_ACCUMULATE, tag, type, count, at, op, origin, offset,
                count));
            receiveAnswer(call, target, tag, answer, type, count, at);
            if (result != null) {
                type.unpack(answer, answerPrefix, result, resultOffset, count);
            }
        }
    }

    // ---------------------------------------------------------------- active target

    /**
     * Ends the fence epoch: every put and accumulate of every rank made before it is applied
     * when it returns. {@code opensEpoch} is false for {@code MODE_NOSUCCEED}. Collective.
     */
    public void fence(String call, boolean opensEpoch) {
        synchronized (this) {
            checkUsable(call);
            if (lockedAll || anyLocked() || accessGroup != null || exposureGroup != null) {
                throw outOfEpoch(call + " cannot end an epoch of lock, lockAll, start or post; end it first");
            }
        }
        confirm(call, pendingTargets());
        Collectives.barrier(requests);
        synchronized (this) {
            fenceEpoch = opensEpoch;
        }
    }

    /** Begins an exposure epoch for the origins {@code origins} (ranks of the window). */
    public void post(String call, int[] origins) {
        synchronized (this) {
            checkUsable(call);
            if (exposureGroup != null) {
                throw outOfEpoch(call + ": an exposure epoch begun by post is not yet ended by waitFor or test");
            }
            exposureGroup = origins.clone();
            completed = new boolean[origins.length];
        }
        for (int origin : origins) {
            replies.send(call, NOTHING, 0, 0, BYTE_MAP, origin, POST_TAG, SendOperation.STANDARD, null);
        }
    }

    /** Begins an access epoch to the targets {@code targets}, once each has posted. */
    public void start(String call, int[] targets) {
        synchronized (this) {
            checkUsable(call);
            if (accessGroup != null) {
                throw outOfEpoch(call + ": an access epoch begun by start is not yet ended by complete");
            }
        }
        for (int target : targets) {
            receive(replies, target, POST_TAG, NOTHING);
        }
        synchronized (this) {
            accessGroup = targets.clone();
        }
    }

    /** Ends the access epoch of start: its operations are applied at their targets, which are told. */
    public void complete(String call) {
        int[] targets;
        synchronized (this) {
            checkUsable(call);
            if (accessGroup == null) {
                throw outOfEpoch(call + " without an access epoch begun by start");
            }
            targets = accessGroup;
        }
        confirm(call, pendingTargets());
        for (int target : targets) {
            replies.send(call, NOTHING, 0, 0, BYTE_MAP, target, COMPLETE_TAG, SendOperation.STANDARD, null);
        }
        synchronized (this) {
            accessGroup = null;
        }
    }

    /** Waits until every origin of the exposure epoch has completed, then ends the epoch. */
    public void waitFor(String call) {
        int[] origins = exposure(call);
        for (int i = 0; i < origins.length; i++) {
            if (!completed[i]) {
                receive(replies, origins[i], COMPLETE_TAG, NOTHING);
                completed[i] = true;
            }
        }
        synchronized (this) {
            exposureGroup = null;
        }
    }

    /** True, ending the exposure epoch, if every origin has completed; false leaves it as it is. */
    public boolean test(String call) {
        int[] origins = exposure(call);
        ProbeResult found = new ProbeResult();
        boolean all = true;
        for (int i = 0; i < origins.length; i++) {
            if (!completed[i] && replies.iprobe(origins[i], COMPLETE_TAG, found)) {
                receive(replies, origins[i], COMPLETE_TAG, NOTHING);
                completed[i] = true;
            }
            all &= completed[i];
        }
        if (all) {
            synchronized (this) {
                exposureGroup = null;
            }
        }
        return all;
    }

    private synchronized int[] exposure(String call) {
        checkUsable(call);
        if (exposureGroup == null) {
            throw outOfEpoch(call + " without an exposure epoch begun by post");
        }
        return exposureGroup;
    }

    // ---------------------------------------------------------------- passive target

    /** Locks {@code target}'s window ({@link #LOCK_EXCLUSIVE} or {@link #LOCK_SHARED}), waiting until it is granted. */
    public void lock(String call, int type, int target) {
        synchronized (this) {
            checkUsable(call);
            if (lockedAll || locked[target] != 0) {
                throw outOfEpoch(call + ": rank " + target + "'s window is already locked by this rank; unlock it first");
            }
            locked[target] = type;
        }
        try {
            acquire(call, new int[] {target}, type);
        } catch (RuntimeException | Error e) {
            synchronized (this) {
                locked[target] = 0;
            }
            throw e;
        }
    }

    /** Applies this rank's operations to {@code target}, then releases its lock. */
    public void unlock(String call, int target) {
        int type;
        synchronized (this) {
            checkUsable(call);
            type = locked[target];
            if (type == 0 || lockedAll) {
                throw outOfEpoch(call + ": rank " + target + "'s window is not locked by this rank with lock");
            }
        }
        release(call, new int[] {target}, type);
        synchronized (this) {
            locked[target] = 0;
        }
    }

    /** A shared lock of every rank's window. */
    public void lockAll(String call) {
        int size = requests.size();
        synchronized (this) {
            checkUsable(call);
            if (lockedAll || anyLocked()) {
                throw outOfEpoch(call + ": this rank already holds a lock on the window; unlock it first");
            }
            lockedAll = true;
        }
        try {
            acquire(call, allRanks(), LOCK_SHARED);
        } catch (RuntimeException | Error e) {
            synchronized (this) {
                lockedAll = false;
            }
            throw e;
        }
    }

    /** Ends the epoch of {@link #lockAll}. */
    public void unlockAll(String call) {
        synchronized (this) {
            checkUsable(call);
            if (!lockedAll) {
                throw outOfEpoch(call + " without an epoch begun by lockAll");
            }
        }
        release(call, allRanks(), LOCK_SHARED);
        synchronized (this) {
            lockedAll = false;
        }
    }

    /**
     * Waits until this rank's operations to {@code target} are applied there. Those applied in
     * place are; the fence orders their stores before whatever this rank does next, as a
     * flush's completion at the target asks.
     */
    public void flush(String call, int target) {
        checkPassive(call, target);
        if (unconfirmed[target] && takeUnconfirmed(target)) {
            confirm(call, new int[] {target});
        } else {
            VarHandle.fullFence();
        }
    }

    /** Waits until this rank's operations to every target are applied; as {@link #flush}. */
    public void flushAll(String call) {
        checkPassive(call, -1);
        int[] pending = pendingTargets();
        if (pending.length > 0) {
            confirm(call, pending);
        } else {
            VarHandle.fullFence();
        }
    }

    /**
     * Checks a local flush: this rank's operations are complete at the origin when their call
     * returns (their data copied out, their answers in), so nothing is left to wait for.
     */
    public void flushLocal(String call, int target) {
        checkPassive(call, target);
    }

    /** Makes this rank's loads and stores to its own window memory and the window's view of it agree. */
    public void sync(String call) {
        synchronized (this) {
            checkUsable(call);
        }
        VarHandle.fullFence();
    }

    private void checkPassive(String call, int target) {
        checkUsable(call);
        if (!lockedAll && (target < 0 ? !anyLocked() : locked[target] == 0)) {
            throw outOfEpoch(call + " outside a passive-target epoch" + (target < 0 ? "" : " of rank " + target)
                + "; begin one with lock or lockAll");
        }
    }

    // ---------------------------------------------------------------- ending

    /**
     * Frees the window once every rank has ended its epochs: the service thread ends and the
     * window cannot be used any more. Collective.
     */
    public void free(String call) {
        synchronized (this) {
            checkUsable(call);
            if (lockedAll || anyLocked() || accessGroup != null || exposureGroup != null) {
                throw outOfEpoch(call + ": this rank still has an epoch of lock, lockAll, start or post; end it first");
            }
        }
        Collectives.barrier(requests);
        freed = true;
        LIVE.remove(this);
        PEERS.remove(key());
        stop();
        try {
            service.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        releaseShared();
    }

    private void releaseShared() {
        if (shared != null) {
            NodeWindowMemory.release(requests);
        }
    }

    /**
     * Ends the service thread of every window of the rank {@code rt} that is not freed
     * ({@code MPI.Finalize}), waiting a bounded time, and lets go of their shared memory.
     */
    public static void endAll(RankRuntime rt) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(END_WAIT_SECONDS);
        for (Window w : LIVE.toArray(new Window[0])) {
            if (w.requests.runtime() != rt) {
                continue;
            }
            LIVE.remove(w);
            PEERS.remove(w.key());
            w.freed = true;
            try {
                w.stop();
                w.service.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (EngineException e) {
                w.service.interrupt();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } finally {
                w.releaseShared();
            }
        }
    }

    /** Asks this rank's service thread to end: the request after every other it is to apply. */
    private void stop() {
        send("MPI_Win_free", requests.rank(), request(STOP, 0, ElementType.BYTE, 0, 0, 0, null, 0, 0));
    }

    // ---------------------------------------------------------------- the origin's side

    /**
     * Checks that an access of {@code count} items of {@code type} to {@code target}'s window
     * at {@code disp} lies in an epoch and, for a window of fixed memory, in the target's window
     * with the element type it holds (a dynamic window's target checks its attached memory);
     * returns the byte of the target's memory at {@code disp}: an address, for a dynamic window.
     */
    private long checkAccess(String call, TypeMap type, int count, int target, long disp) {
        return checkAccess(call, type.base, count == 0 ? 0 : type.low, count == 0 ? 0 : (long) (count - 1) * type.extent + type.high,
            target, disp);
    }

    /** As above, for the elements {@code low} to {@code high} (exclusive) of {@code type} from {@code disp}. */
    private long checkAccess(String call, ElementType type, long low, long high, int target, long disp) {
        checkUsable(call);
        if (!fenceEpoch && !lockedAll && locked[target] == 0 && !inAccessGroup(target)) {
            throw outOfEpoch(call + " to rank " + target + " outside an epoch that covers it; begin one with fence, "
                + "lock, lockAll or start");
        }
        long at = disp * dispUnits[target];
        if (attached != null) {
            return at;
        }
        ElementType holds = held[target];
        if (holds != ElementType.BYTE && holds != type) {
            throw new EngineException(ErrorClass.ERR_TYPE, call + ": rank " + target + "'s window is a buffer of "
                + holds.name().toLowerCase() + " elements; it cannot be accessed as " + type.name().toLowerCase());
        }
        long first = at + low * type.size();
        long end = at + high * type.size();
        if (disp < 0 || first < 0 || end > sizes[target] || holds != ElementType.BYTE && at % holds.size() != 0) {
            throw new EngineException(ErrorClass.ERR_RMA_RANGE, call + ": " + type.name().toLowerCase() + " elements from byte "
                + first + " to byte " + end + " (displacement " + disp + ") of rank " + target + "'s window lie outside its "
                + sizes[target] + " bytes");
        }
        return at;
    }

    /** Raises the error of an access that a dynamic window's target refused ({@code refusal} not 0). */
    private static void refused(String call, int refusal, ElementType type, int count, int target, long at) {
        if (refusal == ErrorClass.ERR_TYPE) {
            throw new EngineException(ErrorClass.ERR_TYPE, call + ": the buffer attached at address " + at + " of rank " + target
                + "'s dynamic window holds elements of another type than " + type.name().toLowerCase());
        }
        if (refusal != 0) {
            throw new EngineException(ErrorClass.ERR_RMA_RANGE, call + ": " + count + " " + type.name().toLowerCase()
                + (count == 1 ? " element" : " elements") + " at address " + at + " of rank " + target + "'s dynamic window "
                + (count == 1 ? "lies" : "lie") + " in no buffer attached there");
        }
    }

    private boolean inAccessGroup(int target) {
        int[] group = accessGroup;
        if (group != null) {
            for (int t : group) {
                if (t == target) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean anyLocked() {
        for (int l : locked) {
            if (l != 0) {
                return true;
            }
        }
        return false;
    }

    private void checkUsable(String call) {
        if (freed) {
            throw new EngineException(ErrorClass.ERR_WIN, call + ": " + name + " has been freed; it cannot be used any more");
        }
    }

    private static EngineException outOfEpoch(String sentence) {
        return new EngineException(ErrorClass.ERR_RMA_SYNC, sentence);
    }

    private synchronized void unconfirmed(int target) {
        unconfirmed[target] = true;
    }

    /** True if {@code target} had operations not yet known to be applied, which the caller is about to confirm. */
    private synchronized boolean takeUnconfirmed(int target) {
        boolean pending = unconfirmed[target];
        unconfirmed[target] = false;
        return pending;
    }

    /** The targets with operations not yet known to be applied, which the caller is about to confirm. */
    private synchronized int[] pendingTargets() {
        int n = 0;
        for (boolean u : unconfirmed) {
            n += u ? 1 : 0;
        }
        if (n == 0) {
            return NO_TARGETS;
        }
        int[] targets = new int[n];
        n = 0;
        for (int r = 0; r < unconfirmed.length; r++) {
            if (unconfirmed[r]) {
                targets[n++] = r;
                unconfirmed[r] = false;
            }
        }
        return targets;
    }

    /** Waits until each of {@code targets} has applied every operation this rank sent it. */
    private void confirm(String call, int[] targets) {
        int[] tags = new int[targets.length];
        for (int i = 0; i < targets.length; i++) {
            tags[i] = answerTag();
            send(call, targets[i], request(FLUSH, tags[i], ElementType.BYTE, 0, 0, 0, null, 0, 0));
        }
        for (int i = 0; i < targets.length; i++) {
            receive(targets[i], tags[i], NOTHING);
        }
    }

    /**
     * Locks the windows of {@code targets} with {@code type}, each at once if it is in this JVM
     * and free, else by a request that its grant answers; returns once all are granted.
     */
    private void acquire(String call, int[] targets, int type) {
        int[] tags = new int[targets.length];
        for (int i = 0; i < targets.length; i++) {
            tags[i] = answerTag();
            Window here = peers[targets[i]];
            if (here == null) {
                send(call, targets[i], request(LOCK, tags[i], ElementType.BYTE, 0, 0, type, null, 0, 0));
            } else if (here.grant(requests.rank(), type, tags[i])) {
                tags[i] = -1;
            }
        }
        for (int i = 0; i < targets.length; i++) {
            if (tags[i] >= 0) {
                receive(targets[i], tags[i], NOTHING);
            }
        }
    }

    /** Releases this rank's locks of {@code targets}, each once the operations sent it are applied. */
    private void release(String call, int[] targets, int type) {
        int[] tags = new int[targets.length];
        for (int i = 0; i < targets.length; i++) {
            tags[i] = answerTag();
            Window here = peers[targets[i]];
            if (here == null) {
                send(call, targets[i], request(UNLOCK, tags[i], ElementType.BYTE, 0, 0, type, null, 0, 0));
            } else {
                here.unlockFor(type);
                tags[i] = -1;
            }
        }
        for (int i = 0; i < targets.length; i++) {
            if (tags[i] >= 0) {
                receive(targets[i], tags[i], NOTHING);
            }
        }
        synchronized (this) {
            for (int t : targets) {
                unconfirmed[t] = false;
            }
        }
    }

    private int[] allRanks() {
        int[] all = new int[requests.size()];
        for (int r = 0; r < all.length; r++) {
            all[r] = r;
        }
        return all;
    }

    private int answerTag() {
        return FIRST_ANSWER_TAG + (answers.getAndIncrement() & (ANSWER_TAGS - 1));
    }

    private static byte[] request(int kind, int answerTag, ElementType type, int count, long disp, int arg, Object data,
                                  int offset, int elements) {
        byte[] r = new byte[HEADER + elements * type.size()];
        INTS.set(r, KIND_AT, kind);
        INTS.set(r, ANSWER_AT, answerTag);
        INTS.set(r, TYPE_AT, type.ordinal());
        INTS.set(r, COUNT_AT, count);
        LONGS.set(r, DISP_AT, disp);
        INTS.set(r, ARG_AT, arg);
        if (elements > 0) {
            type.pack(data, offset, elements, r, HEADER);
        }
        return r;
    }

    private void send(String call, int target, byte[] request) {
        requests.send(call, request, 0, request.length, BYTE_MAP, target, REQUEST_TAG, SendOperation.STANDARD, null);
    }

    private void receive(int target, int tag, byte[] into) {
        receive(replies, target, tag, into);
    }

    /** Receives the answer to a data request into {@code into}; raises a dynamic window's refusal of it. */
    private void receiveAnswer(String call, int target, int tag, byte[] into, ElementType type, int count, long at) {
        receive(replies, target, tag, into);
        if (answerPrefix > 0) {
            refused(call, (int) INTS.get(into, 0), type, count, target, at);
        }
    }

    private static void receive(CommunicatorCore on, int source, int tag, byte[] into) {
        on.receive(into, 0, into.length, BYTE_MAP, source, tag).reset();
    }

    // ---------------------------------------------------------------- the target's side

    /** The service thread: applies requests as they arrive until asked to stop, or until the job ends. */
    private void serve() {
        ProbeResult next = new ProbeResult();
        try {
            while (serveNext(next)) {
                // Each turn is a call of its own: a loop that runs for the thread's whole life is
                // compiled only by on-stack replacement, while a method called per request is
                // compiled the ordinary way as soon as it is hot, with what it calls inlined.
            }
        } catch (EngineException e) {
            // The job is ending: no origin waits for an answer any more.
        }
    }

    /** Waits for the next request, with {@code next} to probe for it, and applies it; false for the request to stop. */
    private boolean serveNext(ProbeResult next) {
        requests.probe(MatchingEngine.ANY_SOURCE, REQUEST_TAG, next);
        int origin = next.source;
        byte[] r = new byte[next.count];
        receive(requests, origin, REQUEST_TAG, r);
        if ((int) INTS.get(r, KIND_AT) == STOP) {
            return false;
        }
        apply(origin, r);
        return true;
    }

    private void apply(int origin, byte[] r) {
        int kind = (int) INTS.get(r, KIND_AT);
        int tag = (int) INTS.get(r, ANSWER_AT);
        ElementType type = ElementType.of((int) INTS.get(r, TYPE_AT));
        int count = (int) INTS.get(r, COUNT_AT);
        long at = (long) LONGS.get(r, DISP_AT);
        int arg = (int) INTS.get(r, ARG_AT);
        switch (kind) {
            case PUT -> {
                int refusal = store(type, at, data(r, type, count), 0, count);
                if (attached != null) {
                    answer(origin, tag, refusal, type, null, 0);
                }
            }
            case GET -> {
                Object values = type.newArray(count);
                answer(origin, tag, load(type, at, values, 0, count), type, values, count);
            }
            case ACCUMULATE -> {
                int refusal = combine(arg, type, at, data(r, type, count), 0, count, null, 0);
                if (attached != null) {
                    answer(origin, tag, refusal, type, null, 0);
                }
            }
            case GET_ACCUMULATE -> {
                Object before = type.newArray(count);
                answer(origin, tag, combine(arg, type, at, data(r, type, count), 0, count, before, 0), type, before, count);
            }
            case COMPARE_AND_SWAP -> {
                Object pair = data(r, type, 2);
                Object before = type.newArray(1);
                answer(origin, tag, swap(type, at, pair, 0, pair, 1, before, 0), type, before, 1);
            }
            case LOCK -> {
                if (grant(origin, arg, tag)) {
                    acknowledge(origin, tag);
                }
            }
            case UNLOCK -> {
                unlockFor(arg);
                acknowledge(origin, tag);
            }
            case FLUSH -> acknowledge(origin, tag);
            default -> throw new IllegalStateException("unknown window request " + kind + " from rank " + origin);
        }
    }

    // The operations on this rank's memory and lock, by its service thread or by an origin of
    // this JVM. Each takes the byte of the memory it starts at (an address, for a dynamic
    // window) and returns 0, or the error class of an access that no memory attached to a
    // dynamic window holds. Read-modify-writes and the lock are applied one at a time under the
    // applying lock, which also guards a dynamic window's attached buffers. A put or get of
    // fixed memory takes no lock: MPI leaves accesses that conflict in one epoch undefined, and
    // what ends an epoch (an unlock under the applying lock, a message, a barrier) orders its
    // accesses before the next epoch's.

    private int store(ElementType type, long at, Object values, int from, int count) {
        if (attached == null) {
            memory.write(type, at, values, from, count);
            return 0;
        }
        synchronized (applying) {
            AttachedMemory.Region region = regionFor(type, at, count);
            if (region == null) {
                return attached.refusal(type, at, count);
            }
            region.memory().write(type, at - region.at(), values, from, count);
            return 0;
        }
    }

    private int load(ElementType type, long at, Object into, int intoAt, int count) {
        if (attached == null) {
            memory.read(type, at, into, intoAt, count);
            return 0;
        }
        synchronized (applying) {
            AttachedMemory.Region region = regionFor(type, at, count);
            if (region == null) {
                return attached.refusal(type, at, count);
            }
            region.memory().read(type, at - region.at(), into, intoAt, count);
            return 0;
        }
    }

    /** Combines {@code in} into the memory with {@code op}; the elements as they were go to {@code before} (if not null). */
    private int combine(int op, ElementType type, long at, Object in, int from, int count, Object before, int beforeAt) {
        synchronized (applying) {
            AttachedMemory.Region region = regionFor(type, at, count);
            if (region == null) {
                return attached.refusal(type, at, count);
            }
            int me = requests.rank();
            lockWord(me);
            try {
                combineIn(region.memory(), op, type, at - region.at(), in, from, count, before, beforeAt);
            } finally {
                unlockWord(me);
            }
            return 0;
        }
    }

    /** Combines {@code in} into {@code memory} from byte {@code offset} with {@code op}; the elements as they were go to {@code before} (if not null). */
    private static void combineIn(WindowMemory memory, int op, ElementType type, long offset, Object in, int from, int count,
                                  Object before, int beforeAt) {
        Object current = memory.scratch(type, count);
        memory.read(type, offset, current, 0, count);
        if (before != null) {
            System.arraycopy(current, 0, before, beforeAt, count);
        }
        if (op == ReductionOps.REPLACE) {
            memory.write(type, offset, in, from, count);
        } else if (op != ReductionOps.NO_OP) {
            ReductionOps.combine(op, type, in, from, current, 0, count);
            memory.write(type, offset, current, 0, count);
        }
    }

    private int swap(ElementType type, long at, Object origin, int from, Object compare, int compareAt, Object before,
                     int beforeAt) {
        synchronized (applying) {
            AttachedMemory.Region region = regionFor(type, at, 1);
            if (region == null) {
                return attached.refusal(type, at, 1);
            }
            int me = requests.rank();
            lockWord(me);
            try {
                swapIn(region.memory(), type, at - region.at(), origin, from, compare, compareAt, before, beforeAt);
            } finally {
                unlockWord(me);
            }
            return 0;
        }
    }

    private static void swapIn(WindowMemory memory, ElementType type, long offset, Object origin, int from, Object compare,
                               int compareAt, Object before, int beforeAt) {
        Object current = memory.scratch(type, 1);
        memory.read(type, offset, current, 0, 1);
        if (Array.get(current, 0).equals(Array.get(compare, compareAt))) {
            memory.write(type, offset, origin, from, 1);
        }
        System.arraycopy(current, 0, before, beforeAt, 1);
    }

    /**
     * Takes {@code rank}'s lock word of a shared window (nothing for other windows), which JVMs
     * of the node that change its part at once exclude each other by; held for one operation.
     */
    private void lockWord(int rank) {
        if (lockWords < 0) {
            return;
        }
        int at = lockWords + Integer.BYTES * rank;
        long park = FIRST_LOCK_WORD_PARK_NANOS;
        for (int waits = 0; !LOCK_WORDS.compareAndSet(shared, at, 0, 1); waits++) {
            if (waits < LOCK_WORD_SPINS) {
                Thread.onSpinWait();
            } else if (waits < LOCK_WORD_SPINS + LOCK_WORD_YIELDS) {
                Thread.yield();
            } else {
                // A holder in another JVM that died keeps the word: only the job's abort ends
                // this wait then, so look for it between short, growing parks.
                String abort = requests.runtime().job().abortReason();
                if (abort != null) {
                    throw new EngineException(ErrorClass.ERR_OTHER, "the job was aborted while waiting for rank " + rank
                        + "'s part of the shared window " + name + ": " + abort);
                }
                if (Thread.currentThread().isInterrupted()) {
                    throw new EngineException(ErrorClass.ERR_OTHER, "the thread was interrupted while waiting for rank " + rank
                        + "'s part of the shared window " + name);
                }
                LockSupport.parkNanos(park);
                park = Math.min(2 * park, LONGEST_LOCK_WORD_PARK_NANOS);
            }
        }
    }

    private void unlockWord(int rank) {
        if (lockWords >= 0) {
            LOCK_WORDS.setRelease(shared, lockWords + Integer.BYTES * rank, 0);
        }
    }

    /** The memory that holds the access, under the applying lock: the window's own, or a buffer attached to a dynamic window (null if none). */
    private AttachedMemory.Region regionFor(ElementType type, long at, int count) {
        return attached == null ? whole : attached.covering(type, at, count);
    }

    /** Grants {@code origin} the lock at once (true), or queues it to be answered with {@code tag} when granted. */
    private boolean grant(int origin, int type, int tag) {
        synchronized (applying) {
            return lock.request(origin, type, tag);
        }
    }

    /** Releases a lock of {@code type} and answers the requests it grants. */
    private void unlockFor(int type) {
        LockQueue.Waiter[] granted;
        synchronized (applying) {
            granted = lock.release(type);
        }
        for (LockQueue.Waiter w : granted) {
            acknowledge(w.origin(), w.replyTag());
        }
    }

    /** Attaches {@code buffer}, its first {@code memory} (a view of it) at {@code address}, to this rank's dynamic window. */
    public void attach(String call, Buffer buffer, Buffer memory, long address) {
        checkDynamic(call);
        synchronized (applying) {
            attached.attach(call, buffer, memory, address);
        }
    }

    /** Detaches {@code buffer} from this rank's dynamic window; {@code ERR_ARG} if it is not attached. */
    public void detach(String call, Buffer buffer) {
        checkDynamic(call);
        synchronized (applying) {
            attached.detach(call, buffer);
        }
    }

    private void checkDynamic(String call) {
        checkUsable(call);
        if (attached == null) {
            throw new EngineException(ErrorClass.ERR_RMA_FLAVOR, call + ": " + name + " was not made by Win(Info, Comm) "
                + "(MPI_Win_create_dynamic); only a dynamic window has memory attached and detached");
        }
    }

    private static Object data(byte[] r, ElementType type, int count) {
        Object values = type.newArray(count);
        type.unpack(r, HEADER, values, 0, count);
        return values;
    }

    /**
     * Answers a data request: for a dynamic window its refusal ({@code 0} if applied) first,
     * then, if applied, the {@code count} elements of {@code values}.
     */
    private void answer(int origin, int tag, int refusal, ElementType type, Object values, int count) {
        int elements = refusal == 0 ? count : 0;
        byte[] bytes = answerPrefix + elements == 0 ? NOTHING : new byte[answerPrefix + elements * type.size()];
        if (answerPrefix > 0) {
            INTS.set(bytes, 0, refusal);
        }
        if (elements > 0) {
            type.pack(values, 0, elements, bytes, answerPrefix);
        }
        replies.send("a window's answer", bytes, 0, bytes.length, BYTE_MAP, origin, tag, SendOperation.STANDARD, null);
    }

    /** Answers a lock, unlock or flush request: granted, or applied. */
    private void acknowledge(int origin, int tag) {
        replies.send("a window's answer", NOTHING, 0, 0, BYTE_MAP, origin, tag, SendOperation.STANDARD, null);
    }

    @Override
    public String toString() {
        return name;
    }
}
