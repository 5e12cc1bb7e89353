package org.hympj.benchmarks.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * A CI-sized JMH run with the GC profiler: once warm, an 8-byte round trip on HyMPJ's thread
 * path and on its process path allocates nothing. The bound (under 1 byte per round trip on
 * average) is far below one object per message (16 bytes or more) and above what JMH's own
 * infrastructure leaves in the average (a few thousandths of a byte). This checks allocation,
 * which does not depend on the machine's speed; no time is asserted. The MPI calls on those
 * paths carry Flight Recorder events, which must cost nothing while no recording enables them:
 * with none running, and with one running that records other things.
 */
@Timeout(300)
class PathsAllocationTest {
    @Test
    void smallRoundTripsOnHymPjsPathsAllocateNothingOnceWarm() throws Exception {
        assertNothingAllocated();
    }

    @Test
    void smallRoundTripsAllocateNothingWhileARecordingLeavesTheMpiEventsOff(@TempDir Path dir) throws Exception {
        Path settings = Files.writeString(dir.resolve("nothing-of-hympj.jfc"),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<configuration version=\"2.0\" label=\"none of HyMPJ's events\">\n"
            + "</configuration>\n");
        // Options given here replace the benchmarks' own, which open the JDK to Agrona.
        assertNothingAllocated("--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-XX:StartFlightRecording:settings=" + settings);
    }

    private static void assertNothingAllocated(String... jvmArgs) throws Exception {
        ChainedOptionsBuilder options = new OptionsBuilder()
            .include("org.hympj.benchmarks.pingpong.(ThreadRankPingPong|ProcessRankPingPong)")
            .param("bytes", "8")
            .warmupIterations(3).warmupTime(TimeValue.seconds(1))
            .measurementIterations(2).measurementTime(TimeValue.seconds(1))
            .forks(1)
            .addProfiler(GCProfiler.class);
        if (jvmArgs.length > 0) {
            options.jvmArgsAppend(jvmArgs);
        }
        Collection<RunResult> results = new Runner(options.build()).run();
        assertEquals(2, results.size());
        for (RunResult run : results) {
            String benchmark = run.getParams().getBenchmark();
            Map<String, Result> secondary = run.getSecondaryResults();
            Result perOp = secondary.entrySet().stream().filter(e -> e.getKey().endsWith("gc.alloc.rate.norm"))
                .map(Map.Entry::getValue).findFirst()
                .orElseThrow(() -> new AssertionError(benchmark + ": no gc.alloc.rate.norm in " + secondary.keySet()));
            assertTrue(perOp.getScore() < 1.0, benchmark + " allocates " + perOp.getScore() + " bytes per 8-byte round trip"
                + (jvmArgs.length == 0 ? "" : " with " + String.join(" ", jvmArgs)));
        }
    }
}
