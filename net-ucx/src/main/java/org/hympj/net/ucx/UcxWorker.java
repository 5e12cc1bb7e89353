package org.hympj.net.ucx;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * This JVM's one UCP context and worker (tag and stream APIs, wake-up by an event descriptor, any
 * thread may call in: {@code UCS_THREAD_MODE_MULTI}). Made on first use and kept for the
 * JVM's life, as a UCX application keeps its worker: endpoints and requests belong to it,
 * and a thread still waiting on a request of a link closed under it must find it alive.
 *
 * <p>Progress is made by the threads that wait: a link's reader while its receive is
 * pending, a writer while its send is, the listener's accept while no connection has come.
 * Each makes a few passes of {@code ucp_worker_progress}, then arms the worker and sleeps
 * in {@code poll} on its event descriptor. One thread's progress may complete another's
 * request: UCX then has no event left to wake the other by, so a thread whose progress
 * handled anything looks at the requests of the threads asleep ({@link #asleep}) and wakes
 * them ({@code ucp_worker_signal}) if one is done; only then, since a woken thread's own
 * progress handles the signal, and two sleepers that woke each other for it would never
 * sleep. A sleeper counts itself among {@link #sleepers} and lists its request before its
 * last look at it, so that either it sees the request done or its completer sees it asleep;
 * the sleep is bounded by {@link #SLEEP_MILLIS} all the same, as a backstop.
 *
 * <p>Invariant: {@link #liveEndpoints} counts the endpoints made on this worker and not yet
 * closed, {@link #outstandingRequests} the requests UCX handed out and not yet freed; every
 * path of a link (done, failed, timed out) brings both back down.
 */
final class UcxWorker {
    /**
     * Passes of progress that found nothing before a waiter sleeps: few, as a waiter that
     * spins takes the core from the thread that would send what it waits for when threads
     * outnumber cores, and the event descriptor wakes it when something comes.
     */
    static final int SPINS = 10;
    /**
     * The longest sleep between two looks at a waiter's own state: a backstop, as a completer
     * wakes a sleeping waiter, and long enough that the waiters of an idle worker (a reader
     * with nothing to read) wake rarely.
     */
    static final int SLEEP_MILLIS = 10;
    /** Sleeping requests the worker looks at after progress: a JVM's readers and its writer, most often. */
    static final int LISTED_SLEEPERS = 16;

    private static final BooleanSupplier NEVER = () -> false;

    private static UcxWorker instance;
    private static Throwable failure;

    final MemorySegment worker;
    private final AtomicInteger endpoints = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    /** Threads between their last look at their own request and the end of their sleep. */
    private final AtomicInteger sleepers = new AtomicInteger();
    /** The requests of sleeping threads, in slots guarded by the array itself; a request is unlisted before it is freed. */
    private final MemorySegment[] asleep = new MemorySegment[LISTED_SLEEPERS];
    /** Sleepers that found no slot: any progress wakes them. Guarded by {@link #asleep}. */
    private int unlisted;
    private final int eventFd;
    private final String version;

    private UcxWorker(MemorySegment worker, int eventFd, String version) {
        this.worker = worker;
        this.eventFd = eventFd;
        this.version = version;
    }

    /** The JVM's worker, made on the first call; throws, with UCX's reason, when UCX cannot start here. */
    static synchronized UcxWorker get() throws IOException {
        if (instance == null && failure == null) {
            try {
                instance = start();
            } catch (IOException | RuntimeException | LinkageError e) {
                failure = e;
            }
        }
        if (instance == null) {
            throw new IOException(reason(failure), failure);
        }
        return instance;
    }

    /** The innermost message: a library that does not load fails inside {@link Ucp}'s static initializer. */
    private static String reason(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() != null ? t.getMessage() : t.toString();
    }

    private static UcxWorker start() throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            check((byte) Ucp.CONFIG_READ.invokeExact(MemorySegment.NULL, MemorySegment.NULL, out), "ucp_config_read");
            MemorySegment config = out.get(ADDRESS, 0);
            if (System.getenv("UCX_RNDV_THRESH") == null) {
                // Every message eager unless the user sets UCX_RNDV_THRESH: a rendezvous takes
                // three hops between threads that sleep between them, which costs the bridge more
                // than the copy it saves over UCX's tcp transport (docs/decisions/ucx-bridge.md).
                check((byte) Ucp.CONFIG_MODIFY.invokeExact(config, a.allocateFrom("RNDV_THRESH"), a.allocateFrom("inf")),
                    "ucp_config_modify RNDV_THRESH");
            }
            MemorySegment params = a.allocate(Ucp.PARAMS_SIZE, 8);
            params.set(JAVA_LONG, Ucp.PARAMS_FIELD_MASK, Ucp.PARAM_FIELD_FEATURES);
            params.set(JAVA_LONG, Ucp.PARAMS_FEATURES, Ucp.FEATURE_TAG | Ucp.FEATURE_STREAM | Ucp.FEATURE_WAKEUP);
            int status = (byte) Ucp.INIT_VERSION.invokeExact(Ucp.API_MAJOR, Ucp.API_MINOR, params, config, out);
            Ucp.CONFIG_RELEASE.invokeExact(config);
            check(status, "ucp_init");
            MemorySegment context = out.get(ADDRESS, 0);
            MemorySegment workerParams = a.allocate(Ucp.WORKER_PARAMS_SIZE, 8);
            workerParams.set(JAVA_LONG, 0, Ucp.WORKER_PARAM_FIELD_THREAD_MODE);
            workerParams.set(JAVA_INT, Ucp.WORKER_PARAMS_THREAD_MODE, Ucp.THREAD_MODE_MULTI);
            check((byte) Ucp.WORKER_CREATE.invokeExact(context, workerParams, out), "ucp_worker_create");
            MemorySegment worker = out.get(ADDRESS, 0);
            MemorySegment fd = a.allocate(JAVA_INT);
            check((byte) Ucp.WORKER_GET_EFD.invokeExact(worker, fd), "ucp_worker_get_efd");
            return new UcxWorker(worker, fd.get(JAVA_INT, 0), Ucp.version());
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
    }

    static void check(int status, String call) throws IOException {
        if (status != Ucp.UCS_OK) {
            throw new IOException(call + " failed: " + Ucp.describe(status));
        }
    }

    /** UCP's version, for the line that says which transport a job uses. */
    String version() {
        return version;
    }

    /** One pass of progress; returns how many events it handled. */
    int progress() {
        try {
            int events = (int) Ucp.WORKER_PROGRESS.invokeExact(worker);
            if (events > 0) {
                // The completions UCX just wrote, then the count: pairs with the sleeper's count, then its look.
                VarHandle.fullFence();
                if (sleepers.get() > 0 && aSleeperIsDone()) {
                    int ignored = (byte) Ucp.WORKER_SIGNAL.invokeExact(worker);
                }
            }
            return events;
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
    }

    /** Waits for {@code request} until {@code deadlineNanos} ({@link System#nanoTime}); returns its status ({@link Ucp#UCS_INPROGRESS} on time-out). */
    int await(MemorySegment request, long deadlineNanos) {
        return await(request, deadlineNanos, NEVER);
    }

    /**
     * Waits for {@code request} until {@code deadlineNanos} ({@link System#nanoTime}) or until
     * {@code stop} holds; returns its status ({@link Ucp#UCS_INPROGRESS} if it is not done).
     */
    int await(MemorySegment request, long deadlineNanos, BooleanSupplier stop) {
        int idle = 0;
        while (true) {
            int status = checkStatus(request);
            if (status != Ucp.UCS_INPROGRESS || stop.getAsBoolean()) {
                return status;
            }
            if (progress() > 0) {
                idle = 0;
            } else if (++idle >= SPINS) {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    return Ucp.UCS_INPROGRESS;
                }
                int slot = fallAsleep(request);
                try {
                    if (armed()) {
                        status = checkStatus(request);
                        if (status != Ucp.UCS_INPROGRESS) {
                            return status;
                        }
                        sleep(left);
                    }
                } finally {
                    wake(slot);
                }
                idle = 0;
            }
        }
    }

    /** Lists {@code request} as a sleeper's; returns its slot, or -1 if every slot is taken. */
    private int fallAsleep(MemorySegment request) {
        sleepers.incrementAndGet();
        synchronized (asleep) {
            for (int i = 0; i < asleep.length; i++) {
                if (asleep[i] == null) {
                    asleep[i] = request;
                    return i;
                }
            }
            unlisted++;
            return -1;
        }
    }

    private void wake(int slot) {
        synchronized (asleep) {
            if (slot >= 0) {
                asleep[slot] = null;
            } else {
                unlisted--;
            }
        }
        sleepers.decrementAndGet();
    }

    /** True if a sleeper's request is done (or a sleeper is not listed). */
    private boolean aSleeperIsDone() {
        synchronized (asleep) {
            if (unlisted > 0) {
                return true;
            }
            for (MemorySegment request : asleep) {
                if (request != null && checkStatus(request) != Ucp.UCS_INPROGRESS) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * Makes progress, or sleeps when there is none, until {@code deadlineNanos} at most; the
     * caller looks at its own state after each call.
     */
    void progressOrSleep(long deadlineNanos) {
        if (progress() > 0) {
            return;
        }
        long left = deadlineNanos - System.nanoTime();
        if (left > 0 && armed()) {
            sleep(left);
        }
    }

    /** The JVM's worker once made, else null: for a completion UCX calls with no link left to name it. */
    static synchronized UcxWorker made() {
        return instance;
    }

    /** Wakes every thread asleep on the worker: they look at their own state again. */
    void signal() {
        try {
            int ignored = (byte) Ucp.WORKER_SIGNAL.invokeExact(worker);
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
    }

    /** Endpoints made and not yet closed. */
    int liveEndpoints() {
        return endpoints.get();
    }

    /** Requests UCX handed out and not yet freed. */
    int outstandingRequests() {
        return requests.get();
    }

    void endpointMade() {
        endpoints.incrementAndGet();
    }

    void endpointClosed() {
        endpoints.decrementAndGet();
    }

    /**
     * The status pointer an operation returned, counted as outstanding when it is a request;
     * every request so counted is given back with {@link #free}.
     */
    MemorySegment taken(MemorySegment statusPointer) {
        if (Ucp.statusOf(statusPointer) == Ucp.UCS_INPROGRESS) {
            requests.incrementAndGet();
        }
        return statusPointer;
    }

    static int checkStatus(MemorySegment request) {
        try {
            return (byte) Ucp.REQUEST_CHECK_STATUS.invokeExact(request);
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
    }

    /**
     * Cancels a receive posted on this worker: one not matched yet completes at once, as
     * cancelled; one whose message UCX is already fetching completes when the fetch ends.
     */
    void cancel(MemorySegment request) {
        try {
            Ucp.REQUEST_CANCEL.invokeExact(worker, request);
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
    }

    /**
     * Gives {@code request} back to UCX, done or not: one not done is released when it
     * completes, with no further callback (UCP's contract), so a waiter that gave up frees it
     * at once; the memory it names must outlive its endpoint's close, which completes it.
     */
    void free(MemorySegment request) {
        try {
            Ucp.REQUEST_FREE.invokeExact(request);
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
        requests.decrementAndGet();
    }

    /** True when the worker is armed (nothing pending: a sleep is safe); false when events wait (progress first). */
    private boolean armed() {
        try {
            int status = (byte) Ucp.WORKER_ARM.invokeExact(worker);
            return status == Ucp.UCS_OK;
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
    }

    private void sleep(long leftNanos) {
        int millis = (int) Math.min(SLEEP_MILLIS, Math.max(0, leftNanos / 1_000_000));
        try (Arena a = Arena.ofConfined()) {
            MemorySegment pollFd = a.allocate(8, 4);
            pollFd.set(JAVA_INT, 0, eventFd);
            pollFd.set(JAVA_SHORT, 4, (short) 1); // POLLIN
            int ignored = (int) Ucp.POLL.invokeExact(pollFd, 1L, millis);
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
    }
}
