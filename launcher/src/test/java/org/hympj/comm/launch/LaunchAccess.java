package org.hympj.comm.launch;

/** Lets tests in other packages use the launch helpers. */
public final class LaunchAccess {
    private LaunchAccess() {
    }

    /** True if {@code command} is an executable on the PATH. */
    public static boolean installed(String command) {
        return ForeignLaunches.installed(command);
    }
}
