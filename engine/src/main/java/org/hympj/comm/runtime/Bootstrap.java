package org.hympj.comm.runtime;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import org.hympj.loaders.RankClassLoader;

/**
 * Finds the rank a freshly initialised {@code mpi} package belongs to, from the class loader
 * that defined it:
 * <ol>
 *   <li>a {@link RankClassLoader}: a thread rank started by {@link ThreadJob};</li>
 *   <li>a loader a host program registered with {@link #host}: the host itself acts as one
 *       rank of a thread job (benchmarks and tests drive rank 0 this way);</li>
 *   <li>otherwise a singleton job of one rank, as MPI does for a program started without a
 *       launcher (unless another launcher started it: {@code mpi.MPI} asks
 *       {@link LauncherJoin} first).</li>
 * </ol>
 */
public final class Bootstrap {
    private static final Map<ClassLoader, RankRuntime> HOSTED = Collections.synchronizedMap(new WeakHashMap<>());

    private Bootstrap() {
    }

    public static RankRuntime attach(ClassLoader mpiLoader) {
        RankRuntime launched = launched(mpiLoader);
        return launched != null ? launched : singleton();
    }

    /** The rank of cases 1 and 2 (a thread rank, or a host's registered rank); null otherwise. */
    public static RankRuntime launched(ClassLoader mpiLoader) {
        JitDirectives.install();
        if (mpiLoader instanceof RankClassLoader && ((RankClassLoader) mpiLoader).attachment() instanceof RankRuntime) {
            return (RankRuntime) ((RankClassLoader) mpiLoader).attachment();
        }
        return HOSTED.remove(mpiLoader);
    }

    /** Case 3: a job of one rank. */
    public static RankRuntime singleton() {
        return new Job(1).rank(0);
    }

    /** The next {@code MPI.Init} of the {@code mpi} package defined by {@code mpiLoader} binds to {@code rank}. */
    public static void host(ClassLoader mpiLoader, RankRuntime rank) {
        HOSTED.put(mpiLoader, rank);
    }
}
