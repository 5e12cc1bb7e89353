package org.hympj.comm.launch;

import java.util.Map;
import org.hympj.comm.runtime.LauncherJoin;

/** The {@link LauncherJoin} service of the launcher module: {@link ExternalLaunch} for {@code mpi.MPI.Init}. */
public final class ExternalLaunchJoin implements LauncherJoin {
    /** The service, as {@link java.util.ServiceLoader} makes it. */
    public ExternalLaunchJoin() {
    }

    @Override
    public JoinedRank join(Map<String, String> env) {
        ExternalLaunch.Placement placement = ExternalLaunch.placement(env);
        return placement == null ? null : ExternalLaunch.join(placement);
    }
}
