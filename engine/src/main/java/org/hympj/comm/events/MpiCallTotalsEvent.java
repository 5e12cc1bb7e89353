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

/** Every call of one kind that one rank made while MPI calls were recorded, however short: written when the rank finalizes. */
@Name(MpiCallTotalsEvent.NAME)
@Label("MPI Call Totals")
@Category({"HyMPJ", "MPI"})
@Description("A rank's calls of one kind: count, bytes, time, waiting, longest, and message sizes")
@Enabled(false)
@StackTrace(false)
public final class MpiCallTotalsEvent extends Event {
    /** The event's name in recordings and settings. */
    public static final String NAME = "org.hympj.MpiCallTotals";

    @Label("World Rank")
    int worldRank;

    @Label("Call")
    String call;

    @Label("Count")
    long count;

    @Label("Timed")
    @Description("The calls whose time was read; time and waiting are theirs, scaled to the count")
    long timed;

    @Label("Bytes")
    @DataAmount
    long bytes;

    @Label("Time")
    @Description("Estimated from the timed calls when not every call was timed")
    @Timespan(Timespan.NANOSECONDS)
    long nanos;

    @Label("Waiting")
    @Timespan(Timespan.NANOSECONDS)
    long waitNanos;

    @Label("Longest")
    @Description("The longest of the timed calls")
    @Timespan(Timespan.NANOSECONDS)
    long maxNanos;

    @Label("Message Sizes")
    @Description("Calls per message size, comma-separated, in the bins of CallTotals.SIZE_BINS")
    String sizes;
}
