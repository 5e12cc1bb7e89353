package mpi;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.hympj.comm.errors.ErrorClass;
import org.hympj.comm.match.CollectiveOperation;

/**
 * The non-blocking collectives of one communicator. Each runs, whole, as the blocking
 * collective of the Open MPI face on a shadow communicator, on a thread of this
 * communicator's own: so a collective progresses while the thread that started it computes,
 * with no MPI call needed, on every path the blocking collectives take (thread ranks, JVMs,
 * nodes). Its request completes through a {@link CollectiveOperation} once its results are in
 * the caller's buffers (staged buffers copied back), or fails with the collective's error.
 *
 * <p>The shadow has the communicator's group and rank on the communicator's second pair of
 * contexts, so its messages never meet those of the blocking collectives or of
 * point-to-point calls. MPI has every rank start the collectives of a communicator in the
 * same order, so running them one at a time in that order on each rank makes the ranks meet
 * in the same collective.
 *
 * <p>Invariant: one daemon thread at most, made by a collective when there is none and ended by
 * {@link #end} (the communicator is freed: it ends once the collectives started before have
 * completed), by {@link #endAll} ({@code MPI.Finalize}: it ends now), or after
 * {@link #IDLE_SECONDS} without a collective. Every instance not yet
 * ended is in {@link #LIVE}, which is per rank, as each rank has its own copy of this package.
 */
final class NonBlockingCollectives {
    /** How long the thread waits, idle, for another collective before it ends; the next one makes a new thread. */
    private static final long IDLE_SECONDS = 30;
    /** How long Finalize waits for a collective it interrupts to give up its thread. */
    private static final long END_WAIT_SECONDS = 10;
    private static final Set<NonBlockingCollectives> LIVE = ConcurrentHashMap.newKeySet();

    private final Intracomm comm;
    private final Intracomm shadow;
    private final ThreadPoolExecutor thread;
    /** Collectives started, and completed (in the order they start; guarded by this for {@code started}). */
    private long started;
    private final AtomicLong completed = new AtomicLong();
    /** The thread the executor made, once it has made it. */
    private volatile Thread worker;

    private NonBlockingCollectives(Intracomm comm) {
        this.comm = comm;
        this.shadow = new Intracomm("the non-blocking collectives of " + comm, false);
        shadow.bind(comm.rt, comm.context + 2, comm.rank, comm.size, comm.worldRanks());
        String name = "hympj non-blocking collectives of " + comm + " (rank " + comm.rt.rank() + ")";
        ClassLoader rankLoader = MPI.class.getClassLoader();
        this.thread = new ThreadPoolExecutor(1, 1, IDLE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), task -> {
            Thread t = new Thread(task, name);
            t.setDaemon(true);
            t.setContextClassLoader(rankLoader);
            worker = t;
            return t;
        });
        // An idle thread ends by itself, so that a rank that never frees the communicator nor
        // calls Finalize (it failed, and its job ended) leaves no thread in a JVM that lives on.
        thread.allowCoreThreadTimeOut(true);
    }

    /** The non-blocking collectives of {@code comm}, made and registered by its first one. */
    static NonBlockingCollectives of(Intracomm comm) {
        NonBlockingCollectives made = new NonBlockingCollectives(comm);
        LIVE.add(made);
        return made;
    }

    /**
     * Starts {@code collective} (the blocking form, run on the shadow communicator) after the
     * ones started before, and returns the request that completes with it. {@code kind} is the
     * collective's {@code CollectiveKind}, named in hang reports.
     */
    Request start(String call, int kind, Consumer<Intracomm> collective) {
        CollectiveOperation op = new CollectiveOperation(shadow.context + 1, kind);
        // Errors in the collective go through the communicator's handler, as the call's would.
        shadow.errhandler = comm.errhandler;
        Task task;
        synchronized (this) {
            task = new Task(started++, op, collective);
            try {
                thread.execute(Comm.collectiveTask(task));
            } catch (RejectedExecutionException e) {
                throw new MPIException(MPI.ERR_COMM, call + ": " + comm + " has been freed; it cannot be used any more");
            }
        }
        Request request = new Request(comm, op, call, MPI.PROC_NULL, MPI.ANY_TAG);
        request.runsHereWhenWaited(task::runHereIfNext);
        return request;
    }

    /**
     * One collective, run once: by the thread, or by a thread that waits for its request when
     * every collective started before it has completed and the thread has not begun it. The
     * waiting thread then needs no hand-off to another thread and back, which costs far more
     * than a small collective; one that computes before it waits has the thread run it meanwhile.
     */
    private final class Task implements Runnable {
        private final long sequence;
        private final CollectiveOperation op;
        private final Consumer<Intracomm> collective;
        private final AtomicBoolean claimed = new AtomicBoolean();

        Task(long sequence, CollectiveOperation op, Consumer<Intracomm> collective) {
            this.sequence = sequence;
            this.op = op;
            this.collective = collective;
        }

        /** The thread's turn: runs the collective, or, if a waiting thread took it, waits until that one has run it. */
        @Override
        public void run() {
            if (claimed.compareAndSet(false, true)) {
                execute();
            } else {
                try {
                    shadow.core.await(op, "a non-blocking collective", MPI.PROC_NULL, MPI.ANY_TAG);
                } catch (org.hympj.comm.errors.EngineException e) {
                    // The job is ending; the thread that runs the collective meets the same end.
                }
            }
        }

        /** A waiting thread's turn: runs the collective here if it is next and nobody has begun it. */
        void runHereIfNext() {
            if (completed.get() == sequence && claimed.compareAndSet(false, true)) {
                execute();
            }
        }

        private void execute() {
            NonBlockingCollectives.this.run(op, collective);
            // Collectives complete in the order they start; the larger count wins a race with the next one's.
            completed.accumulateAndGet(sequence + 1, Math::max);
        }
    }

    /** Runs {@code collective} on the shadow and completes {@code op} with its outcome. */
    void run(CollectiveOperation op, Consumer<Intracomm> collective) {
        try {
            collective.accept(shadow);
            op.succeed();
        } catch (MPIException e) {
            op.failWith(e.getErrorClass(), sentence(e));
        } catch (RuntimeException | Error e) {
            op.failWith(MPI.ERR_INTERN, "a non-blocking collective on " + comm + " failed: " + e);
        }
    }

    /** The sentence of an error, without the class name that MPIException's message starts with. */
    private static String sentence(MPIException e) {
        String prefix = "[" + ErrorClass.name(e.getErrorClass()) + "] ";
        String message = e.getMessage();
        return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }

    /** Ends the thread once the collectives started before have completed (the communicator is freed). */
    void end() {
        LIVE.remove(this);
        // After the collectives started before: the shadow is freed as its communicator is.
        thread.execute(shadow.core::free);
        thread.shutdown();
    }

    /**
     * Ends every thread of this rank now ({@code MPI.Finalize}): an idle one at once; one still
     * in a collective (the program did not complete its request, which MPI does not allow) is
     * interrupted, and its request fails. Waits until each thread has ended, for a bounded time.
     */
    static void endAll() {
        NonBlockingCollectives[] all = LIVE.toArray(new NonBlockingCollectives[0]);
        LIVE.clear();
        for (NonBlockingCollectives n : all) {
            n.thread.shutdownNow();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(END_WAIT_SECONDS);
        try {
            for (NonBlockingCollectives n : all) {
                Thread t = n.worker;
                long left = deadline - System.nanoTime();
                if (t != null && left > 0) {
                    t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
