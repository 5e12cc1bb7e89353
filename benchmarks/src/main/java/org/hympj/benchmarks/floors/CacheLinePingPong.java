package org.hympj.benchmarks.floors;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The floor of any inter-thread message: two threads bounce a counter through two volatile
 * fields on separate cache lines, spinning. One operation is a round trip: two cache-line
 * transfers between cores. No runtime can do a round trip in less.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CacheLinePingPong {
    private final PaddedCounter ping = new PaddedCounter();
    private final PaddedCounter pong = new PaddedCounter();
    private volatile boolean running;
    private Thread echo;
    private long sequence;

    @Setup(Level.Trial)
    public void startEcho() {
        running = true;
        echo = new Thread(() -> {
            long seen = 0;
            while (running) {
                long v = ping.value;
                if (v != seen) {
                    seen = v;
                    pong.value = v;
                } else {
                    Thread.onSpinWait();
                }
            }
        }, "cache-line-echo");
        echo.setDaemon(true);
        echo.start();
    }

    @Benchmark
    public long roundTrip() {
        long n = ++sequence;
        ping.value = n;
        while (pong.value != n) {
            Thread.onSpinWait();
        }
        return n;
    }

    @TearDown(Level.Trial)
    public void stopEcho() throws InterruptedException {
        running = false;
        echo.join();
    }
}
