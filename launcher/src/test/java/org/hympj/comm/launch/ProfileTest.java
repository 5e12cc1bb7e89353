package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordingFile;
import org.hympj.comm.testing.ProfiledPrograms;
import org.hympj.comm.testing.ProfiledPrograms.Imbalanced;
import org.hympj.comm.testing.ProfiledPrograms.LargeSends;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hympjrun --profile}: a program with a known profile (a fixed number of sends, one rank
 * late at a known collective), run as thread ranks and in two JVMs; its report must name the late
 * rank and the program's line, and count exactly what the program sent; and one that sends large
 * messages before their receives are posted, whose rendezvous and full rings the report and the
 * recordings must show. Judges only the files of its own job, in its own directory.
 */
@Timeout(120)
class ProfileTest {
    static final String CLASSES = HympjrunTest.CLASSES;

    @Test
    void threadRanksProfileNamesTheLateRankAndItsLineAndCountsEverySend(@TempDir Path dir) throws Exception {
        checkProfile(dir, 1, "-np", "2");
    }

    @Test
    void twoJvmsProfileNamesTheLateRankAndItsLineAndCountsEverySend(@TempDir Path dir) throws Exception {
        checkProfile(dir, 2, "-np", "2", "--jvms", "2");
    }

    /** Between thread ranks each large send that finds no receive posted is a rendezvous: all of them are recorded, with their bytes. */
    @Test
    void threadRanksRecordEveryRendezvous(@TempDir Path dir) throws Exception {
        Profile p = profile(dir, "-np", "2");
        long bytes = (long) ProfiledPrograms.LARGE_SENDS * ProfiledPrograms.LARGE_DOUBLES * Double.BYTES;
        assertTrue(p.report().contains("  Rendezvous: " + ProfiledPrograms.LARGE_SENDS + ", " + bytes + " bytes, "), p.report());
        List<RecordedEvent> rendezvous = p.events("org.hympj.Rendezvous");
        assertEquals(ProfiledPrograms.LARGE_SENDS, rendezvous.size(), rendezvous.toString());
        for (RecordedEvent e : rendezvous) {
            assertEquals((long) ProfiledPrograms.LARGE_DOUBLES * Double.BYTES, e.getLong("bytes"));
            assertEquals(0, e.getInt("source"));
            assertEquals(8, e.getInt("tag"));
        }
    }

    /**
     * Between two JVMs whose rings are far smaller than the messages, rank 0's writer finds the
     * ring to JVM 1 full while rank 1 is not yet receiving: each wait is an event, and the report
     * counts the same waits.
     */
    @Test
    void twoJvmsRecordTheWaitsForRoomInAFullRing(@TempDir Path dir) throws Exception {
        String ring = System.setProperty("hympj.shm.ring.bytes", "65536");
        String fragment = System.setProperty("hympj.shm.fragment.bytes", "4096");
        Profile p;
        try {
            p = profile(dir, "-np", "2", "--jvms", "2");
        } finally {
            restore("hympj.shm.ring.bytes", ring);
            restore("hympj.shm.fragment.bytes", fragment);
        }
        Matcher waits = Pattern.compile("  Ring to JVM 1 full: (\\d+) waits, ").matcher(p.report());
        assertTrue(waits.find(), p.report());
        long toJvm1 = p.events("org.hympj.RingFull").stream().filter(e -> e.getInt("peerJvm") == 1).count();
        assertTrue(toJvm1 > 0, p.report());
        assertEquals(toJvm1, Long.parseLong(waits.group(1)), p.report());
    }

    /** A profile of {@link LargeSends} by {@code job}: its report and each JVM's events. */
    private static Profile profile(Path dir, String... job) throws Exception {
        Path file = dir.resolve("job.jfr");
        assertEquals(0, Hympjrun.run(concat(job, "--profile=" + file, "-cp", CLASSES, LargeSends.class.getName()), System.err));
        List<RecordedEvent> events = new ArrayList<>();
        try (var parts = Files.list(dir.resolve("job.parts"))) {
            for (Path part : parts.toList()) {
                events.addAll(RecordingFile.readAllEvents(part));
            }
        }
        return new Profile(Files.readString(dir.resolve("job.txt")), events);
    }

    /** A job's report and the events of its JVMs' recordings. */
    record Profile(String report, List<RecordedEvent> events) {
        List<RecordedEvent> events(String name) {
            return events.stream().filter(e -> e.getEventType().getName().equals(name)).toList();
        }
    }

    private static void restore(String property, String previous) {
        if (previous == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, previous);
        }
    }

    @Test
    void profileReportNeedsADirectoryWithRecordings(@TempDir Path dir) {
        assertTrue(HympjrunTest.stderrOf("profile-report", dir.resolve("missing").toString())
            .startsWith("2\nhympjrun: usage: hympjrun profile-report DIR"));
        assertTrue(HympjrunTest.stderrOf("profile-report", dir.toString()).startsWith("1\nhympjrun: no recording (.jfr) in "));
    }

    private static void checkProfile(Path dir, int jvms, String... job) throws Exception {
        Path file = dir.resolve("job.jfr");
        String[] args = concat(job, "--profile=" + file, "-cp", CLASSES, Imbalanced.class.getName());
        String before = System.getProperty("hympj.profile.dir");
        assertEquals(0, Hympjrun.run(args, System.err));
        assertEquals(before, System.getProperty("hympj.profile.dir"), "the launcher leaves its JVM's properties as they were");
        checkReport(Files.readString(dir.resolve("job.txt")), Files.readAllLines(dir.resolve("job.csv")), 2);
        assertTrue(Files.size(dir.resolve("job.png")) > 0);
        // Each JVM's recording stays beside the merged one, which is all of them, one after the other.
        List<Path> parts;
        try (var files = Files.list(dir.resolve("job.parts"))) {
            parts = files.toList();
        }
        assertEquals(jvms, parts.size(), parts.toString());
        long partBytes = 0;
        List<String> names = new ArrayList<>();
        for (Path part : parts) {
            partBytes += Files.size(part);
            RecordingFile.readAllEvents(part).forEach(e -> names.add(e.getEventType().getName()));
        }
        assertEquals(partBytes, Files.size(file));
        // Rank 0 waits for the late rank long enough to park: the park is an event of its own.
        assertTrue(names.containsAll(List.of("org.hympj.MpiCallTotals", "org.hympj.MpiCollective", "org.hympj.Rank", "org.hympj.Park")),
            "the JVMs recorded their totals, collectives, ranks and parks: " + names.stream().distinct().toList());
    }

    /** The report of {@link Imbalanced} on {@code ranks} ranks: the late rank and its line, the sends counted exactly. */
    static void checkReport(String report, List<String> csv, int ranks) throws IOException {
        int last = ranks - 1;
        Matcher late = Pattern.compile("Allreduce #\\d+ on MPI\\.COMM_WORLD: rank (\\d+) arrived last, ([0-9.]+) ms after rank \\d+,"
            + " at (\\S+)").matcher(report);
        assertTrue(late.find(), report);
        assertEquals(Integer.toString(last), late.group(1), report);
        assertTrue(Double.parseDouble(late.group(2)) > 0, report);
        assertEquals(Imbalanced.class.getName() + ".main:" + imbalancedLine(), late.group(3), report);
        long bytes = (long) ProfiledPrograms.SENDS * ProfiledPrograms.DOUBLES * Double.BYTES;
        assertTrue(csvRow(csv, 0, "Send", ProfiledPrograms.SENDS, bytes), csv.toString());
        assertTrue(csvRow(csv, 1, "Recv", ProfiledPrograms.SENDS, bytes), csv.toString());
        for (int r = 0; r < ranks; r++) {
            assertTrue(csvRow(csv, r, "Allreduce", 1, Double.BYTES), csv.toString());
        }
        assertTrue(report.contains("Time per rank"), report);
    }

    /** Whether the CSV has a row of {@code rank}'s {@code call} with {@code count} calls and {@code bytes} bytes. */
    private static boolean csvRow(List<String> csv, int rank, String call, long count, long bytes) {
        return csv.stream().anyMatch(row -> row.startsWith(rank + "," + call + "," + count + "," + bytes + ","));
    }

    /** The line of ProfiledPrograms.java that ends with the mark of the imbalanced collective. */
    static int imbalancedLine() throws IOException {
        List<String> lines = Files.readAllLines(Path.of(System.getProperty("user.dir"), "src", "test", "java", "org", "hympj", "comm",
            "testing", "ProfiledPrograms.java"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).endsWith(ProfiledPrograms.IMBALANCED_LINE_MARK)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line of ProfiledPrograms.java ends with " + ProfiledPrograms.IMBALANCED_LINE_MARK);
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
