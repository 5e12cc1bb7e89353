package org.hympj.nested;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Recording;
import jdk.jfr.StackTrace;

/**
 * The Flight Recorder events of thread teams: a region, and a thread's wait at a barrier.
 *
 * <p>Invariant: {@link #on()} is true exactly while some recording enables {@link Region} (a
 * recorder listener refreshes it as recordings start and stop); while it is false a region or a
 * barrier pays one volatile read and makes no event.
 */
final class TeamEvents {
    private static volatile boolean on;

    static {
        FlightRecorder.addListener(new FlightRecorderListener() {
            @Override
            public void recordingStateChanged(Recording recording) {
                refresh();
            }
        });
        refresh();
    }

    private TeamEvents() {
    }

    static boolean on() {
        return on;
    }

    private static void refresh() {
        // With no recorder there is no recording to enable anything; asking for the event type
        // would start the recorder's machinery in every job.
        on = FlightRecorder.isInitialized() && EventType.getEventType(Region.class).isEnabled();
    }

    /** One parallel region of a team, from its start to its last thread's end. */
    @Name("org.hympj.TeamRegion")
    @Label("Team Region")
    @Category({"HyMPJ", "Thread Team"})
    @Description("A parallel region of a rank's thread team")
    @Enabled(false)
    @StackTrace(true)
    static final class Region extends Event {
        @Label("Threads")
        int threads;
    }

    /** A team thread's wait at a barrier, from its arrival to its release by the last arrival. */
    @Name("org.hympj.TeamBarrier")
    @Label("Team Barrier Wait")
    @Category({"HyMPJ", "Thread Team"})
    @Description("A team thread waiting at a barrier for the others")
    @Enabled(false)
    @StackTrace(false)
    static final class BarrierWait extends Event {
        @Label("Thread")
        @Description("The waiting thread's index in its team")
        int thread;
    }
}
