package org.hympj.net.transport;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * One open, reliable, ordered byte stream to another JVM of the job: a TCP connection, or a
 * UCX endpoint (see {@link Transport}).
 */
public interface Link extends Closeable {
    InputStream input() throws IOException;

    /** Writes every remaining byte of {@code bytes} (blocking until the kernel has taken them all). */
    void write(ByteBuffer bytes) throws IOException;

    /** A read that waits longer than this fails with {@code SocketTimeoutException}; 0 waits for ever. */
    void readTimeout(int millis) throws IOException;

    /** Ends the stream this side writes (the other side reads its end) and keeps reading open. */
    void shutdownOutput() throws IOException;

    /** The other end, for messages: "10.0.0.2:40311". */
    String remote();
}
