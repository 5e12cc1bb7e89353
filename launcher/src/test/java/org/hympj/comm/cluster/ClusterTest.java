package org.hympj.comm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import mpi.MPI;
import org.hympj.comm.collective.CollectivesTest;
import org.hympj.comm.launch.HympjrunAccess;
import org.hympj.comm.launch.LaunchAccess;
import org.hympj.comm.launch.ScriptJobs;
import org.hympj.comm.multiprocess.ProcessFaultsTest;
import org.hympj.comm.multiprocess.ProcessRanksTest;
import org.hympj.comm.p2p.MatchingSemanticsTest;
import org.hympj.comm.p2p.PointToPointTest;
import org.hympj.comm.runtime.HangReports;
import org.hympj.comm.testing.ProfiledPrograms;
import org.hympj.net.RogueClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jobs across nodes: MPI's semantics with the net-bridge over TCP ({@link AcrossNodesSemantics}),
 * and, with the default transport, what the launcher does for a job of several nodes: a profile
 * of the bridge's traffic, Open MPI's mpirun, hang reports and Ctrl-C, the shared-memory base, a
 * wire-up beside a hostile client, and a node that cannot be reached.
 */
class ClusterTest extends AcrossNodesSemantics {
    @Override
    List<String> transport() {
        return List.of("--net", "tcp");
    }

    @Test
    void profileCountsTheBridgeFramesEachJvmReceived(@TempDir Path dir) throws Exception {
        String before = System.setProperty("hympj.profile.dir", dir.resolve("job.parts").toString());
        try {
            runOk(2, 2, List.of(), ProfiledPrograms.LargeSends.class);
        } finally {
            if (before == null) {
                System.clearProperty("hympj.profile.dir");
            } else {
                System.setProperty("hympj.profile.dir", before);
            }
        }
        assertEquals(0, HympjrunAccess.run(new String[] {"profile-report", dir.resolve("job.parts").toString(),
            dir.resolve("job.jfr").toString()}, System.err));
        String report = Files.readString(dir.resolve("job.txt"));
        Matcher link = Pattern.compile("  Bridge, received by node 1 JVM 1 from node 0 JVM 0: (\\d+) frames, (\\d+) bytes").matcher(report);
        assertTrue(link.find(), report);
        long payload = (long) ProfiledPrograms.LARGE_SENDS * ProfiledPrograms.LARGE_DOUBLES * Double.BYTES;
        assertTrue(Long.parseLong(link.group(2)) > payload, report);
        long frames = 0;
        try (Stream<Path> parts = Files.list(dir.resolve("job.parts"))) {
            for (Path part : parts.toList()) {
                for (RecordedEvent e : RecordingFile.readAllEvents(part)) {
                    if (e.getEventType().getName().equals("org.hympj.BridgeTraffic") && e.getInt("jvm") == 1) {
                        frames = Math.max(frames, e.getLong("frames"));
                    }
                }
            }
        }
        assertEquals(Long.parseLong(link.group(1)), frames, report);
    }

    /**
     * Open MPI's real mpirun, run from node 0, starts the JVMs on two nodes (2 ranks each) through
     * the same remote shell; they meet at rank 0's rendezvous file and use rings on a node, the
     * bridge between nodes.
     */
    @Test
    void programsRunAcrossNodesUnderMpirun() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(cluster.namespaces && LaunchAccess.installed("mpirun"),
            "needs network namespaces and Open MPI's mpirun");
        Path rendezvous = Files.createTempDirectory("hympj-rendezvous");
        try {
            for (Class<?> program : List.of(CollectivesTest.Program.class, MatchingSemanticsTest.ConcurrentSendersInOrder.class,
                PointToPointTest.SendrecvRing.class)) {
                TestCluster.Result r = cluster.mpirun(4, 2, rendezvous, program, "across-nodes");
                assertEquals(0, r.exitCode(), () -> program.getSimpleName() + " under mpirun on 2 nodes failed:\n" + r.output());
            }
            TestCluster.Result r = cluster.mpirun(4, 2, rendezvous, ProcessFaultsTest.ThrowsInOneProcess.class);
            assertNotEquals(0, r.exitCode(), r.output());
            assertTrue(r.output().contains("deliberate failure in rank 1"), r.output());
            try (var left = Files.list(rendezvous)) {
                assertEquals(0, left.count(), "rank 0 removes its rendezvous file");
            }
            assertNothingLeft();
        } finally {
            try (var left = Files.list(rendezvous)) {
                left.forEach(f -> f.toFile().delete());
            }
            Files.delete(rendezvous);
        }
    }

    /**
     * A hang report request to hympjrun (what SIGUSR1 from the script's SIGQUIT does: here asked
     * in this JVM, which runs the launcher) reaches the JVMs on the other nodes, and their
     * reports come back with the job's output: rank 0, on node 0, waits in a receive from rank 1,
     * on node 1, whose first message is queued unmatched; the test then lets rank 1 send.
     */
    @Test
    void aHangReportRequestToHympjrunReachesTheJvmsOfEveryNode() throws Exception {
        Path release = sharedMemory.resolveSibling(sharedMemory.getFileName() + ".release");
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        CompletableFuture<Integer> job = CompletableFuture.supplyAsync(
            () -> cluster.run(2, 2, List.of(), output, ReleasedByFile.class, release.toString()));
        String report = "rank 0: waits in Recv(source 1, tag 6, MPI.COMM_WORLD)";
        String unmatched = "from 1 tag 5 on MPI.COMM_WORLD";
        try {
            // Asked again until the reports show all three: rank 0 may wait before rank 1's first
            // message has reached it, and node 1's JVM answers on its own time, so its report of
            // one round may predate rank 1's Init while node 0's of the same round shows the
            // message rank 1 sent after it.
            long deadline = System.currentTimeMillis() + 120_000;
            while (!(output.toString(StandardCharsets.UTF_8).contains(report)
                    && output.toString(StandardCharsets.UTF_8).contains(unmatched)
                    && rankOneReported(output.toString(StandardCharsets.UTF_8))) && !job.isDone()
                && System.currentTimeMillis() < deadline) {
                HangReports.reportAll();
                Thread.sleep(500);
            }
        } finally {
            Files.writeString(release, "go");
        }
        try {
            assertEquals(0, job.get(120, TimeUnit.SECONDS), output::toString);
        } finally {
            Files.deleteIfExists(release);
        }
        String all = output.toString(StandardCharsets.UTF_8);
        assertTrue(all.contains(report), () -> "no report of rank 0's receive came back:\n" + all);
        assertTrue(all.contains(unmatched), () -> "rank 1's first message is not listed unmatched:\n" + all);
        assertTrue(rankOneReported(all), () -> "rank 1, on the other node, did not report:\n" + all);
        assertNothingLeft();
    }

    private static boolean rankOneReported(String output) {
        return output.matches("(?s).*rank 1: (waits|not blocked).*");
    }

    /**
     * Ctrl-C to the hympjrun script of a job on two nodes (SIGINT to the script alone: a real
     * terminal signals the whole foreground group, and the remote shells are in a session of
     * their own, so it comes to the same): each node's JVM prints its report at exit, which
     * comes back before the job ends with status 130.
     */
    @Test
    void ctrlCOfAJobOnTwoNodesBringsBackEveryNodesReportAtExit(@TempDir Path dir) throws Exception {
        List<String> args = new ArrayList<>(List.of("-np", "2", "--hosts", cluster.hosts.get(0) + "," + cluster.hosts.get(1),
            "--rsh", cluster.rsh));
        if (cluster.netAddress != null) {
            args.addAll(List.of("--net-address", cluster.netAddress));
        }
        args.addAll(List.of("-cp", Path.of(ReleasedByFile.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .toString(), ReleasedByFile.class.getName(), dir.resolve("never").toString()));
        ScriptJobs.Job job = ScriptJobs.start(dir, List.of("-Dhympj.shm.dir=" + sharedMemory, "-Dhympj.key.dir=" + keys),
            args.toArray(new String[0]));
        try {
            job.signalUntil("QUIT", "rank 0: waits in Recv(source 1, tag 6, MPI.COMM_WORLD)", 120);
            job.signal("INT");
            assertEquals(130, job.awaitExit(60), job.output());
            String out = job.output();
            int atExit = out.indexOf("hympj hang report at exit");
            assertTrue(atExit >= 0, () -> "no report at exit came back from the nodes:\n" + out);
            assertTrue(out.substring(atExit).contains("rank 0: waits in Recv(source 1, tag 6, MPI.COMM_WORLD)"), out);
        } finally {
            job.kill();
        }
        assertNothingLeft();
    }

    /** Rank 1 sends tag 5, waits until the file {@code args[0]} exists, then sends tag 6, which rank 0 receives. */
    public static class ReleasedByFile {
        public static void main(String[] args) throws Exception {
            String[] rest = MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                MPI.COMM_WORLD.Send(new int[] {1, 2, 3}, 0, 3, MPI.INT, 0, 5);
                while (!Files.exists(Path.of(rest[0]))) {
                    Thread.sleep(50);
                }
                MPI.COMM_WORLD.Send(new int[] {4}, 0, 1, MPI.INT, 0, 6);
            } else if (MPI.COMM_WORLD.Rank() == 0) {
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 6);
                MPI.COMM_WORLD.Recv(new int[3], 0, 3, MPI.INT, 1, 5);
            }
            MPI.Finalize();
        }
    }

    /**
     * A link planted in the shared-memory base, named as a job directory and pointing at a
     * directory of old files, is followed by no node's sweep (every node of two JVMs sweeps as
     * its JVMs join): the files behind it survive a job on two nodes of two JVMs each.
     */
    @Test
    void noNodeFollowsALinkPlantedInTheSharedMemoryBase() throws Exception {
        Path precious = Files.createTempDirectory("ClusterTest-precious");
        Path planted = sharedMemory.resolve("hympj-0123456789abcdef0123456789abcdef");
        try {
            Path data = Files.writeString(precious.resolve("data"), "keep me");
            java.nio.file.attribute.FileTime old = java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);
            Files.setLastModifiedTime(data, old);
            Files.setLastModifiedTime(precious, old);
            Files.createSymbolicLink(planted, precious);
            TestCluster.Result r = cluster.run(4, 2, List.of("--jvms-per-node", "2"), ProcessRanksTest.RandomTraffic.class);
            assertEquals(0, r.exitCode(), r::output);
            assertEquals("keep me", Files.readString(data), "the file behind the planted link");
            assertTrue(Files.isSymbolicLink(planted), "the planted link itself is not the job's to remove");
        } finally {
            Files.deleteIfExists(planted);
            Files.deleteIfExists(precious.resolve("data"));
            Files.deleteIfExists(precious);
        }
        assertNothingLeft();
    }

    /** Every JVM of a job on two nodes, two JVMs each, keeps its rings in this test's shared memory. */
    @Test
    void theJobsJvmsOnEveryNodeKeepTheirRingsInTheTestsSharedMemory() throws Exception {
        runOk(4, 2, List.of("--jvms-per-node", "2"), RingsIn.class, sharedMemory.toString());
    }

    /** Fails unless this JVM's shared-memory base is {@code args[0]} and holds this job's rings. */
    public static class RingsIn {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            String base = System.getProperty("hympj.shm.dir");
            if (!args[0].equals(base)) {
                throw new AssertionError("rank " + MPI.COMM_WORLD.Rank() + " keeps its shared memory in " + base + ", not " + args[0]);
            }
            try (Stream<Path> jobs = Files.list(Path.of(base))) {
                if (jobs.findAny().isEmpty()) {
                    throw new AssertionError("rank " + MPI.COMM_WORLD.Rank() + " finds no job directory in " + base);
                }
            }
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    /**
     * A client in node 1's namespace connects to JVM 0's listener as soon as it listens (found in
     * /proc/net/tcp of node 0) and trickles a HELLO, well formed but for its MAC, one byte a
     * second: longer than the whole wire-up timeout. Node 1's JVM starts only once the client is
     * in. The job wires up beside it and succeeds, and JVM 0 logs the client's connection.
     */
    @Test
    void aClientTricklingAHelloIntoJvmZerosListenerDoesNotStopTheJob() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(cluster.namespaces, "needs network namespaces: a client at another address");
        Path rogueIn = Files.createTempFile("hympj-rogue", ".in");
        Files.delete(rogueIn);
        String rsh = cluster.rshAfter("[ \"$1\" = '" + cluster.hosts.get(0) + "' ] || for i in $(seq 1200); do [ -e '" + rogueIn
            + "' ] && break; sleep 0.05; done");
        CompletableFuture<TestCluster.Result> job = CompletableFuture.supplyAsync(
            () -> cluster.run(cluster.hosts.subList(0, 2), rsh, 2, List.of(), PointToPointTest.AllTypes.class));
        Process rogue = null;
        try {
            int port = listeningPort(cluster.hosts.get(0), cluster.address(0), job);
            rogue = trickle(cluster.hosts.get(1), cluster.address(0), port, rogueIn);
            TestCluster.Result r = job.get(120, TimeUnit.SECONDS);
            assertEquals(0, r.exitCode(), r.output());
            assertTrue(r.output().contains("refused a connection from " + cluster.address(1) + ":"), r.output());
            assertNothingLeft();
        } finally {
            if (rogue != null) {
                rogue.destroyForcibly().waitFor();
            }
            Files.deleteIfExists(rogueIn);
        }
    }

    /**
     * The port a socket listens on at {@code address} in namespace {@code host}, from the kernel's
     * tables there (IPv4, or IPv4-mapped IPv6), as soon as there is one.
     */
    private static int listeningPort(String host, String address, CompletableFuture<TestCluster.Result> job) throws Exception {
        String[] octets = address.split("\\.");
        String hex = "";
        for (String o : octets) {
            hex = String.format("%02X", Integer.parseInt(o)) + hex;
        }
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline && !job.isDone()) {
            Process cat = new ProcessBuilder("ip", "netns", "exec", host, "cat", "/proc/net/tcp", "/proc/net/tcp6").start();
            String tables = new String(cat.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            cat.waitFor();
            for (String line : tables.split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 3 && f[3].equals("0A") && f[1].contains(hex + ":")) {
                    return Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1), 16);
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("nothing listened at " + address + " in " + host + (job.isDone() ? ": " + job.get().output() : ""));
    }

    /**
     * In namespace {@code host}: connects to {@code address:port}, sends the first byte of a
     * valid-looking HELLO, makes the file {@code connected}, then sends the rest a byte a second.
     */
    private static Process trickle(String host, String address, int port, Path connected) throws IOException {
        byte[] hello = RogueClient.validLookingHello();
        StringBuilder rest = new StringBuilder();
        for (int i = 1; i < hello.length; i++) {
            rest.append(String.format(" '\\x%02x'", hello[i] & 0xff));
        }
        String script = "exec 3<>/dev/tcp/" + address + "/" + port + " || exit 1\n"
            + String.format("printf %%b '\\x%02x' >&3\n", hello[0] & 0xff)
            + "touch '" + connected + "'\n"
            + "for b in" + rest + "; do sleep 1; printf %b \"$b\" >&3 || exit 0; done\n";
        return new ProcessBuilder("ip", "netns", "exec", host, "bash", "-c", script).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    /**
     * A node's remote shell fails at once, as ssh does for a host name that does not resolve:
     * hympjrun fails with its status and its words, without waiting out the wire-up timeout; for
     * node 0 at once, for another node once the grace period after a failure is over.
     */
    @Test
    void aJobWhoseNodeCannotBeReachedFailsWithTheReasonWithoutWaitingOutTheWireUp() throws Exception {
        String rsh = cluster.rshAfter("case \"$1\" in *.invalid) echo \"ssh: Could not resolve hostname $1: Name or service not known\" >&2;"
            + " exit 255;; esac");
        for (int unreachable = 0; unreachable < 2; unreachable++) {
            List<String> hosts = new ArrayList<>(cluster.hosts.subList(0, 2));
            hosts.set(unreachable, "node" + unreachable + ".invalid");
            long start = System.nanoTime();
            TestCluster.Result r = cluster.run(hosts, rsh, 2, List.of(), PointToPointTest.AllTypes.class);
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
            assertNotEquals(0, r.exitCode(), r.output());
            String reason = "ssh: Could not resolve hostname " + hosts.get(unreachable) + ": Name or service not known\n";
            if (unreachable == 0) {
                assertEquals(255, r.exitCode(), r.output());
                reason += "hympjrun: node 0 (node0.invalid), rank 0 exited with status 255 before it announced its rendezvous address";
            }
            assertTrue(r.output().contains(reason), r.output());
            assertTrue(seconds < 30, "hympjrun took " + seconds + " s, as if it waited out the wire-up timeout of 60 s");
            assertNothingLeft();
        }
    }
}
