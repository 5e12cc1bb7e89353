package org.hympj.benchmarks.net;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One {@code ucp_worker_progress} call with nothing to do, on this JVM's UCP worker, through
 * the same foreign-function handle the net-bridge's waiting threads use: the floor of every
 * foreign call a UCX link makes. UCX's transports come from the environment
 * ({@code UCX_TLS}), as for a job. Needs JDK 22 or later and libucp; the UCX module is
 * reached by reflection, as this module is compiled for release 17.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class UcxIdleProgress {
    private static final MethodHandle PROGRESS = progressOfTheWorker();

    private static MethodHandle progressOfTheWorker() {
        try {
            Class<?> workerClass = Class.forName("org.hympj.net.ucx.UcxWorker");
            Method get = workerClass.getDeclaredMethod("get");
            get.setAccessible(true);
            Object worker = get.invoke(null);
            MethodHandle progress = MethodHandles.privateLookupIn(workerClass, MethodHandles.lookup())
                .findVirtual(workerClass, "progress", MethodType.methodType(int.class));
            return MethodHandles.insertArguments(progress, 0, worker);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the UCX worker (module net-ucx, JDK 22 or later, libucp) cannot start here", e);
        }
    }

    @Benchmark
    public int progress() throws Throwable {
        return (int) PROGRESS.invokeExact();
    }
}
