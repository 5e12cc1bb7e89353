package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.hympj.comm.p2p.PointToPointTest;
import org.hympj.shm.JobId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hympjrun --jvms M --aot-cache FILE}: which JVM records the cache and which start from
 * it, the command lines that say where it does not apply, and, on JDK 25, a job that records a
 * cache and a second job that starts from it.
 */
class AotCacheTest {
    private static final boolean JDK_25 = Runtime.version().feature() >= 25;

    @Test
    void recordingIsJvm0sAloneAndLaterRunsAllStartFromTheCache(@TempDir Path dir) throws Exception {
        LaunchOptions options = LaunchOptions.parse(new String[] {"-np", "3", "--jvms", "3", "Main"});
        options.aotCache = dir.resolve("job.aot");
        JobId job = JobId.random();
        List<String> first = ProcessLauncher.command(options, job, 0, true);
        assertTrue(first.contains("-XX:AOTCacheOutput=" + options.aotCache), first::toString);
        for (int jvm = 1; jvm < 3; jvm++) {
            List<String> other = ProcessLauncher.command(options, job, jvm, true);
            assertTrue(other.stream().noneMatch(a -> a.startsWith("-XX:AOTCache")), other::toString);
        }
        for (int jvm = 0; jvm < 3; jvm++) {
            List<String> using = ProcessLauncher.command(options, job, jvm, false);
            assertTrue(using.contains("-XX:AOTCache=" + options.aotCache), using::toString);
            assertTrue(using.stream().noneMatch(a -> a.startsWith("-XX:AOTCacheOutput")), using::toString);
            // JVM options come before the main class.
            assertTrue(using.indexOf("-XX:AOTCache=" + options.aotCache) < using.indexOf(RankProcess.class.getName()));
        }
        options.aotCache = null;
        assertTrue(ProcessLauncher.command(options, job, 0, true).stream().noneMatch(a -> a.startsWith("-XX:AOTCache")));
    }

    @Test
    void whereItDoesNotApplyTheCommandLineSaysSo() {
        assertUsage("--aot-cache is for the JVMs that --jvms M starts; thread ranks run in hympjrun's own JVM",
            "-np", "2", "--aot-cache", "x.aot", "Main");
        assertUsage("not for a job on --hosts", "-np", "2", "--hosts", "a,b", "--aot-cache", "x.aot", "Main");
        assertUsage("option --aot-cache needs a value", "-np", "2", "--jvms", "2", "--aot-cache");
        if (JDK_25) {
            // Under the test runner this JVM's class path has directories (target/classes).
            assertUsage("needs HyMPJ on the class path as jars", "-np", "2", "--jvms", "2", "--aot-cache", "x.aot", "Main");
        }
    }

    @Test
    @Timeout(180)
    void aJobRecordsTheCacheAndTheNextStartsFromIt(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("job.aot");
        String program = PointToPointTest.SendrecvRing.class.getName();
        if (!JDK_25) {
            assertUsage("--aot-cache needs JDK 25 or later", "-np", "2", "--jvms", "2", "--aot-cache", cache.toString(), program);
            return;
        }
        // The JDK records classes from jars only: the launcher runs here as the script runs it, on
        // jars (this module's classes packed into one), the test program on the rank loaders' path.
        String testClasses = Path.of(PointToPointTest.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<String> runtime = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.equals(testClasses)) {
                continue;
            }
            runtime.add(Files.isDirectory(Path.of(entry)) ? jarOf(Path.of(entry), dir.resolve("runtime" + runtime.size() + ".jar")) : entry);
        }
        List<String> job = List.of("-np", "2", "--jvms", "2", "--aot-cache", cache.toString(), "-cp", testClasses, program);

        Launch recording = launch(runtime, job);
        assertEquals(0, recording.exitCode, recording.output);
        assertTrue(recording.output.contains("records the AOT cache " + cache), recording.output);
        assertTrue(Files.isRegularFile(cache), recording.output);

        Launch using = launch(runtime, job);
        assertEquals(0, using.exitCode, using.output);
        // A cache the JVMs could not use is reported on their output ("[error][aot] ...", "[warning][aot] ...").
        assertFalse(using.output.contains("][aot]"), using.output);
        assertFalse(using.output.contains("records the AOT cache"), using.output);

        Launch nowhere = launch(runtime, List.of("-np", "2", "--jvms", "2", "--aot-cache", dir.resolve("no/such.aot").toString(),
            "-cp", testClasses, program));
        assertEquals(2, nowhere.exitCode, nowhere.output);
        assertTrue(nowhere.output.contains("(--aot-cache) does not exist"), nowhere.output);
    }

    private record Launch(int exitCode, String output) {
    }

    private static Launch launch(List<String> classpath, List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "-cp", String.join(File.pathSeparator, classpath),
            Hympjrun.class.getName()));
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Launch(p.waitFor(), output);
    }

    private static String jarOf(Path classes, Path jar) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)); Stream<Path> files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
        return jar.toString();
    }

    private static void assertUsage(String fragment, String... args) {
        LaunchOptions.UsageException e = assertThrows(LaunchOptions.UsageException.class, () -> LaunchOptions.parse(args));
        assertTrue(e.getMessage().contains(fragment), "'" + e.getMessage() + "' should contain '" + fragment + "'");
    }
}
