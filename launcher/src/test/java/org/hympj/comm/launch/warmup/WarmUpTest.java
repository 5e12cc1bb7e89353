package org.hympj.comm.launch.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.hympj.comm.match.MatchingEngine;
import org.hympj.comm.match.ProbeResult;
import org.hympj.comm.runtime.Configuration;
import org.hympj.comm.runtime.Job;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm-up runs both paths to their end, leaves no thread, segment or directory behind,
 * reaches no rank of a job that lives beside it, gives up quietly where it cannot run, and
 * is off when {@code hympj.warmup} says so.
 */
@Timeout(60)
class WarmUpTest {
    private static final List<String> PROPERTIES = List.of("hympj.shm.dir", "hympj.warmup", "hympj.warmup.millis");

    @TempDir
    Path shm;
    private final String[] previous = new String[PROPERTIES.size()];

    @BeforeEach
    void privateSharedMemoryDirectory() {
        for (int i = 0; i < previous.length; i++) {
            previous[i] = System.getProperty(PROPERTIES.get(i));
        }
        System.setProperty("hympj.shm.dir", shm.toString());
        System.clearProperty("hympj.warmup");
        System.clearProperty("hympj.warmup.millis");
    }

    @AfterEach
    void restore() {
        for (int i = 0; i < previous.length; i++) {
            if (previous[i] == null) {
                System.clearProperty(PROPERTIES.get(i));
            } else {
                System.setProperty(PROPERTIES.get(i), previous[i]);
            }
        }
    }

    @Test
    void bothPathsRunAndLeaveNoThreadNoSegmentAndNoDirectory() throws Exception {
        assertTrue(WarmUp.threadPath(Configuration.fromSystem(), 50), "the thread path's rounds did not all complete");
        assertTrue(WarmUp.ringPath(Configuration.fromSystem(), 50), "the ring path's rounds did not all complete");
        System.setProperty("hympj.warmup.millis", "100");
        WarmUp.beforeRanks(Configuration.fromSystem(), true);
        assertNoWarmUpThread();
        try (Stream<Path> left = Files.list(shm)) {
            assertEquals(List.of(), left.map(Path::toString).toList(), "the warm-up left files in shared memory");
        }
    }

    @Test
    void aJobBesideItReceivesNothing() {
        Job user = new Job(2);
        System.setProperty("hympj.warmup.millis", "100");
        WarmUp.beforeRanks(Configuration.fromSystem(), true);
        ProbeResult found = new ProbeResult();
        for (int rank = 0; rank < 2; rank++) {
            MatchingEngine engine = user.engine(rank);
            for (int context = 0; context < 4; context++) {
                assertFalse(engine.iprobe(context, 2, MatchingEngine.ANY_SOURCE, MatchingEngine.ANY_TAG, found),
                    "rank " + rank + " of the job beside the warm-up got a message on context " + context);
            }
        }
        assertEquals(null, user.abortReason());
    }

    @Test
    void withoutSharedMemoryTheRingPathGivesUpQuietlyAndLeavesNoThread() throws Exception {
        System.setProperty("hympj.shm.dir", shm.resolve("no-such-directory").toString());
        assertFalse(WarmUp.ringPath(Configuration.fromSystem(), 100));
        assertNoWarmUpThread();
        assertFalse(Files.exists(shm.resolve("no-such-directory")));
    }

    /**
     * A JVM stopped by SIGTERM in the middle of the ring path's warm-up (a job's launcher stops
     * its JVMs so) removes the warm-up's directory as it exits: nothing else knows that directory.
     */
    @Test
    void aJvmStoppedDuringTheRingPathLeavesNothing() throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Dhympj.shm.dir=" + shm,
            "-cp", System.getProperty("java.class.path"), RingPathForAMinute.class.getName())
            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (isEmpty(shm)) {
                assertTrue(child.isAlive() && System.nanoTime() < deadline, "the warm-up made no directory");
                Thread.sleep(5);
            }
            child.destroy();
            assertTrue(child.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
            assertTrue(isEmpty(shm), "the warm-up's directory outlived its JVM");
        } finally {
            child.destroyForcibly();
        }
    }

    private static boolean isEmpty(Path dir) throws java.io.IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }

    /** The ring path's warm-up with a budget far beyond what its rounds take. */
    public static final class RingPathForAMinute {
        public static void main(String[] args) {
            WarmUp.ringPath(Configuration.fromSystem(), 60_000);
        }
    }

    @Test
    void theRoundsEndAtTheirLimitWithinAnAmpleBudget() {
        // A budget far beyond what MAX_ROUNDS take: the rounds, not the clock, end the warm-up.
        assertTrue(WarmUp.threadPath(Configuration.fromSystem(), 600_000));
        assertNoWarmUpThread();
    }

    @Test
    void hympjWarmupFalseTurnsItOffAndTheBudgetIsConfigurable() {
        assertEquals(Configuration.WARMUP_MILLIS_DEFAULT, Configuration.fromSystem().warmupMillis());
        System.setProperty("hympj.warmup.millis", "250");
        assertEquals(250, Configuration.fromSystem().warmupMillis());
        System.setProperty("hympj.warmup", "false");
        assertEquals(0, Configuration.fromSystem().warmupMillis());
    }

    private static void assertNoWarmUpThread() {
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> (t.getName().startsWith("hympj-warmup") || t.getName().startsWith("hympj-progress")) && t.isAlive()),
            "a warm-up thread is still alive");
    }
}
