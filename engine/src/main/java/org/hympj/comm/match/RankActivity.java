package org.hympj.comm.match;

import java.lang.ref.WeakReference;
import java.util.Arrays;

/**
 * What one rank is doing in MPI, for hang reports: whether it has called {@code Init} or
 * {@code Finalize}, and, for each of its threads parked in a blocking call, that call with its
 * communicator context, peer and tag.
 *
 * <p>Each thread that parks in MPI for the rank gets a {@link ParkedThread} record the first
 * time it parks, kept in a copy-on-write array: later parks find it again and write only its
 * fields, so neither a message nor a park allocates once a thread has its record. Records are
 * written only at the slow edges of a wait (just before a thread parks, when it is awake
 * again) and by {@code Init} and {@code Finalize}, never on the path of a wait that completes
 * while it spins or yields. A wait that never parks is over within a fraction of a second, so
 * every wait that can hang is recorded. The envelope fields are written before the volatile
 * {@code parked} flag and read after it, so a reader that sees a thread parked sees the
 * envelope that thread wrote; a report taken while the thread wakes may mix two waits, which a
 * snapshot for a person to read can afford. A record holds its thread weakly, and the records
 * of threads that have ended are dropped when a new thread registers and at {@code Finalize}.
 *
 * <p>Idleness ({@link #idleFor}): the rank has a thread parked, every parked thread has been
 * parked for the whole period, and no thread of the rank has woken from a park during it. A
 * thread in MPI that is not parked is in a wait that ends within its spin budget or in a call
 * that does not wait, and a rank whose threads all compute outside MPI has no thread parked:
 * either keeps the rank from being idle. A thread that computes for the whole period while
 * another of its rank stays parked is not seen (that would take a write on every call); the
 * report then names the parked thread, which is true of it.
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
    /** One record per thread that has parked for this rank; copy-on-write under {@code this}. */
    private volatile ParkedThread[] threads = new ParkedThread[0];
    /** When a thread of this rank last woke from a park. */
    private volatile long lastWakeNanos = System.nanoTime();

    /** The blocking call one thread of the rank is parked in, if {@link #parked}; opaque outside this package. */
    public static final class ParkedThread {
        private final WeakReference<Thread> thread;
        private volatile boolean parked;
        private String call;
        private boolean ofRequest;
        private boolean toDestination;
        private int context;
        private int peer;
        private int tag;
        private long sinceNanos;

        private ParkedThread(Thread thread) {
            this.thread = new WeakReference<>(thread);
        }

        private boolean ended() {
            Thread t = thread.get();
            return t == null || !t.isAlive();
        }
    }

    /** The name of the collective whose messages carry {@code tag}, for reports and error messages. */
    public static String collectiveName(int tag) {
        return tag > 0 && tag < COLLECTIVES.length ? COLLECTIVES[tag] : COLLECTIVES[0];
    }

    public void phase(int phase) {
        this.phase = phase;
        if (phase == FINALIZED) {
            dropEnded();
        }
    }

    /** True once the rank has returned from {@code Finalize}. */
    public boolean finalized() {
        return phase == FINALIZED;
    }

    /**
     * The calling thread parks in {@code call} (or, {@code ofRequest}, in a Wait for the
     * request {@code call} made), waiting for a message from (or, for a send, to) {@code peer}.
     * Returns its record, for {@link #awake}.
     */
    ParkedThread parking(String call, boolean ofRequest, boolean toDestination, int context, int peer, int tag) {
        ParkedThread me = recordOf(Thread.currentThread());
        me.call = call;
        me.ofRequest = ofRequest;
        me.toDestination = toDestination;
        me.context = context;
        me.peer = peer;
        me.tag = tag;
        me.sinceNanos = System.nanoTime();
        me.parked = true;
        return me;
    }

    /**
     * The calling thread parks in the collective {@code kind} (a tag of the collective context
     * {@code collectiveContext}) until rank {@code peer} of the communicator arrives there.
     * Returns its record, for {@link #awake}.
     */
    public ParkedThread parkingInCollective(int collectiveContext, int peer, int kind) {
        return parking(collectiveName(kind), false, false, collectiveContext, peer, kind);
    }

    /** The thread of {@code record}, which {@link #parking} returned, is awake again. */
    public void awake(ParkedThread record) {
        record.parked = false;
        lastWakeNanos = System.nanoTime();
    }

    private ParkedThread recordOf(Thread thread) {
        for (ParkedThread p : threads) {
            if (p.thread.get() == thread) {
                return p;
            }
        }
        return register(thread);
    }

    private synchronized ParkedThread register(Thread thread) {
        ParkedThread mine = new ParkedThread(thread);
        ParkedThread[] live = live();
        ParkedThread[] grown = Arrays.copyOf(live, live.length + 1);
        grown[live.length] = mine;
        threads = grown;
        return mine;
    }

    private synchronized void dropEnded() {
        threads = live();
    }

    private ParkedThread[] live() {
        return Arrays.stream(threads).filter(p -> !p.ended()).toArray(ParkedThread[]::new);
    }

    /** True while a thread of the rank is parked in a blocking call. */
    public boolean waiting() {
        for (ParkedThread p : threads) {
            if (p.parked) {
                return true;
            }
        }
        return false;
    }

    /**
     * True if a thread of the rank is parked, every parked thread has been parked for at least
     * {@code nanos} at {@code now}, and no thread of the rank has woken from a park since then.
     */
    public boolean idleFor(long now, long nanos) {
        if (now - lastWakeNanos < nanos) {
            return false;
        }
        boolean parked = false;
        for (ParkedThread p : threads) {
            if (p.parked) {
                if (now - p.sinceNanos < nanos) {
                    return false;
                }
                parked = true;
            }
        }
        return parked;
    }

    /**
     * Appends what the rank does, e.g. {@code waits in Recv(source 1, tag 7, MPI.COMM_WORLD) for 2.0 s};
     * when more than one thread of the rank has parked in MPI, each parked thread is named:
     * {@code thread main waits in Recv(...) for 2.0 s; thread worker-1 waits in Barrier(...) for 1.5 s}.
     * {@code names} gives a context's communicator.
     */
    void describe(StringBuilder out, java.util.function.IntFunction<String> names, long now) {
        int p = phase;
        ParkedThread[] all = threads;
        int start = out.length();
        for (ParkedThread t : all) {
            Thread thread = t.thread.get();
            if (t.parked && thread != null) {
                out.append(out.length() == start ? "" : "; ");
                if (all.length > 1) {
                    out.append("thread ").append(thread.getName()).append(' ');
                }
                describeWait(out, t, names, now);
            }
        }
        if (out.length() == start) {
            out.append(p == NEW ? "has not called MPI.Init" : p == FINALIZING ? "in Finalize"
                : p == FINALIZED ? "finalized" : "not blocked in MPI (computing, or in a call that has not had to wait)");
        } else if (p == FINALIZING) {
            out.append(", inside Finalize");
        }
    }

    private static void describeWait(StringBuilder out, ParkedThread t, java.util.function.IntFunction<String> names, long now) {
        boolean collective = (t.context & 1) == 1;
        out.append("waits in ").append(collective ? collectiveName(t.tag) : t.ofRequest ? "Wait for " + t.call : t.call).append('(');
        if (t.peer != UNKNOWN_PEER) {
            out.append(t.toDestination ? "dest " : "source ").append(t.peer == MatchingEngine.ANY_SOURCE ? "MPI.ANY_SOURCE"
                : Integer.toString(t.peer)).append(", ");
        }
        if (!collective) {
            out.append("tag ").append(t.tag == MatchingEngine.ANY_TAG ? "MPI.ANY_TAG" : Integer.toString(t.tag)).append(", ");
        }
        out.append(names.apply(t.context & ~1)).append(") for ")
            .append(String.format(java.util.Locale.ROOT, "%.1f", (now - t.sinceNanos) / 1e9)).append(" s");
    }
}
