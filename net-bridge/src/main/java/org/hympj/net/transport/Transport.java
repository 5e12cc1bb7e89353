package org.hympj.net.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * How the net-bridge opens byte streams between JVMs. {@link TcpTransport} is the one there
 * is. An RDMA transport (verbs: a queue pair per link, registered buffers) would implement
 * this interface beside it, and the bridge's framing, handshake and batching would not change;
 * none is shipped, as this project has no InfiniBand hardware to build or test one on. Over
 * InfiniBand today, run the TCP transport over IPoIB, or preload rsockets (librspreload) to
 * move its sockets onto RDMA: docs/architecture.md says how.
 */
public interface Transport {
    /** Listens on {@code address} at a port the system chooses. */
    Listener listen(InetAddress address) throws IOException;

    /** Connects to {@code address}, failing after {@code timeoutMillis}. */
    Link connect(InetSocketAddress address, int timeoutMillis) throws IOException;
}
