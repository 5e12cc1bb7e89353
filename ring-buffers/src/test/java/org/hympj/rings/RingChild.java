package org.hympj.rings;

import java.nio.file.Path;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.hympj.shm.JobDirectory;
import org.hympj.shm.JobId;
import org.hympj.shm.SharedSegment;

/** The writing process of the cross-process test: opens the parent's segment and writes the test stream into its ring. */
public final class RingChild {
    private RingChild() {
    }

    public static void main(String[] args) {
        try (JobDirectory dir = JobDirectory.open(Path.of(args[0]), JobId.parse(args[1]));
             SharedSegment segment = dir.openSegment(args[2])) {
            RingWriter writer = new RingWriter(new OneToOneRingBuffer(segment.data()));
            int messages = Integer.parseInt(args[3]);
            for (int s = 0; s < messages; s++) {
                byte[] payload = Payloads.make(0, s, Payloads.length(0, s));
                UnsafeBuffer src = new UnsafeBuffer(payload);
                if (payload.length > writer.maxRecordLength()) {
                    writer.writeBulk(Payloads.BULK, s, src, 0, payload.length, ProgressHook.NONE);
                } else {
                    writer.write(Payloads.PLAIN, src, 0, payload.length, ProgressHook.NONE);
                }
            }
        }
    }
}
