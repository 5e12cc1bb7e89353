package org.hympj.comm.events;

import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Recording;
import org.hympj.comm.data.TypeMap;

/**
 * Starts and ends the events of MPI calls for the facade, which is per rank and so cannot hold
 * the event classes itself; it passes what it knows of the call as plain values.
 *
 * <p>Invariant: {@link #on()} is true exactly while some recording enables
 * {@link MpiCallTotalsEvent} (a recorder listener refreshes it as recordings start and stop).
 * While it is false a call pays one volatile read and allocates nothing: the begin methods
 * return null and the end methods return at once on a null event. While it is true every call
 * is added to its rank's {@link CallTotals}, and is an event of its own unless the recording's
 * threshold leaves it out. The wait time of a call is summed into the event the calling thread
 * began last; a call that throws leaves its event uncommitted, and the thread's next call
 * replaces it.
 */
public final class CallEvents {
    private static volatile boolean on;
    private static final ThreadLocal<CallEvent> CURRENT = new ThreadLocal<>();

    static {
        FlightRecorder.addListener(new FlightRecorderListener() {
            @Override
            public void recordingStateChanged(Recording recording) {
                refresh();
            }
        });
        refresh();
    }

    private CallEvents() {
    }

    /** Whether MPI calls are recorded now. */
    public static boolean on() {
        return on;
    }

    private static void refresh() {
        // Asking for the event type before the recorder exists would start the recorder's machinery
        // in every job; with no recorder, no recording enables anything.
        on = FlightRecorder.isInitialized() && EventType.getEventType(MpiCallTotalsEvent.class).isEnabled();
    }

    /** The event of a point-to-point call, wait or probe starting now on this thread, or null when none is recorded. */
    public static MpiCallEvent beginCall() {
        return on ? started(new MpiCallEvent()) : null;
    }

    /** The event of a collective starting now on this thread, or null when none is recorded. */
    public static MpiCollectiveEvent beginCollective() {
        return on ? started(new MpiCollectiveEvent()) : null;
    }

    private static <E extends CallEvent> E started(E event) {
        CURRENT.set(event);
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
            CallEvent event = CURRENT.get();
            if (event != null) {
                event.waitNanos += System.nanoTime() - start;
            }
        }
    }

    /** The bytes of {@code count} items of {@code type}; 0 without a type. */
    public static long bytes(long count, TypeMap type) {
        return type == null ? 0 : count * type.width * type.base.size();
    }

    /**
     * Ends the point-to-point call, wait or probe {@code event} ({@code call} on communicator
     * {@code communicator}, context {@code context}, by world rank {@code worldRank}, with
     * {@code peer} and {@code tag} or -1, moving {@code bytes} of {@code type} or none) and adds
     * it to the rank's {@code totals}.
     */
    public static void endCall(MpiCallEvent event, CallTotals totals, String call, String communicator, int context,
                               int worldRank, int peer, int tag, long bytes, TypeMap type) {
        long nanos = System.nanoTime() - event.startNanos;
        totals.add(call, bytes, nanos, event.waitNanos, type != null);
        event.end();
        if (event.shouldCommit()) {
            event.peer = peer < 0 ? -1 : peer;
            event.tag = tag;
            commit(event, call, communicator, context, worldRank, bytes, type);
        }
    }

    /**
     * Ends the collective {@code event}, the {@code sequence}-th this rank made on its
     * communicator, with {@code root} or -1; otherwise as {@link #endCall}.
     */
    public static void endCollective(MpiCollectiveEvent event, CallTotals totals, String call, String communicator,
                                     int context, int worldRank, int root, long bytes, TypeMap type, long sequence) {
        long nanos = System.nanoTime() - event.startNanos;
        totals.add(call, bytes, nanos, event.waitNanos, type != null);
        event.end();
        if (event.shouldCommit()) {
            event.root = root < 0 ? -1 : root;
            event.sequence = sequence;
            commit(event, call, communicator, context, worldRank, bytes, type);
        }
    }

    private static void commit(CallEvent event, String call, String communicator, int context, int worldRank, long bytes,
                               TypeMap type) {
        event.call = call;
        event.communicator = communicator;
        event.context = context;
        event.worldRank = worldRank;
        event.bytes = bytes;
        event.datatype = type == null ? null : String.valueOf(type);
        event.commit();
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
