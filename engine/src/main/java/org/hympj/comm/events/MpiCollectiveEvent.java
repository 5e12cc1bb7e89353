package org.hympj.comm.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * One collective call of one rank, from its start to its return, with the stack trace that leads
 * to the program's call site. Recorded whatever its length: the same collective on every rank
 * (same context, same sequence number) shows which rank arrived last.
 */
@Name(MpiCollectiveEvent.NAME)
@Label("MPI Collective")
@Category({"HyMPJ", "MPI"})
@Description("One collective call of a rank: its number on the communicator, its root, how many bytes, how long it waited")
@Enabled(false)
@StackTrace(true)
public final class MpiCollectiveEvent extends CallEvent {
    /** The event's name in recordings and settings. */
    public static final String NAME = "org.hympj.MpiCollective";

    @Label("Root")
    @Description("The root as a rank of the communicator; -1 when the collective has none")
    int root;

    @Label("Sequence")
    @Description("The collective's number among those this rank made on the communicator: the same on every rank")
    long sequence;

    /** {@link System#nanoTime} at the call's start, for the rank's totals; not recorded. */
    transient long startNanos;
}
