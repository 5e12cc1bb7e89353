package org.hympj.benchmarks.pingpong;

import java.net.URL;
import java.util.concurrent.TimeUnit;
import mpi.MPI;
import org.hympj.comm.runtime.Bootstrap;
import org.hympj.comm.runtime.Job;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.runtime.ThreadJob;
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
 * Round trip of a message between two thread ranks through the {@code mpi} API: the JMH
 * thread is rank 0 (it hosts its {@code mpi} package as rank 0 of the job), and rank 1 is a
 * thread rank in its own class loader running {@link EchoRank}. One operation is a
 * {@code Send} and the matching {@code Recv} of the echo; one-way latency is half of it.
 * Compare with {@code CacheLinePingPong} (the raw floor) and {@code ArrayCopy} in the same run.
 *
 * <p>The fork gets the {@code --add-opens} that {@code hympjrun} gives every job, and the
 * setup refuses a JVM without it ({@link InboxRequired} says why).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class ThreadRankPingPong {
    static final int MAX_BYTES = 4 * 1024 * 1024;

    @Param({"8", "64", "512", "4096", "32768", "262144", "1048576", "4194304"})
    int bytes;

    private byte[] buffer;
    private ThreadJob echo;

    @Setup(Level.Trial)
    public void startRanks() {
        InboxRequired.check();
        Job job = new Job(2);
        Bootstrap.host(MPI.class.getClassLoader(), job.rank(0));
        MPI.Init(new String[0]);
        URL here = EchoRank.class.getProtectionDomain().getCodeSource().getLocation();
        echo = ThreadJob.start(job, 1, new URL[] {here}, EchoRank.class.getName(), new String[] {Integer.toString(MAX_BYTES)});
        buffer = new byte[MAX_BYTES];
    }

    @Benchmark
    public byte[] roundTrip() {
        MPI.COMM_WORLD.Send(buffer, 0, bytes, MPI.BYTE, 1, 0);
        MPI.COMM_WORLD.Recv(buffer, 0, bytes, MPI.BYTE, 1, 0);
        return buffer;
    }

    @TearDown(Level.Trial)
    public void stopRanks() throws InterruptedException {
        MPI.COMM_WORLD.Send(buffer, 0, 0, MPI.BYTE, 1, EchoRank.STOP);
        JobOutcome outcome = echo.await(5_000);
        MPI.Finalize();
        if (!outcome.succeeded()) {
            throw new IllegalStateException("the echo rank failed", outcome.cause());
        }
    }
}
