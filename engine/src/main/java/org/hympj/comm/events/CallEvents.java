package org.hympj.comm.events;

import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Recording;
import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.TypeMap;

/**
 * Starts and ends the events of MPI calls for the facade, which is per rank and so cannot hold
 * the event classes itself.
 *
 * <p>Invariant: {@link #on()} is true exactly while some recording enables {@link MpiCallEvent}
 * (a recorder listener refreshes it as recordings start and stop). While it is false a call pays
 * one volatile read and allocates nothing: {@link #begin()} returns null and every end method
 * returns at once on a null event. The wait time of a call is summed into the event that the
 * calling thread began last; a call that throws leaves its event uncommitted, and the thread's
 * next call replaces it.
 */
public final class CallEvents {
    private static volatile boolean on;
    private static final ThreadLocal<MpiCallEvent> CURRENT = new ThreadLocal<>();

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

    /** Whether MPI call events are recorded now. */
    public static boolean on() {
        return on;
    }

    private static void refresh() {
        // Asking for the event type before the recorder exists would start the recorder's machinery
        // in every job; with no recorder, no recording enables anything.
        on = FlightRecorder.isInitialized() && EventType.getEventType(MpiCallEvent.class).isEnabled();
    }

    /** The event of a call starting now on this thread, or null when none is recorded. */
    public static MpiCallEvent begin() {
        if (!on) {
            return null;
        }
        MpiCallEvent event = new MpiCallEvent();
        event.begin();
        CURRENT.set(event);
        return event;
    }

    /** The current time for a wait about to start, or 0 when no call is recorded; hand it to {@link #waited}. */
    public static long waitStarts() {
        return on ? System.nanoTime() : 0;
    }

    /** Adds the wait that started at {@code start} (from {@link #waitStarts}) to this thread's current call. */
    public static void waited(long start) {
        if (start != 0) {
            MpiCallEvent event = CURRENT.get();
            if (event != null) {
                event.waitNanos += System.nanoTime() - start;
            }
        }
    }

    /**
     * Ends a point-to-point call or probe with {@code peer} (a rank of {@code core}'s peer group,
     * or -1), {@code tag}, and {@code count} items of {@code type} (null for none).
     */
    public static void pointToPoint(MpiCallEvent event, String call, CommunicatorCore core, int peer, int tag, int count,
                                    TypeMap type) {
        if (event != null) {
            commit(event, call, core, peer, tag, bytes(count, type), type, 0);
        }
    }

    /**
     * Numbers a collective on {@code core} (every collective, so that the numbers agree across
     * ranks whenever a recording starts) and ends its event: {@code root} or -1, and the
     * {@code count} items of {@code type} this rank contributes or receives.
     */
    public static void collective(MpiCallEvent event, String call, CommunicatorCore core, int root, long count,
                                  TypeMap type) {
        long sequence = core.nextCollective();
        if (event != null) {
            commit(event, call, core, root, -1, bytes(count, type), type, sequence);
        }
    }

    /** Ends a call on requests (a wait or test) of a rank whose world communicator is {@code world}. */
    public static void requests(MpiCallEvent event, String call, CommunicatorCore world) {
        if (event != null) {
            commit(event, call, world, -1, -1, 0, null, 0);
        }
    }

    /** Ends a receive from {@code source} of {@code tag} that got {@code elements} base elements of {@code type}. */
    public static void received(MpiCallEvent event, String call, CommunicatorCore core, int source, int tag, int elements,
                                TypeMap type) {
        if (event != null) {
            commit(event, call, core, source, tag, (long) elements * type.base.size(), type, 0);
        }
    }

    private static long bytes(long count, TypeMap type) {
        return type == null ? 0 : count * type.width * type.base.size();
    }

    private static void commit(MpiCallEvent event, String call, CommunicatorCore core, int peer, int tag, long bytes,
                               TypeMap type, long sequence) {
        event.end();
        if (event.shouldCommit()) {
            event.call = call;
            event.communicator = core.name();
            event.context = core.context();
            event.worldRank = core.worldRank(core.rank());
            event.peer = peer < 0 ? -1 : peer;
            event.tag = tag;
            event.bytes = bytes;
            event.datatype = type == null ? null : String.valueOf(type);
            event.sequence = sequence;
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

    /** Ends a rank's life at {@code MPI.Finalize}. */
    public static void rankEnds(RankEvent event, int worldRank, int worldSize) {
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
