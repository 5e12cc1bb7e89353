package org.hympj.net.transport;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A {@link Link} whose reads can look without waiting, so that any thread may read it in
 * turn: a rank thread that waits for a message reads the connection itself, and the reading
 * thread of the connection waits for bytes without holding it.
 *
 * <p>Once {@link #pollReads} returns, reads go through {@link #readNow} and
 * {@link #awaitReadable} only (not through {@link #input}); writes still wait until the kernel
 * has taken every byte.
 */
public interface PolledLink extends Link {
    /** Switches the link to reads that never wait; called once, after the handshake, before any other read. */
    void pollReads() throws IOException;

    /**
     * Reads what has arrived into {@code into} (from its position to its limit) without
     * waiting; returns the number of bytes read, 0 when none have arrived, -1 at the end of
     * the stream. One thread at a time.
     */
    int readNow(ByteBuffer into) throws IOException;

    /**
     * Waits up to {@code millis} until bytes (or the end of the stream) can be read; returns
     * false if none came meanwhile. Only for the connection's reading thread: it holds no
     * lock while it waits, so another thread may read what comes first.
     */
    boolean awaitReadable(long millis) throws IOException;
}
