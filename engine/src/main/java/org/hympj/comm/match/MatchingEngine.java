package org.hympj.comm.match;

import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import org.hympj.comm.data.ArrayMemory;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.errors.ErrorClass;
import org.hympj.comm.events.EngineEvents;
import org.hympj.comm.events.RendezvousEvent;
import org.hympj.rings.MemoryCopy;

/**
 * The matching engine of one rank: where every message addressed to it meets a receive.
 * It is shared by all paths; a path only decides how the bytes travel. For the in-JVM path
 * the sending thread itself calls {@link #deliver} on the receiver's engine:
 *
 * <ul>
 *   <li>a matching receive is posted: it is removed under the lock and the sender copies its
 *       array straight into the receive's array (the single copy) after releasing the lock;</li>
 *   <li>none is posted and the message is small: it is copied into a pooled eager array and
 *       queued as unexpected; the send is complete;</li>
 *   <li>none is posted and the message is large (above the job's eager limit) or synchronous:
 *       it is queued with a reference to the sender's memory (rendezvous) and the send
 *       completes when the receiver has copied it, so a large unexpected message is never
 *       buffered in full;</li>
 *   <li>a buffered send is queued as it lies in the sender's attached buffer: the send is
 *       complete, and the region is released when a receive consumes the message.</li>
 * </ul>
 *
 * <p>Messages from ranks in other processes come as {@link Arrival}s, read from a ring by
 * whichever thread of this process drains it: matched the same way, under the same lock,
 * and copied from the ring straight into a posted receive, or into an eager copy.
 *
 * <p>Source ranks and contexts are those of the communicator; {@link ContextQueues} holds
 * the per-context state (see its matching invariant), guarded by the rank's one
 * {@link MatchingLock}, which is also its inbox's read lock.
 */
public final class MatchingEngine {
    public static final int ANY_SOURCE = -2;
    public static final int ANY_TAG = -2;

    private final JobContext job;
    private final int eagerLimit;
    final MatchingLock lock = new MatchingLock();
    /** Small messages from this JVM's ranks; null if the job sends every message by sender-side matching. */
    private final RankInbox inbox;
    /** Copy-on-write, published by the volatile write, so lookups take no lock. */
    private volatile ContextQueues[] byContext = new ContextQueues[0];
    /** The communicators' names by point-to-point context, for hang reports; copy-on-write like {@code byContext}. */
    private volatile String[] contextNames = new String[0];
    private final RankActivity activity = new RankActivity();
    /**
     * Calls of {@link #progress} between two reads of other nodes' connections once they have
     * been quiet for {@link #QUIET_AFTER_CALLS}: a read costs a system call per connection, a
     * good share of a message's latency within the node if every poll paid it.
     */
    static final int CALLS_PER_READ_WHILE_QUIET = 256;
    /** Calls of {@link #progress} whose reads of other nodes found no frame after which those nodes count as quiet. */
    static final int QUIET_AFTER_CALLS = 1 << 16;
    /**
     * Calls of {@link #progress} since this rank's last read of other nodes' connections that
     * found a frame (at most {@link #QUIET_AFTER_CALLS}; frames that another thread read do not
     * count), and calls left until the next read. Racy between the rank's threads, which only
     * shifts the cadence.
     */
    private int callsSinceOtherNodesSent;
    private int callsUntilOtherNodesRead;

    /**
     * The engine of one rank of {@code job}. Messages of at most {@code inboxLimit} bytes from
     * ranks of this JVM travel through an inbox of {@code inboxCapacity} bytes; 0 means none
     * do (every message is matched on the sender's side and copied once), as when Agrona
     * cannot use the JDK's {@code Unsafe} (see {@link RankInbox#available}).
     */
    public MatchingEngine(JobContext job, int eagerLimit, int inboxLimit, int inboxCapacity) {
        this.job = job;
        this.eagerLimit = eagerLimit;
        this.inbox = inboxLimit > 0 && RankInbox.available()
            ? new RankInbox(this, lock, job, Math.min(inboxLimit, eagerLimit), inboxCapacity) : null;
    }

    public JobContext job() {
        return job;
    }

    /** What this rank is doing in MPI, for hang reports. */
    public RankActivity activity() {
        return activity;
    }

    /** Names the communicator of point-to-point context {@code context} (and of its collective context + 1). */
    public synchronized void nameContext(int context, String name) {
        String[] grown = Arrays.copyOf(contextNames, Math.max(contextNames.length, context + 1));
        grown[context] = name;
        contextNames = grown;
    }

    private String contextName(int context) {
        String[] names = contextNames;
        return context < names.length && names[context] != null ? names[context] : "the communicator of context " + context;
    }

    /**
     * Appends this rank's part of a hang report: what it waits in, and the messages queued
     * here that no receive has matched (in arrival order per communicator; at most
     * {@code limit} listed). The envelopes are copied under the matching lock into arrays
     * made before it, and formatted after it is released, so that the lock's sections stay
     * short and never block.
     */
    public void describe(StringBuilder out, int limit) {
        long now = System.nanoTime();
        activity.describe(out, this::contextName, now);
        int[] sources = new int[limit];
        int[] tags = new int[limit];
        int[] contexts = new int[limit];
        long[] bytes = new long[limit];
        int listed = 0;
        int more = 0;
        ContextQueues[] all = byContext;
        lock.lock();
        try {
            for (int c = 0; c < all.length; c++) {
                if (all[c] == null) {
                    continue;
                }
                for (UnexpectedMessage m = all[c].unexpected.first(); m != null; m = m.nextArrived) {
                    if (listed == limit) {
                        more++;
                        continue;
                    }
                    sources[listed] = m.source;
                    tags[listed] = m.tag;
                    contexts[listed] = c;
                    bytes[listed] = m.form == SendOperation.TYPED ? (long) m.count * m.type.size() : m.byteLength;
                    listed++;
                }
            }
        } finally {
            lock.unlock();
        }
        out.append("; unmatched here: ");
        for (int i = 0; i < listed; i++) {
            out.append(i == 0 ? "" : ", ").append("from ").append(sources[i])
                .append((contexts[i] & 1) == 1 ? " for " + RankActivity.collectiveName(tags[i]) : " tag " + tags[i])
                .append(" on ").append(contextName(contexts[i] & ~1)).append(" (").append(bytes[i]).append(" bytes)");
        }
        if (listed == 0) {
            out.append("none");
        } else if (more > 0) {
            out.append(" and ").append(more).append(" more");
        }
    }

    /**
     * Matches what has arrived for this rank from other threads' ranks (its inbox) and from
     * other processes, if no other thread is at it; returns the work done. Called at each poll
     * of a thread that spins while it waits. Other nodes' connections are read at every call
     * while this rank's reads of them find frames, and at one call in
     * {@link #CALLS_PER_READ_WHILE_QUIET} once they have found none for
     * {@link #QUIET_AFTER_CALLS} calls, so that a wait for a message from this node does not pay
     * a system call per poll; the first frame after such a spell waits that many polls at most
     * (or, if this rank stops polling, until the bridge's reader thread reads it). A caller that
     * polls once and may not poll again soon uses {@link #progressOnce}.
     */
    public int progress() {
        RankInbox in = inbox;
        int work = (in == null ? 0 : in.drain()) + job.progressOwnNode();
        int since = callsSinceOtherNodesSent;
        if (--callsUntilOtherNodesRead <= 0) {
            int read = job.progressOtherNodes();
            if (read > 0) {
                since = 0;
                work += read;
            }
            callsUntilOtherNodesRead = since < QUIET_AFTER_CALLS ? 1 : CALLS_PER_READ_WHILE_QUIET;
        }
        callsSinceOtherNodesSent = since < QUIET_AFTER_CALLS ? since + 1 : since;
        return work;
    }

    /**
     * As {@link #progress}, but reads other nodes' connections at every call: for a call that
     * polls once (a test of a request), whose caller may compute for a while before it polls
     * again, so that a frame that has come is never left for a later poll.
     */
    public int progressOnce() {
        RankInbox in = inbox;
        int work = (in == null ? 0 : in.drain()) + job.progressOwnNode();
        int read = job.progressOtherNodes();
        if (read > 0) {
            callsSinceOtherNodesSent = 0;
        }
        return work + read;
    }

    /**
     * As {@link #progress}, but waits for a thread already at it: every message sent to this
     * rank before the call is in its queues on return.
     */
    public int progressAll() {
        RankInbox in = inbox;
        return (in == null ? 0 : in.drainAll()) + job.progressAll();
    }

    /** A thread of this rank is about to park: senders must now match for it (see {@link RankInbox}). */
    void beforePark() {
        if (inbox != null) {
            inbox.beforePark();
        }
        job.beforePark();
    }

    void afterPark() {
        if (inbox != null) {
            inbox.afterPark();
        }
        job.afterPark();
    }

    ContextQueues queues(int context, int commSize) {
        ContextQueues[] all = byContext;
        if (context < all.length) {
            ContextQueues q = all[context];
            if (q != null) {
                return q;
            }
        }
        return createQueues(context, commSize);
    }

    private synchronized ContextQueues createQueues(int context, int commSize) {
        ContextQueues[] all = byContext;
        if (context < all.length && all[context] != null) {
            return all[context];
        }
        ContextQueues[] grown = Arrays.copyOf(all, Math.max(all.length, context + 1));
        ContextQueues q = new ContextQueues(commSize, lock);
        grown[context] = q;
        byContext = grown;
        return q;
    }

    /**
     * Delivers a send to this (receiving) engine from a thread of this JVM. On return the
     * send is either complete or queued here (in the inbox or the queues) and will complete
     * when a receive copies it.
     */
    public void deliver(SendOperation s) {
        RankInbox in = inbox;
        if (in != null && in.carries(s)) {
            in.write(s);
            s.finishTransfer();
            return;
        }
        ContextQueues q = queues(s.context, s.commSize);
        ReceiveOperation r;
        lock.lock();
        try {
            if (in != null) {
                in.readClaimed();
            }
            r = q.posted.removeMatch(s.source, s.tag);
            if (r == null) {
                queueUnexpected(q, s);
                return;
            }
        } finally {
            lock.unlock();
        }
        transfer(r, s.source, s.tag, s.type, s.count, s.form, s.data, s.dataOffset, s.byteLength, s.dataHandedOver);
        r.complete();
        s.finishTransfer();
    }

    /**
     * Delivers a typed standard- or ready-mode message of a blocking send from this JVM without
     * an operation, if this engine's inbox carries it: returns true once it is there (the send
     * is complete). False means nothing was sent and the caller goes the general way
     * ({@link #deliver(SendOperation)}), which also reports a job aborted meanwhile.
     */
    public boolean deliverSmall(int context, int commSize, int source, int tag, ElementType type, int count,
                                Object array, int offset) {
        RankInbox in = inbox;
        int length = count * type.size();
        return in != null && in.carries(length)
            && in.write(context, commSize, source, tag, type, count, array, ArrayMemory.elementOffset(type, offset), length);
    }

    private void queueUnexpected(ContextQueues q, SendOperation s) {
        UnexpectedMessage m = q.newMessage();
        m.source = s.source;
        m.tag = s.tag;
        m.type = s.type;
        m.count = s.count;
        m.form = s.form;
        m.byteLength = s.byteLength;
        m.dataHandedOver = s.dataHandedOver;
        boolean rendezvous = s.mode == SendOperation.SYNCHRONOUS
            || (s.form == SendOperation.TYPED && s.byteLength > eagerLimit);
        if (rendezvous) {
            m.data = s.data;
            m.dataOffset = s.dataOffset;
            m.sender = s;
            m.rendezvous = EngineEvents.rendezvousAnnounced();
            s.queuedIn = q;
            s.queuedAs = m;
        } else if (s.form == SendOperation.TYPED) {
            Object copy = q.eagerBuffers.take(s.type, s.count);
            if (s.count > 0) {
                System.arraycopy(s.data, s.dataOffset, copy, 0, s.count);
            }
            m.data = copy;
            m.dataOffset = 0;
            m.pooledData = true;
        } else {
            m.data = s.data;
            m.dataOffset = s.dataOffset;
            m.arena = s.arena;
            m.arenaOffset = s.arenaOffset;
            s.arena = null;
        }
        q.unexpected.append(m);
        q.arrived();
        if (!rendezvous) {
            s.finishTransfer();
        }
    }

    /**
     * Posts a receive on this (its own rank's) engine. On return it is either complete, with
     * the data copied, or posted and will complete when a matching send arrives.
     */
    public void post(ReceiveOperation r) {
        ContextQueues q = queues(r.context, r.commSize);
        UnexpectedMessage m;
        SendOperation s;
        long syncToken = 0;
        lock.lock();
        try {
            m = q.unexpected.removeMatch(r.source, r.tag);
            if (m == null) {
                r.postedIn = q;
                q.posted.append(r);
                return;
            }
            s = m.sender;
            if (s == null) {
                transfer(r, m.source, m.tag, m.type, m.count, m.form, m.data, m.dataOffset, m.byteLength, m.dataHandedOver);
                syncToken = m.syncToken;
                q.recycle(m);
                r.complete();
            } else {
                s.queuedIn = null;
                s.queuedAs = null;
            }
        } finally {
            lock.unlock();
        }
        if (s == null) {
            if (syncToken != 0) {
                job.acknowledgeRemote(syncToken);
            }
            return;
        }
        // Rendezvous: the message is ours now; copy from the sender's memory without the lock.
        consume(q, m, r);
    }

    /**
     * Receives the message that a matched probe took into {@code matched}, with {@code r}
     * (initialised with the message's source and tag). Its data are in this JVM already (an
     * eager copy, or a sender's memory), so {@code r} is complete on return, and the handle
     * is empty.
     */
    public void receive(MatchedMessage matched, ReceiveOperation r) {
        ContextQueues q = matched.queues;
        UnexpectedMessage m = matched.take();
        matched.queues = null;
        consume(q, m, r);
    }

    /**
     * Copies a message that is out of every queue into {@code r}, without the lock, then
     * recycles it and completes its sender (local, or acknowledged if remote) and {@code r}.
     */
    private void consume(ContextQueues q, UnexpectedMessage m, ReceiveOperation r) {
        SendOperation s = m.sender;
        long syncToken = m.syncToken;
        transfer(r, m.source, m.tag, m.type, m.count, m.form, m.data, m.dataOffset, m.byteLength, s == null && m.dataHandedOver);
        RendezvousEvent rendezvous = m.rendezvous;
        if (rendezvous != null) {
            EngineEvents.rendezvousDone(rendezvous, m.byteLength, m.source, m.tag, s.mode == SendOperation.SYNCHRONOUS);
        }
        lock.lock();
        try {
            q.recycle(m);
        } finally {
            lock.unlock();
        }
        if (s != null) {
            s.finishTransfer();
        }
        r.complete();
        if (syncToken != 0) {
            job.acknowledgeRemote(syncToken);
        }
    }

    // ---------------------------------------------------------------- arrivals from other processes

    /**
     * Delivers a message that arrived whole from another process. A matching posted receive
     * gets the payload copied straight in; otherwise the message is queued as unexpected with
     * a copy of its payload (or the payload itself, if the arrival owns its array). Returns
     * true if it completed a blocking receive of the calling thread.
     */
    public boolean deliver(Arrival a) {
        ContextQueues q = queues(a.context, a.commSize);
        ReceiveOperation r;
        lock.lock();
        try {
            r = matchOrQueue(q, a);
        } finally {
            lock.unlock();
        }
        return r != null && fill(r, a);
    }

    /**
     * As {@link #deliver(Arrival)}, for the holder of the matching lock (the inbox's reader):
     * the payload, at most the inbox's limit, is copied under the lock.
     */
    boolean deliverLocked(Arrival a) {
        ReceiveOperation r = matchOrQueue(queues(a.context, a.commSize), a);
        return r != null && fill(r, a);
    }

    /** Under the lock: takes the posted receive {@code a} matches, or queues {@code a} as unexpected and returns null. */
    private ReceiveOperation matchOrQueue(ContextQueues q, Arrival a) {
        ReceiveOperation r = q.posted.removeMatch(a.source, a.tag);
        if (r == null) {
            queueUnexpected(q, a);
        }
        return r;
    }

    /** Copies the payload of {@code a} into the receive it matched and completes it; true if it was the caller's own. */
    private boolean fill(ReceiveOperation r, Arrival a) {
        int accepted = accept(r, a);
        copyPayload(r, a, 0, a.base, a.offset, a.byteLength, accepted);
        return completeArrival(r, a.syncToken);
    }

    private void queueUnexpected(ContextQueues q, Arrival a) {
        UnexpectedMessage m = q.newMessage();
        m.source = a.source;
        m.tag = a.tag;
        m.type = a.type;
        m.count = a.count;
        m.byteLength = a.byteLength;
        m.dataOffset = 0;
        m.syncToken = a.syncToken;
        if (a.form == Arrival.SERIALIZED) {
            m.form = SendOperation.SERIALIZED;
            byte[] bytes = a.owned ? (byte[]) a.base : new byte[a.byteLength];
            if (!a.owned) {
                MemoryCopy.copy(a.base, a.offset, bytes, ArrayMemory.byteOffset(0), a.byteLength);
            }
            m.data = bytes;
            m.dataHandedOver = true;
        } else {
            m.form = SendOperation.TYPED;
            m.dataHandedOver = false;
            if (a.owned) {
                m.data = a.base;
            } else {
                Object copy = q.eagerBuffers.take(a.type, a.count);
                MemoryCopy.copy(a.base, a.offset, copy, ArrayMemory.elementOffset(a.type, 0), a.byteLength);
                m.data = copy;
                m.pooledData = true;
            }
        }
        q.unexpected.append(m);
        q.arrived();
    }

    /**
     * Takes the posted receive that a message streaming in from another process matches, or
     * returns null if none does (the path then stages the payload and {@link #deliver}s it
     * whole). Called when the message's envelope arrives, so matching keeps arrival order.
     */
    public ReceiveOperation claim(Arrival a) {
        ContextQueues q = queues(a.context, a.commSize);
        lock.lock();
        try {
            return q.posted.removeMatch(a.source, a.tag);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Records the envelope of {@code a} in the receive that matched it, with a type or
     * truncation error if any, and returns how many payload bytes go into the receive's
     * buffer (the rest is discarded).
     */
    public static int accept(ReceiveOperation r, Arrival a) {
        r.matchedSource = a.source;
        r.matchedTag = a.tag;
        if (a.type != r.type) {
            r.matchedCount = 0;
            r.fail(ErrorClass.ERR_TYPE, "a message of " + a.count + " " + a.type + " elements from rank " + a.source
                + " (tag " + a.tag + ") was received with datatype " + r.type + "; the message was discarded");
            return 0;
        }
        int n = a.count;
        if (n > r.capacity) {
            n = r.capacity;
            r.fail(ErrorClass.ERR_TRUNCATE, "message truncated: " + a.count + " " + a.type + " elements from rank " + a.source
                + " (tag " + a.tag + ") do not fit a receive of " + r.capacity + "; only the first " + n + " were stored");
        }
        r.matchedCount = n;
        if (a.form == Arrival.SERIALIZED) {
            r.serializedOffset = 0;
            r.serializedLength = a.byteLength;
            if (a.owned) {
                r.serialized = (byte[]) a.base;
                return 0;
            }
            r.serialized = new byte[a.byteLength];
            return a.byteLength;
        }
        return n * a.type.size();
    }

    /**
     * Copies {@code length} payload bytes that belong at {@code payloadOffset} from
     * ({@code srcBase}, {@code srcOffset}) into the receive, keeping below {@code accepted}.
     */
    public static void copyPayload(ReceiveOperation r, Arrival a, int payloadOffset, Object srcBase, long srcOffset,
                                   int length, int accepted) {
        int n = Math.min(length, accepted - payloadOffset);
        if (n <= 0) {
            return;
        }
        if (a.form == Arrival.SERIALIZED) {
            MemoryCopy.copy(srcBase, srcOffset, r.serialized, ArrayMemory.byteOffset(payloadOffset), n);
        } else {
            MemoryCopy.copy(srcBase, srcOffset, r.buffer, ArrayMemory.elementOffset(r.type, r.offset) + payloadOffset, n);
        }
    }

    /**
     * Completes a receive whose payload has been copied in, acknowledging a synchronous sender;
     * returns true if it was a blocking receive of the calling thread.
     */
    public boolean completeArrival(ReceiveOperation r, long syncToken) {
        boolean own = r.complete();
        if (syncToken != 0) {
            job.acknowledgeRemote(syncToken);
        }
        return own;
    }

    /** Completes a claimed receive whose message will never finish arriving (its sender died). */
    public static void failClaimed(ReceiveOperation r, int errorClass, String message) {
        r.fail(errorClass, message);
        r.complete();
    }

    /** Copies a matched message into a receive and records its envelope and any error. */
    private static void transfer(ReceiveOperation r, int source, int tag, ElementType type, int count, int form,
                                 Object data, int offset, int byteLength, boolean handedOver) {
        r.matchedSource = source;
        r.matchedTag = tag;
        if (type != r.type) {
            r.matchedCount = 0;
            r.fail(ErrorClass.ERR_TYPE, "a message of " + count + " " + type + " elements from rank " + source
                + " (tag " + tag + ") was received with datatype " + r.type + "; the message was discarded");
            return;
        }
        int n = count;
        if (count > r.capacity) {
            n = r.capacity;
            r.fail(ErrorClass.ERR_TRUNCATE, "message truncated: " + count + " " + type + " elements from rank " + source
                + " (tag " + tag + ") do not fit a receive of " + r.capacity + "; only the first " + n + " were stored");
        }
        r.matchedCount = n;
        if (form == SendOperation.SERIALIZED) {
            if (handedOver) {
                r.serialized = (byte[]) data;
                r.serializedOffset = offset;
            } else {
                r.serialized = Arrays.copyOfRange((byte[]) data, offset, offset + byteLength);
                r.serializedOffset = 0;
            }
            r.serializedLength = byteLength;
        } else if (n > 0) {
            if (form == SendOperation.PACKED) {
                type.unpack((byte[]) data, offset, r.buffer, r.offset, n);
            } else {
                System.arraycopy(data, offset, r.buffer, r.offset, n);
            }
        }
    }

    /** Non-blocking probe: fills {@code out} and returns true if a matching message is here. */
    public boolean iprobe(int context, int commSize, int source, int tag, ProbeResult out) {
        return look(queues(context, commSize), source, tag, out, null);
    }

    /**
     * Non-blocking matched probe: takes the message a receive (source, tag) would match out of
     * the queues into {@code out}, so that nothing else can match it, and returns true; false
     * if no such message is here.
     */
    public boolean improbe(int context, int commSize, int source, int tag, MatchedMessage out) {
        return look(queues(context, commSize), source, tag, out.envelope, out);
    }

    /** Blocking probe; returns 0, or an error class if the wait was stopped (see {@link Waiting}). */
    public int probe(int context, int commSize, int source, int tag, ProbeResult out) {
        return probe(context, commSize, source, tag, out, null);
    }

    /** Blocking matched probe (see {@link #improbe}); returns 0, or an error class if the wait was stopped. */
    public int mprobe(int context, int commSize, int source, int tag, MatchedMessage out) {
        return probe(context, commSize, source, tag, out.envelope, out);
    }

    /** Waits for a message (source, tag), taking it into {@code taking} unless that is null. */
    private int probe(int context, int commSize, int source, int tag, ProbeResult out, MatchedMessage taking) {
        ContextQueues q = queues(context, commSize);
        int seen = q.arrivals;
        if (look(q, source, tag, out, taking)) {
            return 0;
        }
        for (int i = job.spins() + job.yields(), polled = 0; i > 0; i--) {
            if (i > job.yields()) {
                if (progress() == 0) {
                    Waiting.idle(++polled);
                }
            } else {
                Thread.yield();
            }
            int now = q.arrivals;
            if (now != seen) {
                seen = now;
                if (look(q, source, tag, out, taking)) {
                    return 0;
                }
            }
        }
        Thread me = Thread.currentThread();
        RankActivity.ParkedThread parked = activity.parking(taking == null ? "Probe" : "Mprobe", false, false, context, source, tag);
        beforePark();
        try {
            while (true) {
                lock.lock();
                try {
                    if (lookLocked(q, source, tag, out, taking)) {
                        return 0;
                    }
                    q.addProber(me);
                } finally {
                    lock.unlock();
                }
                int stop = Waiting.stopReason(job, me);
                if (stop == 0) {
                    LockSupport.parkNanos(q, Waiting.PARK_BACKSTOP_NANOS);
                }
                lock.lock();
                try {
                    q.removeProber(me);
                } finally {
                    lock.unlock();
                }
                if (stop != 0) {
                    return stop;
                }
            }
        } finally {
            activity.awake(parked);
            afterPark();
        }
    }

    private boolean look(ContextQueues q, int source, int tag, ProbeResult out, MatchedMessage taking) {
        lock.lock();
        try {
            return lookLocked(q, source, tag, out, taking);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Under the lock: fills {@code out} with the envelope of the earliest message a receive
     * (source, tag) would match and returns true, or returns false. With {@code taking}, the
     * message also leaves the queues for that handle, and a sender waiting on it can no
     * longer cancel.
     */
    private static boolean lookLocked(ContextQueues q, int source, int tag, ProbeResult out, MatchedMessage taking) {
        UnexpectedMessage m = q.unexpected.find(source, tag);
        if (m == null) {
            return false;
        }
        out.source = m.source;
        out.tag = m.tag;
        out.count = m.count;
        out.type = m.type;
        if (taking != null) {
            q.unexpected.remove(m);
            SendOperation s = m.sender;
            if (s != null) {
                s.queuedIn = null;
                s.queuedAs = null;
            }
            taking.queues = q;
            taking.message = m;
        }
        return true;
    }

    /** Cancels a posted receive that has not matched; true if it was cancelled. */
    public static boolean cancel(ReceiveOperation r) {
        ContextQueues q = r.postedIn;
        if (q == null) {
            return false;
        }
        q.lock.lock();
        try {
            if (!q.posted.remove(r)) {
                return false;
            }
        } finally {
            q.lock.unlock();
        }
        r.cancelled = true;
        r.complete();
        return true;
    }

    /** Cancels a send still waiting unmatched in a receiver's queue; true if it was cancelled. */
    public static boolean cancel(SendOperation s) {
        ContextQueues q = s.queuedIn;
        if (q == null) {
            return false;
        }
        q.lock.lock();
        try {
            UnexpectedMessage m = s.queuedAs;
            if (m == null || !m.queued || m.sender != s) {
                return false;
            }
            q.unexpected.remove(m);
            q.recycle(m);
            s.queuedIn = null;
            s.queuedAs = null;
        } finally {
            q.lock.unlock();
        }
        s.cancelled = true;
        s.finishTransfer();
        return true;
    }
}
