package org.hympj.comm.coll.heap;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.agrona.BufferUtil;
import org.agrona.UnsafeApi;
import org.agrona.concurrent.UnsafeBuffer;
import org.hympj.comm.data.AgronaAccess;
import org.hympj.comm.data.ArrayMemory;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.Reduction;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;
import org.hympj.comm.events.CallEvents;
import org.hympj.comm.events.ParkEvent;
import org.hympj.comm.match.JobContext;
import org.hympj.comm.match.MatchingEngine;
import org.hympj.comm.match.RankActivity;

/**
 * The small collectives of a communicator whose ranks all run in this JVM, through memory the
 * ranks share instead of messages: each rank announces, in a cache line of its own, that it
 * has entered the communicator's n-th collective, with its contribution's size and the
 * contribution itself beside the number when it fits; the others read it there, one line
 * transfer for all three. A barrier is one announcement
 * per rank and a look at every other line; an all-reduce is the same with the data, folded in
 * rank order by every rank.
 *
 * <pre>
 *   line (rank r, generation g), 64 bytes, off the heap, aligned:
 *    0                8          12         16                                64
 *   +----------------+----------+----------+----------------------------------+
 *   | entered n      | elements | element  | r's data for collective n, up to |
 *   |                | of data  | type     | 48 bytes                         |
 *   +----------------+----------+----------+----------------------------------+
 *   n is the last collective of generation g (n mod 16 == g) that r entered; larger
 *   data lie in r's {@link HeapSlot#large} array of generation n mod 4, read after the number.
 * </pre>
 *
 * <p>Invariants:
 * <ul>
 *   <li>The lines and the slot of rank {@code i} are written only by rank {@code i}'s thread
 *       that runs the communicator's collectives (MPI lets one thread at a time do so); data
 *       are written before the number (a volatile store) and read after it.</li>
 *   <li>A rank enters collective n only once it is done with every earlier one, so "every
 *       rank entered m" means no rank reads anything of a collective before m any more. The
 *       lines go round {@link #GENERATIONS} generations and the large arrays round
 *       {@link #LARGE_GENERATIONS}, so a rank writes those of collective n, last used by
 *       collective n - G, only once every rank entered n - G + 1: a rank that only hands data
 *       on (a broadcast's root) looks at the others once in many collectives, not at every one.</li>
 *   <li>Every rank folds the contributions in the same order, so every rank gets the same
 *       bits, as MPI asks of an all-reduce.</li>
 *   <li>No lost wake-up: a waiter counts itself in {@link #sleepers} (a full fence) before it
 *       looks at a line one last time and parks; a rank publishes its number (a volatile
 *       store) before it reads the count, and wakes every parked waiter if it is raised.</li>
 * </ul>
 */
public final class HeapCollectiveArea {
    private static final int LINE = 64;
    /**
     * Lines per rank, used in turn by successive collectives: a rank that hands data on and
     * waits for nobody (a broadcast's root) runs this many collectives ahead of the slowest
     * reader at most, which keeps it from waiting where ranks share cores.
     */
    static final int GENERATIONS = 16;
    /** Large arrays per rank, used in turn likewise: fewer, as each may hold the largest payload. */
    static final int LARGE_GENERATIONS = 4;
    /** Where a line holds the number of elements its rank contributes. */
    private static final int ELEMENTS_OFFSET = Long.BYTES;
    /** Where a line holds the element type (its ordinal) of its rank's contribution. */
    private static final int TYPE_OFFSET = ELEMENTS_OFFSET + Integer.BYTES;
    /** Where a line's data start. */
    private static final int DATA_OFFSET = 2 * Long.BYTES;
    /** Payload bytes carried in a rank's line beside its number. */
    static final int INLINE_BYTES = LINE - DATA_OFFSET;
    /** A park's time limit, after which a waiter looks for a job abort (which does not unpark it). */
    private static final long PARK_BACKSTOP_NANOS = 20_000_000L;

    private final HeapSlot[] slots;
    /** {@link #GENERATIONS} lines per rank; kept reachable, as its memory is the lines'. */
    private final UnsafeBuffer lines;
    private final long linesAddress;
    /** Waiters parked, or about to park, in any wait of the area. */
    private final AtomicInteger sleepers = new AtomicInteger();
    /** Members that freed the communicator; the area is dropped when all have. */
    private final AtomicInteger freed = new AtomicInteger();

    /** An area for a communicator of {@code size} ranks. */
    public HeapCollectiveArea(int size) {
        slots = new HeapSlot[size];
        for (int i = 0; i < size; i++) {
            slots[i] = new HeapSlot();
        }
        lines = new UnsafeBuffer(BufferUtil.allocateDirectAligned(Math.max(1, GENERATIONS * size) * LINE, LINE));
        linesAddress = lines.addressOffset();
    }

    /** True if areas can be used in this JVM: their lines need Agrona's access to the JDK's {@code Unsafe}. */
    public static boolean available() {
        return AgronaAccess.usable();
    }

    /** One more member freed the communicator; true when it was the last one, so the area can go. */
    public boolean freedByAll() {
        return freed.incrementAndGet() == slots.length;
    }

    /** True for the payloads this area carries: not objects, which each rank must receive as copies of its own. */
    public static boolean carries(TypeMap type) {
        return !type.base.isObject();
    }

    // ---------------------------------------------------------------- collectives

    /** Returns once every rank has entered the barrier. */
    public void barrier(int me, MatchingEngine engine, int context, int kind) {
        long n = ++slots[me].entered;
        publish(me, n);
        awaitAll(me, n, engine, context, kind);
    }

    /** {@code count} items of {@code buf} at {@code root} to {@code buf} at every rank. */
    public void bcast(int me, int root, Object buf, int offset, int count, TypeMap type, MatchingEngine engine, int context,
                      int kind) {
        HeapSlot mine = slots[me];
        long n = ++mine.entered;
        int elements = count * type.width;
        if (me == root) {
            readyToWrite(me, n, type.base, elements, engine, context, kind);
            Object packed = packingArray(me, n, type.base, elements);
            type.pack(buf, offset, count, packed, 0);
            leave(me, n, packed, type.base, elements);
            publish(me, n);
            return;
        }
        publish(me, n);
        await(me, root, n, engine, context, kind);
        // A receive buffer larger than the root's message is MPI's error, but programs do it and
        // message-passing implementations take it: the root's count decides what arrives.
        int sent = contributed(root, n);
        checkType(root, n, type.base, kind);
        if (sent > elements) {
            throw new EngineException(ErrorClass.ERR_TRUNCATE, RankActivity.collectiveName(kind) + ": the root sent " + sent
                + " " + type.base + " elements, more than the " + elements + " this rank receives");
        }
        type.unpack(contribution(root, n, type.base, sent, mine.incoming(type.base, sent)), 0, sent, buf, offset);
    }

    /**
     * Reduces {@code count} items of every rank's {@code sendbuf} into {@code recvbuf} at
     * {@code root} (laid out as {@code recvLayout}), or at every rank when {@code root} is
     * negative (an all-reduce). {@code op} must only read its {@code in} operand.
     */
    public void reduce(int me, int root, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                       TypeMap type, TypeMap recvLayout, Reduction op, MatchingEngine engine, int context, int kind) {
        HeapSlot mine = slots[me];
        long n = ++mine.entered;
        int elements = count * type.width;
        readyToWrite(me, n, type.base, elements, engine, context, kind);
        Object packed = packingArray(me, n, type.base, elements);
        type.pack(sendbuf, sendoffset, count, packed, 0);
        leave(me, n, packed, type.base, elements);
        publish(me, n);
        if (root >= 0 && me != root) {
            return;
        }
        awaitAll(me, n, engine, context, kind);
        // c0 op (c1 op (... op c(last))): the fold's in operand is the lower rank's, so a
        // non-commutative operation meets its operands in rank order.
        for (int j = 0; j < slots.length; j++) {
            checkType(j, n, type.base, kind);
            int given = contributed(j, n);
            if (given != elements) {
                throw new EngineException(ErrorClass.ERR_COUNT, RankActivity.collectiveName(kind) + ": rank " + j + " gave "
                    + given + " " + type.base + " elements and rank " + me + " " + elements + "; every rank must give as many");
            }
        }
        TypeMap packedForm = type.packedForm();
        int last = slots.length - 1;
        Object result = mine.result(type.base, elements);
        Object in = contribution(last, n, type.base, elements, mine.incoming(type.base, elements));
        System.arraycopy(in, 0, result, 0, elements);
        for (int j = last - 1; j >= 0; j--) {
            in = contribution(j, n, type.base, elements, mine.incoming(type.base, elements));
            op.fold(in, 0, result, 0, count, packedForm);
        }
        recvLayout.unpack(result, 0, elements, recvbuf, recvoffset);
    }

    // ---------------------------------------------------------------- data

    private long line(int rank, long n) {
        return linesAddress + ((long) GENERATIONS * rank + generation(n)) * LINE;
    }

    /**
     * The array {@code me} packs its contribution to collective {@code n} into: for one that
     * fits its line, a private one; else the large array the others read.
     */
    private Object packingArray(int me, long n, ElementType base, int elements) {
        HeapSlot mine = slots[me];
        return inline(base, elements) ? mine.packed(base, elements)
            : mine.large(largeGeneration(n), base, elements);
    }

    /** Copies {@code me}'s packed contribution to collective {@code n} into its line, if it goes there. */
    private void leave(int me, long n, Object packed, ElementType base, int elements) {
        long line = line(me, n);
        UnsafeApi.putInt(null, line + ELEMENTS_OFFSET, elements);
        UnsafeApi.putInt(null, line + TYPE_OFFSET, base.ordinal());
        if (inline(base, elements)) {
            UnsafeApi.copyMemory(packed, ArrayMemory.elementOffset(base, 0), null, line + DATA_OFFSET,
                (long) elements * base.size());
        }
    }

    /** Raises ERR_TYPE unless rank {@code j}'s contribution to collective {@code n} is of {@code base} elements. */
    private void checkType(int j, long n, ElementType base, int kind) {
        ElementType given = ElementType.of(UnsafeApi.getInt(null, line(j, n) + TYPE_OFFSET));
        if (given != base) {
            throw new EngineException(ErrorClass.ERR_TYPE, RankActivity.collectiveName(kind) + ": rank " + j + " gave " + given
                + " elements where this rank has " + base + " elements");
        }
    }

    /** The number of elements rank {@code j} contributed to collective {@code n}, which it has published. */
    private int contributed(int j, long n) {
        return UnsafeApi.getInt(null, line(j, n) + ELEMENTS_OFFSET);
    }

    /**
     * Rank {@code j}'s contribution to collective {@code n}, which it has published: its large
     * array, or its line's bytes copied into {@code into} (an array of the caller's).
     */
    private Object contribution(int j, long n, ElementType base, int elements, Object into) {
        if (inline(base, elements)) {
            UnsafeApi.copyMemory(null, line(j, n) + DATA_OFFSET, into, ArrayMemory.elementOffset(base, 0),
                (long) elements * base.size());
            return into;
        }
        return slots[j].large[largeGeneration(n)];
    }

    // ---------------------------------------------------------------- the protocol

    /** Announces that {@code me} entered collective {@code n}, with its data, if it has any, in place. */
    private void publish(int me, long n) {
        UnsafeApi.putLongVolatile(null, line(me, n), n);
        // Volatile store, then volatile load: the pair a parking waiter mirrors (see the class comment).
        if (sleepers.get() != 0) {
            for (HeapSlot s : slots) {
                Thread t = s.parked;
                if (t != null) {
                    LockSupport.unpark(t);
                }
            }
        }
    }

    private boolean entered(int j, long n) {
        return UnsafeApi.getLongVolatile(null, line(j, n)) >= n;
    }

    private static int generation(long n) {
        return (int) (n & (GENERATIONS - 1));
    }

    private static int largeGeneration(long n) {
        return (int) (n & (LARGE_GENERATIONS - 1));
    }

    private static boolean inline(ElementType base, int elements) {
        return (long) elements * base.size() <= INLINE_BYTES;
    }

    /**
     * Returns once no rank reads what {@code me} writes for collective {@code n} any more (its
     * line, or for a contribution of {@code elements} elements of {@code base} too large for
     * the line, its large array): once every rank entered the collective a generation round
     * after the one that used it last. When it looks, it learns whether they entered n - 1,
     * which saves the next looks.
     */
    private void readyToWrite(int me, long n, ElementType base, int elements, MatchingEngine engine, int context, int kind) {
        HeapSlot mine = slots[me];
        long needed = n - ((inline(base, elements) ? GENERATIONS : LARGE_GENERATIONS) - 1);
        if (mine.everyoneEntered >= needed) {
            return;
        }
        boolean all = true;
        for (int j = 0; j < slots.length && all; j++) {
            all = j == me || entered(j, n - 1);
        }
        if (all) {
            mine.everyoneEntered = n - 1;
        } else {
            awaitAll(me, needed, engine, context, kind);
        }
    }

    /** {@code me} waits until every rank has entered collective {@code n}. */
    private void awaitAll(int me, long n, MatchingEngine engine, int context, int kind) {
        for (int j = 0; j < slots.length; j++) {
            if (j != me) {
                await(me, j, n, engine, context, kind);
            }
        }
        slots[me].everyoneEntered = n;
    }

    /** {@code me} waits until rank {@code j} has entered collective {@code n}: spins, yields, then parks. */
    private void await(int me, int j, long n, MatchingEngine engine, int context, int kind) {
        if (entered(j, n)) {
            return;
        }
        long waitStart = CallEvents.waitStarts();
        awaitPending(me, j, n, engine, context, kind);
        CallEvents.waited(waitStart);
    }

    /** The rest of {@link #await}, once rank {@code j} was not there at the first look. */
    private void awaitPending(int me, int j, long n, MatchingEngine engine, int context, int kind) {
        JobContext job = engine.job();
        for (int i = job.spins(); i > 0; i--) {
            Thread.onSpinWait();
            if (entered(j, n)) {
                return;
            }
        }
        for (int i = job.yields(); i > 0; i--) {
            Thread.yield();
            if (entered(j, n)) {
                return;
            }
        }
        park(me, j, n, engine, context, kind);
    }

    private void park(int me, int j, long n, MatchingEngine engine, int context, int kind) {
        Thread thread = Thread.currentThread();
        HeapSlot mine = slots[me];
        mine.parked = thread;
        RankActivity.ParkedThread parked = engine.activity().parkingInCollective(context, j, kind);
        ParkEvent parkEvent = CallEvents.parks();
        // The job's progress agent drains the rings from other JVMs while no rank thread does.
        engine.job().beforePark();
        sleepers.incrementAndGet();
        try {
            while (!entered(j, n)) {
                String abort = engine.job().abortReason();
                if (abort != null) {
                    throw new EngineException(ErrorClass.ERR_OTHER, "the job was aborted while waiting in "
                        + RankActivity.collectiveName(kind) + " for rank " + j + ": " + abort);
                }
                if (thread.isInterrupted()) {
                    throw new EngineException(ErrorClass.ERR_OTHER, "the thread was interrupted while waiting in "
                        + RankActivity.collectiveName(kind) + " for rank " + j);
                }
                LockSupport.parkNanos(this, PARK_BACKSTOP_NANOS);
            }
        } finally {
            sleepers.decrementAndGet();
            mine.parked = null;
            engine.activity().awake(parked);
            engine.job().afterPark();
            CallEvents.unparked(parkEvent, RankActivity.collectiveName(kind), j);
        }
    }
}
