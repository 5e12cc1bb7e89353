package org.hympj.benchmarks.paths;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns one JMH run of the path benchmarks (its {@code -rf csv} file) into the table that
 * compares them: per path and size, the one-way time (half the round trip), the bandwidth,
 * and the ratio to the floor measured in the same run: the cache-line round trip for 8-byte
 * messages, {@code System.arraycopy} of the same size for the others. With {@code -prof gc},
 * the bytes allocated per round trip too.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar org.hympj.benchmarks.paths.PathsReport paths.csv</pre>
 */
public final class PathsReport {
    private PathsReport() {
    }

    /** One benchmark's figure at one size. */
    record Row(String benchmark, long bytes, double score, String unit) {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: PathsReport JMH-RESULTS.csv");
            System.exit(2);
        }
        System.out.print(table(read(Path.of(args[0]))));
    }

    /** The rows of a JMH CSV result file ({@code -rf csv}); a row without a bytes parameter has size 0. */
    static List<Row> read(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        if (lines.isEmpty() || !lines.get(0).startsWith("\"Benchmark\",\"Mode\"")) {
            throw new IOException(csv + " is not a JMH CSV result file (run JMH with -rf csv)");
        }
        List<String> header = fields(lines.get(0));
        int bytesColumn = header.indexOf("Param: bytes");
        List<Row> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> f = fields(line);
            // "org.example.Class.method" or "org.example.Class.method:secondary metric": keep "Class.method[:metric]".
            String name = f.get(0);
            int colon = name.indexOf(':');
            String base = colon < 0 ? name : name.substring(0, colon);
            int method = base.lastIndexOf('.');
            String simple = name.substring(base.lastIndexOf('.', method - 1) + 1);
            long bytes = bytesColumn >= 0 && bytesColumn < f.size() && !f.get(bytesColumn).isEmpty() ? Long.parseLong(f.get(bytesColumn)) : 0;
            rows.add(new Row(simple, bytes, Double.parseDouble(f.get(4)), f.get(6)));
        }
        return rows;
    }

    private static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (char c : line.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        out.add(field.toString());
        return out;
    }

    /** The comparison table, in Markdown. */
    static String table(List<Row> rows) {
        Map<String, Map<Long, Double>> roundTrips = new LinkedHashMap<>();
        Map<String, Map<Long, Double>> allocations = new LinkedHashMap<>();
        for (Row r : rows) {
            String path = r.benchmark().replaceFirst("\\..*$", "");
            if (r.benchmark().endsWith("gc.alloc.rate.norm")) {
                allocations.computeIfAbsent(path, k -> new TreeMap<>()).put(r.bytes(), r.score());
            } else if (!r.benchmark().contains(":") && r.unit().equals("ns/op")) {
                roundTrips.computeIfAbsent(path, k -> new TreeMap<>()).put(r.bytes(), r.score());
            }
        }
        Map<Long, Double> cacheLine = roundTrips.remove("CacheLinePingPong");
        Map<Long, Double> arrayCopy = roundTrips.remove("ArrayCopy");
        Double lineFloor = cacheLine == null ? null : cacheLine.get(0L);
        StringBuilder out = new StringBuilder();
        out.append("| path | bytes | one-way | GB/s | floor | ratio to floor | B/op |\n");
        out.append("| --- | --- | --- | --- | --- | --- | --- |\n");
        if (lineFloor != null) {
            out.append(String.format(Locale.ROOT, "| cache-line ping-pong (floor) | 8 | %s | | | 1.00 | |%n", time(lineFloor / 2)));
        }
        if (arrayCopy != null) {
            for (Map.Entry<Long, Double> e : arrayCopy.entrySet()) {
                out.append(String.format(Locale.ROOT, "| System.arraycopy (floor) | %d | %s | %.2f | | 1.00 | |%n",
                    e.getKey(), time(e.getValue()), e.getKey() / e.getValue()));
            }
        }
        for (Map.Entry<String, Map<Long, Double>> path : roundTrips.entrySet()) {
            for (Map.Entry<Long, Double> e : path.getValue().entrySet()) {
                long bytes = e.getKey();
                double oneWay = e.getValue() / 2;
                String floor = "";
                String ratio = "";
                if (bytes <= 64 && lineFloor != null) {
                    floor = "cache line " + time(lineFloor / 2);
                    ratio = String.format(Locale.ROOT, "%.2f", oneWay / (lineFloor / 2));
                } else if (arrayCopy != null && arrayCopy.containsKey(bytes)) {
                    double copy = arrayCopy.get(bytes);
                    floor = String.format(Locale.ROOT, "arraycopy %.2f GB/s", bytes / copy);
                    ratio = String.format(Locale.ROOT, "%.2f", oneWay / copy);
                }
                Map<Long, Double> alloc = allocations.get(path.getKey());
                String perOp = alloc != null && alloc.containsKey(bytes) ? String.format(Locale.ROOT, "%.3f", alloc.get(bytes)) : "";
                out.append(String.format(Locale.ROOT, "| %s | %d | %s | %.2f | %s | %s | %s |%n", path.getKey(), bytes,
                    time(oneWay), bytes / oneWay, floor, ratio, perOp));
            }
        }
        return out.toString();
    }

    private static String time(double nanos) {
        return nanos < 1000 ? String.format(Locale.ROOT, "%.0f ns", nanos) : String.format(Locale.ROOT, "%.2f µs", nanos / 1000);
    }
}
