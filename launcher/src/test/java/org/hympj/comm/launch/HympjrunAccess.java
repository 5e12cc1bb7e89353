package org.hympj.comm.launch;

import java.io.PrintStream;

/** Lets tests in other packages run the launcher in-process. */
public final class HympjrunAccess {
    private HympjrunAccess() {
    }

    public static int run(String[] args, PrintStream err) {
        return Hympjrun.run(args, err);
    }

    /** Runs a job across nodes ({@code --hosts} among {@code args}); the JVMs' output and the launcher's go to {@code out}. */
    public static int runCluster(String[] args, PrintStream out) {
        try {
            LaunchOptions options = LaunchOptions.parse(args);
            if (options == null || options.cluster == null) {
                throw new IllegalArgumentException("not a cluster job: " + String.join(" ", args));
            }
            return ClusterLauncher.run(options, out, out);
        } catch (LaunchOptions.UsageException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
