package org.hympj.benchmarks.net;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.hympj.net.transport.Link;
import org.hympj.net.transport.Listener;
import org.hympj.net.transport.TcpTransport;
import org.hympj.net.transport.Transport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * 8 bytes written on one end of a loopback link of the net-bridge and read on the other, by
 * one thread: the bridge's link over UCX (its transports from {@code UCX_TLS}: run once per
 * setting) beside the TCP transport's. Over UCX each exchange is a stream send, a stream
 * receive and the progress calls that complete them, all foreign calls; the difference to TCP
 * is what UCX and those calls add to a small message on the same machine. The UCX transport
 * is reached by reflection (module net-ucx, JDK 22 or later), as this module is compiled for
 * release 17.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class LinkExchange {
    @Param({"ucx", "tcp"})
    public String transport;

    private Link sender;
    private Link receiver;
    private InputStream in;
    private final ByteBuffer eight = ByteBuffer.allocateDirect(8);
    private final byte[] got = new byte[8];

    @Setup(Level.Trial)
    public void connect() throws Exception {
        Transport t = "tcp".equals(transport) ? new TcpTransport()
            : (Transport) Class.forName("org.hympj.net.ucx.UcxTransport").getMethod("open").invoke(null);
        try (Listener l = t.listen(InetAddress.getLoopbackAddress())) {
            CompletableFuture<Link> accepted = CompletableFuture.supplyAsync(() -> {
                try {
                    return l.accept(10_000);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            sender = t.connect(l.address(), 10_000);
            receiver = accepted.get(20, TimeUnit.SECONDS);
        }
        receiver.readTimeout(10_000);
        in = receiver.input();
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        sender.close();
        receiver.close();
    }

    @Benchmark
    public byte exchange8() throws IOException {
        eight.clear();
        sender.write(eight);
        for (int at = 0; at < 8; ) {
            int n = in.read(got, at, 8 - at);
            if (n < 0) {
                throw new IOException("the link ended");
            }
            at += n;
        }
        return got[7];
    }
}
