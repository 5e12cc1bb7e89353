package org.hympj.comm.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** A rank's life in MPI, from {@code MPI.Init} to {@code MPI.Finalize}: the wall time that its MPI time is a share of. */
@Name(RankEvent.NAME)
@Label("MPI Rank")
@Category({"HyMPJ", "MPI"})
@Description("A rank from MPI.Init to MPI.Finalize")
@Enabled(false)
@StackTrace(false)
public final class RankEvent extends Event {
    /** The event's name in recordings and settings. */
    public static final String NAME = "org.hympj.Rank";

    @Label("World Rank")
    int worldRank;

    @Label("World Size")
    int worldSize;
}
