package org.hympj.nested;

import java.util.Objects;

/**
 * What one thread of a parallel region sees: its number, the team's size, and the
 * constructs shared by the team (OpenMP's barrier, single, master, work-sharing loops,
 * sections). Every thread of the region must meet the same constructs in the same order;
 * each construct but {@code master} ends with a barrier.
 *
 * <p>The context of a region run serially (nested in another region) has one thread and
 * runs every construct in the calling thread.
 */
public final class TeamContext {
    /** The context of a serial region: one thread, shared by all such regions (it has no state). */
    static final TeamContext SERIAL = new TeamContext(null, 0);

    final Team team;
    private final int threadId;
    /** Work-sharing constructs this thread has met in the current region; owned by this thread. */
    int constructs;
    /** This thread's barrier sense; owned by this thread. */
    int barrierSense;
    /** Set while the thread is parked, so that whoever releases it knows to unpark it. */
    volatile boolean parked;
    /** The thread that runs this context in the current region. */
    volatile Thread thread;

    TeamContext(Team team, int threadId) {
        this.team = team;
        this.threadId = threadId;
    }

    /**
     * This thread's number in the team.
     *
     * @return 0 (the thread that started the region) to size-1
     */
    public int threadId() {
        return threadId;
    }

    /**
     * The threads that run the region.
     *
     * @return the team's size; 1 in a region run serially
     */
    public int size() {
        return team == null ? 1 : team.size();
    }

    /** Waits until every thread of the team has reached this barrier. */
    public void barrier() {
        if (team != null) {
            team.barrier.await(this, null);
        }
    }

    /**
     * Runs {@code action} on thread 0 only; no barrier.
     *
     * @param action what thread 0 runs
     */
    public void master(Runnable action) {
        if (threadId == 0) {
            action.run();
        }
    }

    /**
     * Runs {@code action} on the first thread to get here; all threads then meet at a barrier.
     *
     * @param action what one thread runs
     */
    public void single(Runnable action) {
        Objects.requireNonNull(action, "action");
        if (team == null) {
            action.run();
            return;
        }
        LoopCounter counter = team.construct(this);
        if (counter.take(1) == 0) {
            action.run();
        }
        endConstruct();
    }

    /**
     * Runs each of {@code sections} once, on whichever thread takes it; then a barrier.
     *
     * @param sections the sections, run in parallel with one another
     */
    public void sections(Runnable... sections) {
        if (team == null) {
            for (Runnable s : sections) {
                s.run();
            }
            return;
        }
        LoopCounter counter = team.construct(this);
        for (long i = counter.take(1); i < sections.length; i = counter.take(1)) {
            team.checkNotFailed();
            sections[(int) i].run();
        }
        endConstruct();
    }

    /**
     * Where thread {@code t}'s block of {@code [lo, hi)} starts in a static loop with one block
     * per thread ({@link #forRange(int, int, RangeBody)}): code that must meet the same blocks
     * again in a later region splits with this.
     *
     * @param lo the loop's first index
     * @param hi the index after the loop's last
     * @param t the thread's number
     * @return the first index of thread {@code t}'s block; {@code t} = size gives {@code hi}
     */
    public int staticBlockStart(int lo, int hi, int t) {
        return Team.blockStart(lo, hi, t, size());
    }

    /**
     * A work-sharing loop over {@code [lo, hi)}, one contiguous block per thread; then a barrier.
     *
     * @param lo the first index
     * @param hi the index after the last
     * @param body runs once per block, with the block's bounds
     */
    public void forRange(int lo, int hi, RangeBody body) {
        forRange(lo, hi, Schedule.STATIC, 0, body);
    }

    /**
     * A work-sharing loop over {@code [lo, hi)} with a schedule; then a barrier. For STATIC a
     * chunk of 0 means one block per thread, otherwise chunks are dealt round-robin; DYNAMIC
     * and GUIDED need a chunk of at least 1.
     *
     * @param lo the first index
     * @param hi the index after the last
     * @param schedule how the indices are dealt to the threads
     * @param chunk the indices a thread takes at a time: for STATIC, 0 deals one block per thread;
     *        DYNAMIC and GUIDED need at least 1
     * @param body runs once per chunk, with the chunk's bounds
     */
    public void forRange(int lo, int hi, Schedule schedule, int chunk, RangeBody body) {
        Team.checkLoop(lo, hi, schedule, chunk, body);
        if (team == null) {
            if (hi > lo) {
                body.run(lo, hi);
            }
            return;
        }
        LoopCounter counter = team.construct(this);
        long n = (long) hi - lo;
        int threads = team.size();
        switch (schedule) {
            case STATIC:
                if (chunk == 0) {
                    int from = Team.blockStart(lo, hi, threadId, threads);
                    int to = Team.blockStart(lo, hi, threadId + 1, threads);
                    if (to > from) {
                        body.run(from, to);
                    }
                } else {
                    for (long start = lo + (long) threadId * chunk; start < hi; start += (long) threads * chunk) {
                        team.checkNotFailed();
                        body.run((int) start, (int) Math.min(start + chunk, hi));
                    }
                }
                break;
            case DYNAMIC:
                for (long start = counter.take(chunk); start < n; start = counter.take(chunk)) {
                    team.checkNotFailed();
                    body.run((int) (lo + start), (int) (lo + Math.min(start + chunk, n)));
                }
                break;
            default:
                while (true) {
                    long start = counter.current();
                    if (start >= n) {
                        break;
                    }
                    long size = Math.max(chunk, (n - start) / (2L * threads));
                    if (counter.takeIfAt(start, size)) {
                        team.checkNotFailed();
                        body.run((int) (lo + start), (int) (lo + Math.min(start + size, n)));
                    }
                }
                break;
        }
        endConstruct();
    }

    private void endConstruct() {
        // The last thread to arrive resets the counter of the construct after the next one:
        // everybody has finished with it (it served the construct before this one).
        team.barrier.await(this, team.counterAfter(this));
    }
}
