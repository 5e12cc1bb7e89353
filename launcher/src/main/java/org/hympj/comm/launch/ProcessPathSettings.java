package org.hympj.comm.launch;

import org.hympj.comm.runtime.ProcessLayout;
import org.hympj.comm.process.RingPath;
import org.hympj.comm.runtime.Configuration;
import org.hympj.comm.runtime.Job;
import org.hympj.shm.JobDirectory;
import org.hympj.shm.JobId;

/**
 * The process path of every JVM that joins a job (those hympjrun starts and those another
 * launcher starts), opened and run with the job's {@link Configuration}: its rings' size and
 * fragments, its wire-up timeout, its progress agent's longest park.
 */
final class ProcessPathSettings {
    private ProcessPathSettings() {
    }

    static RingPath open(Job job, ProcessLayout layout, int me, JobId jobId) {
        Configuration c = job.configuration();
        return RingPath.open(job, layout, me, jobId,
            c.shmRingBytes(RingPath.defaultRingBytes(layout.jvms(), JobDirectory.totalSpace())),
            c.shmFragmentBytes(), c.wireUpTimeoutMillis());
    }

    /** Starts the path's progress agent, which also watches {@code launcher} if not null. */
    static void startProgressAgent(Job job, RingPath path, ProcessHandle launcher) {
        path.startProgressAgent(job.configuration().progressParkMicros(), launcher);
    }
}
