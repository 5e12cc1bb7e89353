package org.hympj.benchmarks.paths;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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
 * Round trip of a message between two processes through two Agrona
 * {@code OneToOneRingBuffer}s in a file in /dev/shm ({@link AgronaChannel}); the echo runs
 * in another JVM ({@link Echo}). This is the ring HyMPJ's process path is built on, used
 * bare: the difference to {@code ProcessRankPingPong} is the price of MPI's matching and
 * envelopes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class AgronaIpcPingPong {
    @Param({"8", "4096", "65536", "1048576", "4194304"})
    int bytes;

    private AgronaChannel ping;
    private AgronaChannel pong;
    private byte[] mine;
    private EchoProcess echo;
    /** Made once: a method reference made in the loop would be an allocation per round trip. */
    private Runnable echoAlive;

    /** The echo process: maps the file, sends every ping back as a pong until told to stop. */
    public static final class Echo {
        public static void main(String[] args) throws IOException {
            MappedByteBuffer file = map(Path.of(args[0]));
            AgronaChannel in = new AgronaChannel(file, 0);
            AgronaChannel out = new AgronaChannel(file, 1);
            byte[] buffer = new byte[Integer.parseInt(args[1])];
            for (int n; (n = in.receive(buffer, () -> { })) >= 0; ) {
                out.send(buffer, n);
            }
        }
    }

    static MappedByteBuffer map(Path path) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "rw")) {
            file.setLength(AgronaChannel.FILE_BYTES);
            return file.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, AgronaChannel.FILE_BYTES);
        }
    }

    @Setup(Level.Trial)
    public void start() throws IOException {
        Path path = EchoProcess.sharedFile("agrona");
        MappedByteBuffer file = map(path);
        ping = new AgronaChannel(file, 0);
        pong = new AgronaChannel(file, 1);
        mine = new byte[bytes];
        echoAlive = () -> echo.checkAlive();
        echo = new EchoProcess(Echo.class, path, Integer.toString(bytes));
    }

    @Benchmark
    public byte[] roundTrip() {
        ping.send(mine, bytes);
        pong.receive(mine, echoAlive);
        return mine;
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException, IOException {
        ping.sendStop();
        echo.await();
    }
}
