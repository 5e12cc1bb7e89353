package org.hympj.comm.events;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/**
 * The frames one JVM has received over the net-bridge from one JVM on another node since the
 * job started: written periodically (at the end of each chunk of a recording, and so when it
 * stops), each one the running total, so the last of a link is its whole traffic that way.
 */
@Name(BridgeTrafficEvent.NAME)
@Label("Bridge Traffic")
@Category({"HyMPJ", "Engine"})
@Description("Frames and bytes this JVM received over the net-bridge from one JVM of another node, so far")
@Enabled(false)
@StackTrace(false)
@Period("endChunk")
public final class BridgeTrafficEvent extends Event {
    /** The event's name in recordings and settings. */
    public static final String NAME = "org.hympj.BridgeTraffic";

    @Label("Node")
    @Description("The receiving JVM's node, by its index in the job")
    int node;

    @Label("JVM")
    @Description("The receiving JVM, by its index in the job")
    int jvm;

    @Label("Peer Node")
    int peerNode;

    @Label("Peer JVM")
    int peerJvm;

    @Label("Frames")
    long frames;

    @Label("Bytes")
    @DataAmount
    long bytes;
}
