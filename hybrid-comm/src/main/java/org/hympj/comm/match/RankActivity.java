package org.hympj.comm.match;

/**
 * What one rank is doing in MPI, for hang reports: whether it has called {@code Init} or
 * {@code Finalize}, and the blocking call a thread of it is parked in, with that call's
 * communicator context, peer and tag.
 *
 * <p>Written only at the slow edges of a wait (just before a thread parks, when it is awake
 * again) and by {@code Init} and {@code Finalize}, never on the path of a wait that completes
 * while it spins or yields. A wait that never parks is over within a fraction of a second, so
 * every wait that can hang is recorded. The envelope fields are written before the volatile
 * {@code parked} and read after it, so a reader that sees a thread sees the envelope that
 * thread wrote; a report taken while the thread wakes may mix two waits, which a snapshot
 * for a person to read can afford. When several threads of one rank are parked, the record
 * names the one that parked last.
 */
public final class RankActivity {
    public static final int NEW = 0;
    public static final int ACTIVE = 1;
    public static final int FINALIZING = 2;
    public static final int FINALIZED = 3;
    /** The peer of a wait whose call does not say it (a send among the requests of a Waitany). */
    public static final int UNKNOWN_PEER = Integer.MIN_VALUE;

    /** The names of the collectives, by the tag their messages carry on a collective context. */
    private static final String[] COLLECTIVES = {"a collective", "Barrier", "Bcast", "Reduce/Allreduce/Reduce_scatter",
        "Gather", "Scatter", "Allgather", "Alltoall", "Scan", "the check of a collective's arguments", "Allreduce"};

    private volatile int phase = NEW;
    /** The parked thread, or null: written after the envelope, cleared by that thread when it wakes. */
    private volatile Thread parked;
    private String call;
    private boolean ofRequest;
    private boolean toDestination;
    private int context;
    private int peer;
    private int tag;
    private long sinceNanos;

    /** The name of the collective whose messages carry {@code tag}, for reports and error messages. */
    public static String collectiveName(int tag) {
        return tag > 0 && tag < COLLECTIVES.length ? COLLECTIVES[tag] : COLLECTIVES[0];
    }

    public void phase(int phase) {
        this.phase = phase;
    }

    /** True once the rank has returned from {@code Finalize}. */
    public boolean finalized() {
        return phase == FINALIZED;
    }

    /**
     * The calling thread parks in {@code call} (or, {@code ofRequest}, in a Wait for the
     * request {@code call} made), waiting for a message from (or, for a send, to) {@code peer}.
     */
    void parking(String call, boolean ofRequest, boolean toDestination, int context, int peer, int tag) {
        this.call = call;
        this.ofRequest = ofRequest;
        this.toDestination = toDestination;
        this.context = context;
        this.peer = peer;
        this.tag = tag;
        this.sinceNanos = System.nanoTime();
        parked = Thread.currentThread();
    }

    /** The calling thread, which {@link #parking} announced, is awake again. */
    void awake() {
        if (parked == Thread.currentThread()) {
            parked = null;
        }
    }

    /** True while a thread of the rank is parked in a blocking call. */
    public boolean waiting() {
        return parked != null;
    }

    /** Nanoseconds since the parked thread parked; meaningful only while {@link #waiting}. */
    public long waitedNanos(long now) {
        return now - sinceNanos;
    }

    /**
     * Appends what the rank does, e.g. {@code waits in Recv(source 1, tag 7, MPI.COMM_WORLD) for 2.0 s};
     * {@code names} gives a context's communicator.
     */
    void describe(StringBuilder out, java.util.function.IntFunction<String> names, long now) {
        int p = phase;
        if (parked == null) {
            out.append(p == NEW ? "has not called MPI.Init" : p == FINALIZING ? "in Finalize"
                : p == FINALIZED ? "finalized" : "not blocked in MPI (computing, or in a call that has not had to wait)");
            return;
        }
        boolean collective = (context & 1) == 1;
        out.append("waits in ").append(collective ? collectiveName(tag) : ofRequest ? "Wait for " + call : call).append('(');
        if (peer != UNKNOWN_PEER) {
            out.append(toDestination ? "dest " : "source ").append(peer == MatchingEngine.ANY_SOURCE ? "MPI.ANY_SOURCE"
                : Integer.toString(peer)).append(", ");
        }
        if (!collective) {
            out.append("tag ").append(tag == MatchingEngine.ANY_TAG ? "MPI.ANY_TAG" : Integer.toString(tag)).append(", ");
        }
        out.append(names.apply(context & ~1)).append(") for ")
            .append(String.format(java.util.Locale.ROOT, "%.1f", (now - sinceNanos) / 1e9)).append(" s");
        if (p == FINALIZING) {
            out.append(", inside Finalize");
        }
    }
}
