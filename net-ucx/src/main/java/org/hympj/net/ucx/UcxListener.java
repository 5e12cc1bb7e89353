package org.hympj.net.ucx;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.hympj.net.transport.Link;
import org.hympj.net.transport.Listener;

/**
 * A UCP listener on one address and an ephemeral port. UCX hands each connection request to
 * {@link #onConnection} during some thread's progress, which makes its endpoint there and
 * then, as a TCP stack completes a connection before the program accepts it; {@link #accept}
 * takes the links so made. Links no accept took when the listener closes are closed with it:
 * their peers see their streams end.
 *
 * <p>Why at once: a request names UCX's half of the connection, which UCX's TCP connection
 * manager frees when the client goes away before an endpoint is made (a connect that timed
 * out); a reject or endpoint made later then touches freed memory or a socket descriptor a
 * newer connection may have been given, and UCX aborts the process. Made inside the handler,
 * the endpoint owns that half within one progress of the request's arrival, which leaves UCX's
 * own window between the two and no wait of ours; a client that goes after it fails the
 * endpoint as any peer that goes does.
 *
 * <p>Invariant: inside the handler each request becomes a link, or is rejected while UCX has
 * not taken it (too many links wait, or the link's memory cannot be had); each link is taken
 * once, by an accept or by the close. UCX calls the
 * handler only inside progress, which excludes the destroy (both hold the worker's lock), so
 * a handler that runs finds the listener alive, and none runs once {@link #close} has
 * destroyed it; the close then closes what is left in {@link #made}.
 */
final class UcxListener implements Listener {
    private static final Map<Long, UcxListener> BY_ID = new ConcurrentHashMap<>();
    private static final AtomicLong NEXT_ID = new AtomicLong(1);
    private static final MemorySegment CONNECTION_HANDLER = Ucp.upcall(MethodHandles.lookup(), "onConnection", Ucp.CONN_HANDLER);

    /**
     * Links made and not taken beyond which a request is rejected: each link holds its receive
     * buffer from the start, and connections that no accept takes (a flood of them, before any
     * handshake) must not take the JVM's memory.
     */
    static final int MOST_WAITING = 64;

    private final UcxWorker worker;
    private final long id = NEXT_ID.getAndIncrement();
    /** Links made for requests and not taken yet. */
    private final Queue<UcxLink> made = new ConcurrentLinkedQueue<>();
    private volatile boolean closing;
    /** Read by the handler without this listener's lock: null until made, and again once destroyed. */
    private volatile MemorySegment listener;
    private InetSocketAddress address;

    UcxListener(UcxWorker worker, InetAddress on) throws IOException {
        this.worker = worker;
        BY_ID.put(id, this);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment sockaddr = SocketAddresses.encode(a, new InetSocketAddress(on, 0));
            MemorySegment params = a.allocate(Ucp.LISTENER_PARAMS_SIZE, 8);
            params.set(JAVA_LONG, 0, Ucp.LISTENER_PARAM_FIELD_SOCK_ADDR | Ucp.LISTENER_PARAM_FIELD_CONN_HANDLER);
            params.set(ADDRESS, Ucp.LISTENER_PARAMS_SOCKADDR_ADDR, sockaddr);
            params.set(JAVA_LONG, Ucp.LISTENER_PARAMS_SOCKADDR_LEN, sockaddr.byteSize());
            params.set(ADDRESS, Ucp.LISTENER_PARAMS_CONN_HANDLER_CB, CONNECTION_HANDLER);
            params.set(ADDRESS, Ucp.LISTENER_PARAMS_CONN_HANDLER_ARG, MemorySegment.ofAddress(id));
            MemorySegment out = a.allocate(ADDRESS);
            UcxWorker.check((byte) Ucp.LISTENER_CREATE.invokeExact(worker.worker, params, out),
                "ucp_listener_create on " + on.getHostAddress());
            listener = out.get(ADDRESS, 0);
            MemorySegment attr = a.allocate(Ucp.LISTENER_ATTR_SIZE, 8);
            attr.set(JAVA_LONG, 0, Ucp.LISTENER_ATTR_FIELD_SOCKADDR);
            UcxWorker.check((byte) Ucp.LISTENER_QUERY.invokeExact(listener, attr), "ucp_listener_query");
            address = SocketAddresses.decode(attr.asSlice(Ucp.LISTENER_ATTR_SOCKADDR, Ucp.SOCKADDR_STORAGE_SIZE));
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        } catch (Throwable t) {
            close();
            throw Ucp.rethrow(t);
        }
    }

    /**
     * Called by UCX, in some thread's progress, for each connection request to a listener of
     * this JVM: makes the request's endpoint, or rejects the request when too many links wait
     * for an accept or when the link's memory cannot be had. Never throws: an upcall must not.
     */
    @SuppressWarnings("unused")
    private static void onConnection(MemorySegment request, MemorySegment arg) {
        UcxListener l = null;
        UcxLink link = null;
        try {
            l = BY_ID.get(arg.address());
            if (l == null) {
                return;
            }
            if (l.made.size() >= MOST_WAITING) {
                l.reject(request);
                return;
            }
            link = UcxLink.forRequest(l.worker, clientOf(request));
            link.accept(request);
            l.made.add(link);
        } catch (Throwable notMade) {
            if (l != null && (link == null || !link.tookRequest())) {
                l.reject(request);
            }
        }
    }

    /** Rejects a request UCX has not taken back; a listener not made yet or destroyed has none. */
    private void reject(MemorySegment request) {
        MemorySegment on = listener;
        if (on == null) {
            return;
        }
        try {
            int ignored = (byte) Ucp.LISTENER_REJECT.invokeExact(on, request);
        } catch (Throwable t) {
            // nothing more to do for a request UCX will not take back
        }
    }

    /** Links made for connection requests and not taken by an accept yet. */
    int waiting() {
        return made.size();
    }

    @Override
    public InetSocketAddress address() {
        return address;
    }

    @Override
    public Link accept(int timeoutMillis) throws IOException {
        long deadline = System.nanoTime() + Math.max(1, timeoutMillis) * 1_000_000L;
        while (true) {
            if (closing) {
                throw new IOException("the UCX listener on " + address + " is closed");
            }
            UcxLink link = made.poll();
            if (link != null) {
                return link;
            }
            if (System.nanoTime() - deadline >= 0) {
                return null;
            }
            worker.progressOrSleep(deadline);
        }
    }

    /** Where a connection request comes from, "10.0.0.2:40311", for messages. */
    private static String clientOf(MemorySegment request) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment attr = a.allocate(Ucp.CONN_REQUEST_ATTR_SIZE, 8);
            attr.set(JAVA_LONG, 0, Ucp.CONN_REQUEST_ATTR_FIELD_CLIENT_ADDR);
            int status = (byte) Ucp.CONN_REQUEST_QUERY.invokeExact(request, attr);
            if (status != Ucp.UCS_OK) {
                return "a UCX client";
            }
            InetSocketAddress client = SocketAddresses.decode(attr.asSlice(Ucp.CONN_REQUEST_ATTR_CLIENT_ADDRESS,
                Ucp.SOCKADDR_STORAGE_SIZE));
            return client.getAddress().getHostAddress() + ":" + client.getPort();
        } catch (Throwable t) {
            return "a UCX client";
        }
    }

    @Override
    public void close() {
        MemorySegment l;
        synchronized (this) {
            if (closing) {
                return;
            }
            closing = true;
            l = listener;
        }
        try {
            if (l != null) {
                Ucp.LISTENER_DESTROY.invokeExact(l);
            }
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        } finally {
            listener = null;
            BY_ID.remove(id);
            for (UcxLink link = made.poll(); link != null; link = made.poll()) {
                link.abandon();
            }
        }
    }
}
