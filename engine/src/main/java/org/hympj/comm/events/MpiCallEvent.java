package org.hympj.comm.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * One point-to-point call, wait or probe of one rank that took at least the call threshold
 ({@link CallEvents#callThresholdMicros}, {@code hympj.profile.call.micros}), with the stack trace that leads to the program's call
 * site. It is written as the call returns, with the call's time in {@code callNanos}: a Flight
 * Recorder event begun at every call's start costs more than a short call, so the shorter ones are
 * only counted ({@link MpiCallTotalsEvent}).
 */
@Name(MpiCallEvent.NAME)
@Label("MPI Call")
@Category({"HyMPJ", "MPI"})
@Description("One point-to-point call, wait or probe of a rank: with whom, how many bytes, how long it waited")
@Enabled(false)
@StackTrace(true)
public final class MpiCallEvent extends CallEvent {
    /** The event's name in recordings and settings. */
    public static final String NAME = "org.hympj.MpiCall";

    @Label("Peer")
    @Description("Destination or source as a rank of the communicator; -1 when the call has none")
    int peer;

    @Label("Tag")
    @Description("The message tag; -1 when the call has none")
    int tag;

    @Label("Call Time")
    @Description("The call's time from its start to this event, written as it returned")
    @Timespan(Timespan.NANOSECONDS)
    long callNanos;
}
