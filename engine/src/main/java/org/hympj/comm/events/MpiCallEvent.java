package org.hympj.comm.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * One point-to-point call, wait, test or probe of one rank, from its start to its return, with
 * the stack trace that leads to the program's call site. A recording's threshold for it keeps
 * the many short calls out (they are counted in {@link MpiCallTotalsEvent} all the same).
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
}
