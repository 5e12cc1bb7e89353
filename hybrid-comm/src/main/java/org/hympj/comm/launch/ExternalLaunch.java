package org.hympj.comm.launch;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import org.hympj.comm.process.ProcessLayout;
import org.hympj.comm.process.RingPath;
import org.hympj.comm.runtime.Job;
import org.hympj.comm.runtime.RankRuntime;
import org.hympj.shm.JobId;

/**
 * A rank started by another launcher, one rank per JVM: Open MPI's {@code mpirun} (rank and
 * size from {@code OMPI_COMM_WORLD_*}) or Slurm's {@code srun} ({@code SLURM_PROCID},
 * {@code SLURM_NTASKS}, {@code SLURM_LOCALID}). The JVMs of one job find one another through
 * the shared-memory process path, in a job directory named after the launcher's own job
 * (Open MPI's PMIx namespace and job id, or Slurm's job and step), so no address or port is
 * handed around. Ranks on one node only: ranks on several nodes need the net-bridge (issue
 * #5), and asking for them is an error that says so, not a hang.
 */
public final class ExternalLaunch {
    /** Who started this JVM, its place in the job, and the name all its JVMs agree on. */
    public record Placement(String launcher, int rank, int size, int localSize, String jobKey) {
    }

    private final RingPath path;
    private final RankRuntime rank;

    private ExternalLaunch(RingPath path, RankRuntime rank) {
        this.path = path;
        this.rank = rank;
    }

    /**
     * Where this JVM stands if {@code env} is that of an {@code mpirun} or {@code srun} rank;
     * null otherwise. Throws if it is such a rank but one HyMPJ cannot run.
     */
    public static Placement placement(Map<String, String> env) {
        if (env.containsKey("OMPI_COMM_WORLD_RANK")) {
            String namespace = env.getOrDefault("PMIX_NAMESPACE", "");
            String jobid = env.getOrDefault("OMPI_MCA_ess_base_jobid", "");
            if (namespace.isEmpty() && jobid.isEmpty()) {
                throw new IllegalStateException("mpirun set OMPI_COMM_WORLD_RANK but neither PMIX_NAMESPACE nor "
                    + "OMPI_MCA_ess_base_jobid, which name the job its ranks share");
            }
            return checked(new Placement("mpirun", number(env, "OMPI_COMM_WORLD_RANK"), number(env, "OMPI_COMM_WORLD_SIZE"),
                number(env, "OMPI_COMM_WORLD_LOCAL_SIZE"), "ompi:" + namespace + ":" + jobid));
        }
        if (env.containsKey("SLURM_PROCID") && env.containsKey("SLURM_STEP_ID")) {
            int nodes = env.containsKey("SLURM_STEP_NUM_NODES") ? number(env, "SLURM_STEP_NUM_NODES") : 1;
            int size = number(env, "SLURM_NTASKS");
            return checked(new Placement("srun", number(env, "SLURM_PROCID"), size, nodes == 1 ? size : -1,
                "slurm:" + env.get("SLURM_JOB_ID") + "." + env.get("SLURM_STEP_ID")));
        }
        return null;
    }

    private static Placement checked(Placement p) {
        if (p.size() < 1 || p.rank() < 0 || p.rank() >= p.size()) {
            throw new IllegalStateException(p.launcher() + " gave rank " + p.rank() + " of " + p.size());
        }
        if (p.localSize() != p.size()) {
            throw new IllegalStateException(p.launcher() + " started this job's " + p.size() + " ranks on more than one node; "
                + "HyMPJ runs ranks across nodes through its net-bridge, which is not built yet (issue #5): "
                + "start all ranks on one node (mpirun --host NODE:N, srun -N 1)");
        }
        return p;
    }

    private static int number(Map<String, String> env, String name) {
        String value = env.get(name);
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalStateException("the launcher set " + name + " to '" + value + "', not a number");
        }
    }

    /** The job directory's id: the same for every JVM given the same job key. */
    static JobId jobId(String jobKey) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(jobKey.getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder();
            for (int i = 0; i < 16; i++) {
                hex.append(String.format("%02x", digest[i]));
            }
            return JobId.parse(hex.toString());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    /**
     * Joins the job as rank {@code p.rank()}: this JVM's segment and rings, the others' once
     * they appear (a clear error after the wire-up timeout if some never do), the progress agent.
     */
    public static ExternalLaunch join(Placement p) {
        Job job = new Job(p.size(), p.rank(), 1);
        RingPath path;
        try {
            path = ProcessPathSettings.open(job, new ProcessLayout(p.size(), p.size()), p.rank(), jobId(p.jobKey()));
        } catch (RuntimeException e) {
            throw new IllegalStateException("rank " + p.rank() + " started by " + p.launcher()
                + " could not join the other ranks: " + e.getMessage(), e);
        }
        job.connect(path);
        path.startProgressAgent(ProcessPathSettings.parkMicros(), null);
        return new ExternalLaunch(path, job.rank(p.rank()));
    }

    public RankRuntime rank() {
        return rank;
    }

    /** The goodbye after {@code MPI.Finalize}: the others take this JVM's exit for an end, not a death. */
    public void finish() {
        path.finish(Hympjrun.GRACE_MILLIS);
    }
}
