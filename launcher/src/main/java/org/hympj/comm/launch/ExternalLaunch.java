package org.hympj.comm.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import org.hympj.comm.runtime.ClusterLayout;
import org.hympj.comm.runtime.ClusterPath;
import org.hympj.comm.runtime.ProcessLayout;
import org.hympj.comm.process.RingPath;
import org.hympj.comm.profile.JvmRecording;
import org.hympj.comm.runtime.Configuration;
import org.hympj.comm.runtime.HangReports;
import org.hympj.comm.runtime.Job;
import org.hympj.comm.runtime.LauncherJoin;
import org.hympj.comm.runtime.RankRuntime;
import org.hympj.comm.data.AgronaAccess;
import org.hympj.comm.launch.warmup.WarmUp;
import org.hympj.net.wireup.JobSecret;
import org.hympj.net.wireup.PeerAddress;
import org.hympj.net.wireup.WireUp;
import org.hympj.shm.JobId;
import org.hympj.shm.UserKey;

/**
 * A rank started by another launcher, one rank per JVM: Open MPI's {@code mpirun} (rank and
 * size from {@code OMPI_COMM_WORLD_*}) or Slurm's {@code srun} ({@code SLURM_PROCID},
 * {@code SLURM_NTASKS}, {@code SLURM_LOCALID}, {@code SLURM_NODEID} and the tasks per node).
 * The JVMs of a node find one another through the shared-memory process path, in a job
 * directory named after the launcher's own job (Open MPI's PMIx namespace and job id, or
 * Slurm's job and step) hashed with the user's secret key, so no address or port is handed
 * around on a node and no other user can name the directory.
 *
 * <p>Across nodes, the JVMs meet at a rendezvous with rank 0: it listens on an ephemeral port,
 * makes a job secret, and writes both to a file (0600) named after the job in the rendezvous
 * directory, which must be on a file system every node sees ({@code -Dhympj.rendezvous.dir}
 * or {@code HYMPJ_RENDEZVOUS_DIR}; default {@code ~/.hympj}); the others read it there, and it
 * is removed once all have come. Each node's ranks must be consecutive (mpirun's default
 * {@code --map-by slot}, srun's block distribution): the layout is checked against where
 * every rank listens, and a job mapped otherwise is refused with the option to use.
 */
public final class ExternalLaunch implements LauncherJoin.JoinedRank {
    /**
     * Who started this JVM, its place in the job, and the name all its JVMs agree on.
     *
     * @param launcher the launcher that started this JVM ({@code mpirun} or {@code srun})
     * @param rank this JVM's rank in the job
     * @param size the job's ranks
     * @param localRank this JVM's rank among the job's ranks on this node
     * @param localSize the job's ranks on this node
     * @param jobKey the name of the job, the same in all its JVMs
     */
    public record Placement(String launcher, int rank, int size, int localRank, int localSize, String jobKey) {
        /** The first rank of this rank's node (its ranks are consecutive). */
        int nodeBase() {
            return rank - localRank;
        }
    }

    private final LongConsumer finish;
    private final RankRuntime rank;

    private ExternalLaunch(LongConsumer finish, RankRuntime rank) {
        this.finish = finish;
        this.rank = rank;
    }

    /**
     * Where this JVM stands if {@code env} is that of an {@code mpirun} or {@code srun} rank;
     * null otherwise. Throws if it is such a rank but one HyMPJ cannot run.
     *
     * @param env the environment of this JVM
     * @return this JVM's rank and job under the launcher that started it, or null
     */
    public static Placement placement(Map<String, String> env) {
        String launcher = LauncherJoin.launcherIn(env);
        if ("mpirun".equals(launcher)) {
            String namespace = env.getOrDefault("PMIX_NAMESPACE", "");
            String jobid = env.getOrDefault("OMPI_MCA_ess_base_jobid", "");
            if (namespace.isEmpty() && jobid.isEmpty()) {
                throw new IllegalStateException("mpirun set OMPI_COMM_WORLD_RANK but neither PMIX_NAMESPACE nor "
                    + "OMPI_MCA_ess_base_jobid, which name the job its ranks share");
            }
            int size = number(env, "OMPI_COMM_WORLD_SIZE");
            int localSize = number(env, "OMPI_COMM_WORLD_LOCAL_SIZE");
            int localRank = env.containsKey("OMPI_COMM_WORLD_LOCAL_RANK") ? number(env, "OMPI_COMM_WORLD_LOCAL_RANK")
                : localSize == size ? number(env, "OMPI_COMM_WORLD_RANK") : -1;
            return checked(new Placement("mpirun", number(env, "OMPI_COMM_WORLD_RANK"), size, localRank, localSize,
                "ompi:" + namespace + ":" + jobid));
        }
        if ("srun".equals(launcher)) {
            int nodes = env.containsKey("SLURM_STEP_NUM_NODES") ? number(env, "SLURM_STEP_NUM_NODES") : 1;
            int size = number(env, "SLURM_NTASKS");
            int rank = number(env, "SLURM_PROCID");
            int localRank = env.containsKey("SLURM_LOCALID") ? number(env, "SLURM_LOCALID") : nodes == 1 ? rank : -1;
            int localSize = nodes == 1 ? size : slurmTasksOnNode(env);
            return checked(new Placement("srun", rank, size, localRank, localSize,
                "slurm:" + env.get("SLURM_JOB_ID") + "." + env.get("SLURM_STEP_ID")));
        }
        return null;
    }

    /** This node's tasks, from SLURM_STEP_TASKS_PER_NODE (or SLURM_TASKS_PER_NODE), like "2(x3),1", and SLURM_NODEID. */
    private static int slurmTasksOnNode(Map<String, String> env) {
        String spec = env.getOrDefault("SLURM_STEP_TASKS_PER_NODE", env.get("SLURM_TASKS_PER_NODE"));
        if (spec == null || !env.containsKey("SLURM_NODEID")) {
            throw new IllegalStateException("srun started this job on several nodes but set neither SLURM_STEP_TASKS_PER_NODE "
                + "nor SLURM_NODEID, which say how many of its tasks are on this node");
        }
        int node = number(env, "SLURM_NODEID");
        int n = 0;
        for (String part : spec.split(",")) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)(?:\\(x(\\d+)\\))?").matcher(part.trim());
            if (!m.matches()) {
                throw new IllegalStateException("srun's tasks per node '" + spec + "' are not of the form 2(x3),1");
            }
            int repeat = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
            if (node < n + repeat) {
                return Integer.parseInt(m.group(1));
            }
            n += repeat;
        }
        throw new IllegalStateException("srun's tasks per node '" + spec + "' name no node " + node);
    }

    private static Placement checked(Placement p) {
        if (p.size() < 1 || p.rank() < 0 || p.rank() >= p.size()) {
            throw new IllegalStateException(p.launcher() + " gave rank " + p.rank() + " of " + p.size());
        }
        if (p.localSize() < 1 || p.localSize() > p.size() || p.localRank() < 0 || p.localRank() >= p.localSize()
            || p.nodeBase() + p.localSize() > p.size()) {
            throw new IllegalStateException(p.launcher() + " placed rank " + p.rank() + " as local rank " + p.localRank() + " of "
                + p.localSize() + " on its node, which cannot be consecutive ranks of " + p.size()
                + "; HyMPJ needs each node's ranks in one block (mpirun --map-by slot, srun --distribution=block)");
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

    /**
     * The job's public id, the same for every JVM given the same job key on every node: it
     * names the rendezvous file and identifies the job in the wire-up, never a job directory
     * (see {@link #directoryId}).
     */
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
     * The id of the job directory of the JVMs of one node that all know {@code jobKey}: a hash
     * of it with this user's secret key ({@link UserKey}), so that no other user, who may read
     * the job key (an environment variable, a command line), can make that directory first.
     */
    static JobId directoryId(String jobKey) {
        return UserKey.load().jobId(jobKey);
    }

    /**
     * Joins the job as rank {@code p.rank()}: this JVM's segment and rings, the others' once
     * they appear (a clear error after the wire-up timeout if some never do), the progress agent.
     *
     * @param p where this JVM stands in the job ({@link #placement})
     * @return the joined rank, to be finished when its program returns
     */
    public static ExternalLaunch join(Placement p) {
        if (!AgronaAccess.usable()) {
            // The rings between JVMs and the bridge between nodes are Agrona's: without Unsafe
            // the first of their classes would fail to load, far from the cause.
            throw new IllegalStateException("rank " + p.rank() + " started by " + p.launcher() + " runs in a JVM started without "
                + AgronaAccess.ADD_OPENS + ", which HyMPJ's shared-memory rings need: add it to the java command");
        }
        Configuration configuration = Configuration.fromSystem();
        // The ranks on this node, for the teams' default size: the team library (TeamSizing)
        // cannot see the runtime, and reads them from this documented property, as hympjrun
        // sets it for the jobs it starts. The job's wait budgets take them from the placement.
        if (!configuration.localRanksGiven()) {
            System.setProperty(Configuration.LOCAL_RANKS_PROP, Integer.toString(p.localSize()));
        }
        // Written when the JVM exits, after its program's Finalize; started before the warm-up, as JvmRecording says.
        JvmRecording.startIn(configuration);
        WarmUp.beforeRanks(configuration, p.localSize() > 1);
        Job job = new Job(p.size(), p.rank(), 1, configuration.withLocalRanks(p.localSize()));
        // For the JVM's life: kill -USR1 (mpirun forwards it) and -Dhympj.hang.report=SECONDS report this rank.
        HangReports.watch(job, configuration.hangReportSeconds(), w -> w.printTo(System.err));
        if (p.localSize() < p.size()) {
            try {
                ClusterPath path = joinNodes(job, p);
                return new ExternalLaunch(path::finish, job.rank(p.rank()));
            } catch (IOException | RuntimeException e) {
                throw new IllegalStateException("rank " + p.rank() + " started by " + p.launcher()
                    + " could not join the ranks of the other nodes: " + e.getMessage(), e);
            }
        }
        RingPath path;
        try {
            path = ProcessPathSettings.open(job, new ProcessLayout(p.size(), p.size()), p.rank(), directoryId(p.jobKey()));
        } catch (RuntimeException e) {
            throw new IllegalStateException("rank " + p.rank() + " started by " + p.launcher()
                + " could not join the other ranks: " + e.getMessage(), e);
        }
        job.connect(path);
        ProcessPathSettings.startProgressAgent(job, path, null);
        return new ExternalLaunch(path::finish, job.rank(p.rank()));
    }

    /**
     * A job across nodes, one rank per JVM: the rendezvous through the shared file, the
     * wire-up (ranks of this node's block share memory instead), then the nodes as they turned
     * out (ranks grouped by the address they listened on) checked against the blocks assumed.
     */
    private static ClusterPath joinNodes(Job job, Placement p) throws IOException {
        JobId id = jobId(p.jobKey());
        Path file = rendezvousDirectory(job.configuration()).resolve("hympj-" + id + ".rendezvous");
        int base = p.nodeBase();
        JobSecret secret;
        PeerAddress rendezvous = null;
        java.util.function.Consumer<PeerAddress> announce = null;
        long deadline = System.currentTimeMillis() + job.configuration().wireUpTimeoutMillis();
        if (p.rank() == 0) {
            secret = JobSecret.random();
            announce = a -> writeRendezvous(file, a, secret);
        } else {
            List<String> lines = readRendezvous(file, deadline);
            rendezvous = PeerAddress.parse(lines.get(0));
            secret = JobSecret.fromHex(lines.get(1));
        }
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            host = "localhost";
        }
        WireUp.Connections c;
        try {
            c = ClusterMember.wireUp(job.configuration(), p.rank(), p.size(), j -> j >= base && j < base + p.localSize(),
                j -> "rank " + j, id, secret, null, host, announce, rendezvous, System.err);
        } finally {
            if (p.rank() == 0) {
                Files.deleteIfExists(file);
            }
        }
        ClusterLayout layout = layoutFromTable(c.table(), p);
        int node = layout.nodeOfRank(p.rank());
        return ClusterMember.connect(job, layout, node, p.localRank(), id, c, false, System.err);
    }

    /** The nodes as the wire-up found them: consecutive ranks that listen on one address are a node. */
    static ClusterLayout layoutFromTable(PeerAddress[] table, Placement p) {
        List<String> hosts = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (int r = 0; r < table.length; r++) {
            String h = table[r].host();
            if (!hosts.isEmpty() && hosts.get(hosts.size() - 1).equals(h)) {
                counts.set(counts.size() - 1, counts.get(counts.size() - 1) + 1);
            } else if (hosts.contains(h)) {
                throw new IllegalStateException("ranks on " + h + " are not consecutive (rank " + r + " is there again after"
                    + " others); HyMPJ needs each node's ranks in one block: mpirun --map-by slot, srun --distribution=block");
            } else {
                hosts.add(h);
                counts.add(1);
            }
        }
        ClusterLayout layout = new ClusterLayout(hosts, counts.stream().mapToInt(Integer::intValue).toArray(), p.size());
        int node = layout.nodeOfRank(p.rank());
        if (layout.node(node).base() != p.nodeBase() || layout.node(node).size() != p.localSize()) {
            throw new IllegalStateException(p.launcher() + " said rank " + p.rank() + " shares its node with ranks " + p.nodeBase()
                + ".." + (p.nodeBase() + p.localSize() - 1) + ", but ranks " + layout.node(node).base() + ".."
                + (layout.node(node).base() + layout.node(node).size() - 1) + " listen on its address " + hosts.get(node)
                + " (give -Dhympj.net.address / HYMPJ_NET_ADDRESS the network the nodes share)");
        }
        return layout;
    }

    static Path rendezvousDirectory(Configuration configuration) {
        String dir = configuration.rendezvousDir();
        return dir != null ? Path.of(dir) : Path.of(System.getProperty("user.home"), ".hympj");
    }

    /** Rank 0's address and the secret, in a file only this user can read, written whole or not at all. */
    private static void writeRendezvous(Path file, PeerAddress address, JobSecret secret) {
        try {
            // 0700 where it is made: ~/.hympj, the default, also holds this user's job key (UserKey).
            Files.createDirectories(file.getParent(), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path tmp = Files.createTempFile(file.getParent(), "hympj-", ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(tmp, address + "\n" + secret.toHex() + "\n");
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the rendezvous file " + file + " (the rendezvous directory must be "
                + "writable and shared by all nodes: -Dhympj.rendezvous.dir or HYMPJ_RENDEZVOUS_DIR): " + e.getMessage(), e);
        }
    }

    private static List<String> readRendezvous(Path file, long deadline) throws IOException {
        while (true) {
            if (Files.exists(file)) {
                List<String> lines = Files.readAllLines(file);
                if (lines.size() >= 2) {
                    return lines;
                }
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IOException("rank 0 never wrote the rendezvous file " + file + " (is " + file.getParent()
                    + " shared by all nodes? set -Dhympj.rendezvous.dir or HYMPJ_RENDEZVOUS_DIR to a directory that is)");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the rendezvous file");
            }
        }
    }

    @Override
    public RankRuntime rank() {
        return rank;
    }

    @Override
    public void finish() {
        finish.accept(Hympjrun.GRACE_MILLIS);
    }
}
