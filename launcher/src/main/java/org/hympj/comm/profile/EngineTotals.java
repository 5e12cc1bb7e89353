package org.hympj.comm.profile;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import org.hympj.comm.events.BridgeTrafficEvent;
import org.hympj.comm.events.RendezvousEvent;
import org.hympj.comm.events.RingFullEvent;

/**
 * The engine's moments in a job's recordings, summed: rendezvous hand-offs between ranks of a
 * JVM, writers' waits for room in full rings (by the JVM the ring leads to), and what each JVM
 * received over the net-bridge from each JVM of another node (the last running total of each
 * link in each recording, which is its whole traffic).
 */
final class EngineTotals {
    /** Count, time and longest of a kind of moment. */
    static final class Moments {
        long count;
        long bytes;
        long nanos;
        long maxNanos;

        void add(long bytes, long nanos) {
            count++;
            this.bytes += bytes;
            this.nanos += nanos;
            maxNanos = Math.max(maxNanos, nanos);
        }
    }

    final Moments rendezvous = new Moments();
    /** Waits for room, by the JVM whose ring was full. */
    final Map<Integer, Moments> ringFull = new TreeMap<>();
    /** Frames and bytes received, by link: "node N JVM J from node M JVM K". */
    final Map<String, long[]> bridge = new TreeMap<>();
    /** The links of the recording being read, each with its largest running total so far. */
    private final Map<String, long[]> bridgeOfFile = new TreeMap<>();

    /** Adds {@code e} if it is one of the engine's events; leaves others out. */
    void add(RecordedEvent e) {
        switch (e.getEventType().getName()) {
            case RendezvousEvent.NAME -> rendezvous.add(e.getLong("bytes"), e.getDuration().toNanos());
            case RingFullEvent.NAME -> ringFull.computeIfAbsent(e.getInt("peerJvm"), j -> new Moments())
                .add(0, e.getDuration().toNanos());
            case BridgeTrafficEvent.NAME -> {
                String link = "node " + e.getInt("node") + " JVM " + e.getInt("jvm") + " from node " + e.getInt("peerNode")
                    + " JVM " + e.getInt("peerJvm");
                long[] last = bridgeOfFile.computeIfAbsent(link, k -> new long[2]);
                last[0] = Math.max(last[0], e.getLong("frames"));
                last[1] = Math.max(last[1], e.getLong("bytes"));
            }
            default -> {
                // not the engine's
            }
        }
    }

    /** Ends a recording: its links' totals join the job's (another JVM's recording may hold the same link of an earlier job). */
    void endOfFile() {
        bridgeOfFile.forEach((link, t) -> {
            long[] sum = bridge.computeIfAbsent(link, k -> new long[2]);
            sum[0] += t[0];
            sum[1] += t[1];
        });
        bridgeOfFile.clear();
    }

    boolean isEmpty() {
        return rendezvous.count == 0 && ringFull.isEmpty() && bridge.isEmpty();
    }

    /** Prints the engine's section of the report. */
    void print(PrintStream out) {
        out.println("Engine (all JVMs)");
        if (isEmpty()) {
            out.println("  (no rendezvous, full ring or bridge frame recorded)");
            return;
        }
        if (rendezvous.count > 0) {
            out.printf(Locale.ROOT, "  Rendezvous: %d, %d bytes, %.3f ms from announce to copy-out, longest %.3f ms%n",
                rendezvous.count, rendezvous.bytes, rendezvous.nanos / 1e6, rendezvous.maxNanos / 1e6);
        }
        ringFull.forEach((jvm, w) -> out.printf(Locale.ROOT, "  Ring to JVM %d full: %d waits, %.3f ms, longest %.3f ms%n", jvm,
            w.count, w.nanos / 1e6, w.maxNanos / 1e6));
        bridge.forEach((link, t) -> out.printf(Locale.ROOT, "  Bridge, received by %s: %d frames, %d bytes%n", link, t[0], t[1]));
    }
}
