package org.hympj.comm.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.TypeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CallEvents#rehearse}: its calls reach no recording, neither as calls of their own nor in
 * a rank's totals, and the calls after it are recorded as without it.
 */
@Timeout(60)
class CallEventsRehearsalTest {
    @Test
    void aRehearsalWritesNothingAndTheCallsAfterItAreRecordedAsBefore(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("rehearsal.jfr");
        CallTotals rank = new CallTotals();
        TypeMap bytes = TypeMap.basic(ElementType.BYTE, 1, "MPI.BYTE");
        // Every call timed and an event of its own: a rehearsed call that reached the recording would show.
        CallEvents.callThresholdMicros(0);
        CallEvents.timedEvery(1);
        try (Recording recording = new Recording()) {
            recording.enable(MpiCallTotalsEvent.class);
            recording.enable(MpiCallEvent.class).withoutThreshold();
            recording.start();
            CallEvents.watchRecordings();
            CallEvents.rehearse();
            long started = CallEvents.callStarts();
            CallEvents.endCall(started, rank, "Send", "world", 0, 0, 1, 7, CallEvents.bytes(8, bytes), bytes);
            rank.commit(0);
            recording.stop();
            recording.dump(file);
        } finally {
            CallEvents.callThresholdMicros(CallEvents.CALL_THRESHOLD_MICROS_DEFAULT);
            CallEvents.timedEvery(CallEvents.TIMED_EVERY_DEFAULT);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        List<RecordedEvent> calls = events.stream().filter(e -> e.getEventType().getName().equals("org.hympj.MpiCall")).toList();
        List<RecordedEvent> totals = events.stream().filter(e -> e.getEventType().getName().equals("org.hympj.MpiCallTotals")).toList();
        assertEquals(1, calls.size(), "only the real call is an event: " + calls);
        assertEquals("world", calls.get(0).getString("communicator"));
        assertEquals(7, calls.get(0).getInt("tag"));
        assertEquals(1, totals.size(), "only the real rank's one kind of call: " + totals);
        assertEquals("Send", totals.get(0).getString("call"));
        assertEquals(1, totals.get(0).getLong("count"));
        assertEquals(8, totals.get(0).getLong("bytes"));
    }
}
