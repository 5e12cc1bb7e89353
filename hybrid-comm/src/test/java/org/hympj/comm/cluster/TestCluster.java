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
 * machine (scripts/netns-cluster.sh, hosts hympj-n0..n3 at 10.77.0.1..4, reached through
 * scripts/netns-rsh), or, where namespaces are refused (not root, no iproute2), four nodes
 * that are this machine at 127.0.0.1..4 (scripts/local-rsh), which the tests then say.
 */
final class TestCluster {
    static final int NODES = 4;
    private static final Path SCRIPTS = Path.of("..", "scripts").toAbsolutePath().normalize();

    final boolean namespaces;
    final List<String> hosts = new ArrayList<>();
    final String rsh;
    final String netAddress;

    private TestCluster(boolean namespaces) {
        this.namespaces = namespaces;
        for (int n = 0; n < NODES; n++) {
            hosts.add(namespaces ? "hympj-n" + n : "127.0.0." + (n + 1));
        }
        this.rsh = SCRIPTS.resolve(namespaces ? "netns-rsh" : "local-rsh").toString();
        this.netAddress = namespaces ? "10.77.0.0/24" : null;
    }

    static TestCluster start() throws IOException, InterruptedException {
        if (script("check") == 0 && script("start", Integer.toString(NODES)) == 0) {
            return new TestCluster(true);
        }
        System.err.println("cluster tests: network namespaces are refused here (root and iproute2 are needed); "
            + "the " + NODES + " nodes are this machine at 127.0.0.1.." + NODES + " instead");
        return new TestCluster(false);
    }

    void stop() throws IOException, InterruptedException {
        if (namespaces) {
            script("stop");
        }
    }

    private static int script(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(SCRIPTS.resolve("netns-cluster.sh").toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }

    /** How a job on the cluster ended. */
    record Result(int exitCode, String output) {
    }

    /**
     * {@code mpirun -np N --host 10.77.0.1:K,... java ... program args} from node 0, with
     * {@code ranksPerNode} ranks on each of the first nodes; namespaces only.
     */
    Result mpirun(int np, int ranksPerNode, Path rendezvousDir, Class<?> program, String... args)
        throws IOException, InterruptedException {
        StringBuilder hosts = new StringBuilder();
        for (int n = 0; n * ranksPerNode < np; n++) {
            hosts.append(n == 0 ? "" : ",").append("10.77.0.").append(n + 1).append(':').append(ranksPerNode);
        }
        List<String> command = new ArrayList<>(List.of("mpirun", "--allow-run-as-root", "--oversubscribe", "-np",
            Integer.toString(np), "--host", hosts.toString(), "--mca", "plm_rsh_agent", rsh, "--mca", "oob_tcp_if_include",
            "10.77.0.0/24", Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--add-opens",
            "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xmx256m", "-Dhympj.net.address=10.77.0.0/24",
            "-Dhympj.rendezvous.dir=" + rendezvousDir, "-cp", System.getProperty("java.class.path"), program.getName()));
        command.addAll(List.of(args));
        StringBuilder line = new StringBuilder("hostname hympj-n0 && exec");
        for (String word : command) {
            line.append(' ').append("'").append(word.replace("'", "'\\''")).append("'");
        }
        Path log = Files.createTempFile("hympj-mpirun", ".log");
        try {
            Process p = new ProcessBuilder("ip", "netns", "exec", "hympj-n0", "unshare", "--uts", "sh", "-c", line.toString())
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

    /** {@code hympjrun -np N --hosts ... [options] -cp <test classes> program args}, launched from this JVM. */
    Result run(int np, int nodes, List<String> options, Class<?> program, String... args) {
        List<String> command = new ArrayList<>(List.of("-np", Integer.toString(np), "--hosts",
            String.join(",", hosts.subList(0, nodes)), "--rsh", rsh));
        if (netAddress != null) {
            command.addAll(List.of("--net-address", netAddress));
        }
        command.addAll(options);
        try {
            command.addAll(List.of("-cp", Path.of(program.getProtectionDomain().getCodeSource().getLocation().toURI()).toString(),
                program.getName()));
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        command.addAll(List.of(args));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int code;
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            code = HympjrunAccess.runCluster(command.toArray(new String[0]), out);
        }
        return new Result(code, bytes.toString(StandardCharsets.UTF_8));
    }
}
