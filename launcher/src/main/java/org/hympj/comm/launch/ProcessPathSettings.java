package org.hympj.comm.launch;

import org.hympj.comm.runtime.ProcessLayout;
import org.hympj.comm.process.RingPath;
import org.hympj.comm.runtime.Job;
import org.hympj.shm.JobDirectory;
import org.hympj.shm.JobId;

/**
 * The process path's settings, from system properties ({@code hympj.shm.ring.bytes},
 * {@code hympj.shm.fragment.bytes}, {@code hympj.wireup.timeout.seconds},
 * {@code hympj.progress.park.micros}), for every JVM that joins a job: those hympjrun starts
 * and those another launcher starts.
 */
final class ProcessPathSettings {
    private ProcessPathSettings() {
    }

    static RingPath open(Job job, ProcessLayout layout, int me, JobId jobId) {
        return RingPath.open(job, layout, me, jobId,
            Integer.getInteger("hympj.shm.ring.bytes", RingPath.defaultRingBytes(layout.jvms(), JobDirectory.totalSpace())),
            Integer.getInteger("hympj.shm.fragment.bytes", RingPath.DEFAULT_FRAGMENT_BYTES),
            Long.getLong("hympj.wireup.timeout.seconds", 60) * 1000);
    }

    static long parkMicros() {
        return Long.getLong("hympj.progress.park.micros", 200);
    }
}
