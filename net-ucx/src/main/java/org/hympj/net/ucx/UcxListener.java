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
 * {@link #onConnection} during some thread's progress; {@link #accept} makes the endpoint.
 * Requests not taken when the listener closes are rejected, and so is one that comes while
 * it closes.
 *
 * <p>Invariant: each request is taken from {@link #requests} once, by an accept (which makes
 * its endpoint under the listener's lock, which a close takes before it rejects and destroys)
 * or by whoever rejects it, before the listener is destroyed. UCX calls the
 * handler only inside progress, which excludes the destroy (both hold the worker's lock), so
 * a handler that runs finds the listener alive; the listener stays findable by the handler
 * until it is destroyed.
 */
final class UcxListener implements Listener {
    private static final Map<Long, UcxListener> BY_ID = new ConcurrentHashMap<>();
    private static final AtomicLong NEXT_ID = new AtomicLong(1);
    private static final MemorySegment CONNECTION_HANDLER = Ucp.upcall(MethodHandles.lookup(), "onConnection", Ucp.CONN_HANDLER);

    private final UcxWorker worker;
    private final long id = NEXT_ID.getAndIncrement();
    private final Queue<MemorySegment> requests = new ConcurrentLinkedQueue<>();
    private volatile boolean closing;
    private MemorySegment listener;
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
            UcxWorker.check((int) Ucp.LISTENER_CREATE.invokeExact(worker.worker, params, out),
                "ucp_listener_create on " + on.getHostAddress());
            listener = out.get(ADDRESS, 0);
            MemorySegment attr = a.allocate(Ucp.LISTENER_ATTR_SIZE, 8);
            attr.set(JAVA_LONG, 0, Ucp.LISTENER_ATTR_FIELD_SOCKADDR);
            UcxWorker.check((int) Ucp.LISTENER_QUERY.invokeExact(listener, attr), "ucp_listener_query");
            address = SocketAddresses.decode(attr.asSlice(Ucp.LISTENER_ATTR_SOCKADDR, Ucp.SOCKADDR_STORAGE_SIZE));
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        } catch (Throwable t) {
            close();
            throw Ucp.rethrow(t);
        }
    }

    /** Called by UCX, in some thread's progress, for each connection request to a listener of this JVM. */
    @SuppressWarnings("unused")
    private static void onConnection(MemorySegment request, MemorySegment arg) {
        UcxListener l = BY_ID.get(arg.address());
        if (l != null) {
            l.requests.add(request);
            if (l.closing) {
                // The close may have emptied the queue before this request went in.
                l.rejectWaiting();
            }
        }
    }

    /** Rejects every request not taken yet; the listener is not destroyed yet (see the class comment). */
    private void rejectWaiting() {
        MemorySegment l;
        synchronized (this) {
            l = listener;
        }
        try {
            for (MemorySegment r = requests.poll(); r != null; r = requests.poll()) {
                int ignored = (int) Ucp.LISTENER_REJECT.invokeExact(l, r);
            }
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
    }

    /** Connection requests UCX handed over and no accept has taken yet. */
    int waiting() {
        return requests.size();
    }

    @Override
    public InetSocketAddress address() {
        return address;
    }

    @Override
    public Link accept(int timeoutMillis) throws IOException {
        long deadline = System.nanoTime() + Math.max(1, timeoutMillis) * 1_000_000L;
        while (true) {
            // Taken and made into an endpoint under the lock that close takes first, so that
            // no endpoint is made from a request after its listener is destroyed.
            synchronized (this) {
                if (closing) {
                    throw new IOException("the UCX listener on " + address + " is closed");
                }
                MemorySegment request = requests.poll();
                if (request != null) {
                    return UcxLink.accept(worker, request, clientOf(request));
                }
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
            int status = (int) Ucp.CONN_REQUEST_QUERY.invokeExact(request, attr);
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
        if (l == null) {
            BY_ID.remove(id);
            return;
        }
        rejectWaiting();
        try {
            Ucp.LISTENER_DESTROY.invokeExact(l);
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        } finally {
            synchronized (this) {
                listener = null;
            }
            BY_ID.remove(id);
        }
    }
}
