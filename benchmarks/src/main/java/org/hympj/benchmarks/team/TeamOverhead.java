package org.hympj.benchmarks.team;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.hympj.nested.LongRangeFunction;
import org.hympj.nested.RangeBody;
import org.hympj.nested.Reduction;
import org.hympj.nested.RegionBody;
import org.hympj.nested.Team;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * EPCC-syncbench-style overheads on 2 threads (this machine's cores): a parallel region, a
 * parallel loop, a barrier and a reduction, each with the same small delay per thread, for
 * a HyMPJ {@link Team}, a {@link ForkJoinPool} ({@code invokeAll}) and a parallel
 * {@link IntStream}, all in the same run. {@code reference} is the delay alone, on one
 * thread: a construct's overhead is its time minus the reference.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TeamOverhead {
    static final int THREADS = 2;
    static final long DELAY = 64;
    static final int BARRIERS = 100;

    private Team team;
    private ForkJoinPool pool;
    private List<Callable<Long>> tasks;
    private List<Callable<Long>> barrierTasks;
    private CyclicBarrier cyclicBarrier;

    private static final RegionBody REGION = ctx -> Blackhole.consumeCPU(DELAY);
    private static final RangeBody LOOP = (lo, hi) -> Blackhole.consumeCPU(DELAY);
    private static final LongRangeFunction REDUCE = (lo, hi) -> {
        Blackhole.consumeCPU(DELAY);
        return hi - lo;
    };
    private static final RegionBody BARRIER_REGION = ctx -> {
        for (int i = 0; i < BARRIERS; i++) {
            Blackhole.consumeCPU(DELAY);
            ctx.barrier();
        }
    };

    @Setup(Level.Trial)
    public void start() {
        team = Team.create(THREADS);
        pool = new ForkJoinPool(THREADS);
        cyclicBarrier = new CyclicBarrier(THREADS);
        tasks = new ArrayList<>();
        barrierTasks = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            tasks.add(() -> {
                Blackhole.consumeCPU(DELAY);
                return 1L;
            });
            barrierTasks.add(() -> {
                for (int i = 0; i < BARRIERS; i++) {
                    Blackhole.consumeCPU(DELAY);
                    cyclicBarrier.await();
                }
                return 1L;
            });
        }
    }

    @TearDown(Level.Trial)
    public void stop() {
        team.close();
        pool.shutdown();
    }

    @Benchmark
    public void reference() {
        Blackhole.consumeCPU(DELAY);
    }

    @Benchmark
    public void teamRegion() {
        team.parallel(REGION);
    }

    @Benchmark
    public void teamParallelFor() {
        team.parallelFor(0, THREADS, LOOP);
    }

    @Benchmark
    public long teamReduction() {
        return team.parallelReduceLong(0, THREADS, Reduction.SUM, REDUCE);
    }

    @Benchmark
    @OperationsPerInvocation(BARRIERS)
    public void teamBarrier() {
        team.parallel(BARRIER_REGION);
    }

    @Benchmark
    public List<Future<Long>> forkJoinInvokeAll() {
        return pool.invokeAll(tasks);
    }

    @Benchmark
    public long forkJoinReduction() throws InterruptedException, ExecutionException {
        long sum = 0;
        for (Future<Long> f : pool.invokeAll(tasks)) {
            sum += f.get();
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(BARRIERS)
    public List<Future<Long>> forkJoinCyclicBarrier() {
        return pool.invokeAll(barrierTasks);
    }

    @Benchmark
    public void parallelStreamForEach() {
        IntStream.range(0, THREADS).parallel().forEach(i -> Blackhole.consumeCPU(DELAY));
    }

    @Benchmark
    public long parallelStreamReduction() {
        return IntStream.range(0, THREADS).parallel().mapToLong(i -> {
            Blackhole.consumeCPU(DELAY);
            return 1L;
        }).sum();
    }
}
