package org.hympj.benchmarks.pingpong;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mpi.MPI;
import org.hympj.benchmarks.ChildJvm;
import org.hympj.comm.runtime.ProcessLayout;
import org.hympj.comm.process.RingPath;
import org.hympj.comm.runtime.Bootstrap;
import org.hympj.comm.runtime.Job;
import org.hympj.shm.JobDirectory;
import org.hympj.shm.JobId;
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
 * Round trip of a message between two ranks in two JVMs through the {@code mpi} API and
 * HyMPJ's process path (shared-memory rings). The JMH JVM is JVM 0 of a 2-rank job and hosts
 * rank 0; JVM 1 is started the way {@code hympjrun --jvms 2} starts it ({@code RankProcess})
 * and runs {@link EchoRank} as rank 1.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class ProcessRankPingPong {
    @Param({"8", "4096", "65536", "1048576", "4194304"})
    int bytes;

    private byte[] buffer;
    private RingPath path;
    private Process echo;

    @Setup(Level.Trial)
    public void startRanks() throws IOException {
        JobId id = JobId.random();
        ProcessLayout layout = new ProcessLayout(2, 2);
        // JVM 1 of the job, started as hympjrun --jvms 2 starts it.
        List<String> command = ChildJvm.command(List.of("-Dhympj.job.id=" + id, "-Dhympj.jvm.index=1",
            "-Dhympj.jvm.ranks=1", "-Dhympj.launcher.pid=" + ProcessHandle.current().pid()));
        command.addAll(List.of("org.hympj.comm.launch.RankProcess", "-np", "2", "--jvms", "2",
            "-cp", System.getProperty("java.class.path"), EchoRank.class.getName(), Integer.toString(bytes)));
        echo = new ProcessBuilder(command).inheritIO().start();
        Job job = new Job(2, 0, 1);
        path = RingPath.open(job, layout, 0, id, RingPath.defaultRingBytes(layout.jvms(), JobDirectory.totalSpace()), RingPath.DEFAULT_FRAGMENT_BYTES, 60_000);
        job.connect(path);
        path.startProgressAgent(200, null);
        Bootstrap.host(MPI.class.getClassLoader(), job.rank(0));
        MPI.Init(new String[0]);
        buffer = new byte[bytes];
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
        MPI.Finalize();
        path.finish(5_000);
        if (!echo.waitFor(10, TimeUnit.SECONDS)) {
            echo.destroyForcibly();
            throw new IllegalStateException("the echo JVM did not end");
        }
        if (echo.exitValue() != 0) {
            throw new IllegalStateException("the echo JVM failed with exit status " + echo.exitValue());
        }
    }
}
