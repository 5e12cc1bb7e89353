package org.hympj.benchmarks.osu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws OSU-style results against message size, both axes logarithmic, one line per CSV
 * file (the series is named after the file, so {@code "Open MPI.csv"} and {@code HyMPJ.csv}
 * make a legend), as a PNG. The files are those {@code OsuLite --csv} writes
 * ({@code test,ranks,bytes,value,unit}); a file with two units (mbw_mr: MB/s and messages/s)
 * is drawn with its first.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar org.hympj.benchmarks.osu.OsuPlot OUT.png A.csv [B.csv ...]</pre>
 */
public final class OsuPlot {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 560;

    private OsuPlot() {
    }

    /** One file's rows of one unit. */
    record Series(String name, String test, int ranks, String unit, double[] bytes, double[] values) {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: OsuPlot OUT.png RESULTS.csv [MORE.csv ...]");
            System.exit(2);
        }
        List<Series> series = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            series.add(read(Path.of(args[i])));
        }
        draw(series, Path.of(args[0]));
    }

    /** Reads a CSV of {@code OsuLite --csv}, named after its file. */
    static Series read(Path csv) throws IOException {
        return parse(csv.getFileName().toString().replaceFirst("\\.csv$", ""), Files.readAllLines(csv));
    }

    /** The rows of an OSU-lite CSV in its first unit, sizes above 0 (a log axis has no 0), as series {@code name}. */
    static Series parse(String name, List<String> lines) throws IOException {
        String csv = name;
        if (lines.isEmpty() || !lines.get(0).equals("test,ranks,bytes,value,unit")) {
            throw new IOException(csv + " is not an OSU-lite CSV (its first line must be 'test,ranks,bytes,value,unit')");
        }
        String test = null;
        String unit = null;
        int ranks = 0;
        Map<Double, Double> points = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split(",");
            if (f.length != 5) {
                throw new IOException(csv + ": '" + line + "' does not have 5 fields");
            }
            if (unit == null) {
                test = f[0];
                ranks = Integer.parseInt(f[1]);
                unit = f[4];
            }
            double bytes = Double.parseDouble(f[2]);
            if (f[4].equals(unit) && bytes > 0) {
                points.put(bytes, Double.parseDouble(f[3]));
            }
        }
        if (points.isEmpty()) {
            throw new IOException(csv + " has no rows with a message size above 0 to plot");
        }
        return new Series(name, test, ranks, unit, points.keySet().stream().mapToDouble(Double::doubleValue).toArray(),
            points.values().stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** Writes the chart of {@code series} (one test) to {@code png}. */
    static void draw(List<Series> series, Path png) throws IOException {
        Series first = series.get(0);
        String title = String.format(Locale.ROOT, "OSU-lite %s, %d ranks", first.test(), first.ranks());
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
            .xAxisTitle("message size (bytes)").yAxisTitle(yAxis(first.unit())).build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNW);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        for (Series s : series) {
            if (!s.unit().equals(first.unit())) {
                throw new IOException(s.name() + " is in " + s.unit() + ", " + first.name() + " in " + first.unit()
                    + ": one plot shows one unit");
            }
            XYSeries line = chart.addSeries(s.name(), s.bytes(), s.values());
            line.setMarker(SeriesMarkers.CIRCLE);
        }
        String file = png.toString().replaceFirst("(?i)\\.png$", "");
        BitmapEncoder.saveBitmap(chart, file, BitmapEncoder.BitmapFormat.PNG);
    }

    private static String yAxis(String unit) {
        return switch (unit) {
            case "us" -> "average latency (µs)";
            case "MB/s" -> "bandwidth (MB/s)";
            default -> unit;
        };
    }
}
