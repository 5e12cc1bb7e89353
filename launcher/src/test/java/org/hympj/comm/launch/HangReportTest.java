package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hympj.comm.runtime.HangReports;
import org.hympj.comm.runtime.Job;
import org.hympj.comm.runtime.ThreadJob;
import org.hympj.comm.testing.LauncherPrograms.AllWait;
import org.hympj.comm.testing.LauncherPrograms.Deadlock;
import org.hympj.comm.testing.LauncherPrograms.WaitsOfEveryKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job that hangs explains itself: run through the hympjrun script, the classic deadlock
 * (rank 1 sends tag 5 and finalizes, rank 0 waits in Recv for tag 6 from it) is reported
 * after --hang-report's idle time, on SIGQUIT to the script, and once on Ctrl-C, on thread
 * ranks and in two JVMs; the report names rank 0's call, peer and tag, the message queued
 * unmatched at it, and rank 1 as finished.
 */
@Timeout(240)
class HangReportTest {
    private static final String CLASSES = HympjrunTest.CLASSES;
    private static final String RANK_0_WAITS = "rank 0: waits in Recv(source 1, tag 6, MPI.COMM_WORLD)";
    private static final String AT_EXIT = "hympj hang report at exit";
    private static final String UNMATCHED = "unmatched here: from 1 tag 5 on MPI.COMM_WORLD (12 bytes)";
    /** Generous: JVMs start slowly on a loaded machine. */
    private static final int REPORT_SECONDS = 120;

    @Test
    void idleThreadRanksReportOnTheirOwn(@TempDir Path dir) throws Exception {
        ScriptJobs.Job job = ScriptJobs.start(dir, "-np", "2", "--hang-report", "1", "-cp", CLASSES, Deadlock.class.getName());
        try {
            String out = job.signalUntil(null, "rank 1: finalized", REPORT_SECONDS);
            assertReportNamesBothRanks(out, "rank 1: finalized");
            assertEquals(1, count(out, "hympj hang report"), "once only:\n" + out);
            // SIGTERM to the script (what Process.destroy sends) reaches the JVM, which ends the job.
            job.process().destroy();
            assertEquals(143, job.awaitExit(60), job.output());
        } finally {
            job.kill();
        }
    }

    @Test
    void idleJvmsAskTheLauncherForAReportOfTheWholeJob(@TempDir Path dir) throws Exception {
        ScriptJobs.Job job = ScriptJobs.start(dir, "-np", "2", "--jvms", "2", "--hang-report", "1", "-cp", CLASSES,
            Deadlock.class.getName());
        try {
            job.signalUntil(null, RANK_0_WAITS, REPORT_SECONDS);
            // JVM 1 may not have exited when the idle report was taken: ask until a report says it has.
            assertReportNamesBothRanks(reportAfterRank1Ended(job), "rank 1: ended");
            job.process().destroy();
            job.awaitExit(60);
        } finally {
            job.kill();
        }
    }

    /** Both JVMs of the job go idle together and each asks the launcher: the job reports once. */
    @Test
    void anIdleJobOfTwoJvmsReportsOnce(@TempDir Path dir) throws Exception {
        ScriptJobs.Job job = ScriptJobs.start(dir, "-np", "2", "--jvms", "2", "--hang-report", "1", "-cp", CLASSES,
            AllWait.class.getName());
        try {
            String out = job.signalUntil(null, "rank 1: waits in Recv(source 0, tag 8, MPI.COMM_WORLD)", REPORT_SECONDS);
            out = job.signalUntil(null, "rank 0: waits in Recv(source 1, tag 8, MPI.COMM_WORLD)", REPORT_SECONDS);
            // The watchdogs poll every quarter second: the other JVM has asked by now, and a report of its own would show.
            Thread.sleep(3_000);
            out = job.output();
            assertEquals(1, count(out, "hympj hang report (JVM 0,"), "one report of JVM 0:\n" + out);
            assertEquals(1, count(out, "hympj hang report (JVM 1,"), "one report of JVM 1:\n" + out);
            job.process().destroy();
            job.awaitExit(60);
        } finally {
            job.kill();
        }
    }

    @Test
    void sigquitToTheScriptReportsThreadRanks(@TempDir Path dir) throws Exception {
        ScriptJobs.Job job = ScriptJobs.start(dir, "-np", "2", "-cp", CLASSES, Deadlock.class.getName());
        try {
            String out = job.signalUntil("QUIT", RANK_0_WAITS, REPORT_SECONDS);
            assertReportNamesBothRanks(out, "rank 1: finalized");
            assertTrue(job.process().isAlive(), "a report does not end the job:\n" + out);
        } finally {
            job.kill();
        }
    }

    @Test
    void sigquitToTheScriptReportsEveryJvm(@TempDir Path dir) throws Exception {
        ScriptJobs.Job job = ScriptJobs.start(dir, "-np", "2", "--jvms", "2", "-cp", CLASSES, Deadlock.class.getName());
        try {
            // The first report may predate JVM 1's exit: ask until one names rank 1 as ended, and judge that one.
            String report = reportAfterRank1Ended(job);
            assertReportNamesBothRanks(report, "rank 1: ended");
            assertTrue(job.process().isAlive(), "a report does not end the job:\n" + job.output());
        } finally {
            job.kill();
        }
    }

    @Test
    void ctrlCReportsOnceAndEndsTheJob(@TempDir Path dir) throws Exception {
        ScriptJobs.Job job = ScriptJobs.start(dir, "-np", "2", "-cp", CLASSES, Deadlock.class.getName());
        try {
            // Until rank 0 has parked in its Recv, the exit would rightly have nothing to report: ask again meanwhile.
            job.signalUntil("QUIT", RANK_0_WAITS, REPORT_SECONDS);
            job.signal("INT");
            assertEquals(130, job.awaitExit(60), job.output());
            String out = job.output();
            assertEquals(1, count(out, AT_EXIT), "Ctrl-C reports once:\n" + out);
            assertReportNamesBothRanks(out.substring(out.indexOf(AT_EXIT)), "rank 1: finalized");
        } finally {
            job.kill();
        }
    }

    @Test
    void everyKindOfWaitIsNamed() throws Exception {
        ThreadJob job = ThreadJob.start(4, new URL[] {Path.of(CLASSES).toUri().toURL()}, WaitsOfEveryKind.class.getName(),
            new String[0]);
        try (HangReports.Watch watch = HangReports.watch(job.job(), 0, w -> { })) {
            List<String> expected = List.of(
                "rank 0: waits in Wait for Irecv(source 1, tag 3, MPI.COMM_WORLD)",
                "rank 1: waits in Probe(source MPI.ANY_SOURCE, tag 9, MPI.COMM_WORLD)",
                "rank 2: waits in Barrier(",
                "rank 3: waits in Ssend(dest 0, tag 4, MPI.COMM_WORLD)");
            String report = "";
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(REPORT_SECONDS);
            while (!expected.stream().allMatch(report::contains) && System.nanoTime() < deadline) {
                Thread.sleep(50);
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                watch.printTo(new PrintStream(bytes, true, StandardCharsets.UTF_8));
                report = bytes.toString(StandardCharsets.UTF_8);
            }
            for (String line : expected) {
                assertTrue(report.contains(line), report);
            }
            assertTrue(report.contains("rank 0: waits in Wait for Irecv(source 1, tag 3, MPI.COMM_WORLD) for "), report);
            assertTrue(report.contains("unmatched here: from 3 tag 4 on MPI.COMM_WORLD (4 bytes)"), report);
        } finally {
            job.job().abort(-1, "the test is over");
            job.await(Hympjrun.GRACE_MILLIS);
        }
    }

    /** A remote JVM has no launcher to signal it: hympjrun asks through its standard input, one byte per request. */
    @Test
    void aByteOnAClusterJvmsStandardInputAsksForAReport() throws Exception {
        CountDownLatch asked = new CountDownLatch(2);
        try (HangReports.Registration counting = HangReports.add(out -> asked.countDown());
             PipedOutputStream launcher = new PipedOutputStream()) {
            Job job = new Job(1);
            ClusterMember.watchLauncher(new PipedInputStream(launcher), job);
            launcher.write(new byte[] {'?', '?'});
            launcher.flush();
            assertTrue(asked.await(60, TimeUnit.SECONDS), "two requests, two reports");
            assertNull(job.abortReason(), "a request does not end the job");
            launcher.close();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (job.abortReason() == null && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(job.abortReason().contains("standard input closed"), job.abortReason());
        }
    }

    private static void assertReportNamesBothRanks(String out, String rank1) {
        assertTrue(out.contains(RANK_0_WAITS), out);
        assertTrue(out.contains(UNMATCHED), out);
        assertTrue(out.contains(rank1), out);
    }

    /**
     * Asks (SIGQUIT to the script) until the launcher names rank 1's JVM as ended and JVM 0
     * has reported after that; returns the output from that line to the end of the rank-0
     * line of JVM 0's report: a report of the job as it is once JVM 1 has exited.
     */
    private static String reportAfterRank1Ended(ScriptJobs.Job job) throws Exception {
        String ended = "rank 1: ended; its JVM exited with status 0";
        job.signalUntil("QUIT", ended, REPORT_SECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(REPORT_SECONDS);
        while (true) {
            String out = job.output();
            int from = out.indexOf(ended);
            int rank0 = out.indexOf(RANK_0_WAITS, from);
            if (rank0 >= 0) {
                int end = out.indexOf('\n', rank0);
                return out.substring(from, end < 0 ? out.length() : end);
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no report of rank 0 after rank 1 ended; the job printed:\n" + out);
            }
            job.signal("QUIT");
            Thread.sleep(1_000);
        }
    }

    private static int count(String text, String fragment) {
        Matcher m = Pattern.compile(Pattern.quote(fragment)).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
