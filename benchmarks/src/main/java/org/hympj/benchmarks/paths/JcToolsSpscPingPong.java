package org.hympj.benchmarks.paths;

import java.util.concurrent.TimeUnit;
import org.jctools.queues.SpscArrayQueue;
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
 * Round trip of a message between two threads through two JCTools SPSC queues (one each
 * way): the sender copies its bytes into a slot and offers it, the echo thread polls, copies
 * the bytes out into its own array, back into the slot, and offers it on the return queue.
 * The same workload as {@code ThreadRankPingPong}, on the queue a user might use instead of MPI.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class JcToolsSpscPingPong {
    @Param({"8", "4096", "65536", "1048576", "4194304"})
    int bytes;

    private final SpscArrayQueue<Message> ping = new SpscArrayQueue<>(4);
    private final SpscArrayQueue<Message> pong = new SpscArrayQueue<>(4);
    private Message slot;
    private byte[] mine;
    private byte[] theirs;
    private EchoThread echo;

    @Setup(Level.Trial)
    public void start() {
        slot = new Message(bytes);
        mine = new byte[bytes];
        theirs = new byte[bytes];
        echo = new EchoThread("jctools-echo", () -> {
            Message m = ping.poll();
            if (m == null) {
                return false;
            }
            System.arraycopy(m.data, 0, theirs, 0, m.length);
            System.arraycopy(theirs, 0, m.data, 0, m.length);
            pong.offer(m);
            return true;
        });
    }

    @Benchmark
    public byte[] roundTrip() {
        Message m = slot;
        System.arraycopy(mine, 0, m.data, 0, bytes);
        m.length = bytes;
        ping.offer(m);
        Message back;
        while ((back = pong.poll()) == null) {
            Thread.onSpinWait();
        }
        System.arraycopy(back.data, 0, mine, 0, back.length);
        return mine;
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        echo.stop();
    }
}
