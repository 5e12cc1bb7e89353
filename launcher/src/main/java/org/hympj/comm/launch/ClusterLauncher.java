package org.hympj.comm.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.hympj.comm.runtime.ClusterLayout;
import org.hympj.comm.runtime.Configuration;
import org.hympj.comm.runtime.HangReports;
import org.hympj.net.wireup.JobSecret;
import org.hympj.shm.JobId;

/**
 * {@code hympjrun --hosts ... | --hostfile F}: starts the JVMs of a job on its nodes through a
 * remote shell ({@code ssh} by default, or {@code --rsh CMD}, called as {@code CMD host
 * 'command'}, the way Open MPI calls its {@code plm_rsh_agent}), watches them, and ends the
 * job as one, as {@link ProcessLauncher} does on one node.
 *
 * <p>Wire-up: JVM 0 (node 0's first, holding rank 0) is started first; it listens on an
 * ephemeral port and prints {@code hympj-rendezvous ADDRESS}, which this launcher reads from
 * its output and hands to the others as {@code hympj.rendezvous}; if JVM 0 exits before that
 * (a host that does not resolve, say), the launcher fails at once with its status, after what
 * it printed. The job's secret goes to
 * each JVM as the first line of its standard input (never on a command line, where {@code ps}
 * would show it); that input stays open while the launcher lives, so a JVM sees the
 * launcher's end as the end of its input, wherever it runs. A hang report request to this
 * launcher (SIGUSR1, which the script sends on SIGQUIT) goes to every JVM as a byte on that
 * input, and each prints its ranks' part, which comes back with the rest of its output.
 *
 * <p>The nodes need HyMPJ, Java and the program at the same paths as here (a shared file
 * system, as clusters have); the JVMs start in this directory (or {@code -wdir}).
 */
final class ClusterLauncher {
    /** How long a launcher being stopped lets the JVMs' reports at exit come back before it stops them. */
    private static final long AT_EXIT_REPORT_MILLIS = 1_500;
    /** util-linux's setsid, which starts a command in a session of its own. */
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    private ClusterLauncher() {
    }

    static int run(LaunchOptions options, PrintStream out, PrintStream err) {
        ClusterLayout layout = options.clusterLayout();
        JobId job = JobId.random();
        JobSecret secret = JobSecret.random();
        Process[] children = new Process[layout.jvms()];
        List<Thread> pumps = new ArrayList<>();
        // Stopped by a signal (Ctrl-C): the JVMs on the nodes, which the signal does not reach, print
        // their reports at exit through their output, which goes on being copied here meanwhile.
        Thread killOnExit = new Thread(() -> {
            requestReports(children, ClusterMember.REPORT_AT_EXIT);
            try {
                Thread.sleep(AT_EXIT_REPORT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            stopAll(children);
        }, "hympjrun-cleanup");
        Runtime.getRuntime().addShutdownHook(killOnExit);
        HangReports.Registration reports = HangReports.add(o -> requestReports(children, ClusterMember.REPORT));
        long wireUpMillis = options.configuration.wireUpTimeoutMillis();
        try {
            children[0] = start(options, layout, job, secret, 0, null);
            BlockingQueue<String> announced = new ArrayBlockingQueue<>(1);
            pumps.add(pump(children[0].getInputStream(), out, announced));
            pumps.add(pump(children[0].getErrorStream(), err, null));
            String rendezvous = awaitRendezvous(children[0], pumps.get(0), announced, wireUpMillis);
            if (rendezvous == null) {
                if (children[0].isAlive()) {
                    err.println("hympjrun: " + layout.describeJvm(0) + " did not announce its rendezvous address within "
                        + wireUpMillis / 1000 + " s");
                    return 1;
                }
                // What it said on its way out comes before the verdict.
                for (Thread p : pumps) {
                    p.join(2_000);
                }
                int status = children[0].exitValue();
                err.println("hympjrun: " + layout.describeJvm(0) + " exited with status " + status + " before it announced its "
                    + "rendezvous address" + (status == 255 ? " (the remote shell's own failure: is the host's name right, "
                    + "and can '" + options.cluster.rsh() + "' reach it?)" : "") + "; the reason is above");
                return status == 0 ? 1 : status;
            }
            for (int g = 1; g < layout.jvms(); g++) {
                children[g] = start(options, layout, job, secret, g, rendezvous);
                pumps.add(pump(children[g].getInputStream(), out, null));
                pumps.add(pump(children[g].getErrorStream(), err, null));
            }
            int status = ProcessLauncher.watch(children, g -> layout.describeJvm(g), err);
            for (Thread p : pumps) {
                p.join(2_000);
            }
            return status;
        } catch (IOException e) {
            err.println("hympjrun: cannot start the job's JVMs through '" + options.cluster.rsh() + "': " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("hympjrun: interrupted");
            return 1;
        } finally {
            reports.close();
            stopAll(children);
            try {
                Runtime.getRuntime().removeShutdownHook(killOnExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
    }

    /**
     * JVM 0's rendezvous address once it has announced it (its {@code output} pump hands it
     * over); null when it has not within {@code millis}, or as soon as it has exited without.
     */
    private static String awaitRendezvous(Process first, Thread output, BlockingQueue<String> announced, long millis)
        throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        for (long left = millis; left > 0; left = deadline - System.currentTimeMillis()) {
            String rendezvous = announced.poll(Math.min(left, 50), TimeUnit.MILLISECONDS);
            if (rendezvous != null) {
                return rendezvous;
            }
            if (!first.isAlive()) {
                // Its output may still hold the line: the pump reads to the end of it.
                output.join(2_000);
                return announced.poll();
            }
        }
        return null;
    }

    private static Process start(LaunchOptions options, ClusterLayout layout, JobId job, JobSecret secret, int g, String rendezvous)
        throws IOException {
        int node = layout.nodeOfJvm(g);
        List<String> java = ProcessLauncher.javaCommand(options.configuration, layout.node(node).jvms());
        java.add("-D" + Configuration.JOB_ID_PROP + "=" + job);
        java.add("-D" + Configuration.NODE_INDEX_PROP + "=" + node);
        java.add("-D" + Configuration.JVM_INDEX_PROP + "=" + layout.localJvm(g));
        java.add("-D" + Configuration.JVM_RANKS_PROP + "=" + layout.rankCount(g));
        java.add("-D" + Configuration.LOCAL_RANKS_PROP + "=" + layout.node(node).size());
        if (rendezvous != null) {
            java.add("-D" + Configuration.RENDEZVOUS_PROP + "=" + rendezvous);
        }
        if (options.cluster.net() != null) {
            java.add("-D" + Configuration.NET_PROP + "=" + options.cluster.net());
        }
        // UCX's own calls are restricted methods of java.lang.foreign: allowed, with no warning (JDK 17 takes the flag too).
        java.add(1, "--enable-native-access=ALL-UNNAMED");
        java.add("-cp");
        java.add(System.getProperty("java.class.path"));
        java.add(RankProcess.class.getName());
        java.addAll(options.asChildArguments());
        Path dir = options.workingDirectory != null ? options.workingDirectory : Path.of("").toAbsolutePath();
        StringBuilder remote = new StringBuilder("cd ").append(quote(dir.toString())).append(" && exec");
        // A remote shell starts with an environment of its own: UCX's choice of devices goes with the job.
        List<String> ucx = ucxEnvironment(System.getenv());
        if (!ucx.isEmpty()) {
            remote.append(" env");
            for (String setting : ucx) {
                remote.append(' ').append(quote(setting));
            }
        }
        for (String word : java) {
            remote.append(' ').append(quote(word));
        }
        List<String> command = new ArrayList<>();
        // The remote shell in a session of its own: a terminal's Ctrl-C or Ctrl-\ goes to the
        // launcher alone, which then asks the JVMs for their reports through the remote shells
        // (a signal to the shells themselves would end them, and the reports with them).
        if (Files.isExecutable(SETSID)) {
            command.addAll(List.of(SETSID.toString(), "--wait"));
        }
        command.addAll(Arrays.asList(options.cluster.rsh().trim().split("\\s+")));
        command.add(layout.host(node));
        command.add(remote.toString());
        Process p = new ProcessBuilder(command).start();
        OutputStream in = p.getOutputStream();
        try {
            in.write((secret.toHex() + "\n").getBytes(StandardCharsets.US_ASCII));
            in.flush();
        } catch (IOException e) {
            // A remote shell that failed at once (a host that does not resolve) closed its input:
            // it is returned as it is, and its exit status and what it printed say why.
            try {
                if (!p.waitFor(1, TimeUnit.SECONDS)) {
                    throw e;
                }
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw e;
            }
        }
        // The input stays open: its end tells the JVM that this launcher is gone.
        return p;
    }

    /**
     * UCX's settings in the launcher's environment ({@code UCX_TLS}, {@code UCX_NET_DEVICES},
     * {@code UCX_LOG_LEVEL}: every {@code UCX_} variable), in name order, which every JVM of
     * the job gets.
     */
    static List<String> ucxEnvironment(java.util.Map<String, String> environment) {
        List<String> settings = new ArrayList<>();
        for (String name : new java.util.TreeSet<>(environment.keySet())) {
            if (name.startsWith("UCX_")) {
                settings.add(name + "=" + environment.get(name));
            }
        }
        return settings;
    }

    /** Asks every running JVM of the job for its hang report: byte {@code request} on its standard input. */
    private static void requestReports(Process[] children, int request) {
        for (Process p : children) {
            if (p != null && p.isAlive()) {
                OutputStream in = p.getOutputStream();
                // One writer at a time: the secret went first, before the JVM was in the array.
                synchronized (in) {
                    try {
                        in.write(request);
                        in.flush();
                    } catch (IOException gone) {
                        // its remote shell ended meanwhile; the watch reports that
                    }
                }
            }
        }
    }

    /**
     * Stops the JVMs still running: first politely (their shutdown hooks remove their segments
     * on their nodes, where no launcher can sweep), then for good after two seconds.
     */
    private static void stopAll(Process[] children) {
        for (Process p : children) {
            if (p != null && p.isAlive()) {
                p.destroy();
            }
        }
        long deadline = System.currentTimeMillis() + 2_000;
        for (Process p : children) {
            if (p != null) {
                try {
                    p.waitFor(Math.max(1, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        ProcessLauncher.destroyAll(children);
        ProcessLauncher.awaitAll(children);
    }

    /** For a remote shell: one word, in single quotes. */
    static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /**
     * Copies a JVM's output to ours line by line (lines of different JVMs never mix); the
     * rendezvous line, if {@code announced} waits for it, goes there instead.
     */
    private static Thread pump(InputStream from, PrintStream to, BlockingQueue<String> announced) {
        Thread t = new Thread(() -> {
            boolean waiting = announced != null;
            try (BufferedReader r = new BufferedReader(new InputStreamReader(from, StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    if (waiting && line.startsWith(ClusterMember.RENDEZVOUS_LINE)) {
                        announced.offer(line.substring(ClusterMember.RENDEZVOUS_LINE.length()).trim());
                        waiting = false;
                        continue;
                    }
                    synchronized (to) {
                        to.println(line);
                    }
                }
            } catch (IOException ignored) {
                // the JVM is gone; watch() reports it
            }
        }, "hympjrun-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
