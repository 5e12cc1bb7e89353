package org.hympj.comm.launch;

import java.io.PrintStream;

/** Lets tests in other packages run the launcher in-process. */
public final class HympjrunAccess {
    private HympjrunAccess() {
    }

    public static int run(String[] args, PrintStream err) {
        return Hympjrun.run(args, err);
    }
}
