package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.stream.Stream;
import org.hympj.comm.testing.LauncherPrograms.Ok;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the {@code hympjrun} script builds before it runs: when a jar it runs is missing, or a
 * source of a module it runs changed (edited, added or deleted) after that module's jar, or a
 * pom all modules inherit after the jars, and after its last build; it says so in one
 * line, and the build's output (Maven's, run for real on a project of nothing in the script's
 * own installation) holds no terminal escape codes when it is not on a terminal.
 */
@Timeout(120)
class HympjrunBuildTest {
    private static final String BUILDING = "; building HyMPJ: mvn -q -B -DskipTests package\n";
    private static final Instant NOW = Instant.now();

    @TempDir
    Path dir;
    private Path home;
    private Path source;

    /** An installation whose jars were built an hour ago from sources two hours old. */
    @BeforeEach
    void installBuiltAnHourAgo() throws IOException {
        home = ScriptJobs.install(dir);
        Files.writeString(home.resolve("pom.xml"), "<project><modelVersion>4.0.0</modelVersion><groupId>test</groupId>"
            + "<artifactId>hympjrun-build</artifactId><version>1</version><packaging>pom</packaging></project>\n");
        source = home.resolve("examples/src/main/java/Example.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, "class Example {}\n");
        try (Stream<Path> files = Files.walk(home)) {
            // Directories before what they hold (setting a file's time leaves its directory's alone).
            for (Path f : (Iterable<Path>) files::iterator) {
                age(f, f.toString().endsWith(".jar") ? 60 : 120);
            }
        }
    }

    private static void age(Path file, int minutes) throws IOException {
        Files.setLastModifiedTime(file, FileTime.from(NOW.minus(minutes, ChronoUnit.MINUTES)));
    }

    private String run() throws Exception {
        ScriptJobs.Job job = ScriptJobs.start(dir, "-np", "1", "-cp", HympjrunTest.CLASSES, Ok.class.getName());
        try {
            assertEquals(0, job.awaitExit(90), job.output());
            return job.output();
        } finally {
            job.kill();
        }
    }

    @Test
    void sourcesOlderThanTheJarsStartNoBuild() throws Exception {
        String out = run();
        assertFalse(out.contains("building HyMPJ"), out);
    }

    @Test
    void aSourceNewerThanTheJarsIsBuiltOnceSayingSoWithoutEscapeCodes() throws Exception {
        age(source, 30);
        String out = run();
        assertTrue(out.startsWith("hympjrun: examples/src/main/java/Example.java changed since it was built" + BUILDING), out);
        assertFalse(out.contains("\u001b"), "terminal escape codes in: " + out);
        assertTrue(Files.isRegularFile(home.resolve("launcher/target/hympjrun.built")));
        String again = run();
        assertFalse(again.contains("building HyMPJ"), "the build made then is not older than the source: " + again);
    }

    /**
     * A build that rebuilt only the changed module's jar (Maven leaves the others alone when
     * their classes did not change) is up to date, though the other jars are older than the source.
     */
    @Test
    void aModuleRebuiltAfterItsChangeStartsNoBuildThoughOtherJarsAreOlder() throws Exception {
        age(source, 30);
        try (Stream<Path> jars = Files.list(home.resolve("examples/target"))) {
            for (Path jar : (Iterable<Path>) jars.filter(j -> j.toString().endsWith(".jar"))::iterator) {
                age(jar, 10);
            }
        }
        String out = run();
        assertFalse(out.contains("building HyMPJ"), out);
    }

    @Test
    void aDeletedSourceIsAChange() throws Exception {
        Files.delete(source);
        assertTrue(run().startsWith("hympjrun: examples/src/main/java changed since it was built" + BUILDING));
    }

    @Test
    void aChangedPomIsASourceToo() throws Exception {
        age(home.resolve("pom.xml"), 30);
        assertTrue(run().startsWith("hympjrun: pom.xml changed since it was built" + BUILDING));
    }

    @Test
    void aChangedBomIsASourceToo() throws Exception {
        Path bom = Files.createDirectories(home.resolve("bom")).resolve("pom.xml");
        Files.writeString(bom, "<project/>\n");
        age(bom, 30);
        assertTrue(run().startsWith("hympjrun: bom/pom.xml changed since it was built" + BUILDING));
    }

    @Test
    void theSourcesAndJavadocJarsBesideAModulesJarAreNotRun() throws Exception {
        for (String module : new String[] {"launcher", "nested-parallelism"}) {
            for (String classifier : new String[] {"sources", "javadoc"}) {
                age(Files.writeString(home.resolve(module + "/target/hympj-" + module + "-0-" + classifier + ".jar"), ""), 60);
            }
        }
        String out = run();
        assertFalse(out.contains("building HyMPJ"), out);
    }

    @Test
    void aMissingJarIsBuilt() throws Exception {
        Files.delete(home.resolve("benchmarks/target/benchmarks.jar"));
        String out = run();
        assertTrue(out.startsWith("hympjrun: HyMPJ is not built yet" + BUILDING), out);
        assertFalse(out.contains("\u001b"), "terminal escape codes in: " + out);
    }
}
