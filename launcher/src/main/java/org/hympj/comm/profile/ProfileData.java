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

/**
 * The MPI calls and rank lifetimes of a job, read from its recordings (one file per JVM, or a
 * merged file: chunks are read alike). Immutable once read.
 */
final class ProfileData {
    static final String CALL_EVENT = "org.hympj.MpiCall";
    static final String RANK_EVENT = "org.hympj.Rank";

    final List<CallRecord> calls;
    /** Each rank's wall time from MPI.Init to MPI.Finalize, in nanoseconds, by world rank. */
    final Map<Integer, Long> wallNanos;

    private ProfileData(List<CallRecord> calls, Map<Integer, Long> wallNanos) {
        this.calls = List.copyOf(calls);
        this.wallNanos = Map.copyOf(wallNanos);
    }

    /** The recordings ({@code .jfr} files) directly in {@code directory}, in name order. */
    static List<Path> recordingsIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jfr") && Files.isRegularFile(f)).sorted().toList();
        }
    }

    static ProfileData read(List<Path> recordings) throws IOException {
        List<CallRecord> calls = new ArrayList<>();
        Map<Integer, Long> walls = new TreeMap<>();
        for (Path file : recordings) {
            try (RecordingFile in = new RecordingFile(file)) {
                while (in.hasMoreEvents()) {
                    RecordedEvent e = in.readEvent();
                    String name = e.getEventType().getName();
                    if (name.equals(CALL_EVENT)) {
                        calls.add(new CallRecord(e.getInt("worldRank"), e.getString("call"), e.getString("communicator"),
                            e.getInt("context"), e.getInt("peer"), e.getInt("tag"), e.getLong("bytes"), e.getLong("sequence"),
                            nanos(e.getStartTime()), e.getDuration().toNanos(), e.getLong("waitNanos"), site(e.getStackTrace())));
                    } else if (name.equals(RANK_EVENT)) {
                        walls.merge(e.getInt("worldRank"), e.getDuration().toNanos(), Long::sum);
                    }
                }
            }
        }
        return new ProfileData(calls, walls);
    }

    private static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
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
