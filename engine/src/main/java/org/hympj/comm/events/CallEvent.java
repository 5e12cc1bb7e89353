package org.hympj.comm.events;

import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Timespan;

/**
 * What the events of one MPI call of one rank share: the call, its communicator, the calling
 * rank, the bytes it moved and how long of it the thread waited. The fields are set by
 * {@link CallEvents} when the call returns.
 */
public abstract class CallEvent extends Event {
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

    @Label("Bytes")
    @Description("The bytes this rank sends or receives in the call (for a collective, its own buffer's)")
    @DataAmount
    long bytes;

    @Label("Datatype")
    String datatype;

    @Label("Waiting")
    @Description("Of the call's duration, the time its thread waited for a peer or a completion; the rest is the"
        + " call's own work (checks, matching, copies)")
    @Timespan(Timespan.NANOSECONDS)
    long waitNanos;

    CallEvent() {
    }
}
