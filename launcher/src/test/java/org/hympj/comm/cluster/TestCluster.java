package org.hympj.comm.cluster;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hympj.comm.launch.HympjrunAccess;

/**
 * The "cluster" the multi-node tests run on: four nodes that are network namespaces of this
 * machine, a run of scripts/netns-cluster.sh of its own (hosts hympj-RUN-n0..n3 at
 * 10.77.X.1..4, RUN and X unique to the run, reached through scripts/netns-rsh), or, where
 * namespaces are refused (not root, no iproute2), four nodes that are this machine at
 * 127.0.0.1..4 (scripts/local-rsh), which the tests then say. {@link #stop} removes the run's
 * namespaces and nothing else.
 */
final class TestCluster {
    static final int NODES = 4;
    private static final Path SCRIPTS = Path.of("..", "scripts").toAbsolutePath().normalize();

    final boolean namespaces;
    final List<String> hosts = new ArrayList<>();
    final String rsh;
    final String netAddress;
    /** The netns-cluster.sh run, or null on 127.0.0.x. */
    private final String run;

    /** A cluster of namespaces when {@code run} names a run on {@code subnet} ("10.77.X.0/24"), else of 127.0.0.x. */
    private TestCluster(String run, String subnet) {
        this.namespaces = run != null;
        this.run = run;
        for (int n = 0; n < NODES; n++) {
            hosts.add(namespaces ? "hympj-" + run + "-n" + n : "127.0.0." + (n + 1));
        }
        this.rsh = SCRIPTS.resolve(namespaces ? "netns-rsh" : "local-rsh").toString();
        this.netAddress = subnet;
    }

    static TestCluster start() throws IOException, InterruptedException {
        if (script("check").exitCode() == 0) {
            Result started = script("start", Integer.toString(NODES));
            String[] runAndSubnet = started.output().trim().split(" ");
            if (started.exitCode() == 0 && runAndSubnet.length == 2) {
                return new TestCluster(runAndSubnet[0], runAndSubnet[1]);
            }
            System.err.println("cluster tests: netns-cluster.sh start failed: " + started.output());
        }
        System.err.println("cluster tests: network namespaces are refused here (root and iproute2 are needed); "
            + "the " + NODES + " nodes are this machine at 127.0.0.1.." + NODES + " instead");
        return new TestCluster(null, null);
    }

    void stop() throws IOException, InterruptedException {
        if (namespaces) {
            script("stop", run);
        }
    }

    /** Node {@code n}'s address: 10.77.X.(n+1); namespaces only. */
    String address(int n) {
        return netAddress.substring(0, netAddress.lastIndexOf('.') + 1) + (n + 1);
    }

    /**
     * An executable script, removed when the test JVM exits, that runs {@code shell} (which sees
     * the host as $1) and then the cluster's remote shell as it was called.
     */
    String rshAfter(String shell) throws IOException {
        Path script = Files.createTempFile("hympj-rsh", ".sh");
        script.toFile().deleteOnExit();
        Files.writeString(script, "#!/bin/sh\n" + shell + "\nexec '" + rsh + "' \"$@\"\n");
        script.toFile().setExecutable(true);
        return script.toString();
    }

    private static Result script(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(SCRIPTS.resolve("netns-cluster.sh").toString()));
        command.addAll(List.of(args));
        Path log = Files.createTempFile("hympj-netns-cluster", ".log");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, "netns-cluster.sh " + String.join(" ", args) + " did not end within 60 s");
            }
            return new Result(p.exitValue(), Files.readString(log));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** How a job on the cluster ended. */
    record Result(int exitCode, String output) {
    }

    /**
     * {@code mpirun -np N --host 10.77.X.1:K,... java ... program args} from node 0, with
     * {@code ranksPerNode} ranks on each of the first nodes, and this JVM's shared-memory base
     * ({@code hympj.shm.dir}) and key directory ({@code hympj.key.dir}) if it has them; namespaces only.
     */
    Result mpirun(int np, int ranksPerNode, Path rendezvousDir, Class<?> program, String... args)
        throws IOException, InterruptedException {
        StringBuilder slots = new StringBuilder();
        for (int n = 0; n * ranksPerNode < np; n++) {
            slots.append(n == 0 ? "" : ",").append(address(n)).append(':').append(ranksPerNode);
        }
        List<String> command = new ArrayList<>(List.of("mpirun", "--allow-run-as-root", "--oversubscribe", "-np",
            Integer.toString(np), "--host", slots.toString(), "--mca", "plm_rsh_agent", rsh, "--mca", "oob_tcp_if_include",
            netAddress, Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--add-opens",
            "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xmx256m", "-Dhympj.net.address=" + netAddress,
            "-Dhympj.rendezvous.dir=" + rendezvousDir));
        if (System.getProperty("hympj.shm.dir") != null) {
            command.add("-Dhympj.shm.dir=" + System.getProperty("hympj.shm.dir"));
        }
        if (System.getProperty("hympj.key.dir") != null) {
            command.add("-Dhympj.key.dir=" + System.getProperty("hympj.key.dir"));
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), program.getName()));
        command.addAll(List.of(args));
        StringBuilder line = new StringBuilder("hostname " + hosts.get(0) + " && exec");
        for (String word : command) {
            line.append(' ').append("'").append(word.replace("'", "'\\''")).append("'");
        }
        Path log = Files.createTempFile("hympj-mpirun", ".log");
        try {
            Process p = new ProcessBuilder("ip", "netns", "exec", hosts.get(0), "unshare", "--uts", "sh", "-c", line.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("mpirun did not end within 120 s:\n" + Files.readString(log));
            }
            return new Result(p.exitValue(), Files.readString(log));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /**
     * {@code hympjrun -np N --hosts <the first nodes> [options] -cp <test classes> program args},
     * launched from this JVM, whose {@code hympj.*} system properties reach every JVM of the job.
     */
    Result run(int np, int nodes, List<String> options, Class<?> program, String... args) {
        return run(hosts.subList(0, nodes), rsh, np, options, program, args);
    }

    /** {@code hympjrun -np N --hosts <hosts> --rsh <remoteShell> [options] -cp <test classes> program args}. */
    Result run(List<String> hosts, String remoteShell, int np, List<String> options, Class<?> program, String... args) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int code = run(hosts, remoteShell, np, options, bytes, program, args);
        return new Result(code, bytes.toString(StandardCharsets.UTF_8));
    }

    /** As {@link #run(int, int, List, Class, String...)}, its output to {@code output} as it comes; returns the exit status. */
    int run(int np, int nodes, List<String> options, ByteArrayOutputStream output, Class<?> program, String... args) {
        return run(hosts.subList(0, nodes), rsh, np, options, output, program, args);
    }

    private int run(List<String> hosts, String remoteShell, int np, List<String> options, ByteArrayOutputStream output,
                    Class<?> program, String... args) {
        try {
            return run(hosts, remoteShell, np, options, output,
                Path.of(program.getProtectionDomain().getCodeSource().getLocation().toURI()).toString(), program.getName(), args);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code hympjrun -np N --hosts <the first nodes> [options] -cp classpath mainClass args}. */
    Result run(int np, int nodes, List<String> options, String classpath, String mainClass, String... args) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int code = run(hosts.subList(0, nodes), rsh, np, options, bytes, classpath, mainClass, args);
        return new Result(code, bytes.toString(StandardCharsets.UTF_8));
    }

    private int run(List<String> hosts, String remoteShell, int np, List<String> options, ByteArrayOutputStream output,
                    String classpath, String mainClass, String... args) {
        List<String> command = new ArrayList<>(List.of("-np", Integer.toString(np), "--hosts",
            String.join(",", hosts), "--rsh", remoteShell));
        if (netAddress != null) {
            command.addAll(List.of("--net-address", netAddress));
        }
        command.addAll(options);
        command.addAll(List.of("-cp", classpath, mainClass));
        command.addAll(List.of(args));
        try (PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8)) {
            return HympjrunAccess.runCluster(command.toArray(new String[0]), out);
        }
    }
}
