package org.hympj.comm.profile;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import javax.imageio.ImageIO;

/**
 * A PNG bar chart of the time in MPI of each rank, one bar per rank split by call, drawn with
 * Java2D (headless) so that the launcher needs no charting library.
 */
final class ProfileChart {
    private static final int BAR = 22;
    private static final int GAP = 8;
    private static final int LEFT = 90;
    private static final int PLOT_WIDTH = 640;
    private static final int LEGEND_WIDTH = 170;
    private static final int TOP = 40;
    /** Distinct colours for the calls, in the order of the legend (repeated past its end). */
    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728), new Color(0x9467bd),
        new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f), new Color(0xbcbd22), new Color(0x17becf)};

    private ProfileChart() {
    }

    /** Draws {@code nanosByRankAndCall} (time in MPI by rank, then call) into {@code file}. */
    static void write(Map<Integer, Map<String, Long>> nanosByRankAndCall, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<String> calls = new ArrayList<>(new TreeSet<>(nanosByRankAndCall.values().stream()
            .flatMap(m -> m.keySet().stream()).toList()));
        long most = 1;
        for (Map<String, Long> rank : nanosByRankAndCall.values()) {
            most = Math.max(most, rank.values().stream().mapToLong(Long::longValue).sum());
        }
        int rows = nanosByRankAndCall.size();
        int height = Math.max(TOP + rows * (BAR + GAP) + 50, TOP + calls.size() * 18 + 30);
        BufferedImage image = new BufferedImage(LEFT + PLOT_WIDTH + LEGEND_WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, image.getWidth(), image.getHeight());
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
            g.drawString("Time in MPI per rank, by call", LEFT, 24);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            int y = TOP;
            for (Map.Entry<Integer, Map<String, Long>> rank : nanosByRankAndCall.entrySet()) {
                g.setColor(Color.BLACK);
                g.drawString("rank " + rank.getKey(), 10, y + BAR - 6);
                int x = LEFT;
                for (int c = 0; c < calls.size(); c++) {
                    long nanos = rank.getValue().getOrDefault(calls.get(c), 0L);
                    int w = (int) Math.round((double) nanos / most * PLOT_WIDTH);
                    g.setColor(PALETTE[c % PALETTE.length]);
                    g.fillRect(x, y, w, BAR);
                    x += w;
                }
                y += BAR + GAP;
            }
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(1));
            g.drawLine(LEFT, TOP - 4, LEFT, y);
            g.drawLine(LEFT, y, LEFT + PLOT_WIDTH, y);
            for (int t = 0; t <= 4; t++) {
                int x = LEFT + t * PLOT_WIDTH / 4;
                g.drawLine(x, y, x, y + 4);
                String label = String.format(Locale.ROOT, "%.3g s", most * t / 4 / 1e9);
                g.drawString(label, x - g.getFontMetrics().stringWidth(label) / 2, y + 18);
            }
            int ly = TOP;
            for (int c = 0; c < calls.size(); c++) {
                g.setColor(PALETTE[c % PALETTE.length]);
                g.fillRect(LEFT + PLOT_WIDTH + 20, ly, 12, 12);
                g.setColor(Color.BLACK);
                g.drawString(calls.get(c), LEFT + PLOT_WIDTH + 38, ly + 11);
                ly += 18;
            }
        } finally {
            g.dispose();
        }
        ImageIO.write(image, "png", file.toFile());
    }
}
