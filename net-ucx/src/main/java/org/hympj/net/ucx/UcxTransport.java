package org.hympj.net.ucx;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.hympj.net.transport.Link;
import org.hympj.net.transport.Listener;
import org.hympj.net.transport.Transport;

/**
 * The net-bridge's links over UCX (UCP's tagged messages through the JDK's foreign-function API):
 * whatever transport UCX finds (InfiniBand or RoCE verbs, shared memory, TCP), chosen by
 * UCX's own settings ({@code UCX_TLS}, {@code UCX_NET_DEVICES}) from the environment. The
 * bridge's framing, handshake and liveness run over it unchanged. Listeners and connections
 * take socket addresses, as on TCP: UCX's connection manager exchanges the endpoints'
 * addresses over them.
 */
public final class UcxTransport implements Transport {
    private final UcxWorker worker;

    private UcxTransport(UcxWorker worker) {
        this.worker = worker;
    }

    /**
     * The transport over this JVM's UCP worker (made on the first call); throws, saying why,
     * when UCX cannot start here (no {@code libucp.so.0}, or UCP fails to initialise).
     */
    public static UcxTransport open() throws IOException {
        return new UcxTransport(UcxWorker.get());
    }

    /** "UCX 1.13.1": the library, for the line that says which transport a job uses. */
    @Override
    public String toString() {
        return "UCX " + worker.version();
    }

    @Override
    public Listener listen(InetAddress address) throws IOException {
        if (address.isAnyLocalAddress()) {
            throw new IllegalArgumentException("the net-bridge does not listen on every interface (" + address.getHostAddress()
                + "): name one interface or network with -Dhympj.net.address");
        }
        return new UcxListener(worker, address);
    }

    @Override
    public Link connect(InetSocketAddress address, int timeoutMillis) throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment sockaddr = SocketAddresses.encode(a, address);
            return UcxLink.connect(worker, sockaddr, address.getAddress().getHostAddress() + ":" + address.getPort(),
                System.nanoTime() + Math.max(1, timeoutMillis) * 1_000_000L);
        }
    }
}
