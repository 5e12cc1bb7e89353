package org.hympj.benchmarks.paths;

import io.aeron.Aeron;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.FragmentHandler;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
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
 * Round trip of a message between two threads over Aeron IPC (an embedded media driver,
 * {@code aeron:ipc} publications and subscriptions, one stream each way; messages above
 * Aeron's MTU are fragmented and reassembled by a {@link FragmentAssembler}). The driver runs
 * one shared conductor thread that backs off when idle: on this 2-core machine a busy-spinning
 * driver would take a core from the two pinging threads.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class AeronIpcPingPong {
    private static final String CHANNEL = "aeron:ipc?term-length=64m";
    private static final int PING = 1001;
    private static final int PONG = 1002;

    @Param({"8", "4096", "65536", "1048576", "4194304"})
    int bytes;

    private MediaDriver driver;
    private Aeron aeron;
    private Publication ping;
    private Subscription pong;
    private final UnsafeBuffer source = new UnsafeBuffer(new byte[0]);
    private byte[] mine;
    private byte[] theirs;
    private boolean received;
    private FragmentAssembler back;
    private EchoThread echo;

    @Setup(Level.Trial)
    public void start() {
        String dir = "/dev/shm/hympj-bench-aeron-" + ProcessHandle.current().pid();
        driver = MediaDriver.launchEmbedded(new MediaDriver.Context().aeronDirectoryName(dir)
            .threadingMode(ThreadingMode.SHARED).sharedIdleStrategy(new BackoffIdleStrategy())
            .dirDeleteOnStart(true).dirDeleteOnShutdown(true));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()));
        ping = aeron.addPublication(CHANNEL, PING);
        Subscription pingIn = aeron.addSubscription(CHANNEL, PING);
        Publication pongOut = aeron.addPublication(CHANNEL, PONG);
        pong = aeron.addSubscription(CHANNEL, PONG);
        while (!ping.isConnected() || !pongOut.isConnected()) {
            Thread.onSpinWait();
        }
        mine = new byte[bytes];
        theirs = new byte[bytes];
        UnsafeBuffer echoSource = new UnsafeBuffer(theirs);
        FragmentAssembler echoBack = new FragmentAssembler((FragmentHandler) (buffer, offset, length, header) -> {
            buffer.getBytes(offset, theirs, 0, length);
            while (pongOut.offer(echoSource, 0, length) < 0) {
                Thread.onSpinWait();
            }
        });
        back = new FragmentAssembler((FragmentHandler) (buffer, offset, length, header) -> {
            buffer.getBytes(offset, mine, 0, length);
            received = true;
        });
        echo = new EchoThread("aeron-echo", () -> pingIn.poll(echoBack, 10) > 0);
        source.wrap(mine);
    }

    @Benchmark
    public byte[] roundTrip() {
        while (ping.offer(source, 0, bytes) < 0) {
            Thread.onSpinWait();
        }
        received = false;
        while (!received) {
            if (pong.poll(back, 10) == 0) {
                Thread.onSpinWait();
            }
        }
        return mine;
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        echo.stop();
        aeron.close();
        driver.close();
    }
}
