package org.hympj.comm.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;
import org.hympj.comm.events.MpiCallEvent;
import org.hympj.comm.events.MpiCallTotalsEvent;
import org.hympj.comm.events.MpiCollectiveEvent;
import org.hympj.comm.events.RankEvent;

/**
 * The MPI calls of a job as its recordings (one file per JVM, or a merged file: chunks are read
 * alike) hold them: each rank's totals per kind of call, its wall time, the calls recorded
 * one by one, and the engine's moments. Not changed once read.
 */
final class ProfileData {
    final List<CallTotalsRecord> totals;
    final List<CallRecord> calls;
    /** Each rank's wall time from MPI.Init to MPI.Finalize, in nanoseconds, by world rank. */
    final Map<Integer, Long> wallNanos;
    final EngineTotals engine;

    private ProfileData(List<CallTotalsRecord> totals, List<CallRecord> calls, Map<Integer, Long> wallNanos, EngineTotals engine) {
        this.totals = List.copyOf(totals);
        this.calls = List.copyOf(calls);
        this.wallNanos = Map.copyOf(wallNanos);
        this.engine = engine;
    }

    /** The recordings ({@code .jfr} files) directly in {@code directory}, in name order. */
    static List<Path> recordingsIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jfr") && Files.isRegularFile(f)).sorted().toList();
        }
    }

    static ProfileData read(List<Path> recordings) throws IOException {
        List<CallTotalsRecord> totals = new ArrayList<>();
        List<CallRecord> calls = new ArrayList<>();
        Map<Integer, Long> walls = new TreeMap<>();
        EngineTotals engine = new EngineTotals();
        for (Path file : recordings) {
            try (RecordingFile in = new RecordingFile(file)) {
                while (in.hasMoreEvents()) {
                    RecordedEvent e = in.readEvent();
                    switch (e.getEventType().getName()) {
                        case MpiCallTotalsEvent.NAME -> totals.add(new CallTotalsRecord(e.getInt("worldRank"), e.getString("call"),
                            e.getLong("count"), e.getLong("timed"), e.getLong("bytes"), e.getLong("nanos"), e.getLong("waitNanos"), e.getLong("maxNanos"),
                            MpiCallTotalsEvent.SIZE_FIELDS.stream().mapToLong(e::getLong).toArray()));
                        case MpiCallEvent.NAME -> calls.add(call(e, 0, e.getLong("callNanos")));
                        case MpiCollectiveEvent.NAME -> calls.add(call(e, e.getLong("sequence"), e.getDuration().toNanos()));
                        case RankEvent.NAME -> walls.merge(e.getInt("worldRank"), e.getDuration().toNanos(), Long::sum);
                        default -> {
                            // the engine's, or not HyMPJ's: a recording may hold the JVM's own events too
                            engine.add(e);
                        }
                    }
                }
            }
            engine.endOfFile();
        }
        return new ProfileData(totals, calls, walls, engine);
    }

    /** A call that took {@code nanos} and ended at the event's end (a collective's event spans it; another's is written as it returns). */
    private static CallRecord call(RecordedEvent e, long sequence, long nanos) {
        Instant end = e.getEndTime();
        return new CallRecord(e.getInt("worldRank"), e.getString("call"), e.getString("communicator"), e.getInt("context"),
            sequence, end.getEpochSecond() * 1_000_000_000L + end.getNano() - nanos, nanos, site(e.getStackTrace()));
    }

    /**
     * The program's line that made the call: the frame below the calls of HyMPJ's API (package
     * {@code mpi}, not its subpackages, which are programs'), which the event's frames of the
     * runtime lie above.
     */
    static String site(RecordedStackTrace stack) {
        if (stack == null) {
            return "(no stack trace)";
        }
        boolean inApi = false;
        for (RecordedFrame frame : stack.getFrames()) {
            String type = frame.getMethod().getType().getName();
            boolean api = type.startsWith("mpi.") && type.indexOf('.', 4) < 0;
            if (api) {
                inApi = true;
            } else if (inApi) {
                int line = frame.getLineNumber();
                return type + "." + frame.getMethod().getName() + (line > 0 ? ":" + line : "");
            }
        }
        return stack.isTruncated() ? "(stack too deep)" : "(inside HyMPJ)";
    }
}
