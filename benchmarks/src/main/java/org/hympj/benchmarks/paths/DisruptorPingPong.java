package org.hympj.benchmarks.paths;

import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;
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
 * Round trip of a message between two threads through two LMAX Disruptor ring buffers (one
 * each way, single producer, events holding a payload buffer): the sender claims a slot,
 * copies its bytes in and publishes; the echo thread polls, copies the bytes out, and
 * publishes them back on the other ring.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class DisruptorPingPong {
    @Param({"8", "4096", "65536", "1048576", "4194304"})
    int bytes;

    private RingBuffer<Message> ping;
    private RingBuffer<Message> pong;
    private EventPoller<Message> pongPoller;
    private byte[] mine;
    private byte[] theirs;
    private EchoThread echo;
    private boolean received;
    private EventPoller.Handler<Message> copyBack;

    @Setup(Level.Trial)
    public void start() {
        int capacity = bytes;
        ping = RingBuffer.createSingleProducer(() -> new Message(capacity), 2);
        pong = RingBuffer.createSingleProducer(() -> new Message(capacity), 2);
        EventPoller<Message> pingPoller = ping.newPoller();
        ping.addGatingSequences(pingPoller.getSequence());
        pongPoller = pong.newPoller();
        pong.addGatingSequences(pongPoller.getSequence());
        mine = new byte[bytes];
        theirs = new byte[bytes];
        EventPoller.Handler<Message> echoBack = (m, sequence, endOfBatch) -> {
            System.arraycopy(m.data, 0, theirs, 0, m.length);
            long s = pong.next();
            Message out = pong.get(s);
            System.arraycopy(theirs, 0, out.data, 0, m.length);
            out.length = m.length;
            pong.publish(s);
            return true;
        };
        copyBack = (m, sequence, endOfBatch) -> {
            System.arraycopy(m.data, 0, mine, 0, m.length);
            received = true;
            return true;
        };
        echo = new EchoThread("disruptor-echo", () -> {
            try {
                return pingPoller.poll(echoBack) == EventPoller.PollState.PROCESSING;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @Benchmark
    public byte[] roundTrip() throws Exception {
        long s = ping.next();
        Message m = ping.get(s);
        System.arraycopy(mine, 0, m.data, 0, bytes);
        m.length = bytes;
        ping.publish(s);
        received = false;
        while (!received) {
            if (pongPoller.poll(copyBack) != EventPoller.PollState.PROCESSING) {
                Thread.onSpinWait();
            }
        }
        return mine;
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        echo.stop();
    }
}
