package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.hympj.comm.testing.LauncherPrograms.Fails;
import org.hympj.comm.testing.LauncherPrograms.Ok;
import org.hympj.comm.testing.LauncherPrograms.WritesRelative;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The hympjrun command line, MPJ Express's mpjrun options, exit status and failure report. */
@Timeout(60)
class HympjrunTest {
    static final String CLASSES = Path.of(System.getProperty("user.dir"), "target", "test-classes").toString();

    static String stderrOf(String... args) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int status = Hympjrun.run(args, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return status + "\n" + bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void successfulJobExitsZero() {
        assertEquals(0, Hympjrun.run(new String[] {"-np", "3", "-cp", CLASSES, Ok.class.getName()}, nowhere()));
    }

    @Test
    void failingRankGivesStatusOneAndItsStackTrace() {
        String out = stderrOf("-np", "2", "-cp", CLASSES, Fails.class.getName());
        assertTrue(out.startsWith("1\n"), out);
        assertTrue(out.contains("hympjrun: rank 1 of 2 failed:"), out);
        assertTrue(out.contains("java.lang.ArithmeticException: deliberate failure of rank 1"), out);
        assertTrue(out.contains("at rank-1//" + Fails.class.getName() + ".main"), "frames name the rank: " + out);
        assertTrue(out.contains("ranks [0] stopped with errors"), out);
    }

    @Test
    void aMissingMainClassIsAUsageErrorNotNRankFailures() {
        String out = stderrOf("-np", "3", "-cp", CLASSES, "no.such.Main");
        assertTrue(out.startsWith("2\n"), out);
        assertTrue(out.contains("main class no.such.Main was not found on the class path"), out);
        String noMain = stderrOf("-np", "2", "-cp", CLASSES, HympjrunTest.class.getName());
        assertTrue(noMain.startsWith("2\nhympjrun: main class " + HympjrunTest.class.getName()
            + " has no main method that java runs: it declares and inherits no main(String[])"), noMain);
    }

    @Test
    void npbFdtdAndNbodyAreShortNamesForTheShippedPrograms(@TempDir Path home) throws Exception {
        Path target = Files.createDirectories(home.resolve("npb-hybrid").resolve("target"));
        Path jar = Files.createFile(target.resolve("hympj-npb-hybrid-9.9.jar"));
        Path examples = Files.createFile(Files.createDirectories(home.resolve("examples").resolve("target"))
            .resolve("hympj-examples-9.9.jar"));
        String saved = System.getProperty("hympj.home");
        System.setProperty("hympj.home", home.toString());
        try {
            LaunchOptions o = LaunchOptions.parse(new String[] {"-np", "2", "npb", "ep", "A"});
            assertEquals(LaunchOptions.ShippedProgram.NPB.mainClass, o.mainClass);
            assertEquals(jar, o.classpath.get(0));
            assertArrayEquals(new String[] {"ep", "A"}, o.programArgs);
            LaunchOptions fdtd = LaunchOptions.parse(new String[] {"-np", "2", "fdtd", "3d", "32"});
            assertEquals("org.hympj.examples.fdtd.Fdtd", fdtd.mainClass);
            assertEquals(examples, fdtd.classpath.get(0));
            assertArrayEquals(new String[] {"3d", "32"}, fdtd.programArgs);
            assertEquals("org.hympj.examples.nbody.NBody",
                LaunchOptions.parse(new String[] {"-np", "2", "nbody"}).mainClass);
            Path benchmarks = Files.createFile(Files.createDirectories(home.resolve("benchmarks").resolve("target"))
                .resolve("benchmarks.jar"));
            LaunchOptions osu = LaunchOptions.parse(new String[] {"-np", "4", "osu", "allreduce", "--csv", "a.csv"});
            assertEquals("org.hympj.benchmarks.osu.OsuLite", osu.mainClass);
            assertEquals(benchmarks, osu.classpath.get(0));
            assertArrayEquals(new String[] {"allreduce", "--csv", "a.csv"}, osu.programArgs);
            Files.delete(jar);
            assertUsage("no npb-hybrid jar", "-np", "2", "npb", "ep", "A");
        } finally {
            if (saved == null) {
                System.clearProperty("hympj.home");
            } else {
                System.setProperty("hympj.home", saved);
            }
        }
    }

    @Test
    void mpjExpressOptionsAreAccepted() throws Exception {
        LaunchOptions o = LaunchOptions.parse(new String[] {"-np", "4", "-dev", "multicore", "-classpath", "a.jar:lib", "Main", "-x", "1"});
        assertEquals(4, o.np);
        assertEquals(1, o.jvms);
        assertEquals("Main", o.mainClass);
        assertArrayEquals(new String[] {"-x", "1"}, o.programArgs);
        assertEquals(Path.of("a.jar").toAbsolutePath(), o.classpath.get(0));
        assertEquals(Path.of("lib").toAbsolutePath(), o.classpath.get(1));
        assertEquals(List.of(), o.notes);
        assertEquals(1, LaunchOptions.parse(new String[] {"-np", "4", "-dev", "hybdev", "Main"}).jvms, "hybdev: threads in one JVM");
        assertEquals(4, LaunchOptions.parse(new String[] {"-np", "4", "-dev", "niodev", "Main"}).jvms, "niodev: a JVM per rank");
        assertUsage("-dev niodev runs every rank in a JVM of its own", "-np", "4", "-dev", "niodev", "--jvms", "2", "Main");
        assertUsage("-dev mxdev is MPJ Express's Myrinet device", "-np", "2", "-dev", "mxdev", "Main");
        assertUsage("-dev native runs MPJ Express over a native MPI library", "-np", "2", "-dev", "native", "Main");
    }

    /** Options of MPJ Express's daemons and devices are taken, each with a note, and nothing of the program's is lost. */
    @Test
    void mpjExpressDaemonOptionsAreIgnoredWithANote() throws Exception {
        LaunchOptions o = LaunchOptions.parse(new String[] {"-np", "2", "-dport", "10000", "-mpjport", "20000", "-sport", "15000",
            "-headnodeip", "10.0.0.1", "-psl", "65536", "-mxboardnum", "0", "-debug", "24500", "-profile", "-src",
            "-wdir", ".", "Main", "-dport", "1"});
        assertEquals("Main", o.mainClass);
        assertArrayEquals(new String[] {"-dport", "1"}, o.programArgs, "after the main class, everything is the program's");
        assertEquals(Path.of("").toAbsolutePath(), o.workingDirectory);
        assertEquals(9, o.notes.size(), o.notes.toString());
        assertEquals("-dport (MPJ Express's daemon port) is ignored: HyMPJ starts its JVMs itself, without daemons", o.notes.get(0));
        assertTrue(o.notes.get(4).startsWith("-psl (MPJ Express's protocol switch limit) is ignored"), o.notes.get(4));
        assertTrue(o.notes.get(8).startsWith("-src ("), o.notes.get(8));
        assertEquals(List.of(), LaunchOptions.parse(o.asChildArguments().toArray(new String[0])).notes, "said once, by hympjrun");
        assertUsage("option -dport needs a value", "-np", "2", "-dport");
        String out = stderrOf("-np", "2", "-dport", "10000", "-cp", CLASSES, Ok.class.getName());
        assertEquals("0\nhympjrun: -dport (MPJ Express's daemon port) is ignored: HyMPJ starts its JVMs itself, without daemons\n",
            out.replace(System.lineSeparator(), "\n"));
    }

    @Test
    void hangReportIsOffByDefaultAndReachesTheJvmsOfTheJob() throws Exception {
        assertEquals(0, LaunchOptions.parse(new String[] {"-np", "2", "Main"}).hangReportSeconds);
        LaunchOptions o = LaunchOptions.parse(new String[] {"-np", "2", "--jvms", "2", "--hang-report", "30", "Main"});
        assertEquals(30, o.hangReportSeconds);
        assertEquals(30, LaunchOptions.parse(o.asChildArguments().toArray(new String[0])).hangReportSeconds);
    }

    @Test
    void badCommandLinesAreExplained() {
        assertUsage("the number of ranks is missing", "Main");
        assertUsage("-np needs a positive number of ranks, got '0'", "-np", "0", "Main");
        assertUsage("-np needs a positive number of ranks, got 'x'", "-np", "x", "Main");
        assertUsage("device 'smpdev' is not one HyMPJ knows", "-np", "2", "-dev", "smpdev", "Main");
        assertUsage("unknown option '-zzz'", "-np", "2", "-zzz", "Main");
        assertUsage("--jvms 3 asks for more JVMs than the 2 ranks of -np", "-np", "2", "--jvms", "3", "Main");
        assertUsage("--jvms needs a positive number of JVMs, got '0'", "-np", "2", "--jvms", "0", "Main");
        assertUsage("no main class given", "-np", "2");
        assertUsage("option -cp needs a value", "-np", "2", "-cp");
        assertUsage("does not exist", "-np", "2", "-jar", "/no/such.jar");
        assertUsage("(-wdir) does not exist", "-np", "2", "-wdir", "/no/such/dir", "Main");
        assertUsage("--hang-report needs a positive number of seconds, got '0'", "-np", "2", "--hang-report", "0", "Main");
        assertTrue(stderrOf("-np", "2", "-dev", "smpdev", "Main").startsWith("2\n"));
    }

    private static void assertUsage(String fragment, String... args) {
        LaunchOptions.UsageException e = assertThrows(LaunchOptions.UsageException.class, () -> LaunchOptions.parse(args));
        assertTrue(e.getMessage().contains(fragment), "'" + e.getMessage() + "' should contain '" + fragment + "'");
    }

    @Test
    void jarRunsItsMainClassAndFollowsItsClassPath(@TempDir Path dir) throws Exception {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Ok.class.getName());
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path jar = dir.resolve("app.jar");
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, Path.of(CLASSES).toUri().toString());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.flush();
        }
        LaunchOptions o = LaunchOptions.parse(new String[] {"-np", "2", "-jar", jar.toString(), "arg"});
        assertEquals(Ok.class.getName(), o.mainClass);
        assertArrayEquals(new String[] {"arg"}, o.programArgs);
        assertEquals(jar, o.classpath.get(0));
        assertTrue(Files.isDirectory(classes));
        // The manifest's Class-Path is relative to the jar; the test-classes URI resolves to the absolute path.
        assertEquals(0, Hympjrun.run(new String[] {"-np", "2", "-cp", CLASSES, "-jar", jar.toString()}, nowhere()));
    }

    @Test
    void wdirRunsTheRanksInThatDirectory(@TempDir Path dir) throws Exception {
        int status = Hympjrun.run(new String[] {"-np", "2", "-wdir", dir.toString(), "-cp", CLASSES,
            WritesRelative.class.getName()}, System.err);
        assertEquals(0, status);
        assertEquals("hello", Files.readString(dir.resolve("rank-0.txt")));
        assertEquals("hello", Files.readString(dir.resolve("rank-1.txt")));
    }

    private static PrintStream nowhere() {
        return new PrintStream(OutputStream.nullOutputStream());
    }
}
