package org.hympj.benchmarks.rings;

import java.util.concurrent.TimeUnit;
import org.agrona.BufferUtil;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One producer thread and one consumer thread moving {@code bytes}-byte records through an
 * Agrona ring, SPSC ({@code OneToOneRingBuffer}) against MPSC ({@code ManyToOneRingBuffer}):
 * the measurement behind the rings' choice for process ranks
 * (docs/decisions/rings-one-per-ordered-pair.md). Each producer operation is one write
 * attempt (a full ring fails it), so that the producer never blocks inside an operation when
 * the iteration ends; the throughput is {@code records}, the
 * consumer's count of records read.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED")
public class RingHandoff {
    @Param({"OneToOne", "ManyToOne"})
    String kind;

    @Param({"32", "256"})
    int bytes;

    private RingBuffer ring;
    private UnsafeBuffer record;
    private MessageHandler sink;

    @Setup
    public void create(Blackhole blackhole) {
        UnsafeBuffer memory = new UnsafeBuffer(BufferUtil.allocateDirectAligned((1 << 20) + RingBufferDescriptor.TRAILER_LENGTH, 64));
        ring = kind.equals("OneToOne") ? new OneToOneRingBuffer(memory) : new ManyToOneRingBuffer(memory);
        record = new UnsafeBuffer(new byte[bytes]);
        sink = (type, buffer, index, length) -> blackhole.consume(buffer.getLong(index));
    }

    /** Records read, per second of measurement. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Consumed {
        public long records;
    }

    @Benchmark
    @Group("handoff")
    @GroupThreads(1)
    public boolean produce() {
        return ring.write(1, record, 0, bytes);
    }

    @Benchmark
    @Group("handoff")
    @GroupThreads(1)
    public void consume(Consumed consumed) {
        consumed.records += ring.read(sink);
    }
}
