package org.hympj.net.wireup;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.hympj.net.transport.Link;
import org.hympj.net.transport.Listener;

/**
 * Takes the connections that come to one JVM's listener during wire-up and runs the
 * acceptor's side of the {@link Handshake} on each, every one on a thread of its own: the
 * accept loop never reads a byte, so no client, however slow or hostile, holds up another or
 * the job; it costs one thread until its handshake's deadline. A connection that fails its
 * handshake is closed, logged with its remote address and remembered for the wire-up's error;
 * one that passes waits for the wire-up, which alone decides whether it is wanted. A flood of
 * connections costs a bounded number of threads: beyond {@code maxAtOnce} handshakes running,
 * a new connection is refused at once, and the refusals kept for the error are bounded too.
 *
 * <p>Invariant: once {@link #close} has returned, the accept thread and every handshake thread
 * have ended, and every connection not taken through {@link #next} is closed.
 */
final class HandshakeAcceptor implements AutoCloseable {
    /** A connection whose connector proved the job's secret, and what its HELLO said. */
    record Admitted(Link link, Handshake.Hello hello) {
    }

    /** How long a wait in accept lasts before the accept thread looks whether it should stop. */
    private static final int ACCEPT_POLL_MILLIS = 200;
    /** How long {@link #close} waits for a thread it has woken. */
    private static final long JOIN_MILLIS = 5_000;
    /** Refusals kept word for word for the wire-up's error; beyond them only counted, so a flood cannot fill the heap. */
    private static final int REFUSALS_KEPT = 16;

    private final Listener listener;
    private final Handshake.Identity me;
    private final long handshakeMillis;
    private final long wireUpDeadline;
    private final int maxAtOnce;
    private final Consumer<String> log;
    private final BlockingQueue<Admitted> admitted = new LinkedBlockingQueue<>();
    /** Connections whose handshake runs: closed by {@link #close}, which wakes their threads. */
    private final Set<Link> handshaking = ConcurrentHashMap.newKeySet();
    /** Every handshake thread started: {@link #close} joins each (a thread that has ended joins at once). */
    private final Set<Thread> handshakeThreads = ConcurrentHashMap.newKeySet();
    private final List<String> refused = new CopyOnWriteArrayList<>();
    private final AtomicInteger refusedCount = new AtomicInteger();
    /** Handshakes not yet decided: a slot is free again before its connection is refused or let in. */
    private final AtomicInteger undecided = new AtomicInteger();
    private final Thread acceptThread;
    private volatile boolean closed;
    private volatile IOException acceptFailure;

    /**
     * Starts accepting on {@code listener}; each handshake must be done within
     * {@code handshakeMillis} and by {@code wireUpDeadline} (epoch milliseconds), and at most
     * {@code maxAtOnce} run at a time.
     */
    HandshakeAcceptor(Listener listener, Handshake.Identity me, long handshakeMillis, long wireUpDeadline, int maxAtOnce,
                      Consumer<String> log) {
        this.listener = listener;
        this.me = me;
        this.handshakeMillis = handshakeMillis;
        this.wireUpDeadline = wireUpDeadline;
        this.maxAtOnce = maxAtOnce;
        this.log = log;
        this.acceptThread = new Thread(this::acceptLoop, "hympj-wireup-accept-" + me.jvm());
        acceptThread.setDaemon(true);
        acceptThread.start();
    }

    /** The next connection that passed its handshake, or null when none has by {@code deadline}. */
    Admitted next(long deadline) throws IOException {
        while (true) {
            IOException failure = acceptFailure;
            if (failure != null) {
                throw new IOException("the wire-up listener failed: " + failure.getMessage(), failure);
            }
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                return null;
            }
            try {
                Admitted a = admitted.poll(Math.min(left, ACCEPT_POLL_MILLIS), TimeUnit.MILLISECONDS);
                if (a != null) {
                    return a;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted during wire-up");
            }
        }
    }

    /** Logs and remembers why a connection is not let in, then closes it. */
    void refuse(Link link, String why) {
        if (refusedCount.getAndIncrement() < REFUSALS_KEPT) {
            refused.add(link.remote() + " (" + why + ")");
            log.accept("refused a connection from " + link.remote() + ": " + why);
        }
        closeQuietly(link);
    }

    /** The connections refused so far: where each came from, and why (the first ones, then how many more). */
    List<String> refused() {
        List<String> all = new ArrayList<>(refused);
        int more = refusedCount.get() - all.size();
        if (more > 0) {
            all.add(more + " more");
        }
        return all;
    }

    private void acceptLoop() {
        while (!closed) {
            Link link;
            try {
                link = listener.accept(ACCEPT_POLL_MILLIS);
            } catch (IOException e) {
                if (!closed) {
                    acceptFailure = e;
                }
                return;
            }
            if (link == null) {
                continue;
            }
            if (undecided.get() >= maxAtOnce) {
                refuse(link, "the limit of " + maxAtOnce + " handshakes at once was reached");
                continue;
            }
            undecided.incrementAndGet();
            handshaking.add(link);
            Thread t = new Thread(() -> handshake(link), "hympj-wireup-handshake-" + me.jvm() + "-" + link.remote());
            t.setDaemon(true);
            handshakeThreads.add(t);
            t.start();
        }
    }

    private void handshake(Link link) {
        try {
            Handshake.Hello hello = Handshake.accept(link, me, Math.min(wireUpDeadline, System.currentTimeMillis() + handshakeMillis));
            undecided.decrementAndGet();
            handshaking.remove(link);
            admitted.add(new Admitted(link, hello));
        } catch (IOException | RuntimeException e) {
            undecided.decrementAndGet();
            handshaking.remove(link);
            refuse(link, closed ? "its handshake was not done when the wire-up ended"
                : e instanceof SocketTimeoutException ? e.getMessage() + " (a handshake has " + handshakeMillis + " ms)"
                : e.getMessage());
        }
    }

    /** Stops accepting, ends every handshake still running, and closes what the wire-up did not take. */
    @Override
    public void close() {
        closed = true;
        closeQuietly(listener);
        join(acceptThread);
        for (Link l : handshaking) {
            closeQuietly(l);
        }
        for (Thread t : handshakeThreads) {
            join(t);
        }
        for (Admitted a = admitted.poll(); a != null; a = admitted.poll()) {
            closeQuietly(a.link());
        }
    }

    private static void join(Thread t) {
        try {
            t.join(JOIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing for good; nothing to tell
        }
    }
}
