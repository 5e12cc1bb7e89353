package org.hympj.benchmarks.paths;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.bytes.MappedBytes;
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
 * Round trip of a message between two processes through Chronicle Bytes {@code MappedBytes}
 * over one file in /dev/shm, with Chronicle's analytics disabled: each direction is a slot
 * (sequence word, length, payload); the writer copies the payload in, then publishes the
 * length and an ordered sequence number; the reader spins on a volatile read of the sequence,
 * then copies the payload out. The echo runs in another JVM ({@link Echo}).
 *
 * <pre>
 *  slot d at d * (64 + MAX):  [0] sequence (long) [8] length (int) ... [64] payload (MAX bytes)
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Dchronicle.analytics.disable=true", "-Djvm.resource.tracing=false",
    "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
    "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED", "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-exports", "jdk.unsupported/sun.misc=ALL-UNNAMED", "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class ChronicleIpcPingPong {
    static final int MAX = 4 * 1024 * 1024;
    static final long SLOT = 64 + MAX;
    static final long STOP = -1;

    @Param({"8", "4096", "65536", "1048576", "4194304"})
    int bytes;

    private MappedBytes file;
    private byte[] mine;
    private long sequence;
    private EchoProcess echo;
    /** Made once: a method reference made in the loop would be an allocation per round trip. */
    private Runnable echoAlive;

    /** One direction's slot: publish and take messages in order. */
    static void publish(MappedBytes file, int slot, long sequence, byte[] data, int length) {
        long at = slot * SLOT;
        file.write(at + 64, data, 0, length);
        file.writeInt(at + 8, length);
        file.writeOrderedLong(at, sequence);
    }

    /**
     * Waits for message {@code sequence} (or a stop) in {@code slot}; returns its length, or
     * -1 for a stop. {@code stalled} runs every 2^20 empty polls.
     */
    static int take(MappedBytes file, int slot, long sequence, byte[] into, Runnable stalled) {
        long at = slot * SLOT;
        long seen;
        for (int empty = 0; (seen = file.readVolatileLong(at)) != sequence && seen != STOP; ) {
            if ((++empty & 0xFFFFF) == 0) {
                stalled.run();
            }
            Thread.onSpinWait();
        }
        if (seen == STOP) {
            return -1;
        }
        int length = file.readInt(at + 8);
        file.read(at + 64, into, 0, length);
        return length;
    }

    static MappedBytes map(Path path) throws IOException {
        MappedBytes bytes = MappedBytes.singleMappedBytes(new File(path.toString()), 2 * SLOT);
        // Random access reads are bounded by the write position: the whole file is in use.
        bytes.writePosition(2 * SLOT);
        return bytes;
    }

    /** The echo process: takes pings from slot 0, publishes each back in slot 1, until stopped. */
    public static final class Echo {
        public static void main(String[] args) throws IOException {
            MappedBytes file = map(Path.of(args[0]));
            byte[] buffer = new byte[MAX];
            for (long s = 1; ; s++) {
                int n = take(file, 0, s, buffer, () -> { });
                if (n < 0) {
                    break;
                }
                publish(file, 1, s, buffer, n);
            }
            file.releaseLast();
        }
    }

    @Setup(Level.Trial)
    public void start() throws IOException {
        Path path = EchoProcess.sharedFile("chronicle");
        file = map(path);
        mine = new byte[bytes];
        sequence = 0;
        echoAlive = () -> echo.checkAlive();
        echo = new EchoProcess(Echo.class, path);
    }

    @Benchmark
    public byte[] roundTrip() {
        long s = ++sequence;
        publish(file, 0, s, mine, bytes);
        take(file, 1, s, mine, echoAlive);
        return mine;
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException, IOException {
        file.writeOrderedLong(0, STOP);
        echo.await();
        file.releaseLast();
    }
}
