package org.hympj.comm.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A rank thread parked in a wait, from the park to the wake-up that found its operation
 * complete (or the job stopped): the waits that spinning and yielding did not end. The event's
 * thread is the parked one.
 */
@Name(ParkEvent.NAME)
@Label("MPI Rank Parked")
@Category({"HyMPJ", "Engine"})
@Description("A rank thread parked until the operation it waits for completes")
@Enabled(false)
@StackTrace(false)
public final class ParkEvent extends Event {
    /** The event's name in recordings and settings. */
    public static final String NAME = "org.hympj.Park";

    @Label("Call")
    String call;

    @Label("Peer")
    @Description("The source of a receive, the destination of a send, -1 otherwise")
    int peer;
}
