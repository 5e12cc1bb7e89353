package org.hympj.comm.events;

import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Recording;
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
 * call is added to its rank's {@link CallTotals}; a collective is an event of its own, and a
 * point-to-point call, wait or probe one if it took at least the call threshold. The time a
 * thread waits within a call is summed in a per-thread counter that each call's start clears.
 */
public final class CallEvents {
    /** The call threshold, in microseconds, of a recording that no HyMPJ launcher started. */
    public static final int CALL_THRESHOLD_MICROS_DEFAULT = 10;

    private static volatile boolean on;
    private static boolean watching;
    private static volatile long callThresholdNanos = CALL_THRESHOLD_MICROS_DEFAULT * 1_000L;
    /** The calling thread's waiting in its current call, in nanoseconds (one element). */
    private static final ThreadLocal<long[]> WAITED = ThreadLocal.withInitial(() -> new long[1]);

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

    /** The start of a point-to-point call, wait or probe: a time to hand to {@link #endCall}, or 0 when none is recorded. */
    public static long callStarts() {
        if (!on) {
            return 0;
        }
        WAITED.get()[0] = 0;
        // Never 0, which means "not recorded".
        return System.nanoTime() | 1;
    }

    /** The event of a collective starting now on this thread, or null when none is recorded. */
    public static MpiCollectiveEvent beginCollective() {
        if (!on) {
            return null;
        }
        MpiCollectiveEvent event = new MpiCollectiveEvent();
        WAITED.get()[0] = 0;
        event.startNanos = System.nanoTime();
        event.begin();
        return event;
    }

    /** The current time for a wait about to start, or 0 when no call is recorded; hand it to {@link #waited}. */
    public static long waitStarts() {
        return on ? System.nanoTime() : 0;
    }

    /** Adds the wait that started at {@code start} (from {@link #waitStarts}) to this thread's current call. */
    public static void waited(long start) {
        if (start != 0) {
            WAITED.get()[0] += System.nanoTime() - start;
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
     * records it if it took at least the call threshold.
     */
    public static void endCall(long started, CallTotals totals, String call, String communicator, int context, int worldRank,
                               int peer, int tag, long bytes, TypeMap type) {
        long nanos = System.nanoTime() - started;
        long waited = WAITED.get()[0];
        totals.add(call, bytes, nanos, waited, type != null);
        if (nanos >= callThresholdNanos) {
            MpiCallEvent event = new MpiCallEvent();
            event.peer = peer < 0 ? -1 : peer;
            event.tag = tag;
            event.callNanos = nanos;
            commit(event, call, communicator, context, worldRank, bytes, type, waited);
        }
    }

    /**
     * Ends the collective {@code event} (from {@link #beginCollective}, not null), the
     * {@code sequence}-th this rank made on its communicator, with {@code root} or -1; otherwise
     * as {@link #endCall}, except that every collective is recorded.
     */
    public static void endCollective(MpiCollectiveEvent event, CallTotals totals, String call, String communicator,
                                     int context, int worldRank, int root, long bytes, TypeMap type, long sequence) {
        long waited = WAITED.get()[0];
        totals.add(call, bytes, System.nanoTime() - event.startNanos, waited, type != null);
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
