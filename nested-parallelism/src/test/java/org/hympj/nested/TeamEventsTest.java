package org.hympj.nested;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A team's regions and barrier waits are Flight Recorder events while a recording enables them, and only then. */
@Timeout(60)
class TeamEventsTest {
    @Test
    void aRecordingThatEnablesThemGetsEachRegionAndEachBarrierWait(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("team.jfr");
        try (Team team = Team.create(3)) {
            assertFalse(TeamEvents.on(), "no recording enables the team's events");
            try (Recording recording = new Recording()) {
                recording.enable("org.hympj.TeamRegion");
                recording.enable("org.hympj.TeamBarrier");
                recording.start();
                assertTrue(TeamEvents.on(), "the recording enables them");
                team.parallel(TeamContext::barrier);
                recording.stop();
                recording.dump(file);
            }
            assertFalse(TeamEvents.on(), "the recording has stopped");
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        List<RecordedEvent> regions = events.stream().filter(e -> e.getEventType().getName().equals("org.hympj.TeamRegion")).toList();
        List<RecordedEvent> waits = events.stream().filter(e -> e.getEventType().getName().equals("org.hympj.TeamBarrier")).toList();
        assertEquals(1, regions.size(), events.toString());
        assertEquals(3, regions.get(0).getInt("threads"));
        // The last thread to arrive releases the others and does not wait.
        assertEquals(2, waits.size(), events.toString());
        assertEquals(2, waits.stream().map(e -> e.getInt("thread")).distinct().count(), events.toString());
    }
}
