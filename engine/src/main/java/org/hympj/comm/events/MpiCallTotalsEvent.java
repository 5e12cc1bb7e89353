package org.hympj.comm.events;

import java.util.List;
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

    // The calls per message size, a field per bin of CallTotals.SIZE_BINS (a recording holds no arrays).

    @Label("Messages of 0 Bytes")
    long size0;

    @Label("Messages of 1-8 Bytes")
    long size8;

    @Label("Messages of 9-64 Bytes")
    long size64;

    @Label("Messages of 65-512 Bytes")
    long size512;

    @Label("Messages of 513-4K Bytes")
    long size4k;

    @Label("Messages of 4097-32K Bytes")
    long size32k;

    @Label("Messages of 32769-256K Bytes")
    long size256k;

    @Label("Messages of 262145-2M Bytes")
    long size2m;

    @Label("Messages of >2M Bytes")
    long sizeAbove2m;

    /** The names of the message-size fields, one per bin of {@link CallTotals#SIZE_BINS} and the open bin after them. */
    public static final List<String> SIZE_FIELDS = List.of("size0", "size8", "size64", "size512", "size4k", "size32k", "size256k", "size2m", "sizeAbove2m");

    /** Sets the message-size fields from {@code sizes}, one count per bin. */
    void sizes(long[] sizes) {
        size0 = sizes[0];
        size8 = sizes[1];
        size64 = sizes[2];
        size512 = sizes[3];
        size4k = sizes[4];
        size32k = sizes[5];
        size256k = sizes[6];
        size2m = sizes[7];
        sizeAbove2m = sizes[8];
    }
}
