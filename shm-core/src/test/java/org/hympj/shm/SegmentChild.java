package org.hympj.shm;

import java.nio.file.Path;

/**
 * A separate process for the crash tests: opens a job directory under {@code args[0]} for job
 * {@code args[1]}, creates a segment, says "ready", then either waits to be killed ("hang")
 * or returns without closing anything ("exit"), leaving the cleanup to its shutdown hook.
 */
public final class SegmentChild {
    private SegmentChild() {
    }

    public static void main(String[] args) throws Exception {
        JobDirectory dir = JobDirectory.open(Path.of(args[0]), JobId.parse(args[1]));
        SharedSegment segment = dir.createSegment("child-" + ProcessHandle.current().pid(), 4096);
        segment.data().putLong(0, 42);
        System.out.println("ready");
        System.out.flush();
        if (args[2].equals("hang")) {
            Thread.sleep(60_000);
        }
    }
}
