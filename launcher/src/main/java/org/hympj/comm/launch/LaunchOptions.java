package org.hympj.comm.launch;

import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.hympj.comm.profile.ProfileCommand;
import org.hympj.comm.runtime.Configuration;

/**
 * The command line of {@code hympjrun}, which also accepts MPJ Express's {@code mpjrun.sh}
 * options so existing scripts port by renaming the command:
 * <pre>
 * hympjrun -np N [--jvms M [--aot-cache FILE]] [-dev multicore|hybdev|niodev] [-cp PATH | -classpath PATH | -jar app.jar] [-wdir DIR]
 *          [--hang-report SECONDS] [--profile[=FILE]] MainClass [args...]
 * hympjrun -np N --hosts h1,h2,... | --hostfile F | -machinesfile F [--ranks-per-node K] [--jvms-per-node M] [--rsh CMD]
 *          [--net-address IF|CIDR|IP] [--net tcp|ucx|auto] ... MainClass [args...]
 * </pre>
 * Options end at the main class (or after {@code -jar app.jar}); everything after is the
 * program's. MPJ Express's options for its daemons ({@link #IGNORED_WITH_VALUE}) are accepted
 * and ignored, each with a note for the user.
 */
public final class LaunchOptions {
    /** Thrown for a command line that cannot be run; the message says why. */
    public static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /** What {@code hympjrun -h} prints: every option, what it does, and its default. */
    public static final String USAGE = String.join("\n",
        "usage: hympjrun -np N [options] MainClass [args...]",
        "       hympjrun -np N [options] -jar app.jar [args...]",
        "",
        "Runs N ranks of an MPI program (mpiJava 1.2 / MPJ Express, or Open MPI's Java API): as",
        "threads of one JVM (each rank with its own class loader: its own statics and",
        "MPI.COMM_WORLD), spread over M JVMs that talk through shared-memory rings, threads inside",
        "each, or over several nodes (below).",
        "",
        "options:",
        "  -np N, -n N          number of ranks (required, at least 1)",
        "  --jvms M             spread the ranks over M JVMs (1..N; default 1): M = N runs one",
        "                       rank per process; ranks are given to JVMs in consecutive blocks",
        "  -cp PATH, -classpath PATH",
        "                       the program's class path (entries separated by '" + File.pathSeparator + "';",
        "                       'dir/*' adds every jar in dir); default: the current directory",
        "  -jar app.jar         run the Main-Class of app.jar (its Class-Path is followed)",
        "  -wdir DIR            working directory of the ranks",
        "  -dev DEVICE          MPJ Express's devices: multicore and hybdev are HyMPJ's default (threads",
        "                       in a JVM per node); niodev runs every rank in a JVM of its own",
        "  --aot-cache FILE     JDK 25+, with --jvms: the JVMs start from the AOT cache FILE (the",
        "                       classes and method profiles of an earlier run); without FILE, JVM 0",
        "                       records it as it exits",
        "  --hang-report SECONDS",
        "                       when no rank of a JVM has completed an MPI operation for SECONDS",
        "                       while one waits in MPI, print once what every rank waits in (call,",
        "                       communicator, peer, tag) and the messages queued unmatched at it;",
        "                       default off. The report also comes on SIGQUIT to hympjrun",
        "                       (kill -QUIT <pid>, Ctrl-\\ in a terminal) and once on Ctrl-C",
        "  --profile[=FILE]     record every JVM's MPI calls with Java Flight Recorder and, when the",
        "                       job ends, print where its time went in MPI (per rank, call site, call,",
        "                       message size, late arrivals at collectives); FILE (default",
        "                       hympj-profile.jfr) is the merged recording, with .txt, .csv and .png",
        "                       beside it (docs/profiling.md)",
        "  hympjrun profile-report DIR [FILE]",
        "                       the same report of the recordings a job under mpirun or srun left in",
        "                       DIR (each JVM records there given -Dhympj.profile.dir=DIR)",
        "",
        "on a cluster (the ranks' JVMs started through a remote shell; HyMPJ, Java and the program",
        "at the same paths on every node):",
        "  --hosts h1,h2,...    the nodes, in rank order",
        "  --hostfile F, -machinesfile F",
        "                       the nodes, one per line: 'host [slots=K]' ('#' starts a comment);",
        "                       with slots, ranks fill each node's slots in turn",
        "  --ranks-per-node K   K ranks on each node in turn (default: -np spread evenly)",
        "  --jvms-per-node M    JVMs per node, threads inside each (default 1: the node's JVM is",
        "                       its net-bridge leader; M > 1 adds shared-memory rings between them)",
        "  --rsh CMD            the remote shell (default 'ssh'), run as: CMD host 'command';",
        "                       scripts/netns-rsh runs 'nodes' that are network namespaces",
        "  --net-address X      where each node's bridge listens: an interface (eth0), a network",
        "                       (10.1.0.0/16) or an address; default: the address of the host name",
        "  --net tcp|ucx|auto   what the bridges run over: TCP, or UCX (verbs, RoCE, shared memory",
        "                       or TCP, as UCX_TLS and UCX_NET_DEVICES say; JDK 22+ and libucp);",
        "                       default auto: UCX where the nodes have an RDMA device, else TCP",
        "  -h, --help           this help",
        "  MPJ Express's -dport, -mpjport, -sport, -headnodeip, -psl, -mxboardnum and -debug (each",
        "  with a value), -profile and -src are accepted and ignored, with a note: HyMPJ needs no daemons",
        "",
        "Shipped programs:",
        "  hympjrun -np 2 npb is|ep|cg|mg|ft S|W|A|B|C [threads]    a NAS Parallel Benchmark kernel",
        "  hympjrun -np 2 fdtd 2d|3d [n] [steps] [threads] [...]   an FDTD electromagnetic solver",
        "  hympjrun -np 2 nbody [particles] [steps] [threads] [...] a Barnes-Hut N-body code",
        "  hympjrun -np 2 osu latency|bw|bibw|mbw_mr|bcast|allreduce|alltoall|barrier [--csv F] [--plot F.png]",
        "                                                          the OSU-style benchmarks",
        "",
        "exit status: 0 if every rank ended normally, 1 if a rank failed, 2 for a bad command line.");

    /**
     * MPJ Express's mpjrun options for its daemons and devices that take a value, which HyMPJ
     * does not need: accepted, each with the note that says so.
     */
    private static final Map<String, String> IGNORED_WITH_VALUE = Map.ofEntries(
        ignored("-dport", "MPJ Express's daemon port", "HyMPJ starts its JVMs itself, without daemons"),
        ignored("-mpjport", "a port of MPJ Express's ranks", "HyMPJ's JVMs take free ports themselves"),
        ignored("-sport", "a port of MPJ Express's ranks", "HyMPJ's JVMs take free ports themselves"),
        ignored("-headnodeip", "MPJ Express's head node address",
            "HyMPJ's JVMs meet at a rendezvous; --net-address says where each node listens"),
        ignored("-psl", "MPJ Express's protocol switch limit", "HyMPJ's is -Dhympj.eager.limit=BYTES in HYMPJ_JVM_OPTS"),
        ignored("-mxboardnum", "MPJ Express's Myrinet board", "HyMPJ has no Myrinet device"),
        ignored("-debug", "MPJ Express's debugger port", "give the JVM -agentlib:jdwp=... in HYMPJ_JVM_OPTS"));

    /** The same for MPJ Express's switches, which take no value. */
    private static final Map<String, String> IGNORED_SWITCHES = Map.ofEntries(
        ignored("-profile", "MPJ Express's profiler switch", "give the JVM a profiler's agent in HYMPJ_JVM_OPTS"),
        ignored("-src", "MPJ Express's switch to ship the sources to its daemons",
            "the program must be at the same path on every node"));

    private static Map.Entry<String, String> ignored(String option, String what, String why) {
        return Map.entry(option, option + " (" + what + ") is ignored: " + why);
    }

    final int np;
    final int jvms;
    /** The AOT cache of the JVMs that --jvms starts (--aot-cache), or null. */
    Path aotCache;
    /** Seconds without progress after which each JVM prints a hang report (--hang-report); 0 for never. */
    int hangReportSeconds;
    final List<Path> classpath;
    final String mainClass;
    final String[] programArgs;
    final Path workingDirectory;
    /** Where the ranks run when they span nodes; null for a job on this node. */
    Cluster cluster;
    /** The merged recording that --profile asks for, or null when the job is not profiled. */
    Path profile;
    /** One line each on what the command line asked that HyMPJ does not need (MPJ Express's daemon ports, ...). */
    List<String> notes = List.of();
    /** The launcher's settings ({@code hympj.*} properties, {@code HYMPJ_*} variables), read with the command line. */
    Configuration configuration;

    /**
     * A job across nodes: the hosts, how many ranks each gets, how many JVMs, how to reach
     * them, and where their bridges listen.
     */
    record Cluster(List<String> hosts, int[] slots, int ranksPerNode, int jvmsPerNode, String rsh, String netAddress, String net) {
    }

    private LaunchOptions(int np, int jvms, List<Path> classpath, String mainClass, String[] programArgs, Path workingDirectory) {
        this.np = np;
        this.jvms = jvms;
        this.classpath = classpath;
        this.mainClass = mainClass;
        this.programArgs = programArgs;
        this.workingDirectory = workingDirectory;
    }

    /**
     * The command line, with this JVM's {@link Configuration} read and checked at the same time
     * (a value it refuses is a usage error). Returns null when help was asked for.
     *
     * @param args hympjrun's command line (see {@link #USAGE})
     * @return the options, or null when help was asked for ({@code -h}, {@code -help}, {@code --help})
     * @throws UsageException if the command line or a configured value cannot be used; its message says why
     */
    public static LaunchOptions parse(String[] args) throws UsageException {
        Configuration configuration;
        try {
            configuration = Configuration.fromSystem();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        int np = -1;
        int jvms = 1;
        String classpath = null;
        String jar = null;
        String wdir = null;
        String aotCache = null;
        int hangReport = 0;
        String profile = null;
        String device = null;
        boolean jvmsGiven = false;
        List<String> notes = new ArrayList<>();
        ClusterArguments clusterArgs = new ClusterArguments();
        int i = 0;
        while (i < args.length && args[i].startsWith("-")) {
            String option = args[i];
            if (option.equals("--profile") || option.startsWith("--profile=")) {
                profile = option.equals("--profile") ? ProfileCommand.DEFAULT_FILE : option.substring("--profile=".length());
                if (profile.isBlank()) {
                    throw new UsageException("--profile=FILE needs a file name");
                }
                i++;
                continue;
            }
            switch (option) {
                case "-h": case "-help": case "--help":
                    return null;
                case "-np": case "-n": case "--np":
                    np = parsePositive(value(args, i++, option), "-np needs a positive number of ranks");
                    break;
                case "--jvms": case "-jvms":
                    jvms = parsePositive(value(args, i++, option), "--jvms needs a positive number of JVMs");
                    jvmsGiven = true;
                    break;
                case "-cp": case "-classpath": case "--classpath":
                    classpath = value(args, i++, option);
                    break;
                case "-wdir": case "--wdir":
                    wdir = value(args, i++, option);
                    break;
                case "--aot-cache":
                    aotCache = value(args, i++, option);
                    break;
                case "--hang-report":
                    hangReport = parsePositive(value(args, i++, option), "--hang-report needs a positive number of seconds");
                    break;
                case "-dev": case "--dev":
                    device = value(args, i++, option);
                    break;
                case "--hosts": case "-hosts": case "--host":
                    clusterArgs.hosts = value(args, i++, option);
                    break;
                case "--hostfile": case "-hostfile": case "-machinefile": case "-machinesfile":
                    clusterArgs.hostfile = value(args, i++, option);
                    break;
                case "--ranks-per-node":
                    clusterArgs.ranksPerNode = parsePositive(value(args, i++, option), "--ranks-per-node needs a positive number");
                    break;
                case "--jvms-per-node":
                    clusterArgs.jvmsPerNode = parsePositive(value(args, i++, option), "--jvms-per-node needs a positive number");
                    break;
                case "--rsh": case "--launch-agent":
                    clusterArgs.rsh = value(args, i++, option);
                    break;
                case "--net-address":
                    clusterArgs.netAddress = value(args, i++, option);
                    break;
                case "--net":
                    clusterArgs.net = value(args, i++, option);
                    if (!List.of("tcp", "ucx", "auto").contains(clusterArgs.net)) {
                        throw new UsageException("--net takes tcp, ucx or auto, not '" + clusterArgs.net + "'");
                    }
                    break;
                case "--node-ranks":
                    // Set by the launcher for the JVMs it starts: the ranks each node got from the hostfile's slots.
                    clusterArgs.nodeRanks = value(args, i++, option);
                    break;
                case "-jar": case "--jar":
                    jar = value(args, i++, option);
                    i++;
                    jvms = onDevice(device, np, jvms, jvmsGiven, clusterArgs);
                    return complete(configuration, clusterArgs.applyTo(finish(np, jvms, classpath, jar, null,
                        Arrays.copyOfRange(args, i, args.length), wdir)), aotCache, hangReport, profile, notes);
                default:
                    String note = IGNORED_WITH_VALUE.get(option);
                    if (note != null) {
                        value(args, i++, option);
                    } else {
                        note = IGNORED_SWITCHES.get(option);
                    }
                    if (note == null) {
                        throw new UsageException("unknown option '" + option + "'");
                    }
                    notes.add(note);
                    break;
            }
            i++;
        }
        if (i >= args.length) {
            throw new UsageException("no main class given");
        }
        jvms = onDevice(device, np, jvms, jvmsGiven, clusterArgs);
        ShippedProgram shipped = ShippedProgram.named(args[i]);
        if (shipped != null && classpath == null) {
            return complete(configuration, clusterArgs.applyTo(finish(np, jvms, shippedClasspath(shipped, configuration.home()), null,
                shipped.mainClass, Arrays.copyOfRange(args, i + 1, args.length), wdir)), aotCache, hangReport, profile, notes);
        }
        return complete(configuration, clusterArgs.applyTo(finish(np, jvms, classpath, null, args[i],
            Arrays.copyOfRange(args, i + 1, args.length), wdir)), aotCache, hangReport, profile, notes);
    }

    private static LaunchOptions complete(Configuration configuration, LaunchOptions options, String aotCache, int hangReport,
                                          String profile, List<String> notes) throws UsageException {
        options.configuration = configuration;
        setAotCache(options, aotCache);
        options.hangReportSeconds = hangReport;
        options.profile = profile == null ? null : Path.of(profile).toAbsolutePath().normalize();
        options.notes = List.copyOf(notes);
        return options;
    }

    /**
     * What MPJ Express's {@code -dev} device asks of the job's JVMs; returns the number of JVMs
     * on this node. {@code multicore} (threads of one JVM) and {@code hybdev} (threads on each
     * node, the network between nodes) are what HyMPJ does by default; {@code niodev} runs every
     * rank in a JVM of its own, here ({@code --jvms N}) or on each node of a cluster job.
     */
    private static int onDevice(String device, int np, int jvms, boolean jvmsGiven, ClusterArguments clusterArgs)
        throws UsageException {
        if (device == null || device.equals("multicore") || device.equals("hybdev")) {
            return jvms;
        }
        switch (device) {
            case "niodev":
                if (jvmsGiven || clusterArgs.jvmsPerNode > 0) {
                    throw new UsageException("-dev niodev runs every rank in a JVM of its own; leave out --jvms and --jvms-per-node,"
                        + " or -dev niodev to choose the JVMs yourself");
                }
                if (clusterArgs.hosts != null || clusterArgs.hostfile != null) {
                    clusterArgs.jvmsPerNode = Math.max(np, 1);
                    return jvms;
                }
                return Math.max(np, 1);
            case "mxdev":
                throw new UsageException("-dev mxdev is MPJ Express's Myrinet device, which HyMPJ does not have: its ranks on"
                    + " several nodes talk over TCP (give -machinesfile, --hostfile or --hosts, without -dev)");
            case "native":
                throw new UsageException("-dev native runs MPJ Express over a native MPI library; HyMPJ runs under Open MPI's"
                    + " mpirun or Slurm's srun by itself: mpirun -np N java -cp PATH MainClass");
            default:
                throw new UsageException("device '" + device + "' is not one HyMPJ knows: it takes MPJ Express's multicore,"
                    + " hybdev and niodev");
        }
    }

    /** The cluster options as given, checked once the rest of the command line is. */
    private static final class ClusterArguments {
        String hosts;
        String hostfile;
        int ranksPerNode;
        int jvmsPerNode;
        String rsh;
        String netAddress;
        String net;
        String nodeRanks;

        LaunchOptions applyTo(LaunchOptions options) throws UsageException {
            if (hosts == null && hostfile == null) {
                if (ranksPerNode > 0 || jvmsPerNode > 0 || rsh != null || netAddress != null || net != null) {
                    throw new UsageException("--ranks-per-node, --jvms-per-node, --rsh, --net-address and --net are for a job on several "
                        + "nodes: give --hosts or --hostfile too");
                }
                return options;
            }
            if (hosts != null && hostfile != null) {
                throw new UsageException("give either --hosts or --hostfile, not both");
            }
            if (options.jvms > 1) {
                throw new UsageException("--jvms is for a job on this node; on several nodes use --jvms-per-node");
            }
            List<String> names = new ArrayList<>();
            List<Integer> slots = new ArrayList<>();
            if (hosts != null) {
                for (String h : hosts.split(",")) {
                    if (!h.isBlank()) {
                        names.add(h.trim());
                        slots.add(0);
                    }
                }
            } else {
                readHostfile(Path.of(hostfile), names, slots);
            }
            if (nodeRanks != null) {
                String[] counts = nodeRanks.split(",");
                if (counts.length != names.size()) {
                    throw new UsageException("--node-ranks gives " + counts.length + " counts for " + names.size() + " hosts");
                }
                for (int n = 0; n < counts.length; n++) {
                    slots.set(n, parsePositive(counts[n], "--node-ranks needs positive numbers"));
                }
            }
            if (names.isEmpty()) {
                throw new UsageException("no hosts in " + (hosts != null ? "--hosts '" + hosts + "'" : "hostfile " + hostfile));
            }
            if (new java.util.HashSet<>(names).size() != names.size()) {
                throw new UsageException("a host is listed twice in " + names + "; give each node once (with slots=K for K ranks)");
            }
            int[] slotArray = slots.stream().mapToInt(Integer::intValue).toArray();
            options.cluster = new Cluster(List.copyOf(names), slotArray, ranksPerNode, Math.max(1, jvmsPerNode),
                rsh == null ? "ssh" : rsh, netAddress, net);
            try {
                options.clusterLayout();
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            return options;
        }

        private static void readHostfile(Path file, List<String> names, List<Integer> slots) throws UsageException {
            List<String> lines;
            try {
                lines = Files.readAllLines(file);
            } catch (IOException e) {
                throw new UsageException("cannot read hostfile " + file + ": " + e.getMessage());
            }
            for (int n = 0; n < lines.size(); n++) {
                String line = lines.get(n).replaceAll("#.*", "").trim();
                if (line.isEmpty()) {
                    continue;
                }
                String[] words = line.split("\\s+");
                int k = 0;
                for (int w = 1; w < words.length; w++) {
                    if (words[w].startsWith("slots=")) {
                        k = parsePositive(words[w].substring(6), "hostfile " + file + " line " + (n + 1) + ": slots needs a positive number");
                    } else {
                        throw new UsageException("hostfile " + file + " line " + (n + 1) + ": '" + words[w]
                            + "' is not understood (a line is 'host [slots=K]')");
                    }
                }
                names.add(words[0]);
                slots.add(k);
            }
        }
    }

    /** The ranks' places on the cluster's nodes; for a cluster job only. */
    org.hympj.comm.runtime.ClusterLayout clusterLayout() {
        Cluster c = cluster;
        int[] counts = new int[c.hosts().size()];
        if (c.ranksPerNode() == 0 && java.util.Arrays.stream(c.slots()).allMatch(k -> k > 0)) {
            int left = np;
            for (int n = 0; n < counts.length && left > 0; n++) {
                counts[n] = Math.min(c.slots()[n], left);
                left -= counts[n];
            }
            if (left > 0) {
                throw new IllegalArgumentException(np + " ranks do not fit the " + java.util.Arrays.stream(c.slots()).sum()
                    + " slots of the hostfile");
            }
            if (counts[counts.length - 1] == 0) {
                throw new IllegalArgumentException(np + " ranks fill only part of the hostfile's hosts; list fewer hosts");
            }
            return new org.hympj.comm.runtime.ClusterLayout(c.hosts(), counts, c.jvmsPerNode());
        }
        return org.hympj.comm.runtime.ClusterLayout.of(c.hosts(), np, c.ranksPerNode(), c.jvmsPerNode());
    }

    /** The programs shipped with HyMPJ that run by a short name instead of a class path and main class. */
    enum ShippedProgram {
        NPB("npb", "npb-hybrid", "hympj-npb-hybrid-.*\\.jar", "org.hympj.npb.Npb"),
        FDTD("fdtd", "examples", "hympj-examples-.*\\.jar", "org.hympj.examples.fdtd.Fdtd"),
        NBODY("nbody", "examples", "hympj-examples-.*\\.jar", "org.hympj.examples.nbody.NBody"),
        // The shaded jar: OsuLite draws its --plot with XChart, which it carries.
        OSU("osu", "benchmarks", "benchmarks\\.jar", "org.hympj.benchmarks.osu.OsuLite");

        final String shortName;
        final String module;
        final String jar;
        final String mainClass;

        ShippedProgram(String shortName, String module, String jar, String mainClass) {
            this.shortName = shortName;
            this.module = module;
            this.jar = jar;
            this.mainClass = mainClass;
        }

        static ShippedProgram named(String name) {
            for (ShippedProgram p : values()) {
                if (p.shortName.equals(name)) {
                    return p;
                }
            }
            return null;
        }
    }

    /**
     * The class path of a program shipped with HyMPJ: its module's jar, found through the
     * installation directory {@code home} that the hympjrun script passes as {@code hympj.home}.
     */
    private static String shippedClasspath(ShippedProgram program, String home) throws UsageException {
        String module = program.module;
        if (home == null) {
            throw new UsageException("'" + program.shortName + "' needs the HyMPJ installation directory (-Dhympj.home, set by the hympjrun script)");
        }
        Path target = Path.of(home, module, "target");
        try (var files = Files.list(target)) {
            return files.filter(f -> f.getFileName().toString().matches(program.jar))
                .map(Path::toString).findFirst()
                .orElseThrow(() -> new UsageException("no " + module + " jar in " + target + "; build HyMPJ first (mvn -DskipTests package)"));
        } catch (IOException e) {
            throw new UsageException("no " + module + " build in " + target + "; build HyMPJ first (mvn -DskipTests package)");
        }
    }

    /**
     * Sets the AOT cache of a job's JVMs ({@code -XX:AOTCache}, JEP 483/514/515): only the JVMs
     * that {@code --jvms} starts take JVM options from the launcher, and the one-step recording
     * ({@code -XX:AOTCacheOutput}) is JDK 25's.
     */
    private static void setAotCache(LaunchOptions options, String file) throws UsageException {
        if (file == null) {
            return;
        }
        if (options.cluster != null) {
            throw new UsageException("--aot-cache is for the JVMs of a job on this node (--jvms), not for a job on --hosts");
        }
        if (options.jvms < 2) {
            throw new UsageException("--aot-cache is for the JVMs that --jvms M starts; thread ranks run in hympjrun's own JVM:"
                + " give it -XX:AOTCacheOutput=" + file + " once, then -XX:AOTCache=" + file + ", in HYMPJ_JVM_OPTS (JDK 25+)");
        }
        int jdk = Runtime.version().feature();
        if (jdk < 25) {
            throw new UsageException("--aot-cache needs JDK 25 or later, which records an AOT cache in one run; this is JDK " + jdk);
        }
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (Files.isDirectory(Path.of(entry))) {
                throw new UsageException("--aot-cache needs HyMPJ on the class path as jars (the JDK caches classes from jars"
                    + " only), and this JVM's class path has the directory " + entry + "; start it with the hympjrun script");
            }
        }
        Path cache = Path.of(file).toAbsolutePath().normalize();
        if (!Files.exists(cache) && !Files.isDirectory(cache.getParent())) {
            throw new UsageException("the directory of the AOT cache " + cache + " (--aot-cache) does not exist");
        }
        options.aotCache = cache;
    }

    private static LaunchOptions finish(int np, int jvms, String classpath, String jar, String mainClass, String[] programArgs,
                                        String wdir) throws UsageException {
        if (np < 0) {
            throw new UsageException("the number of ranks is missing: give -np N");
        }
        if (jvms > np) {
            throw new UsageException("--jvms " + jvms + " asks for more JVMs than the " + np + " ranks of -np; every JVM needs a rank");
        }
        Path workingDirectory = null;
        if (wdir != null) {
            workingDirectory = Path.of(wdir).toAbsolutePath().normalize();
            if (!Files.isDirectory(workingDirectory)) {
                throw new UsageException("working directory " + workingDirectory + " (-wdir) does not exist");
            }
        }
        List<Path> entries = new ArrayList<>();
        if (jar != null) {
            if (classpath != null) {
                entries.addAll(classpathEntries(classpath));
            }
            Path jarPath = Path.of(jar).toAbsolutePath().normalize();
            mainClass = readJar(jarPath, entries);
        } else {
            entries.addAll(classpathEntries(classpath == null ? "." : classpath));
        }
        return new LaunchOptions(np, jvms, List.copyOf(entries), mainClass, programArgs, workingDirectory);
    }

    private static String readJar(Path jar, List<Path> entries) throws UsageException {
        if (!Files.isRegularFile(jar)) {
            throw new UsageException("jar file " + jar + " does not exist");
        }
        entries.add(jar);
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            String main = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.MAIN_CLASS);
            if (main == null) {
                throw new UsageException(jar + " has no Main-Class in its manifest; use -cp " + jar + " MainClass");
            }
            String classPath = manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (classPath != null) {
                for (String entry : classPath.trim().split("\\s+")) {
                    entries.add(jar.getParent().resolve(entry).normalize());
                }
            }
            return main;
        } catch (IOException e) {
            throw new UsageException("cannot read jar file " + jar + ": " + e.getMessage());
        }
    }

    private static List<Path> classpathEntries(String classpath) throws UsageException {
        List<Path> entries = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            if (entry.endsWith("*")) {
                Path dir = Path.of(entry.substring(0, entry.length() - 1)).toAbsolutePath().normalize();
                try (var jars = Files.list(dir)) {
                    jars.filter(p -> p.toString().endsWith(".jar") || p.toString().endsWith(".JAR")).sorted().forEach(entries::add);
                } catch (IOException e) {
                    throw new UsageException("class path entry '" + entry + "': cannot list " + dir);
                }
            } else {
                entries.add(Path.of(entry).toAbsolutePath().normalize());
            }
        }
        return entries;
    }

    private static int parsePositive(String value, String what) throws UsageException {
        try {
            int n = Integer.parseInt(value);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new UsageException(what + ", got '" + value + "'");
    }

    private static String value(String[] args, int i, String option) throws UsageException {
        if (i + 1 >= args.length) {
            throw new UsageException("option " + option + " needs a value");
        }
        return args[i + 1];
    }

    URL[] classpathUrls() {
        URL[] urls = new URL[classpath.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = classpath.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalStateException(e);
            }
        }
        return urls;
    }

    /** The same job as arguments for a child launcher, with every path absolute and no -wdir. */
    List<String> asChildArguments() {
        List<String> out = new ArrayList<>();
        out.add("-np");
        out.add(Integer.toString(np));
        out.add("--jvms");
        out.add(Integer.toString(jvms));
        if (hangReportSeconds > 0) {
            out.add("--hang-report");
            out.add(Integer.toString(hangReportSeconds));
        }
        if (cluster != null) {
            out.add("--hosts");
            out.add(String.join(",", cluster.hosts()));
            if (cluster.ranksPerNode() == 0 && java.util.Arrays.stream(cluster.slots()).allMatch(k -> k > 0)) {
                // The hostfile's slots, as the ranks per node they came to.
                org.hympj.comm.runtime.ClusterLayout layout = clusterLayout();
                StringBuilder counts = new StringBuilder();
                for (int n = 0; n < layout.nodeCount(); n++) {
                    counts.append(n == 0 ? "" : ",").append(layout.node(n).size());
                }
                out.add("--node-ranks");
                out.add(counts.toString());
            } else if (cluster.ranksPerNode() > 0) {
                out.add("--ranks-per-node");
                out.add(Integer.toString(cluster.ranksPerNode()));
            }
            out.add("--jvms-per-node");
            out.add(Integer.toString(cluster.jvmsPerNode()));
            if (cluster.netAddress() != null) {
                out.add("--net-address");
                out.add(cluster.netAddress());
            }

        }
        out.add("-cp");
        StringBuilder cp = new StringBuilder();
        for (Path p : classpath) {
            if (cp.length() > 0) {
                cp.append(File.pathSeparator);
            }
            cp.append(p);
        }
        out.add(cp.toString());
        out.add(mainClass);
        out.addAll(Arrays.asList(programArgs));
        return out;
    }
}
