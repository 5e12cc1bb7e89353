package org.hympj.comm.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A writer that found its shared-memory ring to another JVM full, from then until it had room
 * for its record: the reader in that JVM had not yet taken what was written before. The event's
 * thread is the writer, which drains its own inbound rings meanwhile.
 */
@Name(RingFullEvent.NAME)
@Label("Ring Full")
@Category({"HyMPJ", "Engine"})
@Description("A writer waiting for room in its full shared-memory ring to another JVM of the node")
@Enabled(false)
@StackTrace(false)
public final class RingFullEvent extends Event {
    /** The event's name in recordings and settings. */
    public static final String NAME = "org.hympj.RingFull";

    @Label("Peer JVM")
    @Description("The JVM the ring leads to, by its index in the job")
    int peerJvm;
}
