package org.hympj.comm.runtime;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.hympj.comm.match.JobContext;
import org.hympj.comm.match.MatchingEngine;

/**
 * The ranks of one job that live in this JVM: their matching engines, the job's
 * {@link Configuration} (read when the job starts) and the tuning it gives (eager limit,
 * spin and yield budgets), its abort state, and the {@link RemotePath} to the
 * ranks that live in other processes, if any. Ranks {@code firstLocal .. firstLocal +
 * localCount - 1} are local: they have an engine here.
 *
 * <p>Thread support is {@code THREAD_MULTIPLE} because every engine entry point may be
 * called from any thread at any time: matching state is only touched under its context's
 * lock, and an operation is waited on only by the thread that owns it.
 */
public final class Job implements JobContext {
    /** MPI.THREAD_MULTIPLE; see the class comment for why it holds. */
    public static final int THREAD_SUPPORT = 3;

    private final MatchingEngine[] engines;
    private final RankRuntime[] ranks;
    private final int firstLocal;
    private final int localCount;
    private final Configuration configuration;
    /** Set once, before any local rank starts, by the process that hosts this JVM's share of a job. */
    private volatile RemotePath remote;
    private final int spins;
    private final int yields;
    private final AtomicReference<String> abortReason = new AtomicReference<>();
    private volatile int firstFailedRank = -1;
    private volatile int exitCode = 1;
    /** What the ranks run, when the launcher that started them says; else this JVM's own command. */
    private volatile ProgramCommand program;
    /**
     * The collective areas of the communicators whose ranks all live on this node and have a
     * member here, by context and first member: communicators that share a context have no
     * member in common, so the pair names one.
     */
    private final ConcurrentHashMap<Long, CommunicatorArea> collectiveAreas = new ConcurrentHashMap<>();

    /** A job whose ranks all live in this JVM, configured by this JVM's system properties and environment. */
    public Job(int size) {
        this(size, 0, size, Configuration.fromSystem());
    }

    /** As {@link #Job(int, int, int, Configuration)}, configured by this JVM's system properties and environment. */
    public Job(int size, int firstLocal, int localCount) {
        this(size, firstLocal, localCount, Configuration.fromSystem());
    }

    /**
     * A job of {@code size} ranks of which {@code firstLocal .. firstLocal + localCount - 1} live
     * in this JVM, configured by {@code configuration}.
     */
    public Job(int size, int firstLocal, int localCount, Configuration configuration) {
        if (size < 1) {
            throw new IllegalArgumentException("a job needs at least one rank, not " + size);
        }
        if (firstLocal < 0 || localCount < 1 || firstLocal + localCount > size) {
            throw new IllegalArgumentException("local ranks " + firstLocal + ".." + (firstLocal + localCount - 1)
                + " are not a range of a job of " + size + " ranks");
        }
        this.firstLocal = firstLocal;
        this.localCount = localCount;
        this.configuration = configuration;
        // The ranks that share this node's cores: the launchers say (hympjrun, --jvms, a cluster's
        // node, mpirun and srun through ExternalLaunch); a job started otherwise is all here.
        // Not the job's size: 8 ranks on 4 nodes of 2 cores each fit their cores. At least this
        // JVM's own ranks, whatever the configuration says.
        int onNode = Math.max(localCount, configuration.localRanks(size));
        boolean oversubscribed = onNode > Runtime.getRuntime().availableProcessors();
        this.spins = configuration.waitSpins(oversubscribed);
        this.yields = configuration.waitYields(oversubscribed);
        this.engines = new MatchingEngine[size];
        this.ranks = new RankRuntime[size];
        // A rank's inbox carries messages from the other ranks of this JVM: a JVM of one rank has none to carry.
        int inboxLimit = localCount > 1 ? configuration.inboxLimit() : 0;
        for (int r = firstLocal; r < firstLocal + localCount; r++) {
            engines[r] = new MatchingEngine(this, configuration.eagerLimit(), inboxLimit, configuration.inboxBytes());
            ranks[r] = new RankRuntime(this, r);
        }
    }

    /** Records the program the job's ranks run, as the launcher that starts them from a main class knows it. */
    public void runs(ProgramCommand command) {
        program = command;
    }

    /** The program the job's ranks run: as recorded by {@link #runs}, or else the command this JVM was started with. */
    public ProgramCommand program() {
        ProgramCommand p = program;
        return p != null ? p : ProgramCommand.ofThisJvm();
    }

    /** What the job was started with. */
    public Configuration configuration() {
        return configuration;
    }

    /** Connects the ranks of this JVM to those of other processes; before any local rank starts. */
    public void connect(RemotePath path) {
        if (remote != null) {
            throw new IllegalStateException("the job is already connected to its other processes");
        }
        remote = path;
    }

    public boolean isLocal(int worldRank) {
        return worldRank >= firstLocal && worldRank < firstLocal + localCount;
    }

    /**
     * Memory that the members in this JVM of one communicator share (its collective area),
     * kept by the {@link Job} from the first member that asks for it until the last frees it.
     */
    public interface CommunicatorArea {
        /** Counts one member's free; true once every member in this JVM has freed the communicator. */
        boolean freedByAll();
    }

    /**
     * The collective area of the communicator on {@code context} whose rank 0 is world rank
     * {@code firstMember}: the same object for each of its members in this JVM, made by
     * {@code make} for the first that asks. What {@code make} throws reaches that caller, and
     * the next asks again. Every caller asks for the same kind of area.
     */
    @SuppressWarnings("unchecked")
    public <A extends CommunicatorArea> A collectiveArea(int context, int firstMember, Supplier<A> make) {
        return (A) collectiveAreas.computeIfAbsent(areaKey(context, firstMember), k -> make.get());
    }

    /** A member in this JVM of that communicator freed it; the area goes with the last one here. */
    public void collectiveAreaFreed(int context, int firstMember, CommunicatorArea area) {
        if (area.freedByAll()) {
            collectiveAreas.remove(areaKey(context, firstMember), area);
        }
    }

    private static long areaKey(int context, int firstMember) {
        return ((long) context << 32) | (firstMember & 0xffffffffL);
    }

    public int firstLocal() {
        return firstLocal;
    }

    public int localCount() {
        return localCount;
    }

    /** The JVM of world rank {@code worldRank}, numbered across the job (0 when every rank lives here). */
    public int jvmOf(int worldRank) {
        RemotePath r = remote;
        return r == null ? 0 : r.jvmOf(worldRank);
    }

    /** The node of world rank {@code worldRank} (0 when every rank lives here). */
    public int nodeOf(int worldRank) {
        RemotePath r = remote;
        return r == null ? 0 : r.nodeOf(worldRank);
    }

    /** The path to the ranks of other processes, or null if every rank lives here. */
    public RemotePath remote() {
        return remote;
    }

    /** Drains what other processes of this node sent, if this job has any and no other thread is at it; returns the work done. */
    public int progressOwnNode() {
        RemotePath r = remote;
        return r == null ? 0 : r.progressOwnNode();
    }

    /** Reads what other nodes sent, if this job spans nodes and no other thread is at it; returns the work done. */
    public int progressOtherNodes() {
        RemotePath r = remote;
        return r == null ? 0 : r.progressOtherNodes();
    }

    /** As {@link #progressOwnNode} and {@link #progressOtherNodes}, but waits for a thread already draining: see {@link RemotePath#progressAll}. */
    public int progressAll() {
        RemotePath r = remote;
        return r == null ? 0 : r.progressAll();
    }

    /** Called by a waiting thread just before it parks, so the path's background drainer is awake. */
    public void beforePark() {
        RemotePath r = remote;
        if (r != null) {
            r.waiterParking();
        }
    }

    /** Called by a thread that {@link #beforePark} announced, once it is awake again. */
    public void afterPark() {
        RemotePath r = remote;
        if (r != null) {
            r.waiterAwake();
        }
    }

    /** A receive here matched a synchronous send from another process. */
    public void acknowledgeRemote(long syncToken) {
        remote.acknowledge(syncToken);
    }

    public int size() {
        return engines.length;
    }

    public MatchingEngine engine(int worldRank) {
        return engines[worldRank];
    }

    public RankRuntime rank(int worldRank) {
        return ranks[worldRank];
    }

    /** Busy-wait iterations before a waiting thread starts to yield. */
    public int spins() {
        return spins;
    }

    /** Yields before a waiting thread parks. */
    public int yields() {
        return yields;
    }

    /**
     * Aborts the job because {@code rank} failed (or -1 for a reason outside any rank). Only
     * the first abort counts; every waiting thread of the job stops with that reason.
     */
    public void abort(int rank, String reason) {
        abortWithCode(rank, 1, reason);
    }

    /**
     * Aborts the job as {@code MPI.Abort} does: the launcher exits with {@code code}. The
     * other processes of the job, if any, are told.
     */
    public void abortWithCode(int rank, int code, String reason) {
        if (abortFromPeer(rank, code, reason)) {
            RemotePath r = remote;
            if (r != null) {
                r.publishAbort(rank, code, reason);
            }
        }
    }

    /** Aborts the job because another process said so (or died); true if this was the first abort. */
    public boolean abortFromPeer(int rank, int code, String reason) {
        if (abortReason.compareAndSet(null, reason)) {
            firstFailedRank = rank;
            exitCode = code;
            return true;
        }
        return false;
    }

    /** The exit status a failed job ends with: 1, or the code given to {@code MPI.Abort}. */
    public int exitCode() {
        return exitCode;
    }

    /** Why the job was aborted, or null while it runs. */
    public String abortReason() {
        return abortReason.get();
    }

    /** The rank whose failure aborted the job, or -1. */
    public int firstFailedRank() {
        return firstFailedRank;
    }
}
