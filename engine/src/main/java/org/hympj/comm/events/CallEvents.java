package org.hympj.comm.events;

import java.util.List;
import jdk.jfr.Event;
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Recording;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.TypeMap;

/**
 * Times and records MPI calls for the facade, which is per rank and so cannot hold the event
 * classes itself; it passes what it knows of a call as plain values.
 *
 * <p>Invariant: once recordings are watched ({@link #watchRecordings}), {@link #on()} is true
 * exactly while some recording enables {@link MpiCallTotalsEvent} (a recorder listener refreshes
 * it as recordings start and stop). They are watched from the first call in a JVM whose recorder
 * runs, or once a launcher has started a recording: registering the listener loads enough of the
 * recorder to add to every JVM's start-up, so a JVM that records nothing does not pay it.
 * While it is false a call pays one volatile read and allocates nothing: {@link #callStarts}
 * returns 0, {@link #beginCollective} null, and the facade ends neither. While it is true every
 * call is counted in its rank's {@link CallTotals} with its bytes. A thread times one in
 * {@link #timedEvery} of its point-to-point calls, waits and probes (its first one among them,
 * then at random intervals of that mean, so that a program's regular pattern of calls does not
 * make one kind of call always timed and another never), and every collective: reading the clock at a call's start and end, and around its waits, costs
 * more than the rest of a short call's recording, and the totals scale the timed calls' time to
 * all of them. A collective is an event of its own, and a timed point-to-point call, wait or
 * probe one if it took at least the call threshold. The time a thread waits within a timed call
 * is summed in its {@link CallThread}, which each call's start clears.
 */
public final class CallEvents {
    /** The call threshold, in microseconds, of a recording that no HyMPJ launcher started. */
    public static final int CALL_THRESHOLD_MICROS_DEFAULT = 10;
    /** How many of a thread's point-to-point calls, waits and probes one timed call stands for, unless set otherwise. */
    public static final int TIMED_EVERY_DEFAULT = 16;
    /** What {@link #callStarts} returns for a call that is counted but not timed: even, unlike a start time. */
    private static final long UNTIMED = 2;
    /** The calls {@link #rehearse} makes: enough for the JIT's optimizing tier to compile their recording. */
    static final int REHEARSED_CALLS = 50_000;
    /** The calls of a rehearsal made for one rank's totals before the next rank's. */
    private static final int REHEARSED_CALLS_PER_RANK = 5_000;
    /** The kinds of call a rehearsal records, some moving a message and some not, as a program's calls do. */
    private static final String[] REHEARSED_KINDS = {"Send", "Recv", "Isend", "Irecv", "Wait", "Waitall"};

    private static volatile boolean on;
    private static boolean watching;
    private static volatile long callThresholdNanos = CALL_THRESHOLD_MICROS_DEFAULT * 1_000L;
    private static volatile int timedEvery = TIMED_EVERY_DEFAULT;
    private static final ThreadLocal<CallThread> THREAD = ThreadLocal.withInitial(CallThread::new);

    static {
        if (FlightRecorder.isInitialized()) {
            watchRecordings();
        }
    }

    private CallEvents() {
    }

    /** Whether MPI calls are recorded now. */
    public static boolean on() {
        return on;
    }

    /** Follows the recordings of this JVM from now on: calls are recorded while one enables HyMPJ's events. */
    public static synchronized void watchRecordings() {
        if (!watching) {
            watching = true;
            // Registered here, not at their first use: the recorder instruments an event class and
            // writes its metadata when it registers it, work that would otherwise fall on a rank's first calls.
            for (Class<? extends Event> type : List.of(MpiCallTotalsEvent.class, MpiCallEvent.class,
                MpiCollectiveEvent.class, RankEvent.class, ParkEvent.class, RendezvousEvent.class, RingFullEvent.class)) {
                FlightRecorder.register(type);
            }
            FlightRecorder.addPeriodicEvent(BridgeTrafficEvent.class, BridgeTraffic::commitAll);
            FlightRecorder.addListener(new FlightRecorderListener() {
                @Override
                public void recordingStateChanged(Recording recording) {
                    refresh();
                }
            });
        }
        refresh();
    }

    private static void refresh() {
        on = EventType.getEventType(MpiCallTotalsEvent.class).isEnabled();
    }

    /**
     * Sets the call threshold: a point-to-point call, wait or probe that takes at least
     * {@code micros} microseconds is an {@link MpiCallEvent} of its own.
     */
    public static void callThresholdMicros(int micros) {
        callThresholdNanos = micros * 1_000L;
    }

    /**
     * Times one in {@code every} point-to-point calls, waits and probes of each thread (1: every
     * one); the totals scale their time to all of them.
     */
    public static void timedEvery(int every) {
        if (every < 1) {
            throw new IllegalArgumentException("one timed call in " + every + " calls: at least 1");
        }
        timedEvery = every;
    }

    /**
     * The start of a point-to-point call, wait or probe, to hand to {@link #endCall}: its time if
     * it is timed, another nonzero value if it is only counted, or 0 when none is recorded.
     */
    public static long callStarts() {
        if (!on) {
            return 0;
        }
        CallThread t = THREAD.get();
        t.waited = 0;
        if (--t.untilTimed > 0) {
            t.timed = false;
            return UNTIMED;
        }
        t.untilTimed = t.nextInterval(timedEvery);
        t.timed = true;
        // Odd, so never 0 ("not recorded") nor UNTIMED.
        return System.nanoTime() | 1;
    }

    /** The event of a collective starting now on this thread, or null when none is recorded. */
    public static MpiCollectiveEvent beginCollective() {
        if (!on) {
            return null;
        }
        MpiCollectiveEvent event = new MpiCollectiveEvent();
        CallThread t = THREAD.get();
        t.waited = 0;
        t.timed = true;
        event.startNanos = System.nanoTime();
        event.begin();
        return event;
    }

    /** The current time for a wait about to start, or 0 unless this thread's current call is timed; hand it to {@link #waited}. */
    public static long waitStarts() {
        return on && THREAD.get().timed ? System.nanoTime() : 0;
    }

    /** Adds the wait that started at {@code start} (from {@link #waitStarts}) to this thread's current call. */
    public static void waited(long start) {
        if (start != 0) {
            THREAD.get().waited += System.nanoTime() - start;
        }
    }

    /** The bytes of {@code count} items of {@code type}; 0 without a type. */
    public static long bytes(long count, TypeMap type) {
        return type == null ? 0 : count * type.width * type.base.size();
    }

    /**
     * Ends the point-to-point call, wait or probe that started at {@code started} (from
     * {@link #callStarts}, not 0): {@code call} on communicator {@code communicator}, context
     * {@code context}, by world rank {@code worldRank}, with {@code peer} and {@code tag} or -1,
     * moving {@code bytes} of {@code type} or none. Adds it to the rank's {@code totals}, and
     * records it if it is timed and took at least the call threshold.
     */
    public static void endCall(long started, CallTotals totals, String call, String communicator, int context, int worldRank,
                               int peer, int tag, long bytes, TypeMap type) {
        CallThread t = THREAD.get();
        CallTotals.Kind kind = t.part(totals).kind(call);
        if (started == UNTIMED) {
            kind.counted(bytes, type != null);
            return;
        }
        long nanos = System.nanoTime() - started;
        long waited = t.waited;
        kind.timed(bytes, type != null, nanos, waited);
        if (nanos >= callThresholdNanos) {
            MpiCallEvent event = new MpiCallEvent();
            event.peer = peer < 0 ? -1 : peer;
            event.tag = tag;
            event.callNanos = nanos;
            commit(event, call, communicator, context, worldRank, bytes, type, waited);
        }
    }

    /**
     * Records {@link #REHEARSED_CALLS} point-to-point calls, waits and probes as the facade
     * records a program's, on a thread of its own and into totals of their own that nothing
     * writes, with no call an event of its own whatever it takes; nothing while calls are not
     * recorded. A launcher calls it once a recording has started and before the JVM's ranks run
     * (no call reaches the call threshold while it runs), so that the JIT compiles the
     * recording's code for each call before a program's first calls, not beside them, where it
     * takes a core that the ranks need. The rehearsal makes the first calls of a thread, of a
     * rank's totals and of a kind of call as well as the many after them, so that the code
     * compiled from it serves a rank's first calls without being compiled again. It takes a few
     * milliseconds and is waited for whole: an interrupt is kept for the caller.
     */
    public static void rehearse() {
        if (!on) {
            return;
        }
        long threshold = callThresholdNanos;
        callThresholdNanos = Long.MAX_VALUE;
        try {
            Thread rehearsal = new Thread(CallEvents::rehearseHere, "hympj-profile-rehearsal");
            rehearsal.setDaemon(true);
            rehearsal.start();
            boolean interrupted = false;
            while (rehearsal.isAlive()) {
                try {
                    rehearsal.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        } finally {
            callThresholdNanos = threshold;
        }
    }

    private static void rehearseHere() {
        TypeMap bytes = TypeMap.basic(ElementType.BYTE, 1, "MPI.BYTE");
        CallTotals totals = null;
        for (int i = 0; i < REHEARSED_CALLS; i++) {
            if (i % REHEARSED_CALLS_PER_RANK == 0) {
                totals = new CallTotals();
            }
            String call = REHEARSED_KINDS[i % REHEARSED_KINDS.length];
            boolean message = !call.startsWith("Wait");
            long started = callStarts();
            waited(waitStarts());
            endCall(started, totals, call, "rehearsal", -1, -1, message ? 0 : -1, message ? 0 : -1,
                message ? bytes(8, bytes) : 0, message ? bytes : null);
        }
    }

    /**
     * Ends the collective {@code event} (from {@link #beginCollective}, not null), the
     * {@code sequence}-th this rank made on its communicator, with {@code root} or -1; otherwise
     * as {@link #endCall}, except that every collective is recorded.
     */
    public static void endCollective(MpiCollectiveEvent event, CallTotals totals, String call, String communicator,
                                     int context, int worldRank, int root, long bytes, TypeMap type, long sequence) {
        CallThread t = THREAD.get();
        long waited = t.waited;
        t.part(totals).kind(call).timed(bytes, type != null, System.nanoTime() - event.startNanos, waited);
        event.end();
        event.root = root < 0 ? -1 : root;
        event.sequence = sequence;
        commit(event, call, communicator, context, worldRank, bytes, type, waited);
    }

    private static void commit(CallEvent event, String call, String communicator, int context, int worldRank, long bytes,
                               TypeMap type, long waited) {
        if (event.shouldCommit()) {
            event.call = call;
            event.communicator = communicator;
            event.context = context;
            event.worldRank = worldRank;
            event.bytes = bytes;
            event.datatype = type == null ? null : String.valueOf(type);
            event.waitNanos = waited;
            event.commit();
        }
    }

    /** The event of a rank's life, begun at {@code MPI.Init}, or null when no call is recorded. */
    public static RankEvent rankStarts() {
        if (!on) {
            return null;
        }
        RankEvent event = new RankEvent();
        event.begin();
        return event;
    }

    /**
     * At {@code MPI.Finalize}: ends a rank's life (begun while calls were recorded, else null)
     * and writes its {@code totals} if calls are recorded now.
     */
    public static void rankEnds(RankEvent event, CallTotals totals, int worldRank, int worldSize) {
        if (!on) {
            return;
        }
        totals.commit(worldRank);
        if (event != null) {
            event.end();
            if (event.shouldCommit()) {
                event.worldRank = worldRank;
                event.worldSize = worldSize;
                event.commit();
            }
        }
    }

    /** The event of a park about to start, or null when no call is recorded. */
    public static ParkEvent parks() {
        if (!on) {
            return null;
        }
        ParkEvent event = new ParkEvent();
        event.begin();
        return event;
    }

    /** Ends a park in {@code call} with {@code peer} (negative for none). */
    public static void unparked(ParkEvent event, String call, int peer) {
        if (event != null) {
            event.end();
            if (event.shouldCommit()) {
                event.call = call;
                event.peer = peer < 0 ? -1 : peer;
                event.commit();
            }
        }
    }
}
