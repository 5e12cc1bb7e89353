package org.hympj.comm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hympj.comm.match.RankInbox;
import org.junit.jupiter.api.Test;

/**
 * The configuration: its defaults, values from properties and environment variables (the
 * property wins), a refused value's message, and the README's table, which must list every
 * property and variable it reads.
 */
class ConfigurationTest {
    private static Configuration read(Map<String, String> properties, Map<String, String> environment) {
        return Configuration.read(properties::get, environment::get);
    }

    @Test
    void nothingSetGivesTheDefaults() {
        Configuration c = read(Map.of(), Map.of());
        assertEquals(16 * 1024, c.eagerLimit());
        assertEquals(RankInbox.DEFAULT_LIMIT, c.inboxLimit());
        assertEquals(RankInbox.DEFAULT_CAPACITY, c.inboxBytes());
        assertEquals(200_000, c.waitSpins(false));
        assertEquals(100, c.waitSpins(true));
        assertEquals(100, c.waitYields(false));
        assertEquals(10, c.waitYields(true));
        assertFalse(c.localRanksGiven());
        assertEquals(5, c.localRanks(5));
        assertEquals(64 * 1024, c.allreduceRingBytes());
        assertEquals(256 * 1024, c.bcastPipelineBytes());
        assertEquals(64 * 1024, c.bcastChunkBytes());
        assertTrue(c.collectivesHierarchical());
        assertFalse(c.checkCollectives());
        assertEquals(1 << 20, c.shmRingBytes(1 << 20), "the ring size computed for the job's JVMs");
        assertEquals(Configuration.SHM_FRAGMENT_BYTES_DEFAULT, c.shmFragmentBytes());
        assertEquals(200, c.progressParkMicros());
        assertEquals(60_000, c.wireUpTimeoutMillis());
        assertEquals(30_000, c.livenessTimeoutMillis());
        assertEquals(0, c.hangReportSeconds());
        assertEquals("", c.sharedPackages());
        assertFalse(c.jitDirectivesOff());
        assertNull(c.netAddress());
        assertEquals(4 << 20, c.netRingBytes());
        assertEquals(64 * 1024, c.netFragmentBytes());
        assertEquals(1_000, c.netHeartbeatMillis());
        assertEquals(4_000, c.netLivenessMillis());
        assertEquals(20_000, c.netLeaderSpins(true));
        assertEquals(50, c.netLeaderSpins(false));
        assertNull(c.rendezvousDir());
        assertNull(c.home());
        assertEquals(0, c.scriptPid());
        assertFalse(c.heapAuto());
        assertNull(c.jobId());
        assertEquals(-1, c.jvmIndex());
        assertEquals(0, c.jvmRanks());
        assertEquals(0, c.launcherPid());
        assertEquals(-1, c.nodeIndex());
        assertNull(c.rendezvous());
    }

    @Test
    void theNetBridgeTransportIsAutoByDefaultOneOfThreeAndAnythingElseIsRefusedNamingThem() {
        assertEquals("auto", read(Map.of(), Map.of()).net());
        assertEquals("ucx", read(Map.of("hympj.net", " UCX "), Map.of("HYMPJ_NET", "tcp")).net(), "the property wins");
        assertEquals("tcp", read(Map.of(), Map.of("HYMPJ_NET", "tcp")).net());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(Map.of(), Map.of("HYMPJ_NET", "verbs")));
        assertEquals("HyMPJ: environment variable HYMPJ_NET is 'verbs', but must be tcp, ucx, auto", e.getMessage());
    }

    @Test
    void propertiesAndVariablesAreReadAndThePropertyWins() {
        Configuration c = read(Map.of(
            "hympj.eager.limit", "0",
            "hympj.wait.spins", " 5 ",
            "hympj.collectives.hierarchical", "FALSE",
            "hympj.check.collectives", "true",
            "hympj.shm.ring.bytes", "4194304",
            "hympj.liveness.timeout.seconds", "2",
            "hympj.net.address", "10.1.0.0/16",
            "hympj.shared.packages", "com.example.fft",
            "hympj.launcher.pid", "4711"),
            Map.of("HYMPJ_NET_ADDRESS", "192.168.0.0/24", "HYMPJ_LOCAL_RANKS", "3", "HYMPJ_RENDEZVOUS_DIR", "/shared/hympj"));
        assertEquals(0, c.eagerLimit());
        assertEquals(5, c.waitSpins(true));
        assertEquals(5, c.waitSpins(false));
        assertFalse(c.collectivesHierarchical());
        assertTrue(c.checkCollectives());
        assertEquals(4 << 20, c.shmRingBytes(1 << 20));
        assertEquals(2_000, c.livenessTimeoutMillis());
        assertEquals("10.1.0.0/16", c.netAddress(), "the property, not the variable");
        assertEquals("com.example.fft", c.sharedPackages());
        assertEquals(4711, c.launcherPid());
        assertTrue(c.localRanksGiven());
        assertEquals(3, c.localRanks(8), "from the variable");
        assertEquals("/shared/hympj", c.rendezvousDir());
        assertSame(c, c.withLocalRanks(9), "ranks the configuration gives are kept");
    }

    @Test
    void withLocalRanksKeepsEveryOtherValue() {
        Configuration c = read(Map.of("hympj.eager.limit", "100"), Map.of("HYMPJ_NET_ADDRESS", "10.2.0.0/16"));
        Configuration placed = c.withLocalRanks(4);
        assertEquals(4, placed.localRanks(1));
        assertEquals(100, placed.eagerLimit());
        assertEquals("10.2.0.0/16", placed.netAddress());
    }

    @Test
    void aValueThatCannotBeUsedIsRefusedNamingThePropertyAndWhatItAllows() {
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
            () -> read(Map.of("hympj.eager.limit", "-1"), Map.of()));
        assertEquals("HyMPJ: system property hympj.eager.limit is '-1', but must be a whole number of at least 0 (at most 2147483647)",
            negative.getMessage());
        IllegalArgumentException word = assertThrows(IllegalArgumentException.class,
            () -> read(Map.of("hympj.bcast.chunk.bytes", "64k"), Map.of()));
        assertEquals("HyMPJ: system property hympj.bcast.chunk.bytes is '64k', but must be a whole number of at least 1 (at most 2147483647)",
            word.getMessage());
        IllegalArgumentException yes = assertThrows(IllegalArgumentException.class,
            () -> read(Map.of("hympj.check.collectives", "yes"), Map.of()));
        assertEquals("HyMPJ: system property hympj.check.collectives is 'yes', but must be true or false", yes.getMessage());
        IllegalArgumentException variable = assertThrows(IllegalArgumentException.class,
            () -> read(Map.of(), Map.of("HYMPJ_LOCAL_RANKS", "zero")));
        assertEquals("HyMPJ: environment variable HYMPJ_LOCAL_RANKS is 'zero', but must be a whole number of at least 1 (at most 2147483647)",
            variable.getMessage());
        IllegalArgumentException pid = assertThrows(IllegalArgumentException.class,
            () -> read(Map.of("hympj.script.pid", "0"), Map.of()));
        assertEquals("HyMPJ: system property hympj.script.pid is '0', but must be a process id (a positive whole number)", pid.getMessage());
    }

    /** Every name the class reads ({@code *_PROP} and {@code *_ENV} constants) is in the README's configuration table. */
    @Test
    void theReadmeTableListsEveryPropertyAndVariable() throws IOException, IllegalAccessException {
        Path readme = Path.of("..", "README.md");
        List<String> table = new ArrayList<>();
        boolean inSection = false;
        for (String line : Files.readAllLines(readme)) {
            if (line.matches("#+ Configuration\\b.*")) {
                inSection = true;
            } else if (line.startsWith("#")) {
                inSection = false;
            } else if (inSection && line.startsWith("| `")) {
                table.add(line);
            }
        }
        assertFalse(table.isEmpty(), "README.md has a 'Configuration' section with a table");
        List<String> missing = new ArrayList<>();
        for (Field f : Configuration.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && (f.getName().endsWith("_PROP") || f.getName().endsWith("_ENV"))) {
                String name = "`" + f.get(null) + "`";
                if (table.stream().noneMatch(row -> row.contains(name))) {
                    missing.add(name);
                }
            }
        }
        assertTrue(missing.isEmpty(), "not in README.md's configuration table: " + missing);
    }
}
