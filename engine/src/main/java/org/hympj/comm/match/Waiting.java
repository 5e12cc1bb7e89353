package org.hympj.comm.match;

import java.util.concurrent.locks.LockSupport;
import org.hympj.comm.errors.ErrorClass;
import org.hympj.comm.events.CallEvents;
import org.hympj.comm.events.ParkEvent;

/**
 * How a thread waits for operations: spin, then yield, then park until the completer unparks
 * it. A spinning wait yields now and then ({@link #POLLS_PER_YIELD}), so that a peer that
 * shares its core runs without waiting for the scheduler to preempt the spinner. The park has
 * a time limit only as a backstop, so that a job abort (which does not know every waiting
 * thread) is noticed within {@link #PARK_BACKSTOP_NANOS}, and so is a message left in the
 * rank's inbox.
 *
 * <p>The spin and yield budgets come from the job: when ranks outnumber cores, spinning only
 * steals the core the peer needs, so an oversubscribed job spins little. While it spins, a
 * waiting thread drives its rank's progress (drains its inbox and the rings from other
 * processes), so the message it waits for is matched by the thread that wants it, without a
 * hand-off. Before it parks it tells its rank's inbox, whose writers then match for it, and
 * records the call it parks in in its rank's {@link RankActivity}, for hang reports: only
 * there, since every wait that can hang parks and a wait that completes sooner pays nothing.
 * While MPI calls are recorded ({@link CallEvents}), the time from a wait's first poll to its
 * end counts as the call's waiting time, and each park is an event of its own.
 */
public final class Waiting {
    static final long PARK_BACKSTOP_NANOS = 20_000_000L;
    /**
     * Polls at the start of a wait that do not pause ({@code Thread.onSpinWait}, x86's PAUSE,
     * tens of cycles on AMD's cores): a message already on its way is seen that much sooner.
     * Past them a long wait pauses, leaving a core's other hardware thread its share.
     */
    static final int UNPAUSED_POLLS = 1_000;
    /**
     * Idle polls of a spinning wait between two yields (a power of two). A waiter that shares
     * a core with the peer it waits for keeps that peer off the core until the scheduler
     * preempts it, up to its whole spin budget, and so at every turn of an exchange. Ranks
     * share a core whenever other work takes a core for a while: on a machine with as many
     * cores as ranks, the JIT compiling a program's first calls does, and every exchange of
     * those calls then costs a hand-over of the core. A yield every this many polls makes that
     * hand-over a few microseconds.
     */
    static final int POLLS_PER_YIELD = 1 << 6;

    private Waiting() {
    }

    /**
     * Waits until {@code op} completes. Returns 0, or an error class if the job was aborted
     * or the thread interrupted; the reason is then left in {@link #failureMessage}. A wait
     * that parks is recorded in its rank's {@link RankActivity} as {@code call} with
     * {@code peer} (the source of a receive, the destination of a send).
     */
    public static int await(Operation op, MatchingEngine engine, String call, int peer) {
        if (op.isComplete()) {
            return 0;
        }
        long waitStart = CallEvents.waitStarts();
        int outcome = awaitPending(op, engine, call, peer);
        CallEvents.waited(waitStart);
        return outcome;
    }

    private static int awaitPending(Operation op, MatchingEngine engine, String call, int peer) {
        JobContext job = engine.job();
        if (op instanceof CollectiveOperation) {
            // Another thread of the rank runs the collective and needs a core more than this
            // thread needs to see the completion a few microseconds sooner.
            return yieldThenPark(op, engine, job, call, peer);
        }
        for (int i = job.spins(), pauseBelow = i - UNPAUSED_POLLS; i > 0; i--) {
            if (engine.progress() == 0 && i < pauseBelow) {
                idle(pauseBelow - i);
            }
            if (op.isComplete()) {
                return 0;
            }
        }
        return yieldThenPark(op, engine, job, call, peer);
    }

    /**
     * The {@code polled}-th idle poll of a spinning wait (counted from 1): a yield at the first
     * and then every {@link #POLLS_PER_YIELD} polls, so that a peer waiting for this core runs,
     * else a pause. The first yields because a peer that shares the core runs only once this
     * thread lets it, and on a core of its own a yield returns at once.
     */
    public static void idle(int polled) {
        if (((polled - 1) & (POLLS_PER_YIELD - 1)) == 0) {
            Thread.yield();
        } else {
            Thread.onSpinWait();
        }
    }

    /**
     * The rest of {@link #await} once its spin budget is spent, in a method of its own so
     * that {@code await}, which every wait runs, compiles small: the JIT compiles it (and
     * compiles it again after a deoptimization) during a program's first timed steps, on
     * cores the ranks are using.
     */
    private static int yieldThenPark(Operation op, MatchingEngine engine, JobContext job, String call, int peer) {
        for (int i = job.yields(); i > 0; i--) {
            Thread.yield();
            engine.progress();
            if (op.isComplete()) {
                return 0;
            }
        }
        Thread me = Thread.currentThread();
        op.setWaiter(me);
        RankActivity.ParkedThread parked = announce(engine.activity(), call, op.ofRequest(), op, peer);
        ParkEvent parkEvent = CallEvents.parks();
        engine.beforePark();
        try {
            while (!op.isComplete()) {
                int stop = stopReason(job, me);
                if (stop != 0) {
                    return stop;
                }
                parkOnce(op, engine);
            }
            return 0;
        } finally {
            op.setWaiter(null);
            engine.activity().awake(parked);
            engine.afterPark();
            CallEvents.unparked(parkEvent, call, peer);
        }
    }

    /** Records in {@code activity} that the calling thread parks in {@code call} for {@code op}. */
    private static RankActivity.ParkedThread announce(RankActivity activity, String call, boolean ofRequest, Operation op, int peer) {
        if (op instanceof ReceiveOperation) {
            ReceiveOperation r = (ReceiveOperation) op;
            return activity.parking(call, ofRequest, false, r.context, peer, r.tag);
        }
        if (op instanceof CollectiveOperation) {
            CollectiveOperation c = (CollectiveOperation) op;
            return activity.parking(call, ofRequest, false, c.context, RankActivity.UNKNOWN_PEER, c.kind);
        }
        SendOperation s = (SendOperation) op;
        return activity.parking(call, ofRequest, true, s.context, peer, s.tag);
    }

    /**
     * Waits until at least one non-null operation of {@code ops} completes; null entries are
     * ignored. Returns as {@link #await}; a parked wait is recorded as {@code call} for the
     * first operation that is still pending.
     */
    public static int awaitAny(Operation[] ops, MatchingEngine engine, String call) {
        if (anyComplete(ops)) {
            return 0;
        }
        long waitStart = CallEvents.waitStarts();
        int outcome = awaitAnyPending(ops, engine, call);
        CallEvents.waited(waitStart);
        return outcome;
    }

    private static int awaitAnyPending(Operation[] ops, MatchingEngine engine, String call) {
        JobContext job = engine.job();
        for (int i = job.spins(), pauseBelow = i - UNPAUSED_POLLS; i > 0; i--) {
            if (engine.progress() == 0 && i < pauseBelow) {
                idle(pauseBelow - i);
            }
            if (anyComplete(ops)) {
                return 0;
            }
        }
        for (int i = job.yields(); i > 0; i--) {
            Thread.yield();
            engine.progress();
            if (anyComplete(ops)) {
                return 0;
            }
        }
        Thread me = Thread.currentThread();
        Operation first = null;
        for (Operation op : ops) {
            if (op != null) {
                op.setWaiter(me);
                if (first == null && !op.isComplete()) {
                    first = op;
                }
            }
        }
        RankActivity.ParkedThread parked = first == null ? null : announce(engine.activity(), call, false, first,
            first instanceof ReceiveOperation ? ((ReceiveOperation) first).source : RankActivity.UNKNOWN_PEER);
        ParkEvent parkEvent = CallEvents.parks();
        engine.beforePark();
        try {
            while (!anyComplete(ops)) {
                int stop = stopReason(job, me);
                if (stop != 0) {
                    return stop;
                }
                parkOnce(ops, engine);
            }
            return 0;
        } finally {
            for (Operation op : ops) {
                if (op != null) {
                    op.setWaiter(null);
                }
            }
            if (parked != null) {
                engine.activity().awake(parked);
            }
            engine.afterPark();
            CallEvents.unparked(parkEvent, call, -1);
        }
    }

    /**
     * Parks until unparked or for the backstop, then drains the rank's inbox once. Writers
     * drain the inbox of a rank whose thread parks (see {@link RankInbox}), so the drain finds
     * nothing unless that handshake failed; it bounds the cost of such a failure to one
     * backstop instead of a hang, for the price of a poll per backstop.
     */
    private static void parkOnce(Object blocker, MatchingEngine engine) {
        LockSupport.parkNanos(blocker, PARK_BACKSTOP_NANOS);
        engine.progress();
    }

    private static boolean anyComplete(Operation[] ops) {
        for (Operation op : ops) {
            if (op != null && op.isComplete()) {
                return true;
            }
        }
        return false;
    }

    /** Non-zero when the wait must end without completion: the job aborted or the thread was interrupted. */
    static int stopReason(JobContext job, Thread me) {
        if (job.abortReason() != null) {
            return ErrorClass.ERR_OTHER;
        }
        if (me.isInterrupted()) {
            return ErrorClass.ERR_OTHER;
        }
        return 0;
    }

    /**
     * Waits, without giving up, for an operation that has been matched: its data are being
     * copied by a thread that waits on nothing, so this ends within one copy's time. Used
     * after a stopped wait whose cancel came too late, so that the caller's buffer is never
     * written after its call has returned.
     */
    public static void settle(Operation op) {
        while (!op.isComplete()) {
            Thread.yield();
        }
    }

    /** The sentence for a wait that {@link #await} ended with an error. */
    public static String failureMessage(JobContext job, String waitingFor) {
        String abort = job.abortReason();
        if (abort != null) {
            return "the job was aborted while waiting for " + waitingFor + ": " + abort;
        }
        return "the thread was interrupted while waiting for " + waitingFor;
    }
}
