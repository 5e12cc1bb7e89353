package org.hympj.comm.events;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A rendezvous between two ranks of one JVM: a large or synchronous message that found no
 * receive posted, queued with a reference to its sender's memory, from then until the receiver
 * matched it and copied it out. Begun on the sender's thread, written on the receiver's.
 */
@Name(RendezvousEvent.NAME)
@Label("MPI Rendezvous")
@Category({"HyMPJ", "Engine"})
@Description("A large or synchronous message waiting in its sender's memory until the receiver copied it")
@Enabled(false)
@StackTrace(false)
public final class RendezvousEvent extends Event {
    /** The event's name in recordings and settings. */
    public static final String NAME = "org.hympj.Rendezvous";

    @Label("Bytes")
    @DataAmount
    long bytes;

    @Label("Source")
    @Description("The sender's rank in the message's communicator")
    int source;

    @Label("Tag")
    int tag;

    @Label("Synchronous")
    @Description("True for a synchronous send, false for a message above the eager limit")
    boolean synchronous;
}
