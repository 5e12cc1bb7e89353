package org.hympj.comm.coll.heap;

import java.nio.ByteBuffer;
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
import org.hympj.comm.match.Waiting;
import org.hympj.comm.runtime.Job;
import org.hympj.comm.runtime.NodeMemory;

/**
 * The small collectives of a communicator whose ranks all run on this node, through memory the
 * ranks share instead of messages: each rank announces, in a cache line of its own, that it
 * has entered the communicator's n-th collective, with its contribution's size and the
 * contribution itself beside the number when it fits; the others read it there, one line
 * transfer for all three. A barrier is one announcement
 * per rank and a look at every other line; an all-reduce is the same with the data, folded in
 * rank order by every rank; an all-gather and an all-to-all leave their data the same way, and
 * each rank copies out what is its own.
 *
 * <p>The lines are off the heap, so one protocol serves two memories: a JVM's private memory
 * when every rank is a thread of this JVM ({@link #inThisJvm}), and a segment that every JVM
 * of the communicator maps ({@link #inNodeMemory}), when its ranks are processes of one node,
 * each with one or more thread ranks.
 *
 * <pre>
 *   memory: a header line [capacity in bytes], then 16 lines per rank, then (in node
 *   memory) 4 large blocks of capacity bytes per rank.
 *   line (rank r, generation g), 64 bytes, aligned:
 *    0                8          12         16                                64
 *   +----------------+----------+----------+----------------------------------+
 *   | entered n      | elements | element  | r's data for collective n, up to |
 *   |                | of data  | type     | 48 bytes                         |
 *   +----------------+----------+----------+----------------------------------+
 *   n is the last collective of generation g (n mod 16 == g) that r entered; larger
 *   data lie in r's large block of generation n mod 4 (in node memory) or r's
 *   {@link HeapSlot#large} array (in one JVM), read after the number.
 * </pre>
 *
 * <p>Invariants:
 * <ul>
 *   <li>The lines, large blocks and slot of rank {@code i} are written only by rank {@code i}'s
 *       thread that runs the communicator's collectives (MPI lets one thread at a time do so);
 *       data are written before the number and read after it: the number is stored with a
 *       volatile (sequentially consistent) put, which orders the plain data puts before it,
 *       and read with a volatile get, which orders the data gets after it. Between processes
 *       the same puts and gets order the same stores to the same physical memory.</li>
 *   <li>A rank enters collective n only once it is done with every earlier one, so "every
 *       rank entered m" means no rank reads anything of a collective before m any more. The
 *       lines go round {@link #GENERATIONS} generations and the large data round
 *       {@link #LARGE_GENERATIONS}, so a rank writes those of collective n, last used by
 *       collective n - G, only once every rank entered n - G + 1: a rank that only hands data
 *       on (a broadcast's root) looks at the others once in many collectives, not at every one.</li>
 *   <li>Every rank folds the contributions in the same order, so every rank gets the same
 *       bits, as MPI asks of an all-reduce.</li>
 *   <li>No lost wake-up within a JVM: a waiter counts itself in {@link #sleepers} (a full
 *       fence) before it looks at a line one last time and parks; a rank publishes its number
 *       (a volatile store) before it reads the count, and wakes every waiter of its JVM parked
 *       in the area. A rank of another JVM cannot wake it: in node memory a waiter parks for
 *       short, growing times and looks again after each.</li>
 * </ul>
 */
public final class CollectiveArea implements Job.CommunicatorArea {
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
    /** The element count a broadcast's root leaves in its line when its payload goes by messages. */
    private static final int BY_MESSAGES = -1;
    /** Payload bytes carried in a rank's line beside its number. */
    static final int INLINE_BYTES = LINE - DATA_OFFSET;
    /** A park's time limit, after which a waiter looks for a job abort (which does not unpark it). */
    private static final long PARK_BACKSTOP_NANOS = 20_000_000L;
    /**
     * The first park of a waiter in node memory, doubled at each park up to
     * {@link #LONGEST_NODE_PARK_NANOS}: a rank of another JVM publishes without waking anyone, so
     * a waiter must look again by itself, soon while the wait is short, seldom once it is long,
     * leaving the cores to the ranks that have work.
     */
    private static final long FIRST_NODE_PARK_NANOS = 2_000L;
    private static final long LONGEST_NODE_PARK_NANOS = 250_000L;

    private final HeapSlot[] slots;
    /** The header line and the lines, and in node memory the large blocks; kept reachable, as the addresses are into it. */
    private final UnsafeBuffer memory;
    private final long linesAddress;
    /** Whether the memory is a node's, mapped by several JVMs, rather than this JVM's own. */
    private final boolean acrossJvms;
    /** The first large block in node memory; in one JVM the large data are arrays of the slots. */
    private final long largeAddress;
    /** Bytes of a large block: the capacity, in whole lines. */
    private final long largeBlock;
    /** The largest payload in bytes the area carries, the same in every JVM that maps it. */
    private final int capacity;
    /** The members of the communicator in this JVM: the area goes once all have freed it. */
    private final int localMembers;
    /** Lets go of node memory once this JVM's members have freed the communicator; null in one JVM. */
    private final Runnable unmap;
    /** Waiters of this JVM parked, or about to park, in any wait of the area. */
    private final AtomicInteger sleepers = new AtomicInteger();
    /** Members in this JVM that freed the communicator; the area is dropped when all have. */
    private final AtomicInteger freed = new AtomicInteger();

    private CollectiveArea(int size, UnsafeBuffer memory, boolean acrossJvms, int capacity, int localMembers, Runnable unmap) {
        if ((memory.addressOffset() & (LINE - 1)) != 0 || memory.capacity() < bytes(size, capacity, acrossJvms)) {
            throw new IllegalArgumentException("a collective area of " + size + " ranks needs " + bytes(size, capacity, acrossJvms)
                + " bytes aligned to " + LINE + ", not " + memory.capacity() + " at address " + memory.addressOffset());
        }
        slots = new HeapSlot[size];
        for (int i = 0; i < size; i++) {
            slots[i] = new HeapSlot();
        }
        this.memory = memory;
        this.capacity = capacity;
        this.localMembers = localMembers;
        this.unmap = unmap;
        linesAddress = memory.addressOffset() + LINE;
        this.acrossJvms = acrossJvms;
        largeAddress = acrossJvms ? linesAddress + (long) GENERATIONS * size * LINE : 0;
        largeBlock = roundToLines(capacity);
    }

    /** An area for a communicator of {@code size} ranks, all threads of this JVM, carrying up to {@code capacity} bytes. */
    public static CollectiveArea inThisJvm(int size, int capacity) {
        UnsafeBuffer lines = new UnsafeBuffer(BufferUtil.allocateDirectAligned(bytes(size, capacity, false), LINE));
        return new CollectiveArea(size, lines, false, capacity, size, null);
    }

    /**
     * The area of a communicator of {@code size} ranks in several JVMs of this node, in the node
     * memory {@code name} of {@link #nodeBytes} bytes: made here, empty, with {@code capacity}
     * in its header, if {@code create}; else mapped as its maker left it, which must have made
     * it for {@code capacity} too. {@code localMembers} of the ranks run in this JVM; when they
     * have all freed the area, it unmaps the memory. A failure leaves nothing mapped or made.
     */
    public static CollectiveArea inNodeMemory(NodeMemory node, String name, int size, int localMembers, int capacity,
                                              boolean create) {
        ByteBuffer mapped = node.map(name, nodeBytes(size, capacity), create);
        try {
            UnsafeBuffer memory = new UnsafeBuffer(mapped);
            if (create) {
                // Ordered before the messages that tell the other JVMs to map it.
                memory.putLong(0, capacity);
            } else if (memory.getLong(0) != capacity) {
                throw new IllegalStateException("collective area " + name + " was made for payloads of up to "
                    + memory.getLong(0) + " bytes and this JVM's limit is " + capacity + " bytes");
            }
            return new CollectiveArea(size, memory, true, capacity, localMembers, () -> node.unmap(name));
        } catch (RuntimeException e) {
            if (create) {
                node.unlink(name);
            }
            node.unmap(name);
            throw e;
        }
    }

    /** The bytes of node memory an area of {@code size} ranks carrying up to {@code capacity} bytes needs. */
    public static int nodeBytes(int size, int capacity) {
        return bytes(size, capacity, true);
    }

    private static int bytes(int size, int capacity, boolean acrossJvms) {
        long lines = (1L + (long) GENERATIONS * size) * LINE;
        long blocks = acrossJvms ? (long) LARGE_GENERATIONS * size * roundToLines(capacity) : 0;
        return Math.toIntExact(lines + blocks);
    }

    private static long roundToLines(int bytes) {
        return ((long) bytes + LINE - 1) & -(long) LINE;
    }

    /** True if areas can be used in this JVM: their lines need Agrona's access to the JDK's {@code Unsafe}. */
    public static boolean available() {
        return AgronaAccess.usable();
    }

    /** The largest payload, in bytes, this area carries. */
    public int capacity() {
        return capacity;
    }

    /**
     * One more member in this JVM freed the communicator; true when it was the last one here,
     * and then the area lets go of its node memory, if it has any.
     */
    @Override
    public boolean freedByAll() {
        if (freed.incrementAndGet() != localMembers) {
            return false;
        }
        if (unmap != null) {
            unmap.run();
        }
        return true;
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

    /**
     * {@code count} items of {@code buf} at {@code root} to {@code buf} at every rank, through
     * the area when the root's payload fits it. A root whose payload does not fit says so in
     * its line instead, and every rank returns false: the broadcast then goes by messages. The
     * root's count decides, as only the root knows it; a rank's own count does not, so ranks
     * whose receive counts differ from the root's still take the same way.
     */
    public boolean bcast(int me, int root, Object buf, int offset, int count, TypeMap type, MatchingEngine engine,
                         int context, int kind) {
        HeapSlot mine = slots[me];
        long n = ++mine.entered;
        int elements = count * type.width;
        if (me == root) {
            if ((long) elements * type.base.size() > capacity) {
                readyToWrite(me, n, type.base, 0, engine, context, kind);
                leaveCountOnly(me, n, type.base, BY_MESSAGES);
                publish(me, n);
                return false;
            }
            readyToWrite(me, n, type.base, elements, engine, context, kind);
            Object packed = packingArray(me, n, type.base, elements);
            type.pack(buf, offset, count, packed, 0);
            leave(me, n, packed, type.base, elements);
            publish(me, n);
            return true;
        }
        publish(me, n);
        await(me, root, n, engine, context, kind);
        int sent = contributed(root, n);
        if (sent == BY_MESSAGES) {
            return false;
        }
        // A receive buffer larger than the root's message is MPI's error, but programs do it and
        // message-passing implementations take it: the root's count decides what arrives.
        checkType(root, n, type.base, kind);
        if (sent > elements) {
            throw new EngineException(ErrorClass.ERR_TRUNCATE, RankActivity.collectiveName(kind) + ": the root sent " + sent
                + " " + type.base + " elements, more than the " + elements + " this rank receives");
        }
        type.unpack(contribution(root, n, type.base, 0, sent, sent, mine.incoming(type.base, sent)), 0, sent, buf, offset);
        return true;
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
        Object in = contribution(last, n, type.base, 0, elements, elements, mine.incoming(type.base, elements));
        System.arraycopy(in, 0, result, 0, elements);
        for (int j = last - 1; j >= 0; j--) {
            in = contribution(j, n, type.base, 0, elements, elements, mine.incoming(type.base, elements));
            op.fold(in, 0, result, 0, count, packedForm);
        }
        recvLayout.unpack(result, 0, elements, recvbuf, recvoffset);
    }

    /**
     * Every rank's {@code sendcount} items of {@code sendtype} to every rank: rank {@code j}'s
     * land in {@code recvbuf} at item {@code displs[j]} of {@code recvtype}, at most
     * {@code recvcount[j]} items. Every rank's contribution must fit the area: the caller
     * decides by {@code recvcount}, which every rank of a correct program passes alike. A rank
     * whose block is larger than its own receive block leaves only its count, which every rank
     * (itself too) refuses with ERR_TRUNCATE once all have entered: nobody waits for it, and
     * nothing is written past its line or large block.
     */
    public void allgather(int me, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf,
                          int recvoffset, int[] recvcount, int[] displs, TypeMap recvtype, MatchingEngine engine, int context,
                          int kind) {
        HeapSlot mine = slots[me];
        long n = ++mine.entered;
        ElementType base = sendtype.base;
        int elements = sendcount * sendtype.width;
        if (elements > recvcount[me] * recvtype.width) {
            readyToWrite(me, n, base, 0, engine, context, kind);
            leaveCountOnly(me, n, base, elements);
        } else {
            readyToWrite(me, n, base, elements, engine, context, kind);
            Object packed = packingArray(me, n, base, elements);
            sendtype.pack(sendbuf, sendoffset, sendcount, packed, 0);
            leave(me, n, packed, base, elements);
        }
        publish(me, n);
        awaitAll(me, n, engine, context, kind);
        if (elements > recvcount[me] * recvtype.width) {
            throw new EngineException(ErrorClass.ERR_TRUNCATE, RankActivity.collectiveName(kind) + ": a block of " + sendcount
                + " items of " + sendtype + " does not fit a receive block of " + recvcount[me] + " items of " + recvtype);
        }
        for (int j = 0; j < slots.length; j++) {
            checkType(j, n, base, kind);
            int given = contributed(j, n);
            checkFits(j, given, recvcount[j], recvtype, kind);
            Object in = inline(base, given) || acrossJvms ? mine.incoming(base, given) : null;
            recvtype.unpack(contribution(j, n, base, 0, given, given, in), 0, given, recvbuf,
                recvoffset + displs[j] * recvtype.extent);
        }
    }

    /**
     * Rank {@code i}'s {@code j}-th block of {@code sendcount} items goes to rank {@code j}'s
     * {@code i}-th block of {@code recvcount} items: each rank leaves all its blocks, in rank
     * order, and takes its own block out of every rank's. Every rank's blocks together must
     * fit the area: the caller decides by the block's size, the same at every rank of a
     * correct program.
     */
    public void alltoall(int me, Object sendbuf, int sendoffset, int sendcount, TypeMap sendtype, Object recvbuf,
                         int recvoffset, int recvcount, TypeMap recvtype, MatchingEngine engine, int context, int kind) {
        HeapSlot mine = slots[me];
        long n = ++mine.entered;
        ElementType base = sendtype.base;
        int ranks = slots.length;
        int elements = ranks * sendcount * sendtype.width;
        readyToWrite(me, n, base, elements, engine, context, kind);
        Object packed = packingArray(me, n, base, elements);
        sendtype.pack(sendbuf, sendoffset, ranks * sendcount, packed, 0);
        leave(me, n, packed, base, elements);
        publish(me, n);
        awaitAll(me, n, engine, context, kind);
        for (int j = 0; j < ranks; j++) {
            checkType(j, n, base, kind);
            int given = contributed(j, n);
            int block = given / ranks;
            checkFits(j, block, recvcount, recvtype, kind);
            // Only this rank's block is copied out of another JVM's or a line's bytes; in one
            // JVM the block is read in place.
            boolean copied = inline(base, given) || acrossJvms;
            Object in = contribution(j, n, base, me * block, block, given, copied ? mine.incoming(base, block) : null);
            recvtype.unpack(in, copied ? 0 : me * block, block, recvbuf, recvoffset + j * recvcount * recvtype.extent);
        }
    }

    /** Raises ERR_TRUNCATE unless {@code elements} elements from rank {@code j} fit {@code items} items of {@code type}. */
    private static void checkFits(int j, int elements, int items, TypeMap type, int kind) {
        if (elements > items * type.width) {
            throw new EngineException(ErrorClass.ERR_TRUNCATE, RankActivity.collectiveName(kind) + ": rank " + j + " sent "
                + elements + " " + type.base + " elements, more than the " + items + " items of " + type
                + " this rank receives from it");
        }
    }

    // ---------------------------------------------------------------- data

    /** The line of {@code rank} for collective {@code n}'s generation. */
    private long line(int rank, long n) {
        return linesAddress + ((long) GENERATIONS * rank + generation(n)) * LINE;
    }

    /** {@code rank}'s large block of collective {@code n}'s large generation, in node memory. */
    private long largeBlock(int rank, long n) {
        return largeAddress + ((long) LARGE_GENERATIONS * rank + largeGeneration(n)) * largeBlock;
    }

    /**
     * The array {@code me} packs its contribution to collective {@code n} into: for one that
     * fits its line, or one copied into a large block of node memory, a private one; else the
     * large array the others read.
     */
    private Object packingArray(int me, long n, ElementType base, int elements) {
        HeapSlot mine = slots[me];
        return inline(base, elements) || acrossJvms ? mine.packed(base, elements)
            : mine.large(largeGeneration(n), base, elements);
    }

    /** Copies {@code me}'s packed contribution to collective {@code n} into its line, or into its large block in node memory. */
    private void leave(int me, long n, Object packed, ElementType base, int elements) {
        long line = line(me, n);
        UnsafeApi.putInt(null, line + ELEMENTS_OFFSET, elements);
        UnsafeApi.putInt(null, line + TYPE_OFFSET, base.ordinal());
        long bytes = (long) elements * base.size();
        if (inline(base, elements)) {
            UnsafeApi.copyMemory(packed, ArrayMemory.elementOffset(base, 0), null, line + DATA_OFFSET, bytes);
        } else if (acrossJvms) {
            UnsafeApi.copyMemory(packed, ArrayMemory.elementOffset(base, 0), null, largeBlock(me, n), bytes);
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
     * Rank {@code j}'s contribution to collective {@code n}, of {@code total} elements, which it
     * has published: its large array, whole, in one JVM; or {@code elements} elements of its
     * line or large block from element {@code first}, copied to the start of {@code into} (an
     * array of the caller's).
     */
    private Object contribution(int j, long n, ElementType base, int first, int elements, int total, Object into) {
        long from;
        if (inline(base, total)) {
            from = line(j, n) + DATA_OFFSET;
        } else if (acrossJvms) {
            from = largeBlock(j, n);
        } else {
            return slots[j].large[largeGeneration(n)];
        }
        UnsafeApi.copyMemory(null, from + (long) first * base.size(), into, ArrayMemory.elementOffset(base, 0),
            (long) elements * base.size());
        return into;
    }

    /** Leaves in {@code me}'s line for collective {@code n} only the count and type of a contribution that is not there. */
    private void leaveCountOnly(int me, long n, ElementType base, int elements) {
        long line = line(me, n);
        UnsafeApi.putInt(null, line + ELEMENTS_OFFSET, elements);
        UnsafeApi.putInt(null, line + TYPE_OFFSET, base.ordinal());
    }

    // ---------------------------------------------------------------- the protocol

    /** Announces that {@code me} entered collective {@code n}, with its data, if it has any, in place. */
    private void publish(int me, long n) {
        // Volatile, not merely ordered: a release would order the data before it, but the
        // load of sleepers below must not pass it either (see the class comment).
        UnsafeApi.putLongVolatile(null, line(me, n), n);
        if (sleepers.get() != 0) {
            for (HeapSlot s : slots) {
                Thread t = s.parked;
                if (t != null) {
                    LockSupport.unpark(t);
                }
            }
        }
    }

    /** Whether {@code j} entered collective {@code n}; an acquiring load, so its data are read after it. */
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
        for (int polled = 1, spins = job.spins(); polled <= spins; polled++) {
            Waiting.idle(polled);
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
        long nodePark = FIRST_NODE_PARK_NANOS;
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
                if (!acrossJvms) {
                    LockSupport.parkNanos(this, PARK_BACKSTOP_NANOS);
                } else {
                    LockSupport.parkNanos(this, nodePark);
                    nodePark = Math.min(2 * nodePark, LONGEST_NODE_PARK_NANOS);
                }
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
