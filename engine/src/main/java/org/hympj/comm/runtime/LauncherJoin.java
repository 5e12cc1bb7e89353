package org.hympj.comm.runtime;

import java.util.Map;
import java.util.ServiceLoader;

/**
 * Joins a JVM that a launcher other than hympjrun started as one rank of a job (Open MPI's
 * {@code mpirun}, Slurm's {@code srun}) to the job's other JVMs. HyMPJ's launcher module
 * provides it (registered in {@code META-INF/services}); the engine finds it with
 * {@link ServiceLoader}, so that the {@code mpi} package compiles without the launcher and a
 * JVM that nobody launched, with or without the launcher on its class path, is a job of one rank.
 */
public interface LauncherJoin {
    /**
     * Joins the job {@code env} names (see {@link #launcherIn}) as this JVM's rank; null if
     * {@code env} names none. Throws {@link IllegalStateException}, with what to change, if
     * this JVM cannot be that rank.
     */
    JoinedRank join(Map<String, String> env);

    /** A rank of a job that another launcher started, joined to the job's other JVMs. */
    interface JoinedRank {
        RankRuntime rank();

        /** The goodbye after {@code MPI.Finalize}: the others take this JVM's exit for an end, not a death. */
        void finish();
    }

    /** The launcher that {@code env} says started this JVM as one rank of a job ("mpirun", "srun"), or null. */
    static String launcherIn(Map<String, String> env) {
        if (env.containsKey("OMPI_COMM_WORLD_RANK")) {
            return "mpirun";
        }
        if (env.containsKey("SLURM_PROCID") && env.containsKey("SLURM_STEP_ID")) {
            return "srun";
        }
        return null;
    }

    /**
     * This JVM's rank of the job {@code env} names, joined by the provider on the class path;
     * null if {@code env} names no job. Throws {@link IllegalStateException} if it names one
     * and no provider is on the class path, or the provider cannot join it.
     */
    static JoinedRank joinNamedJob(Map<String, String> env) {
        String launcher = launcherIn(env);
        if (launcher == null) {
            return null;
        }
        LauncherJoin provider = ServiceLoader.load(LauncherJoin.class, LauncherJoin.class.getClassLoader()).findFirst()
            .orElseThrow(() -> new IllegalStateException(launcher + " started this JVM as one rank of a job, but HyMPJ's "
                + "launcher is not on its class path, so it cannot join the job's other ranks: put the launcher's jar and "
                + "its libraries (launcher/target/hympj-launcher-*.jar and launcher/target/lib/*) on the class path"));
        return provider.join(env);
    }
}
