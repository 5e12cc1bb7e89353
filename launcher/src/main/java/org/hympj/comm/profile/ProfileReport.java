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
import org.hympj.comm.events.CallTotals;

/**
 * An mpiP-style summary of a job's MPI calls: per rank, wall time, time in MPI and its share;
 * per call, count, bytes, mean and max (times estimated from the timed calls, counts exact); a histogram of message sizes (all from the ranks' totals,
 * which count every call); the call sites with the most time in MPI; and the collectives whose
 * ranks arrived furthest apart (from the calls recorded one by one: the same collective is found
 * on every rank by its communicator's context and its sequence number there); and the engine's
 * rendezvous, full rings and bridge traffic.
 */
final class ProfileReport {
    /** Rows in the lists of call sites and of imbalanced collectives. */
    static final int TOP = 10;

    private final ProfileData data;

    ProfileReport(ProfileData data) {
        this.data = data;
    }

    /** Time, count, bytes and extremes of a group of calls. */
    static final class Totals {
        long count;
        long timed;
        long nanos;
        long waitNanos;
        long bytes;
        long maxNanos;
        final long[] sizes = new long[CallTotals.SIZE_BINS.length + 1];

        void add(CallTotalsRecord t) {
            count += t.count();
            timed += t.timed();
            nanos += t.nanos();
            waitNanos += t.waitNanos();
            bytes += t.bytes();
            maxNanos = Math.max(maxNanos, t.maxNanos());
            for (int b = 0; b < sizes.length && b < t.sizes().length; b++) {
                sizes[b] += t.sizes()[b];
            }
        }

        void add(CallRecord c) {
            count++;
            nanos += c.durationNanos();
            maxNanos = Math.max(maxNanos, c.durationNanos());
        }

        boolean movedMessages() {
            for (long n : sizes) {
                if (n > 0) {
                    return true;
                }
            }
            return false;
        }
    }

    /** One collective as all its ranks made it: the rank that started it last, and how long after the first. */
    record Imbalance(String call, String communicator, long sequence, int lastRank, int firstRank, long lateNanos,
                     String lastSite) {
    }

    /** Each rank's wall time: from Init to Finalize, or where that was not recorded, the span of its recorded calls. */
    Map<Integer, Long> wallNanos() {
        Map<Integer, long[]> span = new TreeMap<>();
        for (CallRecord c : data.calls) {
            span.merge(c.rank(), new long[] {c.startNanos(), c.startNanos() + c.durationNanos()},
                (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
        }
        TreeSet<Integer> ranks = new TreeSet<>(data.wallNanos.keySet());
        data.totals.forEach(t -> ranks.add(t.rank()));
        Map<Integer, Long> wall = new TreeMap<>();
        for (int r : ranks) {
            Long w = data.wallNanos.get(r);
            long[] s = span.get(r);
            wall.put(r, w != null ? w : s != null ? s[1] - s[0] : 0);
        }
        return wall;
    }

    /** The ranks' totals summed by {@code key}. */
    private Map<String, Totals> totalsBy(java.util.function.Function<CallTotalsRecord, String> key) {
        Map<String, Totals> out = new TreeMap<>();
        for (CallTotalsRecord t : data.totals) {
            out.computeIfAbsent(key.apply(t), k -> new Totals()).add(t);
        }
        return out;
    }

    private static <K> List<Map.Entry<K, Totals>> byTime(Map<K, Totals> groups) {
        List<Map.Entry<K, Totals>> sorted = new ArrayList<>(groups.entrySet());
        sorted.sort(Comparator.comparingLong((Map.Entry<K, Totals> e) -> e.getValue().nanos).reversed());
        return sorted;
    }

    /** The calls recorded one by one, summed by call and site, largest time first. */
    List<Map.Entry<String, Totals>> bySite() {
        Map<String, Totals> groups = new LinkedHashMap<>();
        for (CallRecord c : data.calls) {
            groups.computeIfAbsent(c.call() + " at " + c.site(), k -> new Totals()).add(c);
        }
        return byTime(groups);
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

    static String binLabel(int b) {
        long[] bins = CallTotals.SIZE_BINS;
        if (b == 0) {
            return "0";
        }
        if (b == bins.length) {
            return ">" + size(bins[b - 1]);
        }
        return size(bins[b - 1] + 1) + "-" + size(bins[b]);
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
        Map<Integer, Long> wall = wallNanos();
        Map<String, Totals> perRank = totalsBy(t -> Integer.toString(t.rank()));
        Map<String, Totals> perCall = totalsBy(CallTotalsRecord::call);
        long calls = perCall.values().stream().mapToLong(t -> t.count).sum();
        out.println("HyMPJ profile: " + wall.size() + " ranks, " + calls + " MPI calls, " + data.calls.size()
            + " of them recorded one by one (every collective, and the timed point-to-point calls over the threshold)");
        long timed = perCall.values().stream().mapToLong(t -> t.timed).sum();
        if (timed < calls) {
            out.printf(Locale.ROOT, "Times are estimates: %d of the calls were timed (every collective, and one in so many"
                + " point-to-point calls of each thread), and each call's time is scaled from the timed calls of its kind;"
                + " counts and bytes are exact%n", timed);
        }
        out.println();
        out.println("Time per rank (wall: MPI.Init to MPI.Finalize)");
        out.printf(Locale.ROOT, "%6s %12s %12s %7s %12s%n", "Rank", "Wall s", "MPI s", "MPI %", "Waiting s");
        for (Map.Entry<Integer, Long> r : wall.entrySet()) {
            Totals t = perRank.getOrDefault(Integer.toString(r.getKey()), new Totals());
            out.printf(Locale.ROOT, "%6d %12.4f %12.4f %7.2f %12.4f%n", r.getKey(), seconds(r.getValue()), seconds(t.nanos),
                percent(t.nanos, r.getValue()), seconds(t.waitNanos));
        }
        long mpiTotal = perCall.values().stream().mapToLong(t -> t.nanos).sum();
        out.println();
        out.println("Call sites by time in MPI (calls recorded one by one, all ranks)");
        List<Map.Entry<String, Totals>> sites = bySite();
        sites = sites.subList(0, Math.min(TOP, sites.size()));
        int width = Math.max(20, sites.stream().mapToInt(s -> s.getKey().length()).max().orElse(0));
        out.printf(Locale.ROOT, "%-" + width + "s %10s %12s %7s%n", "Call at site", "Count", "Time ms", "MPI %");
        for (Map.Entry<String, Totals> s : sites) {
            out.printf(Locale.ROOT, "%-" + width + "s %10d %12.3f %7.2f%n", s.getKey(), s.getValue().count,
                millis(s.getValue().nanos), percent(s.getValue().nanos, mpiTotal));
        }
        out.println();
        out.println("Calls (all ranks)");
        out.printf(Locale.ROOT, "%-16s %10s %14s %12s %12s %12s %7s%n", "Call", "Count", "Bytes", "Time ms", "Mean us",
            "Max us", "Wait %");
        for (Map.Entry<String, Totals> c : byTime(perCall)) {
            Totals t = c.getValue();
            if (t.timed == 0) {
                // Counted, never timed: no estimate of its time.
                out.printf(Locale.ROOT, "%-16s %10d %14d %12s %12s %12s %7s%n", c.getKey(), t.count, t.bytes, "-", "-", "-", "-");
                continue;
            }
            out.printf(Locale.ROOT, "%-16s %10d %14d %12.3f %12.3f %12.3f %7.2f%n", c.getKey(), t.count, t.bytes,
                millis(t.nanos), t.nanos / 1e3 / Math.max(1, t.count), t.maxNanos / 1e3, percent(t.waitNanos, t.nanos));
        }
        out.println();
        out.println("Message sizes (calls per size in bytes, all ranks)");
        out.printf(Locale.ROOT, "%-16s", "Call");
        for (int b = 0; b <= CallTotals.SIZE_BINS.length; b++) {
            out.printf(Locale.ROOT, " %10s", binLabel(b));
        }
        out.println();
        for (Map.Entry<String, Totals> c : perCall.entrySet()) {
            if (c.getValue().movedMessages()) {
                out.printf(Locale.ROOT, "%-16s", c.getKey());
                for (long n : c.getValue().sizes) {
                    out.printf(Locale.ROOT, " %10d", n);
                }
                out.println();
            }
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
        out.println();
        data.engine.print(out);
    }

    /** Writes one CSV row per rank and call: the totals a spreadsheet needs to redo the report's tables. */
    void writeCsv(Path file) throws IOException {
        List<CallTotalsRecord> rows = new ArrayList<>(data.totals);
        rows.sort(Comparator.comparingInt(CallTotalsRecord::rank).thenComparing(CallTotalsRecord::call));
        try (Writer out = Files.newBufferedWriter(file)) {
            out.write("rank,call,count,bytes,time_ns,wait_ns,max_ns,timed\n");
            for (CallTotalsRecord t : rows) {
                out.write(t.rank() + "," + t.call() + "," + t.count() + "," + t.bytes() + "," + t.nanos() + "," + t.waitNanos()
                    + "," + t.maxNanos() + "," + t.timed() + "\n");
            }
        }
    }

    /** Time in MPI per rank and call, for the chart. */
    Map<Integer, Map<String, Long>> nanosByRankAndCall() {
        Map<Integer, Map<String, Long>> out = new TreeMap<>();
        for (int rank : wallNanos().keySet()) {
            out.put(rank, new TreeMap<>());
        }
        for (CallTotalsRecord t : data.totals) {
            out.get(t.rank()).merge(t.call(), t.nanos(), Long::sum);
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
