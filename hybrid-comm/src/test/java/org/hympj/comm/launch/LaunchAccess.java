package org.hympj.comm.launch;

import java.io.IOException;
import java.util.Set;

/** Lets tests in other packages see what launches leave behind. */
public final class LaunchAccess {
    private LaunchAccess() {
    }

    /** True if {@code command} is an executable on the PATH. */
    public static boolean installed(String command) {
        return ForeignLaunches.installed(command);
    }

    /** The job directories in shared memory now. */
    public static Set<String> jobDirectories() throws IOException {
        return ForeignLaunches.jobDirectories();
    }

    /** What ended jobs left in shared memory since {@code before} (see {@link ForeignLaunches#leftBehind}). */
    public static Set<String> leftBehind(Set<String> before) throws IOException, InterruptedException {
        return ForeignLaunches.leftBehind(before);
    }
}
