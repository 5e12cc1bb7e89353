package org.hympj.shm;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A separate process for the crash tests: opens a job directory under {@code args[0]} for job
 * {@code args[1]}, creates a segment, says "ready", then either waits to be killed ("hang")
 * or returns without closing anything ("exit"), leaving the cleanup to its shutdown hook.
 * With "too-big" it instead tries a segment larger than its file-size limit lets it write
 * (the test sets one), and says how that was refused and how many files the directory holds
 * after it. With "at-exit" it makes the job's directory only in a shutdown hook, when no
 * other hook can be registered, and says how that ended.
 */
public final class SegmentChild {
    /** The data length of the "too-big" segment: more than the test's file-size limit. */
    static final int TOO_BIG = 4 << 20;

    private SegmentChild() {
    }

    public static void main(String[] args) throws Exception {
        if (args[2].equals("at-exit")) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    JobDirectory.create(Path.of(args[0]), JobId.parse(args[1])).close();
                    System.out.println("created");
                } catch (SharedMemoryException e) {
                    System.out.println("refused: " + e.getMessage());
                }
            }));
            return;
        }
        JobDirectory dir = JobDirectory.open(Path.of(args[0]), JobId.parse(args[1]));
        if (args[2].equals("too-big")) {
            try {
                dir.createSegment("big", TOO_BIG);
                System.out.println("created");
            } catch (SharedMemoryException e) {
                System.out.println("refused: " + e.getMessage());
            }
            try (var left = Files.list(dir.path())) {
                System.out.println("left: " + left.count());
            }
            dir.close();
            return;
        }
        SharedSegment segment = dir.createSegment("child-" + ProcessHandle.current().pid(), 4096);
        segment.data().putLong(0, 42);
        System.out.println("ready");
        System.out.flush();
        if (args[2].equals("hang")) {
            Thread.sleep(60_000);
        }
    }
}
