package org.hympj.net;

import java.io.IOException;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.hympj.net.transport.TcpTransport;
import org.hympj.net.transport.Transport;
import org.hympj.net.wireup.Handshake;
import org.hympj.net.wireup.JobSecret;
import org.hympj.net.wireup.PeerAddress;
import org.hympj.net.wireup.WireUp;

/**
 * The wire-up of a job's JVMs, each played by a thread of the test's JVM, each on its own
 * "node", over 127.0.0.1. Shared with the MPI layer's tests through this module's test jar.
 */
public final class LoopbackJob {
    static final long JOB_HIGH = 0x1234L;
    static final long JOB_LOW = 0x5678L;

    final List<String> log = new CopyOnWriteArrayList<>();
    private final Transport transport;
    private final int applicationTypes;

    /** A job over TCP whose frames are of the 4 types the bridge's own tests use. */
    public LoopbackJob() {
        this(new TcpTransport(), 4);
    }

    public LoopbackJob(int applicationTypes) {
        this(new TcpTransport(), applicationTypes);
    }

    /** A job whose JVMs connect over {@code transport}. */
    public LoopbackJob(Transport transport, int applicationTypes) {
        this.transport = transport;
        this.applicationTypes = applicationTypes;
    }

    /** What the JVMs logged (refused connections), each line prefixed by the JVM. */
    public List<String> log() {
        return log;
    }

    /** Wires up {@code jvms} endpoints with the same secret; returns their connections. */
    public WireUp.Connections[] wireUp(int jvms, JobSecret secret, long timeoutMillis) throws Exception {
        return wireUp(jvms, secret, timeoutMillis, rendezvous -> { });
    }

    /**
     * Wires up {@code jvms} endpoints with the same secret, the others told JVM 0's address only
     * once {@code beforeOthers} has returned; returns their connections.
     */
    WireUp.Connections[] wireUp(int jvms, JobSecret secret, long timeoutMillis, Consumer<PeerAddress> beforeOthers)
        throws Exception {
        ExecutorService pool = Executors.newCachedThreadPool();
        try {
            CompletableFuture<PeerAddress> announced = new CompletableFuture<>();
            CompletableFuture<PeerAddress> rendezvous = announced.thenApplyAsync(at -> {
                beforeOthers.accept(at);
                return at;
            }, pool);
            @SuppressWarnings({"unchecked", "rawtypes"})
            Future<WireUp.Connections>[] futures = new Future[jvms];
            for (int j = 0; j < jvms; j++) {
                int me = j;
                futures[j] = pool.submit(() -> wireUp(me, jvms, secret, timeoutMillis, me == 0 ? announced : rendezvous));
            }
            WireUp.Connections[] result = new WireUp.Connections[jvms];
            for (int j = 0; j < jvms; j++) {
                result[j] = futures[j].get(timeoutMillis + 10_000, TimeUnit.MILLISECONDS);
            }
            return result;
        } finally {
            pool.shutdownNow();
        }
    }

    public WireUp.Connections wireUp(int me, int jvms, JobSecret secret, long timeoutMillis, CompletableFuture<PeerAddress> rendezvous)
        throws IOException, InterruptedException, java.util.concurrent.ExecutionException {
        WireUp w = new WireUp(new Handshake.Identity(JOB_HIGH, JOB_LOW, me, secret), jvms, j -> j == me, j -> "JVM " + j,
            transport, 64 * 1024 + BridgeSettings.FRAME_OVERHEAD, applicationTypes, m -> log.add("JVM " + me + ": " + m), timeoutMillis);
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        return me == 0 ? w.run(loopback, rendezvous::complete, null) : w.run(loopback, null, rendezvous.get());
    }
}
