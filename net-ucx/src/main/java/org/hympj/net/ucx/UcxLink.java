package org.hympj.net.ucx;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.hympj.net.transport.PolledLink;

/**
 * One UCP endpoint as the bridge's byte stream, over UCP's stream API. UCP streams have no
 * half-close, which the bridge's goodbye needs (each side reads until the other's end of
 * stream), so the link cuts what it writes into chunks: a 4-byte little-endian length, then
 * that many bytes, sent in one {@code ucp_stream_send_nbx} of two pieces (an I/O vector: the
 * header from the link's own memory, the bytes where the caller has them, with no copy);
 * {@link #END_OF_STREAM} in place of a length ends the stream. The reader takes the headers
 * out and hands on the bytes.
 *
 * <p>Sends go from the caller's memory when it is native (the bridge's rings and batch);
 * UCX copies small sends into its own buffers and registers larger ones itself on transports
 * that need registered memory, caching the registrations. A write returns once UCX no longer
 * needs the caller's memory.
 *
 * <p>Polled reads ({@link PolledLink}): once the bridge has turned them on, any thread may read
 * in its turn without waiting ({@link #readNow}: one pass of the worker's progress, then what
 * has come), so that a rank thread waiting for a message reads the link itself; the link's
 * reading thread waits in {@link #awaitReadable} until a receive completes, without taking
 * what came. A read and that wait's looks exclude each other through {@link #inRead}, taken
 * by compare-and-set and never waited for.
 *
 * <p>Invariant: one thread at a time writes and one reads (the bridge's contract for every
 * link); the endpoint is used only while {@link #endpoint} is not null, under this link's
 * lock, which {@link #close} takes to clear it. At most one receive is outstanding; one left
 * pending by a read that timed out, or by a polled read that found nothing yet, waits in
 * {@link #parkedReceive}: the next read takes it back, or the close frees it; while a read
 * waits on it, it is that read's to free. A receive the reading thread sleeps on
 * ({@link #watched}) is freed by that thread when it wakes, whoever took its bytes
 * ({@link #retire}). Every request is freed and, once UCX has closed the endpoint (which
 * completes the endpoint's requests), the link's memory too, whether the link ends well,
 * fails, or times out.
 */
final class UcxLink implements PolledLink {
    /** The header that ends a stream. */
    static final int END_OF_STREAM = -1;
    /** The header by which a reader says it has read the other side's {@link #END_OF_STREAM}. */
    static final int END_READ = -2;
    private static final java.lang.foreign.ValueLayout.OfInt JAVA_INT_UNALIGNED = JAVA_INT.withByteAlignment(1);
    /** The link's receive buffer: the most one receive takes out of UCX. */
    static final int RECEIVE_BYTES = 256 * 1024;
    /**
     * The native copy a write from the Java heap goes through, made on the first such write:
     * a longer write goes in chunks of this size, so the copy never grows.
     */
    static final int STAGING_BYTES = 64 * 1024;
    /** How long {@link #close} lets UCX flush what was sent before it forces the endpoint closed. */
    static final long CLOSE_MILLIS = 2_000;

    private static final Map<Long, UcxLink> BY_ID = new ConcurrentHashMap<>();
    private static final AtomicLong NEXT_ID = new AtomicLong(1);
    private static final MemorySegment ERROR_HANDLER = Ucp.upcall(MethodHandles.lookup(), "onError", Ucp.ERR_HANDLER);

    private final UcxWorker worker;
    private final long id = NEXT_ID.getAndIncrement();
    private final String remote;
    private final Arena arena = Arena.ofShared();
    /** Set by the one caller of {@link #release} that frees: two closers (the reader's, the bridge's) may race to it. */
    private final AtomicBoolean released = new AtomicBoolean();
    private MemorySegment endpoint;
    private boolean tookRequest;
    private volatile int failure = Ucp.UCS_OK;

    // Writing: the chunk header, the two-piece vector, the send parameters; a native copy for heap buffers.
    private final MemorySegment header = arena.allocate(8, 8);
    private final MemorySegment vector = arena.allocate(2 * Ucp.IOV_SIZE, 8);
    private final MemorySegment sendParams = arena.allocate(Ucp.REQUEST_PARAM_SIZE, 8);
    private MemorySegment staging = MemorySegment.NULL;
    private volatile boolean outputShut;
    /**
     * The reader's acknowledgement and the end that close sends: memory of their own, apart from
     * the writer's, and a slot each, as one may still be queued behind a send when the other goes.
     */
    private final MemorySegment control = arena.allocate(8, 8);
    private final MemorySegment controlParams = arena.allocate(Ucp.REQUEST_PARAM_SIZE, 8);
    private final MemorySegment[] pendingControl = {MemorySegment.NULL, MemorySegment.NULL};
    private volatile boolean peerReadOurEnd;
    /** For the waits: a peer whose endpoint failed will send nothing more. */
    private final java.util.function.BooleanSupplier peerGone = () -> failure != Ucp.UCS_OK;

    // Reading: the buffer, its unread part [readAt, readEnd), the chunk being read.
    private final MemorySegment received = arena.allocate(RECEIVE_BYTES, 8);
    private final MemorySegment receivedLength = arena.allocate(JAVA_LONG);
    private final MemorySegment recvParams = arena.allocate(Ucp.REQUEST_PARAM_SIZE, 8);
    /** Where a receive goes after the 0 to 3 bytes of a header kept from the last: made once, not per receive. */
    private final MemorySegment[] receiveAt = {received, received.asSlice(1), received.asSlice(2), received.asSlice(3)};
    private final AtomicReference<MemorySegment> parkedReceive = new AtomicReference<>();
    /** Held by a polled read, and by the reading thread's looks between its sleeps: never both. */
    private final AtomicBoolean inRead = new AtomicBoolean();
    /** The receive the reading thread sleeps on (listed with the worker), or null; guarded by {@link #watch}. */
    private MemorySegment watched;
    /** True when {@link #watched} was taken and done with while its thread slept: that thread frees it. Guarded by {@link #watch}. */
    private boolean watchedRetired;
    private final Object watch = new Object();
    private int readAt;
    private int readEnd;
    private int chunkLeft;
    private volatile boolean ended;
    private volatile int readTimeoutMillis;
    private final byte[] one = new byte[1];
    private final InputStream input = new InputStream() {
        @Override
        public int read() throws IOException {
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return UcxLink.this.read(b, off, len);
        }
    };

    private UcxLink(UcxWorker worker, String remote) {
        this.worker = worker;
        this.remote = remote;
        sendParams.set(JAVA_INT, Ucp.REQUEST_PARAM_OP_ATTR_MASK, Ucp.OP_ATTR_FIELD_DATATYPE);
        sendParams.set(JAVA_LONG, Ucp.REQUEST_PARAM_DATATYPE, Ucp.DATATYPE_IOV);
        vector.set(ADDRESS, 0, header);
        vector.set(JAVA_LONG, 8, 4);
    }

    /** An endpoint to the listener at {@code sockaddr}; returns once UCX has connected it (or fails by {@code deadlineNanos}). */
    static UcxLink connect(UcxWorker worker, MemorySegment sockaddr, String remote, long deadlineNanos) throws IOException {
        UcxLink link = new UcxLink(worker, remote);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment params = link.endpointParams(a, Ucp.EP_PARAM_FIELD_SOCK_ADDR | Ucp.EP_PARAM_FIELD_FLAGS);
            params.set(JAVA_INT, Ucp.EP_PARAMS_FLAGS, Ucp.EP_PARAMS_FLAGS_CLIENT_SERVER);
            params.set(ADDRESS, Ucp.EP_PARAMS_SOCKADDR_ADDR, sockaddr);
            params.set(JAVA_LONG, Ucp.EP_PARAMS_SOCKADDR_LEN, sockaddr.byteSize());
            link.create(params);
            link.flush(a, deadlineNanos);
            return link;
        } catch (IOException | RuntimeException e) {
            link.release(false);
            throw e;
        }
    }

    /** A link for a connection request, its memory made and no endpoint yet: {@link #accept} makes it. */
    static UcxLink forRequest(UcxWorker worker, String remote) {
        return new UcxLink(worker, remote);
    }

    /**
     * Makes the endpoint of the connection request the listener was handed. UCX takes the
     * request when {@code ucp_ep_create} is called, whether it makes the endpoint or not (it
     * rejects and frees the request itself when it fails); {@link #tookRequest} tells whether
     * it got that far, so that a caller rejects only a request UCX never took.
     */
    void accept(MemorySegment connRequest) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment params = endpointParams(a, Ucp.EP_PARAM_FIELD_CONN_REQUEST);
            params.set(ADDRESS, Ucp.EP_PARAMS_CONN_REQUEST, connRequest);
            tookRequest = true;
            create(params);
        } catch (IOException | RuntimeException e) {
            release(false);
            throw e;
        }
    }

    /** True once {@link #accept} handed its request to UCX. */
    boolean tookRequest() {
        return tookRequest;
    }

    /** Parameters every endpoint has: failures of the peer reported (to {@link #onError}) rather than fatal. */
    private MemorySegment endpointParams(Arena a, long fields) {
        MemorySegment params = a.allocate(Ucp.EP_PARAMS_SIZE, 8);
        params.set(JAVA_LONG, 0, fields | Ucp.EP_PARAM_FIELD_ERR_HANDLING_MODE | Ucp.EP_PARAM_FIELD_ERR_HANDLER);
        params.set(JAVA_INT, Ucp.EP_PARAMS_ERR_MODE, Ucp.ERR_HANDLING_MODE_PEER);
        params.set(ADDRESS, Ucp.EP_PARAMS_ERR_HANDLER_CB, ERROR_HANDLER);
        params.set(ADDRESS, Ucp.EP_PARAMS_ERR_HANDLER_ARG, MemorySegment.ofAddress(id));
        return params;
    }

    private void create(MemorySegment params) throws IOException {
        BY_ID.put(id, this);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            UcxWorker.check((int) Ucp.EP_CREATE.invokeExact(worker.worker, params, out), "ucp_ep_create to " + remote);
            endpoint = out.get(ADDRESS, 0);
            worker.endpointMade();
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
    }

    /** Waits until what was sent so far reached the peer: for a new endpoint, until it is connected. */
    private void flush(Arena a, long deadlineNanos) throws IOException {
        MemorySegment params = a.allocate(Ucp.REQUEST_PARAM_SIZE, 8);
        MemorySegment request;
        try {
            request = worker.taken((MemorySegment) Ucp.EP_FLUSH_NBX.invokeExact(endpoint, params));
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
        int status = complete(request, deadlineNanos);
        if (status == Ucp.UCS_INPROGRESS) {
            throw new SocketTimeoutException("UCX did not connect to " + remote + " in time");
        }
        if (status != Ucp.UCS_OK) {
            throw new IOException("UCX cannot connect to " + remote + ": " + Ucp.describe(status));
        }
    }

    /** The native copy writes from the Java heap go through: none before the first, then {@link #STAGING_BYTES}. */
    long stagingBytes() {
        return staging.byteSize();
    }

    /** Called by UCX, in some thread's progress, when the endpoint failed (the peer is gone or unreachable). */
    @SuppressWarnings("unused")
    private static void onError(MemorySegment arg, MemorySegment endpoint, int status) {
        UcxLink link = BY_ID.get(arg.address());
        if (link != null) {
            link.failure = status;
        }
    }

    // ---------------------------------------------------------------- Link

    @Override
    public InputStream input() {
        return input;
    }

    @Override
    public void write(ByteBuffer bytes) throws IOException {
        int n = bytes.remaining();
        if (n == 0) {
            return;
        }
        if (bytes.isDirect()) {
            send(n, MemorySegment.ofBuffer(bytes), n);
        } else {
            if (staging.address() == 0) {
                staging = arena.allocate(STAGING_BYTES, 8);
            }
            MemorySegment heap = MemorySegment.ofBuffer(bytes);
            for (int at = 0; at < n; at += STAGING_BYTES) {
                int piece = Math.min(STAGING_BYTES, n - at);
                MemorySegment.copy(heap, at, staging, 0, piece);
                send(piece, staging, piece);
            }
        }
        bytes.position(bytes.limit());
    }

    /** Sends a chunk: the header {@code length}, then {@code count} bytes of {@code data}. */
    private void send(int length, MemorySegment data, int count) throws IOException {
        if (outputShut) {
            throw new IOException("this side ended its stream to " + remote);
        }
        header.set(JAVA_INT, 0, length);
        vector.set(ADDRESS, Ucp.IOV_SIZE, data);
        vector.set(JAVA_LONG, Ucp.IOV_SIZE + 8, count);
        MemorySegment request;
        synchronized (this) {
            if (endpoint == null) {
                throw new IOException("the link to " + remote + " is closed");
            }
            try {
                request = worker.taken((MemorySegment) Ucp.STREAM_SEND_NBX.invokeExact(endpoint, vector, count > 0 ? 2L : 1L, sendParams));
            } catch (Throwable t) {
                throw Ucp.rethrow(t);
            }
        }
        int status = complete(request, Long.MAX_VALUE);
        if (status != Ucp.UCS_OK) {
            throw new IOException("UCX send to " + remote + " failed: " + Ucp.describe(status));
        }
    }

    /**
     * The status of an operation UCX returned: at once, or once its request completed, or
     * {@link Ucp#UCS_INPROGRESS} at {@code deadlineNanos}; the request is freed either way
     * (one not done is released when its endpoint's close completes it).
     */
    private int complete(MemorySegment request, long deadlineNanos) {
        int status = Ucp.statusOf(request);
        if (status != Ucp.UCS_INPROGRESS) {
            return status;
        }
        try {
            return worker.await(request, deadlineNanos);
        } finally {
            worker.free(request);
        }
    }

    private int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        int timeout = readTimeoutMillis;
        long deadline = timeout == 0 ? Long.MAX_VALUE : System.nanoTime() + timeout * 1_000_000L;
        while (chunkLeft == 0) {
            if (ended) {
                return -1;
            }
            if (readEnd - readAt < 4) {
                if (!receive(deadline)) {
                    ended = true;
                    return -1;
                }
                continue;
            }
            if (takeHeader()) {
                return -1;
            }
        }
        if (readAt == readEnd && !receive(deadline)) {
            throw new IOException(remote + " ended its UCX stream inside a chunk");
        }
        int n = Math.min(len, Math.min(chunkLeft, readEnd - readAt));
        MemorySegment.copy(received, JAVA_BYTE, readAt, b, off, n);
        readAt += n;
        chunkLeft -= n;
        return n;
    }

    /**
     * Takes the chunk header at {@link #readAt}, which the buffer holds whole: a chunk's
     * length, the peer's note that it read our end, or the end of its stream, which this
     * side acknowledges. True at the end of the stream.
     */
    private boolean takeHeader() throws IOException {
        int h = received.get(JAVA_INT_UNALIGNED, readAt);
        readAt += 4;
        if (h == END_OF_STREAM) {
            ended = true;
            sendControl(END_READ);
            return true;
        }
        if (h == END_READ) {
            peerReadOurEnd = true;
        } else if (h <= 0) {
            throw new IOException("UCX stream from " + remote + " is corrupt: a chunk of " + h + " bytes");
        } else {
            chunkLeft = h;
        }
        return false;
    }

    /**
     * Receives more after the unread bytes (part of a header, at most), taking back a parked
     * receive or posting one, waiting until {@code deadlineNanos}; false when the peer is gone
     * (its endpoint closed or reset).
     */
    private boolean receive(long deadlineNanos) throws IOException {
        MemorySegment request = parkedReceive.getAndSet(null);
        if (request == null) {
            request = postReceive();
            int status = Ucp.statusOf(request);
            if (status == Ucp.UCS_OK) {
                readEnd += (int) receivedLength.get(JAVA_LONG, 0);
                return true;
            }
            if (status != Ucp.UCS_INPROGRESS) {
                return failed(status);
            }
        }
        int status = worker.await(request, deadlineNanos, peerGone);
        if (status == Ucp.UCS_INPROGRESS) {
            if (failure != Ucp.UCS_OK) {
                // The peer's end went with the data UCX held for it: the request completes when the endpoint closes.
                retire(request);
                return failed(failure);
            }
            park(request);
            throw new SocketTimeoutException("nothing came from " + remote + " for " + readTimeoutMillis + " ms");
        }
        int tested = takeReceived(request);
        if (tested != Ucp.UCS_OK) {
            return failed(tested);
        }
        return true;
    }

    /** Adds the bytes of the done receive {@code request} to the buffer and retires it; returns its status. */
    private int takeReceived(MemorySegment request) {
        int tested;
        try {
            tested = (int) Ucp.STREAM_RECV_REQUEST_TEST.invokeExact(request, receivedLength);
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        } finally {
            retire(request);
        }
        if (tested == Ucp.UCS_OK) {
            readEnd += (int) receivedLength.get(JAVA_LONG, 0);
        }
        return tested;
    }

    /** Frees a receive done with, unless the reading thread sleeps on it: then that thread frees it when it wakes. */
    private void retire(MemorySegment request) {
        synchronized (watch) {
            if (request == watched) {
                watchedRetired = true;
                return;
            }
        }
        worker.free(request);
    }

    // ---------------------------------------------------------------- PolledLink

    @Override
    public void pollReads() {
        // Reads never wait from here on: readNow and awaitReadable replace the stream.
    }

    /**
     * Copies what the buffer holds of the stream's bytes into {@code into}, across chunk
     * headers, and only when it holds none takes what one pass of progress brings.
     */
    @Override
    public int readNow(ByteBuffer into) throws IOException {
        if (!into.hasRemaining() || !inRead.compareAndSet(false, true)) {
            return 0;
        }
        try {
            int copied = 0;
            while (into.hasRemaining()) {
                if (chunkLeft == 0) {
                    if (ended) {
                        return copied > 0 ? copied : -1;
                    }
                    if (readEnd - readAt < 4) {
                        if (copied > 0) {
                            return copied;
                        }
                        int got = receiveNow();
                        if (got <= 0) {
                            if (got < 0) {
                                ended = true;
                            }
                            return got;
                        }
                        continue;
                    }
                    if (takeHeader()) {
                        return copied > 0 ? copied : -1;
                    }
                    continue;
                }
                if (readAt == readEnd) {
                    if (copied > 0) {
                        return copied;
                    }
                    int got = receiveNow();
                    if (got < 0) {
                        throw new IOException(remote + " ended its UCX stream inside a chunk");
                    }
                    if (got == 0) {
                        return 0;
                    }
                }
                int n = Math.min(into.remaining(), Math.min(chunkLeft, readEnd - readAt));
                if (into.hasArray()) {
                    MemorySegment.copy(received, JAVA_BYTE, readAt, into.array(), into.arrayOffset() + into.position(), n);
                    into.position(into.position() + n);
                } else {
                    into.put(received.asSlice(readAt, n).asByteBuffer());
                }
                readAt += n;
                chunkLeft -= n;
                copied += n;
            }
            return copied;
        } finally {
            inRead.set(false);
        }
    }

    /**
     * Takes what one pass of progress brought, under {@link #inRead}: 1 if bytes were added to
     * the buffer, 0 if none came yet (the receive stays parked), -1 if the peer is gone.
     */
    private int receiveNow() throws IOException {
        MemorySegment request = parkedReceive.getAndSet(null);
        if (request == null) {
            request = postReceive();
            int status = Ucp.statusOf(request);
            if (status == Ucp.UCS_OK) {
                readEnd += (int) receivedLength.get(JAVA_LONG, 0);
                return 1;
            }
            if (status != Ucp.UCS_INPROGRESS) {
                return failed(status) ? 1 : -1;
            }
        }
        try {
            worker.progress();
        } catch (RuntimeException e) {
            park(request);
            throw e;
        }
        if (UcxWorker.checkStatus(request) == Ucp.UCS_INPROGRESS) {
            if (failure != Ucp.UCS_OK) {
                // The peer's end went with the data UCX held for it: the request completes when the endpoint closes.
                retire(request);
                return failed(failure) ? 1 : -1;
            }
            park(request);
            return 0;
        }
        int tested = takeReceived(request);
        if (tested != Ucp.UCS_OK) {
            return failed(tested) ? 1 : -1;
        }
        return 1;
    }

    /** Moves the unread bytes (part of a header, at most) to the buffer's start and posts a receive after them. */
    private MemorySegment postReceive() throws IOException {
        int kept = readEnd - readAt;
        if (kept > 0) {
            MemorySegment.copy(received, readAt, received, 0, kept);
        }
        readAt = 0;
        readEnd = kept;
        synchronized (this) {
            if (endpoint == null) {
                throw new IOException("the link to " + remote + " is closed");
            }
            try {
                return worker.taken((MemorySegment) Ucp.STREAM_RECV_NBX.invokeExact(endpoint, receiveAt[kept],
                    (long) (RECEIVE_BYTES - kept), receivedLength, recvParams));
            } catch (Throwable t) {
                throw Ucp.rethrow(t);
            }
        }
    }

    /** Leaves a receive not done yet for the next read; freed at once if the link closed meanwhile. */
    private void park(MemorySegment request) {
        parkedReceive.set(request);
        synchronized (this) {
            if (endpoint == null) {
                // closed meanwhile: the close may have looked for a parked receive before this one was parked
                freeParkedReceive();
            }
        }
    }

    /**
     * Waits until a read would find bytes (or the end), up to {@code millis}: what one pass of
     * progress brings goes into the link's buffer for the next read; else the thread sleeps on
     * the parked receive, listed with the worker, so that whichever thread's progress completes
     * it wakes this one.
     */
    @Override
    public boolean awaitReadable(long millis) throws IOException {
        long deadline = System.nanoTime() + Math.max(1, millis) * 1_000_000L;
        while (true) {
            MemorySegment request;
            if (!inRead.compareAndSet(false, true)) {
                // A thread of the program is reading: it takes what comes.
                return true;
            }
            try {
                if (ended || failure != Ucp.UCS_OK || chunkLeft > 0 && readAt < readEnd || chunkLeft == 0 && readEnd - readAt >= 4) {
                    return true;
                }
                int got = receiveNow();
                if (got != 0) {
                    if (got < 0 && chunkLeft == 0) {
                        // Inside a chunk the next read says the stream broke there.
                        ended = true;
                    }
                    return true;
                }
                synchronized (watch) {
                    // Under the lock a close's retire takes: it either frees the receive before this looks, or leaves it to this thread.
                    request = parkedReceive.get();
                    watched = request;
                }
                if (request == null) {
                    return true;
                }
            } finally {
                inRead.set(false);
            }
            int status;
            try {
                status = worker.await(request, deadline, peerGone);
            } finally {
                unwatch(request);
            }
            if (status != Ucp.UCS_INPROGRESS || failure != Ucp.UCS_OK) {
                return true;
            }
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
        }
    }

    /** The reading thread is awake: frees the receive it slept on if a read took it meanwhile. */
    private void unwatch(MemorySegment request) {
        boolean free;
        synchronized (watch) {
            watched = null;
            free = watchedRetired;
            watchedRetired = false;
        }
        if (free) {
            worker.free(request);
        }
    }

    /** A receive failed: a closed or reset peer reads as the end of the stream, as a closed socket does; anything else throws. */
    private boolean failed(int status) throws IOException {
        int cause = failure != Ucp.UCS_OK ? failure : status;
        if (cause == Ucp.UCS_ERR_CONNECTION_RESET || cause == Ucp.UCS_ERR_NOT_CONNECTED || cause == Ucp.UCS_ERR_CANCELED) {
            return false;
        }
        throw new IOException("UCX receive from " + remote + " failed: " + Ucp.describe(cause));
    }

    /** Sends a header alone, from memory of its own: the reader acknowledges an end while a writer may be sending. */
    private void sendControl(int header) {
        synchronized (this) {
            if (endpoint == null || failure != Ucp.UCS_OK) {
                return;
            }
            int slot = header == END_READ ? 0 : 1;
            MemorySegment piece = control.asSlice(4L * slot, 4);
            piece.set(JAVA_INT, 0, header);
            try {
                MemorySegment request = worker.taken((MemorySegment) Ucp.STREAM_SEND_NBX.invokeExact(endpoint, piece, 4L, controlParams));
                if (Ucp.statusOf(request) == Ucp.UCS_INPROGRESS) {
                    pendingControl[slot] = request;
                }
            } catch (Throwable t) {
                throw Ucp.rethrow(t);
            }
        }
    }

    @Override
    public void readTimeout(int millis) {
        readTimeoutMillis = millis;
    }

    @Override
    public void shutdownOutput() throws IOException {
        if (!outputShut) {
            send(END_OF_STREAM, MemorySegment.NULL, 0);
            outputShut = true;
        }
    }

    @Override
    public String remote() {
        return remote;
    }

    /**
     * Ends this side's stream if it is not ended yet, then waits, up to {@link #CLOSE_MILLIS},
     * until the peer has read that end (its acknowledgement) or is gone, and only then closes
     * the endpoint: UCX drops what a peer has not read yet when the endpoint closes under it,
     * and a peer must read the goodbye before the end. Once this side has read the peer's end
     * (its reader is done), the wait reads on for the acknowledgement itself.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (endpoint == null) {
                return;
            }
        }
        long deadline = System.nanoTime() + CLOSE_MILLIS * 1_000_000L;
        try {
            if (!outputShut && failure == Ucp.UCS_OK) {
                sendControl(END_OF_STREAM);
                outputShut = true;
            }
            while (!peerReadOurEnd && failure == Ucp.UCS_OK && System.nanoTime() - deadline < 0) {
                if (ended) {
                    readAcknowledgement(deadline);
                } else {
                    worker.progressOrSleep(deadline);
                }
            }
        } catch (IOException | RuntimeException e) {
            // closing whatever happens: the endpoint goes below
        }
        release(peerReadOurEnd && failure == Ucp.UCS_OK);
    }

    /** Closes a link nobody took, at once and by force: its peer sees the connection fail, which ends its stream. */
    void abandon() {
        release(false);
    }

    /**
     * Closes the endpoint and frees what the link holds. With {@code flush}, the peer has read
     * this side's end, and UCX completes what is still queued before the endpoint goes; else
     * (the peer failed, never answered, or did not read the end in time) the endpoint is closed
     * by force: UCX completes every request of it as cancelled, without the peer. The link's
     * memory is freed once UCX has closed the endpoint, after which it writes into it no more.
     */
    private void release(boolean flush) {
        if (released.getAndSet(true)) {
            return;
        }
        MemorySegment ep;
        synchronized (this) {
            ep = endpoint;
            endpoint = null;
        }
        BY_ID.remove(id);
        boolean closed = ep == null || closeEndpoint(ep, flush);
        for (int slot = 0; slot < pendingControl.length; slot++) {
            if (pendingControl[slot].address() != 0) {
                worker.free(pendingControl[slot]);
                pendingControl[slot] = MemorySegment.NULL;
            }
        }
        freeParkedReceive();
        if (closed) {
            try {
                arena.close();
            } catch (IllegalStateException closedOrInUse) {
                // closed before, or a reader is in a call with it: its next access fails as a closed link's does
            }
        }
    }

    /** True once UCX has closed {@code ep} (within {@link #CLOSE_MILLIS}). */
    private boolean closeEndpoint(MemorySegment ep, boolean flush) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment params = a.allocate(Ucp.REQUEST_PARAM_SIZE, 8);
            if (!flush) {
                params.set(JAVA_INT, Ucp.REQUEST_PARAM_OP_ATTR_MASK, Ucp.OP_ATTR_FIELD_FLAGS);
                params.set(JAVA_INT, Ucp.REQUEST_PARAM_FLAGS, Ucp.EP_CLOSE_FLAG_FORCE);
            }
            MemorySegment request = worker.taken((MemorySegment) Ucp.EP_CLOSE_NBX.invokeExact(ep, params));
            if (complete(request, System.nanoTime() + CLOSE_MILLIS * 1_000_000L) == Ucp.UCS_INPROGRESS) {
                return false;
            }
            worker.endpointClosed();
            return true;
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
    }

    /** Frees a receive a timed-out read left pending, if the reader has not taken it back. */
    private void freeParkedReceive() {
        MemorySegment parked = parkedReceive.getAndSet(null);
        if (parked != null) {
            retire(parked);
        }
    }

    /** After the peer's end: the only header that may still come is its acknowledgement of ours. */
    private void readAcknowledgement(long deadlineNanos) throws IOException {
        // Past the end a polled read or the reading thread's look holds this only for an instant.
        while (!inRead.compareAndSet(false, true)) {
            Thread.yield();
        }
        try {
            readAcknowledgementHeld(deadlineNanos);
        } finally {
            inRead.set(false);
        }
    }

    private void readAcknowledgementHeld(long deadlineNanos) throws IOException {
        if (readEnd - readAt < 4) {
            if (!receive(deadlineNanos)) {
                return;
            }
        }
        if (readEnd - readAt >= 4) {
            int h = received.get(JAVA_INT_UNALIGNED, readAt);
            readAt += 4;
            if (h != END_READ) {
                throw new IOException(remote + " sent more after the end of its stream");
            }
            peerReadOurEnd = true;
        }
    }
}
