package org.hympj.nested;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BinaryOperator;

/**
 * A team of threads for the cores one rank owns, with OpenMP-like constructs at a small
 * fraction of a fork-join pool's cost per region. The thread that starts a region is thread
 * 0; the team's other {@code size - 1} threads are created once and wait between regions,
 * spinning briefly, then parked.
 *
 * <pre>{@code
 * try (Team team = Team.create()) {                      // sized to this rank's cores
 *     team.parallelFor(1, n - 1, (lo, hi) -> { for (int i = lo; i < hi; i++) next[i] = (u[i-1] + u[i+1]) / 2; });
 *     double norm = team.parallelReduce(0, n, Reduction.SUM, (lo, hi) -> { double s = 0; for (int i = lo; i < hi; i++) s += u[i] * u[i]; return s; });
 *     team.parallel(ctx -> { ...; ctx.barrier(); ctx.single(() -> ...); ctx.forRange(0, m, Schedule.DYNAMIC, 16, body); });
 * }
 * }</pre>
 *
 * <p>Rules: a team runs one region at a time (another thread starting one meanwhile gets an
 * {@code IllegalStateException}); a region started inside a region, of any team, runs
 * serially in the calling thread; a throwable in any team thread ends the region, and the
 * caller gets a {@link TeamException} with it as the cause, while the team stays usable.
 * Reductions combine per-thread partials of fixed blocks in thread order, so the same team
 * size gives the same result, bit for bit, every run. Once warm, the team allocates nothing
 * per region. Any team thread may call MPI (the runtime provides {@code THREAD_MULTIPLE}).
 */
public final class Team implements AutoCloseable {
    static final int BARRIER_SENSE = 0;
    static final int GENERATION_CHANGED = 1;
    static final int WORKERS_DONE = 2;

    private static final AtomicInteger TEAMS = new AtomicInteger();
    /** True while this thread runs a region body (workers always): a region started then runs serially. */
    private static final ThreadLocal<Boolean> IN_REGION = ThreadLocal.withInitial(() -> Boolean.FALSE);

    /** Thrown inside team threads to unwind them once another thread has failed. */
    private static final class RegionAborted extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final RegionAborted INSTANCE = new RegionAborted();

        private RegionAborted() {
            super("region aborted", null, false, false);
        }
    }

    private final int size;
    private final int spins;
    private final int yields;
    private final TeamContext[] contexts;
    final TeamBarrier barrier;
    private final LoopCounter[] counters = {new LoopCounter(), new LoopCounter()};
    private final Thread[] workers;

    private volatile int generation;
    private volatile boolean closed;
    private RegionBody body;
    private final AtomicInteger workersRunning = new AtomicInteger();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile int failedThread;
    private final AtomicBoolean busy = new AtomicBoolean();

    // The convenience forms run preallocated regions that read these fields, set before each region.
    private int loopLo;
    private int loopHi;
    private Schedule loopSchedule;
    private int loopChunk;
    private RangeBody loopBody;
    private Reduction reduction;
    private DoubleRangeFunction doubleFunction;
    private LongRangeFunction longFunction;
    private RangeFunction<?> objectFunction;
    private Runnable[] sectionList;
    /** Per-thread partial results, 8 slots apart so that threads do not share a cache line. */
    private final double[] doublePartials;
    private final long[] longPartials;
    private final Object[] objectPartials;
    private final boolean[] partialPresent;
    private final RegionBody loopRegion;
    private final RegionBody doubleReduceRegion;
    private final RegionBody longReduceRegion;
    private final RegionBody objectReduceRegion;
    private final RegionBody sectionsRegion;

    private Team(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a team needs at least 1 thread, not " + size);
        }
        this.size = size;
        boolean oversubscribed = TeamSizing.oversubscribed(size);
        this.spins = TeamSizing.spins(oversubscribed);
        this.yields = TeamSizing.yields(oversubscribed);
        this.contexts = new TeamContext[size];
        for (int t = 0; t < size; t++) {
            contexts[t] = new TeamContext(this, t);
        }
        this.barrier = new TeamBarrier(this);
        this.doublePartials = new double[size * 8];
        this.longPartials = new long[size * 8];
        this.objectPartials = new Object[size * 8];
        this.partialPresent = new boolean[size * 8];
        this.loopRegion = ctx -> ctx.forRange(loopLo, loopHi, loopSchedule, loopChunk, loopBody);
        this.doubleReduceRegion = ctx -> {
            int t = ctx.threadId();
            int from = blockStart(t);
            int to = blockStart(t + 1);
            doublePartials[t * 8] = to > from ? doubleFunction.apply(from, to) : reduction.identity(0.0);
        };
        this.longReduceRegion = ctx -> {
            int t = ctx.threadId();
            int from = blockStart(t);
            int to = blockStart(t + 1);
            longPartials[t * 8] = to > from ? longFunction.apply(from, to) : reduction.identity(0L);
        };
        this.objectReduceRegion = ctx -> {
            int t = ctx.threadId();
            int from = blockStart(t);
            int to = blockStart(t + 1);
            partialPresent[t * 8] = to > from;
            objectPartials[t * 8] = to > from ? objectFunction.apply(from, to) : null;
        };
        this.sectionsRegion = ctx -> ctx.sections(sectionList);
        int id = TEAMS.incrementAndGet();
        this.workers = new Thread[size];
        for (int t = 1; t < size; t++) {
            int thread = t;
            Thread w = new Thread(() -> workerLoop(thread), "hympj-team-" + id + "-" + t);
            w.setDaemon(true);
            contexts[t].thread = w;
            workers[t] = w;
        }
        for (int t = 1; t < size; t++) {
            workers[t].start();
        }
    }

    /**
     * A team sized to the cores this rank owns (see {@link TeamSizing}).
     *
     * @return a new team; close it when done
     */
    public static Team create() {
        return new Team(TeamSizing.defaultThreads());
    }

    /**
     * A team of {@code threads} threads, the calling thread included.
     *
     * @param threads the team's size, at least 1
     * @return a new team; close it when done
     */
    public static Team create(int threads) {
        return new Team(threads);
    }

    /**
     * The team's threads, the thread that runs its regions included.
     *
     * @return the team's size
     */
    public int size() {
        return size;
    }

    // ---------------------------------------------------------------- regions

    /**
     * Runs {@code region} once on every thread of the team and returns when all have finished.
     * Called inside a region, it runs {@code region} once on the calling thread (regions do not nest).
     *
     * @param region the code every thread runs, with its own {@link TeamContext}
     * @throws TeamException if a thread threw in the region (the first throwable is its cause)
     * @throws IllegalStateException if the team is closed, or runs a region another thread started
     */
    public void parallel(RegionBody region) {
        Objects.requireNonNull(region, "region");
        if (IN_REGION.get()) {
            region.run(TeamContext.SERIAL);
            return;
        }
        if (closed) {
            throw new IllegalStateException("the team is closed");
        }
        if (!busy.compareAndSet(false, true)) {
            throw new IllegalStateException("the team is running a region started by another thread;"
                + " a team runs one region at a time");
        }
        TeamEvents.Region event = TeamEvents.on() ? new TeamEvents.Region() : null;
        if (event != null) {
            event.begin();
        }
        try {
            body = region;
            failure.set(null);
            barrier.reset();
            counters[0].reset();
            counters[1].reset();
            for (TeamContext c : contexts) {
                c.constructs = 0;
                c.barrierSense = 0;
            }
            contexts[0].thread = Thread.currentThread();
            workersRunning.set(size - 1);
            generation = generation + 1;  // the volatile write that publishes all of the above
            unparkAll();
            IN_REGION.set(Boolean.TRUE);
            try {
                runBody(0);
            } finally {
                IN_REGION.set(Boolean.FALSE);
            }
            waitFor(contexts[0], WORKERS_DONE, 0);
            body = null;
        } finally {
            busy.set(false);
        }
        if (event != null) {
            event.threads = size;
            event.commit();
        }
        Throwable failed = failure.get();
        if (failed != null) {
            throw new TeamException(failedThread, failed);
        }
    }

    /**
     * A parallel loop over {@code [lo, hi)}, one contiguous block per thread.
     *
     * @param lo the first index
     * @param hi the index after the last
     * @param body runs once per block, with the block's bounds
     */
    public void parallelFor(int lo, int hi, RangeBody body) {
        parallelFor(lo, hi, Schedule.STATIC, 0, body);
    }

    /**
     * A parallel loop over {@code [lo, hi)} with a schedule (see
     * {@link TeamContext#forRange(int, int, Schedule, int, RangeBody)}).
     *
     * @param lo the first index
     * @param hi the index after the last
     * @param schedule how the indices are dealt to the threads
     * @param chunk the indices a thread takes at a time: for STATIC, 0 deals one block per thread;
     *        DYNAMIC and GUIDED need at least 1
     * @param body runs once per chunk, with the chunk's bounds
     */
    public void parallelFor(int lo, int hi, Schedule schedule, int chunk, RangeBody body) {
        checkLoop(lo, hi, schedule, chunk, body);
        if (IN_REGION.get()) {
            if (hi > lo) {
                body.run(lo, hi);
            }
            return;
        }
        loopLo = lo;
        loopHi = hi;
        loopSchedule = schedule;
        loopChunk = chunk;
        loopBody = body;
        try {
            parallel(loopRegion);
        } finally {
            loopBody = null;
        }
    }

    /**
     * Reduces {@code function}'s partials over {@code [lo, hi)} with a built-in double reduction.
     *
     * @param lo the first index
     * @param hi the index after the last
     * @param op how the partials combine
     * @param function the partial result of one thread's block
     * @return the partials combined; the reduction's identity if the range is empty
     */
    public double parallelReduce(int lo, int hi, Reduction op, DoubleRangeFunction function) {
        checkRange(lo, hi);
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(function, "function");
        if (IN_REGION.get()) {
            return hi > lo ? function.apply(lo, hi) : op.identity(0.0);
        }
        loopLo = lo;
        loopHi = hi;
        reduction = op;
        doubleFunction = function;
        try {
            parallel(doubleReduceRegion);
        } finally {
            doubleFunction = null;
        }
        double result = doublePartials[0];
        for (int t = 1; t < size; t++) {
            result = op.combine(result, doublePartials[t * 8]);
        }
        return result;
    }

    /**
     * Reduces {@code function}'s partials over {@code [lo, hi)} with a built-in long reduction.
     * A name of its own, not an overload of the double form: a lambda such as
     * {@code (lo, hi) -> count(lo, hi)} fits both function types, and Java would refuse the call
     * as ambiguous.
     *
     * @param lo the first index
     * @param hi the index after the last
     * @param op how the partials combine
     * @param function the partial result of one thread's block
     * @return the partials combined; the reduction's identity if the range is empty
     */
    public long parallelReduceLong(int lo, int hi, Reduction op, LongRangeFunction function) {
        checkRange(lo, hi);
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(function, "function");
        if (IN_REGION.get()) {
            return hi > lo ? function.apply(lo, hi) : op.identity(0L);
        }
        loopLo = lo;
        loopHi = hi;
        reduction = op;
        longFunction = function;
        try {
            parallel(longReduceRegion);
        } finally {
            longFunction = null;
        }
        long result = longPartials[0];
        for (int t = 1; t < size; t++) {
            result = op.combine(result, longPartials[t * 8]);
        }
        return result;
    }

    /**
     * Reduces partials of any type with a user combiner, applied in thread order to the
     * partials of the non-empty blocks; {@code identity} if the range is empty.
     *
     * @param <T> the type of the partials and the result
     * @param lo the first index
     * @param hi the index after the last
     * @param identity the result of an empty range
     * @param function the partial result of one thread's block
     * @param combiner combines two partials, the earlier block's first
     * @return the partials combined
     */
    @SuppressWarnings("unchecked")
    public <T> T parallelReduce(int lo, int hi, T identity, RangeFunction<T> function, BinaryOperator<T> combiner) {
        checkRange(lo, hi);
        Objects.requireNonNull(function, "function");
        Objects.requireNonNull(combiner, "combiner");
        if (IN_REGION.get()) {
            return hi > lo ? function.apply(lo, hi) : identity;
        }
        loopLo = lo;
        loopHi = hi;
        objectFunction = function;
        try {
            parallel(objectReduceRegion);
        } finally {
            objectFunction = null;
        }
        T result = identity;
        boolean first = true;
        for (int t = 0; t < size; t++) {
            if (partialPresent[t * 8]) {
                T partial = (T) objectPartials[t * 8];
                result = first ? partial : combiner.apply(result, partial);
                first = false;
            }
            objectPartials[t * 8] = null;
        }
        return result;
    }

    /**
     * Runs each section once, on whichever team thread takes it.
     *
     * @param sections the sections, run in parallel with one another
     */
    public void sections(Runnable... sections) {
        Objects.requireNonNull(sections, "sections");
        sectionList = sections;
        try {
            parallel(sectionsRegion);
        } finally {
            sectionList = null;
        }
    }

    /**
     * Stops the team's threads (after the region in progress, if any); the team cannot run
     * regions afterwards. Close every team you create (try-with-resources): its threads are
     * daemons, so they never keep the JVM alive, but they live until the team is closed.
     */
    @Override
    public void close() {
        closed = true;
        for (int t = 1; t < size; t++) {
            LockSupport.unpark(workers[t]);
        }
    }

    /** The worker thread of team thread {@code t} (1..size-1), for tests. */
    Thread workerThread(int t) {
        return workers[t];
    }

    /** True once every worker thread has ended (after {@link #close}). */
    boolean stopped() {
        for (int t = 1; t < size; t++) {
            if (workers[t].isAlive()) {
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- internals

    private void workerLoop(int t) {
        IN_REGION.set(Boolean.TRUE);
        TeamContext me = contexts[t];
        int seen = 0;
        while (true) {
            waitFor(me, GENERATION_CHANGED, seen);
            if (closed) {
                return;
            }
            seen = generation;
            runBody(t);
            if (workersRunning.decrementAndGet() == 0) {
                Thread master = contexts[0].thread;
                if (contexts[0].parked) {
                    LockSupport.unpark(master);
                }
            }
        }
    }

    private void runBody(int t) {
        try {
            body.run(contexts[t]);
        } catch (RegionAborted aborted) {
            // another thread failed first; its throwable is the one reported
        } catch (Throwable e) {
            if (failure.compareAndSet(null, e)) {
                failedThread = t;
            }
            unparkAll();
        }
    }

    /** Where thread {@code t}'s fixed block of the current reduction starts (the same split as static loops). */
    private int blockStart(int t) {
        return blockStart(loopLo, loopHi, t, size);
    }

    /** Where block {@code t} of {@code [lo, hi)} cut into {@code blocks} near-equal contiguous blocks starts. */
    static int blockStart(int lo, int hi, int t, int blocks) {
        return (int) (lo + ((long) hi - lo) * t / blocks);
    }

    /** Inside a region: unwinds this thread if another one has failed. */
    void checkNotFailed() {
        if (failure.get() != null) {
            throw RegionAborted.INSTANCE;
        }
    }

    /** The counter of the next work-sharing construct this thread meets. */
    LoopCounter construct(TeamContext me) {
        return counters[me.constructs++ & 1];
    }

    /** The counter to reset when the construct this thread just finished ends. */
    LoopCounter counterAfter(TeamContext me) {
        return counters[me.constructs & 1];
    }

    void unparkAll() {
        for (TeamContext c : contexts) {
            if (c.parked) {
                LockSupport.unpark(c.thread);
            }
        }
    }

    /**
     * Waits (spin, yield, park) until a condition holds: the barrier's sense equals
     * {@code value}, the generation differs from {@code value} (or the team closed), or all
     * workers are done. One loop for all three so that no wait allocates. A parked thread is
     * found through its context's {@code parked} flag: set before the last re-check, read by
     * every releaser after its releasing write (Dekker's pattern on volatiles).
     */
    void waitFor(TeamContext me, int condition, int value) {
        for (int i = 0; i < spins; i++) {
            if (holds(condition, value)) {
                return;
            }
            Thread.onSpinWait();
        }
        for (int i = 0; i < yields; i++) {
            if (holds(condition, value)) {
                return;
            }
            Thread.yield();
        }
        while (!holds(condition, value)) {
            me.parked = true;
            if (!holds(condition, value)) {
                LockSupport.park(this);
            }
            me.parked = false;
        }
    }

    private boolean holds(int condition, int value) {
        switch (condition) {
            case BARRIER_SENSE:
                if (barrier.sense() == value) {
                    return true;
                }
                checkNotFailed();
                return false;
            case GENERATION_CHANGED:
                return generation != value || closed;
            default:
                return workersRunning.get() == 0;
        }
    }

    static void checkRange(int lo, int hi) {
        if (hi < lo) {
            throw new IllegalArgumentException("the loop's upper bound hi (" + hi + ") is below its lower bound lo (" + lo + ")");
        }
    }

    static void checkLoop(int lo, int hi, Schedule schedule, int chunk, RangeBody body) {
        checkRange(lo, hi);
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(body, "body");
        if (schedule == Schedule.STATIC ? chunk < 0 : chunk <= 0) {
            throw new IllegalArgumentException("chunk " + chunk + " is invalid for " + schedule + ": it must be "
                + (schedule == Schedule.STATIC ? "0 (one block per thread) or more" : "at least 1"));
        }
    }
}
