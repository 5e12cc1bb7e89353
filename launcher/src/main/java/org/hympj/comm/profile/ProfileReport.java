package org.hympj.comm.profile;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * An mpiP-style summary of a job's MPI calls: per rank, wall time, time in MPI and its share;
 * the call sites with the most time in MPI; per call, count, bytes, mean and max; a histogram of
 * message sizes; and the collectives whose ranks arrived furthest apart (the same collective is
 * found on every rank by its communicator's context and its sequence number there).
 */
final class ProfileReport {
    /** Rows in the lists of call sites and of imbalanced collectives. */
    static final int TOP = 10;
    /** Upper bounds (inclusive) of the message-size histogram's bins, in bytes; the last bin is open. */
    static final long[] SIZE_BINS = {0, 8, 64, 512, 4 << 10, 32 << 10, 256 << 10, 2 << 20};

    private final ProfileData data;

    ProfileReport(ProfileData data) {
        this.data = data;
    }

    /** Time, count, bytes and extremes of a group of calls. */
    static final class Totals {
        long count;
        long nanos;
        long waitNanos;
        long bytes;
        long maxNanos;

        void add(CallRecord c) {
            count++;
            nanos += c.durationNanos();
            waitNanos += c.waitNanos();
            bytes += c.bytes();
            maxNanos = Math.max(maxNanos, c.durationNanos());
        }
    }

    /** One collective as all its ranks made it: the rank that started it last, and how long after the first. */
    record Imbalance(String call, String communicator, long sequence, int lastRank, int firstRank, long lateNanos,
                     String lastSite) {
    }

    SortedRanks ranks() {
        Map<Integer, Totals> mpi = new TreeMap<>();
        Map<Integer, long[]> span = new TreeMap<>();
        for (CallRecord c : data.calls) {
            mpi.computeIfAbsent(c.rank(), r -> new Totals()).add(c);
            span.merge(c.rank(), new long[] {c.startNanos(), c.startNanos() + c.durationNanos()},
                (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
        }
        TreeSet<Integer> all = new TreeSet<>(mpi.keySet());
        all.addAll(data.wallNanos.keySet());
        Map<Integer, Long> wall = new TreeMap<>();
        for (int r : all) {
            Long w = data.wallNanos.get(r);
            long[] s = span.get(r);
            wall.put(r, w != null ? w : s[1] - s[0]);
        }
        return new SortedRanks(wall, mpi);
    }

    /** Wall time and MPI totals by world rank. */
    record SortedRanks(Map<Integer, Long> wallNanos, Map<Integer, Totals> mpi) {
        Totals of(int rank) {
            return mpi.getOrDefault(rank, new Totals());
        }
    }

    /** Totals by a key of each call, largest time first. */
    private List<Map.Entry<String, Totals>> by(java.util.function.Function<CallRecord, String> key) {
        Map<String, Totals> groups = new LinkedHashMap<>();
        for (CallRecord c : data.calls) {
            groups.computeIfAbsent(key.apply(c), k -> new Totals()).add(c);
        }
        List<Map.Entry<String, Totals>> sorted = new ArrayList<>(groups.entrySet());
        sorted.sort(Comparator.comparingLong((Map.Entry<String, Totals> e) -> e.getValue().nanos).reversed()
            .thenComparing(Map.Entry::getKey));
        return sorted;
    }

    List<Map.Entry<String, Totals>> byCall() {
        return by(CallRecord::call);
    }

    List<Map.Entry<String, Totals>> bySite() {
        return by(c -> c.call() + " at " + c.site());
    }

    /** Collectives by how long their last rank started after their first, largest first. */
    List<Imbalance> imbalances() {
        Map<String, List<CallRecord>> instances = new LinkedHashMap<>();
        for (CallRecord c : data.calls) {
            if (c.sequence() > 0) {
                instances.computeIfAbsent(c.context() + "#" + c.sequence(), k -> new ArrayList<>()).add(c);
            }
        }
        List<Imbalance> out = new ArrayList<>();
        for (List<CallRecord> ranks : instances.values()) {
            if (ranks.size() < 2) {
                continue;
            }
            CallRecord first = ranks.get(0);
            CallRecord last = ranks.get(0);
            for (CallRecord c : ranks) {
                if (c.startNanos() < first.startNanos()) {
                    first = c;
                }
                if (c.startNanos() > last.startNanos()) {
                    last = c;
                }
            }
            out.add(new Imbalance(last.call(), last.communicator(), last.sequence(), last.rank(), first.rank(),
                last.startNanos() - first.startNanos(), last.site()));
        }
        out.sort(Comparator.comparingLong(Imbalance::lateNanos).reversed());
        return out;
    }

    /** Calls by message size bin: for each call with bytes, its count in each bin of {@link #SIZE_BINS}. */
    Map<String, long[]> sizeHistogram() {
        Map<String, long[]> bins = new TreeMap<>();
        for (CallRecord c : data.calls) {
            if (c.bytes() > 0 || isMessage(c.call())) {
                bins.computeIfAbsent(c.call(), k -> new long[SIZE_BINS.length + 1])[bin(c.bytes())]++;
            }
        }
        return bins;
    }

    private static boolean isMessage(String call) {
        return !call.startsWith("Wait") && !call.equals("Barrier") && !call.equals("Probe");
    }

    static int bin(long bytes) {
        for (int b = 0; b < SIZE_BINS.length; b++) {
            if (bytes <= SIZE_BINS[b]) {
                return b;
            }
        }
        return SIZE_BINS.length;
    }

    static String binLabel(int b) {
        if (b == 0) {
            return "0";
        }
        if (b == SIZE_BINS.length) {
            return ">" + size(SIZE_BINS[b - 1]);
        }
        return size(SIZE_BINS[b - 1] + 1) + "-" + size(SIZE_BINS[b]);
    }

    private static String size(long bytes) {
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
            return (bytes >> 20) + "M";
        }
        if (bytes >= 1 << 10 && bytes % (1 << 10) == 0) {
            return (bytes >> 10) + "K";
        }
        return Long.toString(bytes);
    }

    /** Prints the report. */
    void print(PrintStream out) {
        SortedRanks ranks = ranks();
        out.println("HyMPJ profile: " + ranks.wallNanos().size() + " ranks, " + data.calls.size() + " MPI calls recorded");
        out.println();
        out.println("Time per rank (wall: MPI.Init to MPI.Finalize)");
        out.printf(Locale.ROOT, "%6s %12s %12s %7s %12s%n", "Rank", "Wall s", "MPI s", "MPI %", "Waiting s");
        for (Map.Entry<Integer, Long> r : ranks.wallNanos().entrySet()) {
            Totals t = ranks.of(r.getKey());
            out.printf(Locale.ROOT, "%6d %12.4f %12.4f %7.2f %12.4f%n", r.getKey(), seconds(r.getValue()), seconds(t.nanos),
                percent(t.nanos, r.getValue()), seconds(t.waitNanos));
        }
        long mpiTotal = data.calls.stream().mapToLong(CallRecord::durationNanos).sum();
        out.println();
        out.println("Call sites by time in MPI (all ranks)");
        out.printf(Locale.ROOT, "%-60s %10s %12s %7s%n", "Call at site", "Count", "Time ms", "MPI %");
        List<Map.Entry<String, Totals>> sites = bySite();
        for (Map.Entry<String, Totals> s : sites.subList(0, Math.min(TOP, sites.size()))) {
            out.printf(Locale.ROOT, "%-60s %10d %12.3f %7.2f%n", s.getKey(), s.getValue().count, millis(s.getValue().nanos),
                percent(s.getValue().nanos, mpiTotal));
        }
        out.println();
        out.println("Calls (all ranks)");
        out.printf(Locale.ROOT, "%-16s %10s %14s %12s %12s %12s %7s%n", "Call", "Count", "Bytes", "Time ms", "Mean us",
            "Max us", "Wait %");
        for (Map.Entry<String, Totals> c : byCall()) {
            Totals t = c.getValue();
            out.printf(Locale.ROOT, "%-16s %10d %14d %12.3f %12.3f %12.3f %7.2f%n", c.getKey(), t.count, t.bytes,
                millis(t.nanos), t.nanos / 1e3 / t.count, t.maxNanos / 1e3, percent(t.waitNanos, t.nanos));
        }
        out.println();
        out.println("Message sizes (calls per size in bytes, all ranks)");
        out.printf(Locale.ROOT, "%-16s", "Call");
        for (int b = 0; b <= SIZE_BINS.length; b++) {
            out.printf(Locale.ROOT, " %10s", binLabel(b));
        }
        out.println();
        for (Map.Entry<String, long[]> h : sizeHistogram().entrySet()) {
            out.printf(Locale.ROOT, "%-16s", h.getKey());
            for (long n : h.getValue()) {
                out.printf(Locale.ROOT, " %10d", n);
            }
            out.println();
        }
        out.println();
        out.println("Most imbalanced collectives (the rank that started last, and how long after the first)");
        List<Imbalance> late = imbalances();
        if (late.isEmpty()) {
            out.println("  (no collective recorded on two ranks or more)");
        }
        for (Imbalance i : late.subList(0, Math.min(TOP, late.size()))) {
            out.printf(Locale.ROOT, "  %s #%d on %s: rank %d arrived last, %.3f ms after rank %d, at %s%n", i.call(),
                i.sequence(), i.communicator(), i.lastRank(), millis(i.lateNanos()), i.firstRank(), i.lastSite());
        }
    }

    /** Writes one CSV row per rank, call and call site: the totals a spreadsheet needs to redo the report. */
    void writeCsv(Path file) throws IOException {
        Map<String, Totals> rows = new TreeMap<>();
        for (CallRecord c : data.calls) {
            rows.computeIfAbsent(c.rank() + "\u0000" + c.call() + "\u0000" + c.site(), k -> new Totals()).add(c);
        }
        try (Writer out = Files.newBufferedWriter(file)) {
            out.write("rank,call,site,count,bytes,time_ns,wait_ns,max_ns\n");
            for (Map.Entry<String, Totals> row : rows.entrySet()) {
                String[] key = row.getKey().split("\u0000");
                Totals t = row.getValue();
                out.write(key[0] + "," + key[1] + ",\"" + key[2].replace("\"", "\"\"") + "\"," + t.count + "," + t.bytes + ","
                    + t.nanos + "," + t.waitNanos + "," + t.maxNanos + "\n");
            }
        }
    }

    /** Time in MPI per rank and call, for the chart. */
    Map<Integer, Map<String, Long>> nanosByRankAndCall() {
        Map<Integer, Map<String, Long>> out = new TreeMap<>();
        for (int rank : ranks().wallNanos().keySet()) {
            out.put(rank, new TreeMap<>());
        }
        for (CallRecord c : data.calls) {
            out.get(c.rank()).merge(c.call(), c.durationNanos(), Long::sum);
        }
        return out;
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }

    private static double percent(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }
}
