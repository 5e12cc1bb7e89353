package org.hympj.comm.events;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * One MPI call of one rank, from its start to its return: a point-to-point call, a collective, a
 * wait or test, a probe. Its stack trace leads to the program's call site. The fields are set by
 * {@link CallEvents} when the call returns.
 */
@Name(MpiCallEvent.NAME)
@Label("MPI Call")
@Category({"HyMPJ", "MPI"})
@Description("One MPI call of a rank: what, on which communicator, with whom, how many bytes, and how long it waited")
@Enabled(false)
@StackTrace(true)
public final class MpiCallEvent extends Event {
    /** The event's name in recordings and settings. */
    public static final String NAME = "org.hympj.MpiCall";

    @Label("Call")
    @Description("The MPI call as the mpiJava API names it (Send, Allreduce, Wait, ...)")
    String call;

    @Label("Communicator")
    String communicator;

    @Label("Context")
    @Description("The communicator's context id: communicators of one name are told apart by it")
    int context;

    @Label("World Rank")
    @Description("The calling rank in MPI.COMM_WORLD")
    int worldRank;

    @Label("Peer")
    @Description("Destination, source or root as a rank of the communicator; -1 when the call has none")
    int peer;

    @Label("Tag")
    @Description("The message tag; -1 when the call has none")
    int tag;

    @Label("Bytes")
    @Description("The bytes this rank sends or receives in the call (for a collective, its own buffer's)")
    @DataAmount
    long bytes;

    @Label("Datatype")
    String datatype;

    @Label("Sequence")
    @Description("For a collective, its number among the collectives this rank made on the communicator, the same on"
        + " every rank for one collective; 0 for other calls")
    long sequence;

    @Label("Waiting")
    @Description("Of the call's duration, the time its thread waited for a peer or a completion; the rest is the"
        + " call's own work (checks, matching, copies)")
    @Timespan(Timespan.NANOSECONDS)
    long waitNanos;
}
