package org.hympj.comm.process;

import static org.hympj.comm.process.NodeSegmentDescriptor.*;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.hympj.comm.match.SendOperation;
import org.hympj.comm.match.Waiting;
import org.hympj.comm.errors.ErrorClass;
import org.hympj.comm.runtime.Configuration;
import org.hympj.comm.runtime.Job;
import org.hympj.comm.runtime.NodeMemory;
import org.hympj.comm.runtime.RemotePath;
import org.hympj.rings.ProgressHook;
import org.hympj.shm.JobDirectory;
import org.hympj.shm.JobId;
import org.hympj.shm.ProcessIdentity;
import org.hympj.shm.SegmentHeaderDescriptor;
import org.hympj.shm.SharedSegment;
import org.hympj.comm.protocol.MessageDescriptor;
import org.hympj.comm.runtime.ProcessLayout;

/**
 * The process path of one JVM: its segment (control block and inbound rings, see
 * {@link NodeSegmentDescriptor}), its rings into the other JVMs' segments, and the state
 * that spans them: synchronous sends waiting for their acknowledgement, acknowledgements
 * waiting for room, and what is known of the other processes (finished, aborted, dead).
 *
 * <p>Sending is done by the sending thread (see {@link OutboundRing}); reading is done by
 * whichever thread calls {@link #progress} first: a rank thread waiting for a message, a
 * writer waiting for room, or the {@link ProgressAgent} when no rank is in MPI. One thread
 * at a time holds the drain lock; the others return at once and watch their own operation.
 *
 * <p>A drain never waits to write (acknowledgements are queued and written when there is
 * room), and a writer waiting for room drains: so two processes filling each other's rings
 * always make progress.
 */
public final class RingPath implements RemotePath, NodeMemory, AutoCloseable {
    /**
     * The window a writer keeps to in its ring while that copies faster than the whole ring
     * ({@link org.hympj.rings.CopyRateWindow}; so while lines move fast between the two cores),
     * and the smallest default ring up to 8 JVMs.
     */
    public static final int NARROW_WINDOW_BYTES = 2 << 20;
    /** The largest default ring: what a writer widens its window to while that copies faster. */
    public static final int WIDE_RING_BYTES = 64 << 20;
    /** Ring capacity per ordered pair of JVMs on a node of more JVMs than fit the budget at {@link #NARROW_WINDOW_BYTES}. */
    public static final int SMALL_RING_BYTES = 1 << 20;
    /**
     * The smallest default ring, on a shared-memory file system too small for the others (a
     * container's 64 MB /dev/shm and 6 JVMs or more): an eighth of it, less a header, still
     * holds a {@link #DEFAULT_FRAGMENT_BYTES} fragment.
     */
    public static final int MIN_RING_BYTES = 256 << 10;
    /** What the rings of a node's JVMs may take together, at most a quarter of the shared-memory file system. */
    public static final long NODE_RING_BUDGET = 128L << 20;
    /** Default fragment size of streamed messages, and the largest inline payload. */
    public static final int DEFAULT_FRAGMENT_BYTES = Configuration.SHM_FRAGMENT_BYTES_DEFAULT;

    private final Job job;
    private final ProcessLayout layout;
    private final int me;
    private final JobDirectory directory;
    private final SharedSegment own;
    private final UnsafeBuffer control;
    private final SharedSegment[] peerSegments;
    private final UnsafeBuffer[] peerControl;
    private final ProcessHandle[] peerProcesses;
    /** How long each peer's heartbeat has stood still; the agent's alone. */
    private final HeartbeatWatch heartbeats;
    private final OutboundRing[] outbound;
    private final InboundRing[] inbound;
    private final int fragmentBytes;
    /** Per peer JVM: what a writer waiting for room in its ring does (drain, or give up). */
    private final ProgressHook[] writerProgress;

    private final AtomicBoolean draining = new AtomicBoolean();
    /**
     * Polls by threads other than the agent, empty or not; the agent backs off while this
     * moves. A hint, not a count: threads bump it with a plain read and an ordered write (no
     * fence on the polling path), so concurrent bumps may be lost, and the agent only asks
     * whether it moved within its watch period.
     */
    private final AtomicInteger foreignPolls = new AtomicInteger();
    /** Threads of this JVM parked waiting for a message, which only the agent drains for. */
    private final AtomicInteger parkedWaiters = new AtomicInteger();

    /** The node memory this JVM has mapped, by name. */
    private final Map<String, SharedSegment> nodeMemory = new ConcurrentHashMap<>();

    private final Long2ObjectHashMap<SendOperation> awaitingAck = new Long2ObjectHashMap<>();
    private long nextSyncSequence = 1;

    private long[] acksToWrite = new long[16];
    private int ackCount;
    private volatile boolean acksPending;

    private volatile boolean inFlightFailed;
    private volatile ProgressAgent agent;
    /** Set by a launcher whose JVM exits once this path is closed: the mappings are then left to the exit. */
    private volatile boolean mappingsEndWithTheJvm;
    /** The launcher, if there is one: its death ends the job (nobody would clean up after it). */
    private ProcessHandle launcher;

    private RingPath(Job job, ProcessLayout layout, int me, JobDirectory directory, SharedSegment own, int ringBytes,
                     int fragmentBytes) {
        this.job = job;
        this.layout = layout;
        this.me = me;
        this.directory = directory;
        this.own = own;
        this.control = new UnsafeBuffer(own.data(), 0, CONTROL_LENGTH);
        int jvms = layout.jvms();
        this.peerSegments = new SharedSegment[jvms];
        this.peerControl = new UnsafeBuffer[jvms];
        this.peerProcesses = new ProcessHandle[jvms];
        this.heartbeats = new HeartbeatWatch(jvms, System.nanoTime());
        this.outbound = new OutboundRing[jvms];
        this.inbound = new InboundRing[jvms - 1];
        int ringLength = ringBytes + RingBufferDescriptor.TRAILER_LENGTH;
        for (int sender = 0, k = 0; sender < jvms; sender++) {
            if (sender != me) {
                inbound[k++] = new InboundRing(sender, new UnsafeBuffer(own.data(), ringOffset(sender, me, ringBytes), ringLength),
                    job, this);
            }
        }
        this.fragmentBytes = fragmentBytes;
        this.writerProgress = new ProgressHook[jvms];
        for (int peer = 0; peer < jvms; peer++) {
            int jvm = peer;
            writerProgress[peer] = () -> {
                String stop = job.abortReason();
                if (stop != null) {
                    throw new PathStoppedException("the job was aborted: " + stop);
                }
                String gone = peerGone(jvm);
                if (gone != null) {
                    throw new PathStoppedException(gone);
                }
                return progress();
            };
        }
    }

    /**
     * Creates this JVM's segment in the job's directory and maps every other JVM's, waiting
     * up to {@code wireUpMillis} for them to appear. Call before any local rank starts.
     */
    public static RingPath open(Job job, ProcessLayout layout, int me, JobId jobId, int ringBytes, int fragmentBytes,
                                long wireUpMillis) {
        if (Integer.bitCount(ringBytes) != 1 || ringBytes < 4096) {
            throw new IllegalArgumentException("the ring size must be a power of two of at least 4096 bytes, not " + ringBytes);
        }
        // An inline record is as large as a fragment, and must fit the narrow window a writer may keep to.
        int window = Math.min(ringBytes, NARROW_WINDOW_BYTES);
        int largestFragment = window / 8 - MessageDescriptor.HEADER_LENGTH;
        if (fragmentBytes < 1 || fragmentBytes > largestFragment) {
            throw new IllegalArgumentException("fragments of " + fragmentBytes + " bytes do not fit a ring window of " + window
                + " bytes: at most " + largestFragment);
        }
        long dataLength = dataLength(layout.jvms(), ringBytes);
        if (dataLength > Integer.MAX_VALUE - SegmentHeaderDescriptor.HEADER_LENGTH) {
            throw new IllegalArgumentException(layout.jvms() + " JVMs with rings of " + ringBytes
                + " bytes need a segment larger than 2 GiB; use fewer JVMs or smaller rings");
        }
        JobDirectory directory = JobDirectory.open(jobId);
        RingPath path = null;
        try {
            SharedSegment own = directory.createSegment(segmentName(me), (int) dataLength);
            path = new RingPath(job, layout, me, directory, own, ringBytes, fragmentBytes);
            path.control.putIntRelease(STATUS_OFFSET, STATUS_RUNNING);
            path.wireUp(ringBytes, System.currentTimeMillis() + wireUpMillis);
            return path;
        } catch (RuntimeException e) {
            if (path != null) {
                path.closeMappings();
            }
            directory.close();
            throw e;
        }
    }

    /**
     * The default capacity of each ring on a node of {@code jvms} JVMs whose shared-memory file
     * system holds {@code shmTotalBytes} (0 if unknown): the largest power of two up to
     * {@link #WIDE_RING_BYTES} with which the node's {@code jvms * (jvms - 1)} rings take at most
     * the budget (the lesser of {@link #NODE_RING_BUDGET} and a quarter of the file system), and
     * never less than {@link #NARROW_WINDOW_BYTES} up to 8 JVMs, else {@link #SMALL_RING_BYTES},
     * while rings of that size take at most half the file system; on one too small for that,
     * as large as its quarter allows, down to {@link #MIN_RING_BYTES}. Two JVMs get 64 MiB
     * rings on a large /dev/shm, of which the writer uses the first 2 MiB or the whole,
     * whichever its copies measure faster (docs/decisions/ring-size-and-writer-window.md); a
     * segment takes its memory when it is created. The narrow window is larger than a core's L2,
     * so that a writer's stores find lines that have left the reader's L2 since the last lap,
     * and small beside the L3, which it shares with the program's own data. Every JVM of a node
     * computes the same size from the same count and file system, as the layout of their
     * segments requires.
     */
    public static int defaultRingBytes(int jvms, long shmTotalBytes) {
        long rings = (long) jvms * (jvms - 1);
        int floor = rings * NARROW_WINDOW_BYTES > NODE_RING_BUDGET ? SMALL_RING_BYTES : NARROW_WINDOW_BYTES;
        if (shmTotalBytes <= 0) {
            return floor;
        }
        long perRing = Math.min(NODE_RING_BUDGET, shmTotalBytes / 4) / rings;
        if (perRing >= floor) {
            return Integer.highestOneBit((int) Math.min(WIDE_RING_BYTES, perRing));
        }
        if (rings * floor <= shmTotalBytes / 2) {
            return floor;
        }
        return perRing <= MIN_RING_BYTES ? MIN_RING_BYTES : Integer.highestOneBit((int) perRing);
    }

    static String segmentName(int jvm) {
        return "jvm-" + jvm;
    }

    private void wireUp(int ringBytes, long deadline) {
        int ringLength = ringBytes + RingBufferDescriptor.TRAILER_LENGTH;
        for (int peer = 0; peer < layout.jvms(); peer++) {
            if (peer == me) {
                continue;
            }
            Path file = directory.path().resolve(segmentName(peer));
            // A segment is there once its file has its full length (its creator sizes it in one step, before the header).
            while (directory.segmentLength(segmentName(peer)) <= SegmentHeaderDescriptor.HEADER_LENGTH) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException("the JVM of " + layout.describeRanks(peer) + " did not create its segment "
                        + file + " in time; raise -Dhympj.wireup.timeout.seconds if the node is very busy");
                }
                sleepMillis(5);
            }
            SharedSegment segment = directory.openSegment(segmentName(peer));
            peerSegments[peer] = segment;
            long expected = dataLength(layout.jvms(), ringBytes);
            if (segment.data().capacity() != expected) {
                throw new IllegalStateException("the JVM of " + layout.describeRanks(peer) + " laid out its rings for another "
                    + "ring size (its segment holds " + segment.data().capacity() + " bytes, rings of " + ringBytes
                    + " bytes need " + expected + "): give every JVM of the job the same -Dhympj.shm.ring.bytes, or none");
            }
            peerControl[peer] = new UnsafeBuffer(segment.data(), 0, CONTROL_LENGTH);
            Optional<ProcessHandle> process = ProcessHandle.of(segment.creator().pid());
            peerProcesses[peer] = process.orElse(null);
            outbound[peer] = new OutboundRing(peer, new UnsafeBuffer(segment.data(), ringOffset(me, peer, ringBytes), ringLength),
                NARROW_WINDOW_BYTES, writerProgress[peer]);
        }
    }

    /**
     * Starts the thread that drains, heartbeats and watches the other processes (and the
     * launcher, if not null) while no rank does; a peer is taken for hung after the job's
     * liveness timeout.
     */
    public void startProgressAgent(long parkMicros, ProcessHandle launcher) {
        this.launcher = launcher;
        agent = new ProgressAgent(this, "hympj-progress-jvm-" + me, parkMicros, job.configuration().livenessTimeoutMillis());
        agent.start();
    }

    /** This node's JVMs, numbered as the layout numbers them (a job of one node). */
    @Override
    public int jvmOf(int worldRank) {
        return layout.jvmOf(worldRank);
    }

    @Override
    public int nodeOf(int worldRank) {
        return 0;
    }

    // ---------------------------------------------------------------- sending

    @Override
    public void send(int destWorldRank, SendOperation s) {
        int jvm = layout.jvmOf(destWorldRank);
        String gone = peerGone(jvm);
        if (gone != null) {
            s.failRemote(ErrorClass.ERR_OTHER, "cannot send to rank " + destWorldRank + ": " + gone);
            return;
        }
        long token = 0;
        if (s.mode() == SendOperation.SYNCHRONOUS) {
            token = awaitAck(s);
        }
        try {
            outbound[jvm].write(destWorldRank, s, token, fragmentBytes);
        } catch (PathStoppedException e) {
            if (token != 0) {
                synchronized (awaitingAck) {
                    awaitingAck.remove(token);
                }
            }
            s.failRemote(ErrorClass.ERR_OTHER, "send to rank " + destWorldRank + " failed: " + e.getMessage());
            return;
        }
        if (token == 0) {
            s.completeRemote();
        }
    }

    /** Why JVM {@code jvm} can receive no more, or null while it can. */
    private String peerGone(int jvm) {
        int status = peerControl[jvm].getIntVolatile(STATUS_OFFSET);
        if (status == STATUS_FINISHED) {
            return layout.describeRanks(jvm) + " already finished (its process ended normally)";
        }
        if (status == STATUS_ABORTED) {
            return layout.describeRanks(jvm) + " aborted: " + readReason(peerControl[jvm]);
        }
        return null;
    }

    private long awaitAck(SendOperation s) {
        synchronized (awaitingAck) {
            long token = ((long) me << 48) | nextSyncSequence++;
            awaitingAck.put(token, s);
            return token;
        }
    }

    /** An acknowledgement arrived: the synchronous send with {@code token} is matched. */
    void syncAcknowledged(long token) {
        SendOperation s;
        synchronized (awaitingAck) {
            s = awaitingAck.remove(token);
        }
        if (s != null) {
            s.completeRemote();
        }
    }

    @Override
    public void acknowledge(long syncToken) {
        synchronized (this) {
            if (ackCount == acksToWrite.length) {
                acksToWrite = java.util.Arrays.copyOf(acksToWrite, ackCount * 2);
            }
            acksToWrite[ackCount++] = syncToken;
            acksPending = true;
        }
    }

    private synchronized int writeAcks() {
        int kept = 0;
        for (int i = 0; i < ackCount; i++) {
            long token = acksToWrite[i];
            if (!outbound[(int) (token >>> 48)].tryAcknowledge(token)) {
                acksToWrite[kept++] = token;
            }
        }
        int written = ackCount - kept;
        ackCount = kept;
        acksPending = kept > 0;
        return written;
    }

    // ---------------------------------------------------------------- reading

    @Override
    public int progress() {
        // Look before locking: a waiting thread polls this, and an empty poll that takes and
        // releases the lock costs two locked instructions, which delay the poll that finds the
        // message. Test before the CAS too: threads that find the lock taken do not fight over its line.
        if (Thread.currentThread() != agent) {
            foreignPolls.lazySet(foreignPolls.get() + 1);
        }
        if (!hasWork() || draining.get() || !draining.compareAndSet(false, true)) {
            return 0;
        }
        return drainHeld(true);
    }

    /** True if some inbound ring has a record at its head, or acknowledgements wait to be written. */
    private boolean hasWork() {
        if (acksPending) {
            return true;
        }
        for (InboundRing ring : inbound) {
            if (ring.hasRecord()) {
                return true;
            }
        }
        return false;
    }

    /**
     * A message another process wrote before this call is in some inbound ring; a drainer
     * that holds the lock now may already have passed that ring, so returning when the lock
     * is taken (as {@link #progress} does) could leave it there. Waiting for the lock and
     * draining every ring once ourselves cannot. Drains are bounded and a drainer blocks on
     * nothing this thread holds, so the wait is short and cannot deadlock.
     */
    @Override
    public int progressAll() {
        // Yields now and then, as every spinning wait does: a drainer preempted on a shared core
        // gets it back at once.
        for (int polls = 1; draining.get() || !draining.compareAndSet(false, true); polls++) {
            Waiting.idle(polls);
        }
        return drainHeld(false);
    }

    /**
     * The drain itself, by the thread that holds the drain lock; releases it. A poll
     * ({@code stopAtCompletion}) leaves a ring after a message that completes the polling
     * thread's own blocking receive, so that the call returns at once; {@link #progressAll}
     * reads each ring's batch whole.
     */
    private int drainHeld(boolean stopAtCompletion) {
        try {
            int work = 0;
            for (InboundRing ring : inbound) {
                work += ring.drain(stopAtCompletion);
            }
            if (acksPending) {
                work += writeAcks();
            }
            return work;
        } finally {
            draining.set(false);
        }
    }

    // ---------------------------------------------------------------- liveness and abort

    @Override
    public void publishAbort(int rank, int exitCode, String reason) {
        if (control.getIntVolatile(STATUS_OFFSET) != STATUS_RUNNING) {
            return;
        }
        byte[] text = reason.getBytes(StandardCharsets.UTF_8);
        int n = Math.min(text.length, MAX_REASON_LENGTH);
        control.putInt(EXIT_CODE_OFFSET, exitCode);
        control.putInt(FAILED_RANK_OFFSET, rank);
        control.putInt(REASON_LENGTH_OFFSET, n);
        control.putBytes(REASON_OFFSET, text, 0, n);
        // Release: a peer that reads ABORTED (acquire) reads the fields above.
        control.putIntRelease(STATUS_OFFSET, STATUS_ABORTED);
    }

    private static String readReason(UnsafeBuffer c) {
        int n = Math.min(c.getInt(REASON_LENGTH_OFFSET), MAX_REASON_LENGTH);
        byte[] text = new byte[Math.max(n, 0)];
        c.getBytes(REASON_OFFSET, text);
        return new String(text, StandardCharsets.UTF_8);
    }

    @Override
    public void waiterParking() {
        // Count before the wake-up: an agent that wakes and finds no parked waiter could go
        // back to its quiet parks with this thread about to park.
        parkedWaiters.incrementAndGet();
        ProgressAgent a = agent;
        if (a != null) {
            a.wake();
        }
    }

    @Override
    public void waiterAwake() {
        parkedWaiters.decrementAndGet();
    }

    /** True while some thread of this JVM is parked waiting for a message (see {@link ProgressAgent}). */
    boolean hasParkedWaiters() {
        return parkedWaiters.get() > 0;
    }

    /** A number that moves while rank threads poll the rings themselves (see {@link ProgressAgent}). */
    int foreignPolls() {
        return foreignPolls.get();
    }

    /**
     * Beats this process's heart and looks at every other: one that aborted aborts this JVM's
     * ranks with its reason; one whose process is gone without finishing aborts them as dead;
     * one whose process lives but whose heartbeat has stood still for the liveness timeout
     * ({@link HeartbeatWatch}) aborts them as hung. Called by the {@link ProgressAgent} every
     * {@link ProgressAgent#WATCH_PERIOD_MILLIS} ms.
     */
    void watchPeers(long livenessTimeoutMillis) {
        own.heartbeat();
        if (launcher != null && !launcher.isAlive()) {
            job.abortFromPeer(-1, 1, "the launcher (hympjrun, process " + launcher.pid() + ") died");
        }
        heartbeats.startWatch(System.nanoTime());
        for (int peer = 0; peer < layout.jvms() && job.abortReason() == null; peer++) {
            if (peer == me) {
                continue;
            }
            UnsafeBuffer c = peerControl[peer];
            int status = c.getIntVolatile(STATUS_OFFSET);
            if (status == STATUS_ABORTED) {
                // Passed on, as every aborting JVM does: a JVM of another node must learn the first
                // loss from this one before it sees this JVM end, or it blames this JVM.
                job.abortWithCode(c.getInt(FAILED_RANK_OFFSET), c.getInt(EXIT_CODE_OFFSET), readReason(c));
            } else if (status == STATUS_RUNNING) {
                ProcessHandle process = peerProcesses[peer];
                if (process == null || !process.isAlive()) {
                    // Re-read: a peer that finished just before it exited is not dead.
                    if (c.getIntVolatile(STATUS_OFFSET) == STATUS_RUNNING) {
                        // Published, like the verdict below: a JVM that watches later reads this
                        // reason from our segment, not our own exit, which it would take for a death.
                        job.abortWithCode(layout.firstRank(peer), 1, layout.describeRanks(peer) + " (process "
                            + peerSegments[peer].creator().pid() + ") died without finishing");
                    }
                } else if (heartbeats.silentNanos(peer, peerSegments[peer].heartbeats()) > livenessTimeoutMillis * 1_000_000) {
                    ProcessIdentity silent = peerSegments[peer].creator();
                    job.abortWithCode(layout.firstRank(peer), 1, layout.describeRanks(peer) + " (process " + silent.pid()
                        + ") has not responded for " + livenessTimeoutMillis / 1000 + " s: " + describeSilence(silent));
                }
            }
        }
        if (job.abortReason() != null && !inFlightFailed) {
            failInFlight(job.abortReason());
        }
    }

    /** What held a process whose heartbeat stood still; one that runs is asked for its threads' stacks, for the user. */
    private static String describeSilence(ProcessIdentity silent) {
        if (silent.isStopped()) {
            return "it is stopped (SIGSTOP, SIGTSTP or a debugger)";
        }
        return "it runs, but its progress thread has not" + (silent.requestThreadDump()
            ? " (its threads' stacks are in its output, from SIGQUIT)" : "");
    }

    /** The progress agent stopped on {@code failure}: the job cannot go on, and every process is told why. */
    void agentFailed(Throwable failure) {
        job.abortWithCode(-1, 1, "the progress thread of " + layout.describeRanks(me) + " (process "
            + ProcessHandle.current().pid() + ") failed: " + failure);
        failure.printStackTrace();
        if (!inFlightFailed) {
            failInFlight(job.abortReason());
        }
    }

    /**
     * After an abort: fails every operation that waits on another process and would
     * otherwise wait for ever (synchronous sends, receives in the middle of a stream).
     */
    private void failInFlight(String reason) {
        inFlightFailed = true;
        while (!draining.compareAndSet(false, true)) {
            Thread.onSpinWait();
        }
        try {
            for (InboundRing ring : inbound) {
                ring.abandonStream("the job was aborted while the message was arriving: " + reason);
            }
        } finally {
            draining.set(false);
        }
        List<SendOperation> waiting;
        synchronized (awaitingAck) {
            waiting = new ArrayList<>(awaitingAck.values());
            awaitingAck.clear();
        }
        for (SendOperation s : waiting) {
            s.failRemote(ErrorClass.ERR_OTHER, "the job was aborted before the synchronous send was matched: " + reason);
        }
    }

    /**
     * The goodbye of a JVM whose ranks all ended normally: writes the acknowledgements still
     * owed to other processes' synchronous sends, marks the segment FINISHED (so the others
     * do not take this exit for a death), then stops and removes the segment.
     */
    public void finish(long timeoutMillis) {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (acksPending && job.abortReason() == null && System.currentTimeMillis() < deadline) {
            if (progress() == 0) {
                Thread.yield();
            }
        }
        control.putIntRelease(STATUS_OFFSET, STATUS_FINISHED);
        close();
    }

    /**
     * Says that this JVM exits once this path is closed (a JVM that a launcher started for the
     * job's ranks alone): {@link #close} then leaves the mappings to the exit.
     */
    public void leaveMappingsToTheJvmsExit() {
        mappingsEndWithTheJvm = true;
    }

    /**
     * Stops the agent and removes this JVM's segment; unmaps every segment unless the job was
     * aborted or the JVM exits next ({@link #leaveMappingsToTheJvmsExit}). Threads that have not
     * seen the job end (a window's service thread, a rank thread past its grace, a program's
     * own thread in an MPI call, a rank that returned without freeing its window) may still
     * read the rings: unmapped under them, the JVM would crash (SIGSEGV) instead of ending with
     * the job's report. Left mapped, a segment whose file is gone ends with the JVM or once
     * nothing refers to its mapping, as a file the JDK mapped does; in a JVM that goes on, that
     * is a warm-up's private job stopped for outliving its budget, a few small rings.
     */
    @Override
    public void close() {
        if (agent != null) {
            agent.stopAndJoin();
        }
        if (job.abortReason() == null && !mappingsEndWithTheJvm) {
            closeMappings();
            directory.close();
        } else {
            directory.closeLeavingMappings();
        }
    }

    @Override
    public ByteBuffer map(String name, int bytes, boolean create) {
        SharedSegment segment = create ? directory.createSegment(name, bytes) : directory.openSegment(name);
        nodeMemory.put(name, segment);
        UnsafeBuffer data = segment.data();
        ByteBuffer mapping = data.byteBuffer().duplicate();
        mapping.limit(data.wrapAdjustment() + bytes).position(data.wrapAdjustment());
        return mapping.slice().order(ByteOrder.nativeOrder());
    }

    @Override
    public void unlink(String name) {
        directory.unlink(nodeMemory.get(name));
    }

    @Override
    public void unmap(String name) {
        SharedSegment segment = nodeMemory.remove(name);
        if (segment != null) {
            segment.close();
        }
    }

    private void closeMappings() {
        for (SharedSegment s : nodeMemory.values()) {
            s.close();
        }
        for (SharedSegment s : peerSegments) {
            if (s != null) {
                s.close();
            }
        }
    }

    static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while wiring up the job's processes", e);
        }
    }
}
