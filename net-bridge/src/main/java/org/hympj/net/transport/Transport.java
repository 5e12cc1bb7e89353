package org.hympj.net.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * How the net-bridge opens byte streams between JVMs: {@link TcpTransport}, or UCX's
 * ({@code org.hympj.net.ucx.UcxTransport}, module net-ucx, JDK 22 and later), which runs over
 * InfiniBand or RoCE verbs, shared memory or TCP. {@link TransportChoice} picks one; the
 * bridge's framing, handshake and batching are the same over either.
 */
public interface Transport {
    /** Listens on {@code address} at a port the system chooses. */
    Listener listen(InetAddress address) throws IOException;

    /** Connects to {@code address}, failing after {@code timeoutMillis}. */
    Link connect(InetSocketAddress address, int timeoutMillis) throws IOException;
}
