package org.hympj.comm.runtime;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.hympj.comm.events.CallEvents;
import org.hympj.comm.match.RankInbox;

/**
 * Every {@code hympj.*} system property and {@code HYMPJ_*} environment variable the runtime and
 * its launchers read, with its default: read and checked together when a job or a launcher
 * starts ({@link #fromSystem}), and then handed to the classes that use them. A value that cannot
 * be used stops the start with an {@link IllegalArgumentException} naming the property and what
 * it allows. Where a property has an environment variable too, the property wins.
 *
 * <p>Two lower modules read their own few settings, because they cannot see this one:
 * shm-core ({@code hympj.shm.dir}, {@code hympj.key.dir}) and nested-parallelism
 * ({@code hympj.threads}, {@code hympj.local.ranks} for the teams, {@code hympj.team.*}).
 *
 * <p>Immutable; a value that depends on the job (the wait budgets, the shared-memory rings'
 * size) is given by a method that takes what it depends on.
 */
public final class Configuration {
    /** Bytes up to which a message that arrives before its receive is copied eagerly; larger ones wait for the receive. */
    public static final String EAGER_LIMIT_PROP = "hympj.eager.limit";
    /** The default of {@link #EAGER_LIMIT_PROP}. */
    public static final int EAGER_LIMIT_DEFAULT = 16 * 1024;

    /** Bytes up to which a message between thread ranks travels in the receiver's inbox; 0 matches every one on the sender's side. */
    public static final String INBOX_LIMIT_PROP = "hympj.inbox.limit";

    /** Capacity in bytes of a thread rank's inbox ring. */
    public static final String INBOX_BYTES_PROP = "hympj.inbox.bytes";

    /** Busy-wait iterations of a blocked call before it yields; default by whether the node's ranks outnumber its cores. */
    public static final String WAIT_SPINS_PROP = "hympj.wait.spins";
    /** The default of {@link #WAIT_SPINS_PROP}. */
    public static final int WAIT_SPINS_DEFAULT = 200_000;
    /** The default of {@link #WAIT_SPINS_PROP} when the ranks on a node outnumber its cores. */
    public static final int WAIT_SPINS_OVERSUBSCRIBED = 100;

    /** Yields of a blocked call before it parks. */
    public static final String WAIT_YIELDS_PROP = "hympj.wait.yields";
    /** The default of {@link #WAIT_YIELDS_PROP}. */
    public static final int WAIT_YIELDS_DEFAULT = 100;
    /** The default of {@link #WAIT_YIELDS_PROP} when the ranks on a node outnumber its cores. */
    public static final int WAIT_YIELDS_OVERSUBSCRIBED = 10;

    /** The ranks that share this node's cores (the launchers set it); a job started otherwise takes its own size. */
    public static final String LOCAL_RANKS_PROP = "hympj.local.ranks";
    /** The environment variable read when {@link #LOCAL_RANKS_PROP} is not set. */
    public static final String LOCAL_RANKS_ENV = "HYMPJ_LOCAL_RANKS";

    /** Payload bytes from which {@code Allreduce} with a commutative operation takes the ring algorithm. */
    public static final String ALLREDUCE_RING_BYTES_PROP = "hympj.allreduce.ring.bytes";
    /** The default of {@link #ALLREDUCE_RING_BYTES_PROP}. */
    public static final int ALLREDUCE_RING_BYTES_DEFAULT = 64 * 1024;

    /** Payload bytes from which {@code Bcast} (three ranks or more, in more than one JVM) goes down a pipelined chain. */
    public static final String BCAST_PIPELINE_BYTES_PROP = "hympj.bcast.pipeline.bytes";
    /** The default of {@link #BCAST_PIPELINE_BYTES_PROP}. */
    public static final int BCAST_PIPELINE_BYTES_DEFAULT = 256 * 1024;

    /** The chunk size of that pipelined {@code Bcast}. */
    public static final String BCAST_CHUNK_BYTES_PROP = "hympj.bcast.chunk.bytes";
    /** The default of {@link #BCAST_CHUNK_BYTES_PROP}. */
    public static final int BCAST_CHUNK_BYTES_DEFAULT = 64 * 1024;

    /**
     * Payload bytes up to which the barrier, broadcast, reduction, all-reduce, all-gather (one
     * rank's block) and all-to-all (all of a rank's blocks) of a communicator whose ranks all
     * share one JVM (or one node, see {@link #COLLECTIVES_NODE_PROP}) go through memory the
     * ranks share instead of messages; 0 turns that off.
     */
    public static final String COLLECTIVES_HEAP_BYTES_PROP = "hympj.collectives.heap.bytes";
    /** The default of {@link #COLLECTIVES_HEAP_BYTES_PROP}. */
    public static final int COLLECTIVES_HEAP_BYTES_DEFAULT = 16 * 1024;

    /**
     * Whether the small collectives of a communicator whose ranks run in several JVMs of one node
     * go through a segment those JVMs map together, as those of one JVM go through its memory;
     * false keeps messages through the rings for them.
     */
    public static final String COLLECTIVES_NODE_PROP = "hympj.collectives.node";

    /** Node-aware collectives (a JVM's ranks, then a node's, combine first); false keeps the flat algorithms. */
    public static final String COLLECTIVES_HIERARCHICAL_PROP = "hympj.collectives.hierarchical";

    /** Compare every collective's arguments across ranks first, and fail alike on every rank if they differ. */
    public static final String CHECK_COLLECTIVES_PROP = "hympj.check.collectives";

    /** Capacity in bytes of the shared-memory ring from each JVM of a node to each other; default by the JVMs and /dev/shm. */
    public static final String SHM_RING_BYTES_PROP = "hympj.shm.ring.bytes";

    /** Messages up to this size go inline in a shared-memory ring; larger ones stream in fragments of this size. */
    public static final String SHM_FRAGMENT_BYTES_PROP = "hympj.shm.fragment.bytes";
    /** Default fragment size of streamed messages between JVMs, and the largest inline payload. */
    public static final int SHM_FRAGMENT_BYTES_DEFAULT = 16 * 1024;

    /** Longest park, in microseconds, of a JVM's progress agent while it drains the rings for parked ranks. */
    public static final String PROGRESS_PARK_MICROS_PROP = "hympj.progress.park.micros";
    /** The default of {@link #PROGRESS_PARK_MICROS_PROP}. */
    public static final int PROGRESS_PARK_MICROS_DEFAULT = 200;

    /** Seconds a JVM waits for the job's other JVMs to start and connect. */
    public static final String WIREUP_TIMEOUT_SECONDS_PROP = "hympj.wireup.timeout.seconds";
    /** The default of {@link #WIREUP_TIMEOUT_SECONDS_PROP}. */
    public static final int WIREUP_TIMEOUT_SECONDS_DEFAULT = 60;

    /** Seconds a JVM of the node may leave its heartbeat standing before it is taken for hung and the job aborted. */
    public static final String LIVENESS_TIMEOUT_SECONDS_PROP = "hympj.liveness.timeout.seconds";
    /** The default of {@link #LIVENESS_TIMEOUT_SECONDS_PROP}. */
    public static final int LIVENESS_TIMEOUT_SECONDS_DEFAULT = 30;

    /** Seconds of idleness after which a JVM started by mpirun or srun prints what its ranks wait in; 0: never. */
    public static final String HANG_REPORT_SECONDS_PROP = "hympj.hang.report";

    /** Program packages loaded once for all thread ranks, besides those the jars' manifests name (comma-separated). */
    public static final String SHARED_PACKAGES_PROP = "hympj.shared.packages";

    /** Leave out the compiler hint that keeps {@code Recv} allocation-free. */
    public static final String JIT_DIRECTIVES_OFF_PROP = "hympj.jit.directives.off";

    /** Whether a JVM runs the message paths between private ranks before its share of a job starts (docs/decisions/warm-up.md). */
    public static final String WARMUP_PROP = "hympj.warmup";
    /** The warm-up's budget in milliseconds: it ends then or after its rounds, whichever comes first. */
    public static final String WARMUP_MILLIS_PROP = "hympj.warmup.millis";
    /** The default of {@link #WARMUP_MILLIS_PROP}. */
    public static final int WARMUP_MILLIS_DEFAULT = 100;

    /** The network (address or CIDR) the net-bridge listens on; by default the address the host name resolves to. */
    public static final String NET_ADDRESS_PROP = "hympj.net.address";
    /** The environment variable read when {@link #NET_ADDRESS_PROP} is not set. */
    public static final String NET_ADDRESS_ENV = "HYMPJ_NET_ADDRESS";

    /**
     * What the net-bridge runs over: {@code tcp}, {@code ucx} (UCX, which picks verbs, shared
     * memory or TCP), or {@code auto} (UCX when it loads and the node has an RDMA device, TCP
     * otherwise); hympjrun's {@code --net} sets it for a job.
     */
    public static final String NET_PROP = "hympj.net";
    /** The environment variable read when {@link #NET_PROP} is not set. */
    public static final String NET_ENV = "HYMPJ_NET";

    /** Capacity in bytes of the net-bridge's ring per connection. */
    public static final String NET_RING_BYTES_PROP = "hympj.net.ring.bytes";
    /** The default of {@link #NET_RING_BYTES_PROP}. */
    public static final int NET_RING_BYTES_DEFAULT = 4 << 20;

    /** Messages up to this size cross the net-bridge whole; larger ones in fragments of this size. */
    public static final String NET_FRAGMENT_BYTES_PROP = "hympj.net.fragment.bytes";
    /** The default of {@link #NET_FRAGMENT_BYTES_PROP}. */
    public static final int NET_FRAGMENT_BYTES_DEFAULT = 64 * 1024;

    /** Milliseconds between the net-bridge's heartbeats on an idle connection. */
    public static final String NET_HEARTBEAT_MILLIS_PROP = "hympj.net.heartbeat.millis";
    /** The default of {@link #NET_HEARTBEAT_MILLIS_PROP}. */
    public static final int NET_HEARTBEAT_MILLIS_DEFAULT = 1_000;

    /** Milliseconds without a frame after which the net-bridge takes a connection's peer for dead. */
    public static final String NET_LIVENESS_MILLIS_PROP = "hympj.net.liveness.millis";
    /** The default of {@link #NET_LIVENESS_MILLIS_PROP}. */
    public static final int NET_LIVENESS_MILLIS_DEFAULT = 4_000;

    /** Busy polls of a node's net-bridge leader before it parks; default by whether the node has a core to spare. */
    public static final String NET_LEADER_SPINS_PROP = "hympj.net.leader.spins";
    /** The default of {@link #NET_LEADER_SPINS_PROP}. */
    public static final int NET_LEADER_SPINS_DEFAULT = 20_000;
    /** The default of {@link #NET_LEADER_SPINS_PROP} on a node with no core to spare. */
    public static final int NET_LEADER_SPINS_NO_SPARE_CORE = 50;

    /** The directory of the rendezvous files of jobs across nodes under mpirun or srun; default {@code ~/.hympj}. */
    public static final String RENDEZVOUS_DIR_PROP = "hympj.rendezvous.dir";
    /** The environment variable read when {@link #RENDEZVOUS_DIR_PROP} is not set. */
    public static final String RENDEZVOUS_DIR_ENV = "HYMPJ_RENDEZVOUS_DIR";

    /**
     * A directory where each JVM of the job records its ranks' MPI calls with Java Flight Recorder,
     * one file per JVM; {@code hympjrun --profile} sets it, and {@code hympjrun profile-report DIR}
     * reads what a job under mpirun or srun left there.
     */
    public static final String PROFILE_DIR_PROP = "hympj.profile.dir";
    /** The environment variable read when {@link #PROFILE_DIR_PROP} is not set. */
    public static final String PROFILE_DIR_ENV = "HYMPJ_PROFILE_DIR";

    /**
     * Microseconds from which a recorded point-to-point call, wait or probe is an event of its own,
     * with its call site; shorter ones are only counted in their rank's totals.
     */
    public static final String PROFILE_CALL_MICROS_PROP = "hympj.profile.call.micros";
    /** The default of {@link #PROFILE_CALL_MICROS_PROP}. */
    public static final int PROFILE_CALL_MICROS_DEFAULT = CallEvents.CALL_THRESHOLD_MICROS_DEFAULT;
    /**
     * How many of a thread's point-to-point calls, waits and probes one timed call stands for in a
     * recording: every call is counted with its bytes, one in this many reads the clock (1: all).
     */
    public static final String PROFILE_TIMED_EVERY_PROP = "hympj.profile.timed.every";
    /** The default of {@link #PROFILE_TIMED_EVERY_PROP}. */
    public static final int PROFILE_TIMED_EVERY_DEFAULT = CallEvents.TIMED_EVERY_DEFAULT;

    /** Set by the hympjrun script: the HyMPJ installation directory, where the shipped programs' jars are. */
    public static final String HOME_PROP = "hympj.home";

    /** Set by the hympjrun script: its process id; the job ends if the script is killed. */
    public static final String SCRIPT_PID_PROP = "hympj.script.pid";

    /** Set by the hympjrun script when it chose the heap: each of a job's JVMs gets its share of it. */
    public static final String HEAP_AUTO_PROP = "hympj.heap.auto";

    /** Set by hympjrun for the JVMs it starts: the job's id. */
    public static final String JOB_ID_PROP = "hympj.job.id";

    /** Set by hympjrun for the JVMs it starts: this JVM's index in the job. */
    public static final String JVM_INDEX_PROP = "hympj.jvm.index";

    /** Set by hympjrun for the JVMs it starts, and in its own JVM for thread ranks: the ranks this JVM runs. */
    public static final String JVM_RANKS_PROP = "hympj.jvm.ranks";

    /** Set by hympjrun for the JVMs it starts: the launcher's process id; a JVM whose launcher is gone ends. */
    public static final String LAUNCHER_PID_PROP = "hympj.launcher.pid";

    /** Set by hympjrun for the JVMs it starts on nodes: this JVM's node. */
    public static final String NODE_INDEX_PROP = "hympj.node.index";

    /** Set by hympjrun for the JVMs it starts on nodes, except JVM 0: JVM 0's rendezvous address. */
    public static final String RENDEZVOUS_PROP = "hympj.rendezvous";

    private final int eagerLimit;
    private final int inboxLimit;
    private final int inboxBytes;
    private final int waitSpins;
    private final int waitYields;
    private final int localRanks;
    private final int allreduceRingBytes;
    private final int bcastPipelineBytes;
    private final int bcastChunkBytes;
    private final int collectivesHeapBytes;
    private final boolean collectivesHierarchical;
    private final boolean collectivesNode;
    private final boolean checkCollectives;
    private final int shmRingBytes;
    private final int shmFragmentBytes;
    private final int progressParkMicros;
    private final int wireUpTimeoutSeconds;
    private final int livenessTimeoutSeconds;
    private final int hangReportSeconds;
    private final String sharedPackages;
    private final boolean jitDirectivesOff;
    private final boolean warmup;
    private final int warmupMillis;
    private final String netAddress;
    private final String net;
    private final String profileDir;
    private final int profileCallMicros;
    private final int profileTimedEvery;
    private final int netRingBytes;
    private final int netFragmentBytes;
    private final int netHeartbeatMillis;
    private final int netLivenessMillis;
    private final int netLeaderSpins;
    private final String rendezvousDir;
    private final String home;
    private final long scriptPid;
    private final boolean heapAuto;
    private final String jobId;
    private final int jvmIndex;
    private final int jvmRanks;
    private final long launcherPid;
    private final int nodeIndex;
    private final String rendezvous;
    /** The values that were set, by property or variable name: what {@link #withLocalRanks} starts from. */
    private final Map<String, String> given;

    private Configuration(Reader r) {
        eagerLimit = r.integer(EAGER_LIMIT_PROP, EAGER_LIMIT_DEFAULT, 0);
        inboxLimit = r.integer(INBOX_LIMIT_PROP, RankInbox.DEFAULT_LIMIT, 0);
        inboxBytes = r.integer(INBOX_BYTES_PROP, RankInbox.DEFAULT_CAPACITY, 1);
        waitSpins = r.integer(WAIT_SPINS_PROP, -1, 0);
        waitYields = r.integer(WAIT_YIELDS_PROP, -1, 0);
        localRanks = r.integer(LOCAL_RANKS_PROP, LOCAL_RANKS_ENV, 0, 1);
        allreduceRingBytes = r.integer(ALLREDUCE_RING_BYTES_PROP, ALLREDUCE_RING_BYTES_DEFAULT, 0);
        bcastPipelineBytes = r.integer(BCAST_PIPELINE_BYTES_PROP, BCAST_PIPELINE_BYTES_DEFAULT, 0);
        bcastChunkBytes = r.integer(BCAST_CHUNK_BYTES_PROP, BCAST_CHUNK_BYTES_DEFAULT, 1);
        collectivesHeapBytes = r.integer(COLLECTIVES_HEAP_BYTES_PROP, COLLECTIVES_HEAP_BYTES_DEFAULT, 0);
        collectivesHierarchical = r.bool(COLLECTIVES_HIERARCHICAL_PROP, true);
        collectivesNode = r.bool(COLLECTIVES_NODE_PROP, true);
        checkCollectives = r.bool(CHECK_COLLECTIVES_PROP, false);
        shmRingBytes = r.integer(SHM_RING_BYTES_PROP, 0, 1);
        shmFragmentBytes = r.integer(SHM_FRAGMENT_BYTES_PROP, SHM_FRAGMENT_BYTES_DEFAULT, 1);
        progressParkMicros = r.integer(PROGRESS_PARK_MICROS_PROP, PROGRESS_PARK_MICROS_DEFAULT, 1);
        wireUpTimeoutSeconds = r.integer(WIREUP_TIMEOUT_SECONDS_PROP, WIREUP_TIMEOUT_SECONDS_DEFAULT, 1);
        livenessTimeoutSeconds = r.integer(LIVENESS_TIMEOUT_SECONDS_PROP, LIVENESS_TIMEOUT_SECONDS_DEFAULT, 1);
        hangReportSeconds = r.integer(HANG_REPORT_SECONDS_PROP, 0, 0);
        sharedPackages = r.text(SHARED_PACKAGES_PROP, null, "");
        jitDirectivesOff = r.bool(JIT_DIRECTIVES_OFF_PROP, false);
        warmup = r.bool(WARMUP_PROP, true);
        warmupMillis = r.integer(WARMUP_MILLIS_PROP, WARMUP_MILLIS_DEFAULT, 0);
        netAddress = r.text(NET_ADDRESS_PROP, NET_ADDRESS_ENV, null);
        net = r.oneOf(NET_PROP, NET_ENV, "auto", "tcp", "ucx", "auto");
        netRingBytes = r.integer(NET_RING_BYTES_PROP, NET_RING_BYTES_DEFAULT, 1);
        netFragmentBytes = r.integer(NET_FRAGMENT_BYTES_PROP, NET_FRAGMENT_BYTES_DEFAULT, 1);
        netHeartbeatMillis = r.integer(NET_HEARTBEAT_MILLIS_PROP, NET_HEARTBEAT_MILLIS_DEFAULT, 1);
        netLivenessMillis = r.integer(NET_LIVENESS_MILLIS_PROP, NET_LIVENESS_MILLIS_DEFAULT, 1);
        netLeaderSpins = r.integer(NET_LEADER_SPINS_PROP, -1, 0);
        rendezvousDir = r.text(RENDEZVOUS_DIR_PROP, RENDEZVOUS_DIR_ENV, null);
        profileDir = r.text(PROFILE_DIR_PROP, PROFILE_DIR_ENV, null);
        profileCallMicros = r.integer(PROFILE_CALL_MICROS_PROP, PROFILE_CALL_MICROS_DEFAULT, 0);
        profileTimedEvery = r.integer(PROFILE_TIMED_EVERY_PROP, PROFILE_TIMED_EVERY_DEFAULT, 1);
        home = r.text(HOME_PROP, null, null);
        scriptPid = r.processId(SCRIPT_PID_PROP);
        heapAuto = r.bool(HEAP_AUTO_PROP, false);
        jobId = r.text(JOB_ID_PROP, null, null);
        jvmIndex = r.integer(JVM_INDEX_PROP, -1, 0);
        jvmRanks = r.integer(JVM_RANKS_PROP, 0, 1);
        launcherPid = r.processId(LAUNCHER_PID_PROP);
        nodeIndex = r.integer(NODE_INDEX_PROP, -1, 0);
        rendezvous = r.text(RENDEZVOUS_PROP, null, null);
        given = Map.copyOf(r.given);
    }

    /** This JVM's system properties and environment, read and checked now. */
    public static Configuration fromSystem() {
        return read(System::getProperty, System::getenv);
    }

    /** The configuration that {@code properties} and {@code environment} (name to value, null when unset) give. */
    public static Configuration read(Function<String, String> properties, Function<String, String> environment) {
        return new Configuration(new Reader(properties, environment));
    }

    /** {@value #EAGER_LIMIT_PROP}. */
    public int eagerLimit() {
        return eagerLimit;
    }

    /** {@value #INBOX_LIMIT_PROP}. */
    public int inboxLimit() {
        return inboxLimit;
    }

    /** {@value #INBOX_BYTES_PROP}. */
    public int inboxBytes() {
        return inboxBytes;
    }

    /** {@value #WAIT_SPINS_PROP}, or its default for a node whose ranks do or do not outnumber its cores. */
    public int waitSpins(boolean oversubscribed) {
        return waitSpins >= 0 ? waitSpins : oversubscribed ? WAIT_SPINS_OVERSUBSCRIBED : WAIT_SPINS_DEFAULT;
    }

    /** {@value #WAIT_YIELDS_PROP}, or its default as for {@link #waitSpins}. */
    public int waitYields(boolean oversubscribed) {
        return waitYields >= 0 ? waitYields : oversubscribed ? WAIT_YIELDS_OVERSUBSCRIBED : WAIT_YIELDS_DEFAULT;
    }

    /** {@value #LOCAL_RANKS_PROP}, or {@code otherwise} when no launcher said. */
    public int localRanks(int otherwise) {
        return localRanks > 0 ? localRanks : otherwise;
    }

    /** Whether a launcher (or the user) said how many ranks share this node. */
    public boolean localRanksGiven() {
        return localRanks > 0;
    }

    /** This configuration, with {@code ranks} sharing this node unless {@value #LOCAL_RANKS_PROP} says otherwise. */
    public Configuration withLocalRanks(int ranks) {
        if (localRanksGiven()) {
            return this;
        }
        Map<String, String> values = new HashMap<>(given);
        values.put(LOCAL_RANKS_PROP, Integer.toString(ranks));
        return new Configuration(new Reader(values::get, values::get));
    }

    /** {@value #ALLREDUCE_RING_BYTES_PROP}. */
    public int allreduceRingBytes() {
        return allreduceRingBytes;
    }

    /** {@value #BCAST_PIPELINE_BYTES_PROP}. */
    public int bcastPipelineBytes() {
        return bcastPipelineBytes;
    }

    /** {@value #BCAST_CHUNK_BYTES_PROP}. */
    public int bcastChunkBytes() {
        return bcastChunkBytes;
    }

    /** {@value #COLLECTIVES_HEAP_BYTES_PROP}. */
    public int collectivesHeapBytes() {
        return collectivesHeapBytes;
    }

    /** {@value #COLLECTIVES_NODE_PROP}. */
    public boolean collectivesNode() {
        return collectivesNode;
    }

    /** {@value #COLLECTIVES_HIERARCHICAL_PROP}. */
    public boolean collectivesHierarchical() {
        return collectivesHierarchical;
    }

    /** {@value #CHECK_COLLECTIVES_PROP}. */
    public boolean checkCollectives() {
        return checkCollectives;
    }

    /** {@value #SHM_RING_BYTES_PROP}, or {@code computed}, the default for the job's JVMs and this node's /dev/shm. */
    public int shmRingBytes(int computed) {
        return shmRingBytes > 0 ? shmRingBytes : computed;
    }

    /** {@value #SHM_FRAGMENT_BYTES_PROP}. */
    public int shmFragmentBytes() {
        return shmFragmentBytes;
    }

    /** {@value #PROGRESS_PARK_MICROS_PROP}. */
    public int progressParkMicros() {
        return progressParkMicros;
    }

    /** {@value #WIREUP_TIMEOUT_SECONDS_PROP}, in milliseconds. */
    public long wireUpTimeoutMillis() {
        return wireUpTimeoutSeconds * 1000L;
    }

    /** {@value #LIVENESS_TIMEOUT_SECONDS_PROP}, in milliseconds. */
    public long livenessTimeoutMillis() {
        return livenessTimeoutSeconds * 1000L;
    }

    /** {@value #HANG_REPORT_SECONDS_PROP}. */
    public int hangReportSeconds() {
        return hangReportSeconds;
    }

    /** {@value #SHARED_PACKAGES_PROP}, as given (empty when unset). */
    public String sharedPackages() {
        return sharedPackages;
    }

    /** {@value #JIT_DIRECTIVES_OFF_PROP}. */
    public boolean jitDirectivesOff() {
        return jitDirectivesOff;
    }

    /** The warm-up's budget in milliseconds: {@value #WARMUP_MILLIS_PROP}, or 0 when {@value #WARMUP_PROP} is false. */
    public long warmupMillis() {
        return warmup ? warmupMillis : 0;
    }

    /** {@value #NET_PROP} or {@value #NET_ENV}: {@code tcp}, {@code ucx} or {@code auto} (the default). */
    public String net() {
        return net;
    }

    /** {@value #NET_ADDRESS_PROP} or {@value #NET_ADDRESS_ENV}; null when neither is set. */
    public String netAddress() {
        return netAddress;
    }

    /** {@value #NET_RING_BYTES_PROP}. */
    public int netRingBytes() {
        return netRingBytes;
    }

    /** {@value #NET_FRAGMENT_BYTES_PROP}. */
    public int netFragmentBytes() {
        return netFragmentBytes;
    }

    /** {@value #NET_HEARTBEAT_MILLIS_PROP}. */
    public int netHeartbeatMillis() {
        return netHeartbeatMillis;
    }

    /** {@value #NET_LIVENESS_MILLIS_PROP}. */
    public int netLivenessMillis() {
        return netLivenessMillis;
    }

    /** {@value #NET_LEADER_SPINS_PROP}, or its default for a node with or without a core to spare. */
    public int netLeaderSpins(boolean spareCores) {
        return netLeaderSpins >= 0 ? netLeaderSpins : spareCores ? NET_LEADER_SPINS_DEFAULT : NET_LEADER_SPINS_NO_SPARE_CORE;
    }

    /** {@value #RENDEZVOUS_DIR_PROP} or {@value #RENDEZVOUS_DIR_ENV}; null when neither is set. */
    public String rendezvousDir() {
        return rendezvousDir;
    }

    /** {@value #PROFILE_DIR_PROP} or {@value #PROFILE_DIR_ENV}; null when neither is set. */
    public String profileDir() {
        return profileDir;
    }

    /** {@value #PROFILE_CALL_MICROS_PROP}. */
    public int profileCallMicros() {
        return profileCallMicros;
    }

    /** {@value #PROFILE_TIMED_EVERY_PROP}. */
    public int profileTimedEvery() {
        return profileTimedEvery;
    }

    /** {@value #HOME_PROP}; null when not set. */
    public String home() {
        return home;
    }

    /** {@value #SCRIPT_PID_PROP}; 0 when not set. */
    public long scriptPid() {
        return scriptPid;
    }

    /** {@value #HEAP_AUTO_PROP}. */
    public boolean heapAuto() {
        return heapAuto;
    }

    /** {@value #JOB_ID_PROP}; null when not set. */
    public String jobId() {
        return jobId;
    }

    /** {@value #JVM_INDEX_PROP}; -1 when not set. */
    public int jvmIndex() {
        return jvmIndex;
    }

    /** {@value #JVM_RANKS_PROP}; 0 when not set. */
    public int jvmRanks() {
        return jvmRanks;
    }

    /** {@value #LAUNCHER_PID_PROP}; 0 when not set. */
    public long launcherPid() {
        return launcherPid;
    }

    /** {@value #NODE_INDEX_PROP}; -1 when not set. */
    public int nodeIndex() {
        return nodeIndex;
    }

    /** {@value #RENDEZVOUS_PROP}; null when not set. */
    public String rendezvous() {
        return rendezvous;
    }

    /** Reads one value at a time: the property, else its environment variable, else the default; checks it. */
    private static final class Reader {
        private final Function<String, String> properties;
        private final Function<String, String> environment;
        /** Every value read that was set, by property or variable name. */
        private final Map<String, String> given = new HashMap<>();

        Reader(Function<String, String> properties, Function<String, String> environment) {
            this.properties = properties;
            this.environment = environment;
        }

        int integer(String property, int otherwise, int least) {
            return integer(property, null, otherwise, least);
        }

        int integer(String property, String variable, int otherwise, int least) {
            String value = raw(property, variable);
            if (value == null) {
                return otherwise;
            }
            try {
                int n = Integer.parseInt(value.trim());
                if (n >= least) {
                    return n;
                }
            } catch (NumberFormatException notANumber) {
                // refused below, with what is allowed
            }
            throw refused(property, variable, value, "a whole number of at least " + least + " (at most " + Integer.MAX_VALUE + ")");
        }

        long processId(String property) {
            String value = raw(property, null);
            if (value == null) {
                return 0;
            }
            try {
                long pid = Long.parseLong(value.trim());
                if (pid > 0) {
                    return pid;
                }
            } catch (NumberFormatException notANumber) {
                // refused below, with what is allowed
            }
            throw refused(property, null, value, "a process id (a positive whole number)");
        }

        boolean bool(String property, boolean otherwise) {
            String value = raw(property, null);
            if (value == null) {
                return otherwise;
            }
            switch (value.trim().toLowerCase(Locale.ROOT)) {
                case "true":
                    return true;
                case "false":
                    return false;
                default:
                    throw refused(property, null, value, "true or false");
            }
        }

        /** The value, one of {@code allowed} (case aside), or {@code otherwise} when it is not set. */
        String oneOf(String property, String variable, String otherwise, String... allowed) {
            String value = raw(property, variable);
            if (value == null) {
                return otherwise;
            }
            for (String a : allowed) {
                if (a.equalsIgnoreCase(value.trim())) {
                    return a;
                }
            }
            throw refused(property, variable, value, String.join(", ", allowed));
        }

        String text(String property, String variable, String otherwise) {
            String value = raw(property, variable);
            return value == null ? otherwise : value.trim();
        }

        /** The property's value, else the variable's; null when neither is set or the one set is blank. */
        private String raw(String property, String variable) {
            String value = properties.apply(property);
            if (value != null) {
                given.put(property, value);
            } else if (variable != null) {
                value = environment.apply(variable);
                if (value != null) {
                    given.put(variable, value);
                }
            }
            return value == null || value.isBlank() ? null : value;
        }

        private IllegalArgumentException refused(String property, String variable, String value, String allowed) {
            String source = variable != null && properties.apply(property) == null
                ? "environment variable " + variable : "system property " + property;
            return new IllegalArgumentException("HyMPJ: " + source + " is '" + value + "', but must be " + allowed);
        }
    }
}
