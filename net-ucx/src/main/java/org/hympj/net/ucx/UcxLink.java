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
import java.security.SecureRandom;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.hympj.net.transport.PolledLink;

/**
 * One UCP endpoint as the bridge's byte stream, carried as UCP tagged messages: each write
 * goes as one message per chunk of at most {@link #RECEIVE_BYTES} (the peer's one posted
 * receive), which UCX sends eagerly, or by rendezvous past its threshold when the user sets one
 * ({@link UcxWorker}): the receiver then fetches the bytes from where the sender has them,
 * zero-copy on transports that can, from memory UCX registers and keeps in its registration
 * cache. A message's length comes with
 * its completion; what it is comes in the two low bits of its tag ({@link #DATA},
 * {@link #END_OF_STREAM}, {@link #END_READ}), so the bytes carry no header. The end of stream
 * and its acknowledgement give the half-close the bridge's goodbye needs.
 *
 * <p>Tags: tag matching is the worker's, not the endpoint's, so each link receives on a tag
 * of its own, {@link #ownTag}: 62 bits drawn from a secure random source above the kind bits,
 * never given twice in the JVM's life, so that no message of a link closed before matches a
 * later one, and a peer that has an endpoint but not the job's secret (the handshake comes
 * after the connection) cannot aim messages at another link's tag. Each
 * side sends its tag to the other as the endpoint's first stream message (8 bytes), made
 * with the endpoint, and a writer waits for the peer's before its first message. The race
 * this leaves is harmless: a side's messages may reach the peer before the peer has posted a
 * receive for them, or before its tag's stream message is read there, and UCX keeps them as
 * unexpected messages of the peer's worker until a receive of that tag takes them, in order.
 *
 * <p>Sends go from the caller's memory when it is native (the bridge's rings and batch); a
 * write returns once UCX no longer needs that memory (for a rendezvous, once the peer has
 * fetched it).
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
 * lock, which {@link #close} takes to clear it. At most one receive is outstanding, posted
 * only when the buffer's message is read out ({@link #posted} names it until it is freed);
 * one left pending by a read that timed out, or by a polled read that found nothing yet,
 * waits in {@link #parkedReceive}: the next read takes it back, or the close frees it; while
 * a read waits on it, it is that read's to free. A receive the reading thread sleeps on
 * ({@link #watched}) is freed by that thread when it wakes, whoever took its message
 * ({@link #retire}). A receive is the worker's, not the endpoint's, so closing the endpoint
 * does not end it: the close cancels it, and frees the link's memory only once it is done.
 * Every request is freed and the link's memory too, whether the link ends well, fails, or
 * times out.
 */
final class UcxLink implements PolledLink {
    /** The kind of a message, in its tag's low bits: bytes of the stream. */
    static final long DATA = 0;
    /** The kind of the message that ends a stream. */
    static final long END_OF_STREAM = 1;
    /** The kind of the message by which a reader says it has read the other side's {@link #END_OF_STREAM}. */
    static final long END_READ = 2;
    private static final long KIND_BITS = 3;
    /** A receive matches its link's tag whatever the kind. */
    private static final long MATCH_MASK = ~KIND_BITS;
    /** The link's receive buffer: the longest message a peer sends; a longer one would be truncated, an error. */
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
    private static final SecureRandom TAGS = new SecureRandom();
    /** Every tag this JVM's links have received on: none is given twice. */
    private static final Set<Long> TAGS_GIVEN = ConcurrentHashMap.newKeySet();
    private static final MemorySegment ERROR_HANDLER = Ucp.upcall(MethodHandles.lookup(), "onError", Ucp.ERR_HANDLER);
    private static final MemorySegment PEER_TAG_CALLBACK = Ucp.upcall(MethodHandles.lookup(), "onPeerTag", Ucp.STREAM_RECV_CALLBACK);

    private final UcxWorker worker;
    private final long id = NEXT_ID.getAndIncrement();
    /** The tag this link receives on, its kind bits clear. */
    private final long ownTag = newTag();
    private final String remote;
    private final Arena arena = Arena.ofShared();
    /** Set by the one caller of {@link #release} that frees: two closers (the reader's, the bridge's) may race to it. */
    private final AtomicBoolean released = new AtomicBoolean();
    private MemorySegment endpoint;
    private boolean tookRequest;
    private volatile int failure = Ucp.UCS_OK;

    // The tags' exchange: ours out, the peer's in, over the endpoint's stream.
    private final MemorySegment tagOut = arena.allocate(JAVA_LONG);
    private final MemorySegment tagIn = arena.allocate(JAVA_LONG);
    private final MemorySegment tagInLength = arena.allocate(JAVA_LONG);
    private volatile boolean peerTagKnown;
    /** Written before {@link #peerTagKnown}, read after it. */
    private long peerTag;
    /** The failure of the receive of the peer's tag, if it failed. */
    private volatile int peerTagStatus = Ucp.UCS_OK;

    // Writing: the send parameters; a native copy for heap buffers.
    private final MemorySegment sendParams = arena.allocate(Ucp.REQUEST_PARAM_SIZE, 8);
    private MemorySegment staging = MemorySegment.NULL;
    private volatile boolean outputShut;
    /**
     * The control messages (the reader's acknowledgement, the end that close sends, our tag):
     * parameters of their own, apart from the writer's, and a slot each for the first two
     * while still queued, as one may wait behind a send when the other goes.
     */
    private final MemorySegment controlParams = arena.allocate(Ucp.REQUEST_PARAM_SIZE, 8);
    private final MemorySegment[] pendingControl = {MemorySegment.NULL, MemorySegment.NULL};
    private volatile boolean peerReadOurEnd;
    /** For the waits: a peer whose endpoint failed will send nothing more. */
    private final java.util.function.BooleanSupplier peerGone = () -> failure != Ucp.UCS_OK;

    // Reading: the buffer holds one message, its unread part [readAt, readEnd).
    private final MemorySegment received = arena.allocate(RECEIVE_BYTES, 8);
    private final MemorySegment receivedInfo = arena.allocate(Ucp.TAG_RECV_INFO_SIZE, 8);
    private final MemorySegment recvParams = arena.allocate(Ucp.REQUEST_PARAM_SIZE, 8);
    private final AtomicReference<MemorySegment> parkedReceive = new AtomicReference<>();
    /** Held by a polled read, and by the reading thread's looks between its sleeps: never both. */
    private final AtomicBoolean inRead = new AtomicBoolean();
    /** The receive the reading thread sleeps on (listed with the worker), or null; guarded by {@link #watch}. */
    private MemorySegment watched;
    /** True when {@link #watched} was taken and done with while its thread slept: that thread frees it. Guarded by {@link #watch}. */
    private boolean watchedRetired;
    /** The receive posted and not yet freed, for the close to cancel; guarded by {@link #watch}. */
    private MemorySegment posted;
    private final Object watch = new Object();
    private int readAt;
    private int readEnd;
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
        // A receive that completes at once leaves recv_info unwritten in UCX 1.13: every
        // receive returns a request, whose test gives the message's tag and length.
        recvParams.set(JAVA_INT, Ucp.REQUEST_PARAM_OP_ATTR_MASK, Ucp.OP_ATTR_FLAG_NO_IMM_CMPL);
        tagOut.set(JAVA_LONG, 0, ownTag);
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
            UcxWorker.check((byte) Ucp.EP_CREATE.invokeExact(worker.worker, params, out), "ucp_ep_create to " + remote);
            endpoint = out.get(ADDRESS, 0);
            worker.endpointMade();
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
        exchangeTags();
    }

    /**
     * Sends this link's tag as the endpoint's first stream message and posts the receive of
     * the peer's (all 8 bytes, or nothing): both before anything else, on either side, so
     * that neither waits for the other to start. Neither request is kept: the send's is freed
     * at once (UCX releases it when it completes; its memory outlives the endpoint), the
     * receive's by its completion, {@link #onPeerTag}, which any thread's progress calls.
     */
    private void exchangeTags() throws IOException {
        MemorySegment tagParams = arena.allocate(Ucp.REQUEST_PARAM_SIZE, 8);
        tagParams.set(JAVA_INT, Ucp.REQUEST_PARAM_OP_ATTR_MASK,
            Ucp.OP_ATTR_FIELD_FLAGS | Ucp.OP_ATTR_FIELD_CALLBACK | Ucp.OP_ATTR_FIELD_USER_DATA);
        tagParams.set(JAVA_INT, Ucp.REQUEST_PARAM_FLAGS, Ucp.STREAM_RECV_FLAG_WAITALL);
        tagParams.set(ADDRESS, Ucp.REQUEST_PARAM_CALLBACK, PEER_TAG_CALLBACK);
        tagParams.set(ADDRESS, Ucp.REQUEST_PARAM_USER_DATA, MemorySegment.ofAddress(id));
        MemorySegment sent;
        MemorySegment receive;
        try {
            sent = worker.taken((MemorySegment) Ucp.STREAM_SEND_NBX.invokeExact(endpoint, tagOut, 8L, controlParams));
            int status = Ucp.statusOf(sent);
            if (status == Ucp.UCS_INPROGRESS) {
                worker.free(sent);
            } else if (status != Ucp.UCS_OK) {
                throw new IOException("UCX cannot send this link's tag to " + remote + ": " + Ucp.describe(status));
            }
            receive = worker.taken((MemorySegment) Ucp.STREAM_RECV_NBX.invokeExact(endpoint, tagIn, 8L, tagInLength, tagParams));
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        }
        int status = Ucp.statusOf(receive);
        if (status == Ucp.UCS_OK) {
            tookPeerTag(status);
        } else if (status != Ucp.UCS_INPROGRESS) {
            throw new IOException("UCX cannot receive the tag of " + remote + ": " + Ucp.describe(status));
        }
    }

    /**
     * Called by UCX, in some thread's progress, when the stream receive of the peer's tag
     * completes (or is cancelled by the endpoint's close): takes the tag, frees the request,
     * and wakes the threads asleep on the worker, one of which may wait for the tag. Never
     * throws: an upcall must not.
     */
    /** A tag no link of this JVM has had, unguessable, its kind bits clear. */
    private static long newTag() {
        while (true) {
            long tag = TAGS.nextLong() << 2;
            if (tag != 0 && TAGS_GIVEN.add(tag)) {
                return tag;
            }
        }
    }

    @SuppressWarnings("unused")
    private static void onPeerTag(MemorySegment request, byte status, long length, MemorySegment userData) {
        try {
            try {
                UcxLink link = BY_ID.get(userData.address());
                if (link != null) {
                    link.tookPeerTag(status);
                }
            } finally {
                UcxWorker w = UcxWorker.made();
                if (w != null) {
                    w.free(request);
                    w.signal();
                }
            }
        } catch (Throwable t) {
            // the waiters look at the tag again after their bounded sleep
        }
    }

    private void tookPeerTag(int status) {
        if (status == Ucp.UCS_OK) {
            peerTag = tagIn.get(JAVA_LONG, 0) & MATCH_MASK;
            peerTagKnown = true;
        } else {
            peerTagStatus = status;
        }
    }

    /**
     * The tag the peer receives this link's messages on, waiting for its stream message until
     * {@code deadlineNanos} at most; fails if the peer goes or the link closes first.
     */
    private long peerTag(long deadlineNanos) throws IOException {
        while (!peerTagKnown) {
            if (peerTagStatus != Ucp.UCS_OK || failure != Ucp.UCS_OK) {
                int cause = failure != Ucp.UCS_OK ? failure : peerTagStatus;
                throw new IOException("UCX receive of the tag of " + remote + " failed: " + Ucp.describe(cause));
            }
            if (released.get()) {
                throw new IOException("the link to " + remote + " is closed");
            }
            if (System.nanoTime() - deadlineNanos >= 0) {
                throw new SocketTimeoutException(remote + " did not send its UCX tag in time");
            }
            worker.progressOrSleep(deadlineNanos);
        }
        return peerTag;
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
    private static void onError(MemorySegment arg, MemorySegment endpoint, byte status) {
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
            MemorySegment direct = MemorySegment.ofBuffer(bytes);
            if (n <= RECEIVE_BYTES) {
                send(DATA, direct, n);
            } else {
                for (int at = 0; at < n; at += RECEIVE_BYTES) {
                    int piece = Math.min(RECEIVE_BYTES, n - at);
                    send(DATA, direct.asSlice(at, piece), piece);
                }
            }
        } else {
            if (staging.address() == 0) {
                staging = arena.allocate(STAGING_BYTES, 8);
            }
            MemorySegment heap = MemorySegment.ofBuffer(bytes);
            for (int at = 0; at < n; at += STAGING_BYTES) {
                int piece = Math.min(STAGING_BYTES, n - at);
                MemorySegment.copy(heap, at, staging, 0, piece);
                send(DATA, staging, piece);
            }
        }
        bytes.position(bytes.limit());
    }

    /** Sends one message of {@code kind}: {@code count} bytes of {@code data}, at most {@link #RECEIVE_BYTES}. */
    private void send(long kind, MemorySegment data, long count) throws IOException {
        if (outputShut) {
            throw new IOException("this side ended its stream to " + remote);
        }
        long tag = peerTag(Long.MAX_VALUE) | kind;
        MemorySegment request;
        synchronized (this) {
            if (endpoint == null) {
                throw new IOException("the link to " + remote + " is closed");
            }
            try {
                request = worker.taken((MemorySegment) Ucp.TAG_SEND_NBX.invokeExact(endpoint, data, count, tag, sendParams));
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
        while (readAt == readEnd) {
            if (ended) {
                return -1;
            }
            if (!receive(deadline)) {
                ended = true;
                return -1;
            }
        }
        int n = Math.min(len, readEnd - readAt);
        MemorySegment.copy(received, JAVA_BYTE, readAt, b, off, n);
        readAt += n;
        return n;
    }

    /**
     * Takes the message a receive completed with, which {@link #receivedInfo} describes: bytes,
     * the peer's note that it read our end, or the end of its stream, which this side
     * acknowledges.
     */
    private void took() throws IOException {
        long kind = receivedInfo.get(JAVA_LONG, Ucp.TAG_RECV_INFO_SENDER_TAG) & KIND_BITS;
        if (kind == DATA) {
            if (ended) {
                throw new IOException(remote + " sent more after the end of its stream");
            }
            readAt = 0;
            readEnd = (int) receivedInfo.get(JAVA_LONG, Ucp.TAG_RECV_INFO_LENGTH);
        } else if (kind == END_OF_STREAM) {
            ended = true;
            sendControl(END_READ);
        } else if (kind == END_READ) {
            peerReadOurEnd = true;
        } else {
            throw new IOException("UCX message from " + remote + " of no kind the link sends (" + kind + ")");
        }
    }

    /**
     * Takes one message, taking back a parked receive or posting one, waiting until
     * {@code deadlineNanos}; false when the peer is gone (its endpoint closed or reset) or
     * this side closed the link.
     */
    private boolean receive(long deadlineNanos) throws IOException {
        MemorySegment request = parkedReceive.getAndSet(null);
        if (request == null) {
            request = postReceive();
            int status = Ucp.statusOf(request);
            if (status != Ucp.UCS_INPROGRESS) {
                return failed(status);
            }
        }
        int status = worker.await(request, deadlineNanos, peerGone);
        if (status == Ucp.UCS_INPROGRESS) {
            if (failure != Ucp.UCS_OK) {
                // Nothing came before the peer went: what came would have matched this receive.
                drop(request);
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

    /** Takes the message of the done receive {@code request} and retires it; returns its status. */
    private int takeReceived(MemorySegment request) throws IOException {
        int tested;
        try {
            tested = (byte) Ucp.TAG_RECV_REQUEST_TEST.invokeExact(request, receivedInfo);
        } catch (Throwable t) {
            throw Ucp.rethrow(t);
        } finally {
            retire(request);
        }
        if (tested == Ucp.UCS_OK) {
            took();
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
            freeReceive(request);
        }
    }

    /** Frees a receive, under {@link #watch}: the close cancels only a receive not freed yet. */
    private void freeReceive(MemorySegment request) {
        if (request == posted) {
            posted = null;
        }
        worker.free(request);
    }

    /**
     * Cancels a receive no message will come for (the peer is gone), and frees it; one whose
     * message UCX is fetching still writes into the buffer, so it is parked for the close,
     * which waits for it before the buffer goes.
     */
    private void drop(MemorySegment request) {
        parkedReceive.set(request);
        freeParkedIfDone();
    }

    // ---------------------------------------------------------------- PolledLink

    @Override
    public void pollReads() {
        // Reads never wait from here on: readNow and awaitReadable replace the stream.
    }

    /**
     * Copies what the buffer holds of the stream's bytes into {@code into}, and only when it
     * holds none takes what one pass of progress brings.
     */
    @Override
    public int readNow(ByteBuffer into) throws IOException {
        if (!into.hasRemaining() || !inRead.compareAndSet(false, true)) {
            return 0;
        }
        try {
            int copied = 0;
            while (into.hasRemaining()) {
                if (readAt == readEnd) {
                    if (ended) {
                        return copied > 0 ? copied : -1;
                    }
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
                int n = Math.min(into.remaining(), readEnd - readAt);
                if (into.hasArray()) {
                    MemorySegment.copy(received, JAVA_BYTE, readAt, into.array(), into.arrayOffset() + into.position(), n);
                    into.position(into.position() + n);
                } else {
                    into.put(received.asSlice(readAt, n).asByteBuffer());
                }
                readAt += n;
                copied += n;
            }
            return copied;
        } finally {
            inRead.set(false);
        }
    }

    /**
     * Takes what one pass of progress brought, under {@link #inRead}: 1 if a message was taken
     * (bytes, or a control message), 0 if none came yet (the receive stays parked), -1 if the
     * peer is gone.
     */
    private int receiveNow() throws IOException {
        MemorySegment request = parkedReceive.getAndSet(null);
        if (request == null) {
            request = postReceive();
            int status = Ucp.statusOf(request);
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
                // Nothing came before the peer went: what came would have matched this receive.
                drop(request);
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

    /**
     * Posts the receive of the link's next message into the buffer, which the last message is
     * read out of; a message waiting in the worker completes it at once, as a request still.
     */
    private MemorySegment postReceive() throws IOException {
        readAt = 0;
        readEnd = 0;
        synchronized (this) {
            if (endpoint == null) {
                throw new IOException("the link to " + remote + " is closed");
            }
            MemorySegment request;
            try {
                request = worker.taken((MemorySegment) Ucp.TAG_RECV_NBX.invokeExact(worker.worker, received,
                    (long) RECEIVE_BYTES, ownTag, MATCH_MASK, recvParams));
            } catch (Throwable t) {
                throw Ucp.rethrow(t);
            }
            if (Ucp.statusOf(request) == Ucp.UCS_INPROGRESS) {
                synchronized (watch) {
                    posted = request;
                }
            }
            return request;
        }
    }

    /** Leaves a receive not done yet for the next read; freed at once if the link closed meanwhile. */
    private void park(MemorySegment request) {
        parkedReceive.set(request);
        synchronized (this) {
            if (endpoint == null) {
                // closed meanwhile: the close may have looked for a parked receive before this one was parked
                freeParkedIfDone();
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
                int got = 1;
                while (got > 0 && readAt == readEnd && !ended && failure == Ucp.UCS_OK) {
                    // a control message (an acknowledgement) leaves nothing to read: look again
                    got = receiveNow();
                }
                if (got != 0) {
                    if (got < 0) {
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
        synchronized (watch) {
            watched = null;
            if (watchedRetired) {
                watchedRetired = false;
                freeReceive(request);
            }
        }
    }

    /**
     * A receive failed: a closed or reset peer, or this side's close, reads as the end of the
     * stream, as a closed socket does; anything else (a message longer than the buffer:
     * truncated) throws.
     */
    private boolean failed(int status) throws IOException {
        int cause = failure != Ucp.UCS_OK ? failure : status;
        if (cause == Ucp.UCS_ERR_CONNECTION_RESET || cause == Ucp.UCS_ERR_NOT_CONNECTED || cause == Ucp.UCS_ERR_CANCELED) {
            return false;
        }
        throw new IOException("UCX receive from " + remote + " failed: " + Ucp.describe(cause));
    }

    /**
     * Sends a control message of {@code kind} (no bytes) with parameters of its own, without
     * waiting for it: the reader acknowledges an end while a writer may be sending. The peer's
     * tag is waited for up to {@link #CLOSE_MILLIS}; a peer that never sent it gets nothing,
     * and its close forces its endpoint closed.
     */
    private void sendControl(long kind) {
        long tag;
        try {
            tag = peerTag(System.nanoTime() + CLOSE_MILLIS * 1_000_000L) | kind;
        } catch (IOException noTag) {
            return;
        }
        synchronized (this) {
            if (endpoint == null || failure != Ucp.UCS_OK) {
                return;
            }
            int slot = kind == END_READ ? 0 : 1;
            try {
                MemorySegment request = worker.taken((MemorySegment) Ucp.TAG_SEND_NBX.invokeExact(endpoint, tagOut, 0L, tag, controlParams));
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
            send(END_OF_STREAM, tagOut, 0);
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
     * the endpoint: UCX drops what a peer has not fetched yet when the endpoint closes under
     * it, and a peer must read the goodbye before the end. Once this side has read the peer's
     * end (its reader is done), the wait reads on for the acknowledgement itself.
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
     * by force: UCX completes every request of it as cancelled, without the peer. The receive
     * is the worker's: it is cancelled, which a reader waiting on it reads as the end. The
     * link's memory is freed once UCX has closed the endpoint and the receive is done, after
     * which UCX writes into it no more.
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
        long deadline = System.nanoTime() + CLOSE_MILLIS * 1_000_000L;
        boolean closed = ep == null || closeEndpoint(ep, flush);
        BY_ID.remove(id);
        for (int slot = 0; slot < pendingControl.length; slot++) {
            if (pendingControl[slot].address() != 0) {
                worker.free(pendingControl[slot]);
                pendingControl[slot] = MemorySegment.NULL;
            }
        }
        boolean receiveDone = cancelReceive(deadline);
        if (closed && receiveDone) {
            try {
                arena.close();
            } catch (IllegalStateException closedOrInUse) {
                // closed before, or a reader is in a call with it: its next access fails as a closed link's does
            }
        }
    }

    /**
     * Cancels the receive still posted, if any, frees it if parked, and waits (up to
     * {@code deadlineNanos}) until a reader that holds it has freed it: true when UCX writes
     * into the buffer no more and no reader is about to read a message out of it.
     */
    private boolean cancelReceive(long deadlineNanos) {
        while (true) {
            synchronized (watch) {
                if (posted == null) {
                    return true;
                }
                worker.cancel(posted);
            }
            freeParkedIfDone();
            synchronized (watch) {
                if (posted == null) {
                    return true;
                }
            }
            if (System.nanoTime() - deadlineNanos >= 0) {
                return false;
            }
            worker.progressOrSleep(System.nanoTime() + 1_000_000L);
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

    /**
     * Frees a receive a timed-out read left pending, if the reader has not taken it back and
     * UCX is done with it (cancelled): one whose message UCX is still fetching stays parked.
     */
    private void freeParkedIfDone() {
        MemorySegment parked = parkedReceive.getAndSet(null);
        if (parked == null) {
            return;
        }
        boolean done;
        synchronized (watch) {
            worker.cancel(parked);
            done = UcxWorker.checkStatus(parked) != Ucp.UCS_INPROGRESS;
        }
        if (done) {
            retire(parked);
        } else {
            parkedReceive.set(parked);
        }
    }

    /** After the peer's end: the only message that may still come is its acknowledgement of ours. */
    private void readAcknowledgement(long deadlineNanos) throws IOException {
        // Past the end a polled read or the reading thread's look holds this only for an instant.
        while (!inRead.compareAndSet(false, true)) {
            Thread.yield();
        }
        try {
            if (!peerReadOurEnd) {
                receive(deadlineNanos);
            }
        } finally {
            inRead.set(false);
        }
    }
}
