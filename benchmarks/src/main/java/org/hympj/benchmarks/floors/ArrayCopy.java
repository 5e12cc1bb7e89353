package org.hympj.benchmarks.floors;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The bandwidth floor of an in-JVM message: one {@code System.arraycopy} of the message
 * between two arrays, the single copy a thread-rank message needs. Sizes as in the ping-pong.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ArrayCopy {
    @Param({"8", "64", "512", "4096", "32768", "262144", "1048576", "4194304"})
    int bytes;

    private byte[] source;
    private byte[] target;

    @Setup
    public void allocate() {
        source = new byte[4 * 1024 * 1024];
        target = new byte[4 * 1024 * 1024];
    }

    @Benchmark
    public byte[] copy() {
        System.arraycopy(source, 0, target, 0, bytes);
        return target;
    }
}
