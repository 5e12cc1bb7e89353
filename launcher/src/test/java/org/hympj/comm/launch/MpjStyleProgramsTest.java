package org.hympj.comm.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.hympj.comm.testing.MpjStylePrograms;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * hympjrun runs what {@code java} runs: programs written as MPJ Express's users write them
 * ({@link MpjStylePrograms}: a package-private class with {@code static public void main}, a
 * program in a package under {@code mpi.}, an inherited main, JEP 512's mains on JDK 25), as
 * thread ranks, in two JVMs and from a jar; a class without a main java runs gets a sentence
 * that says which main is missing and why.
 */
@Timeout(300)
class MpjStyleProgramsTest {
    @TempDir
    static Path programs;

    @BeforeAll
    static void compile() throws IOException {
        MpjStylePrograms.compileInto(programs);
    }

    private static boolean jdk25() {
        return Runtime.version().feature() >= 25;
    }

    private static String threads(String... args) {
        return HympjrunTest.stderrOf(args);
    }

    @Test
    void threadRanksRunEveryMainJavaRuns() {
        for (String program : MpjStylePrograms.RUN_ON_EVERY_JDK) {
            String out = threads("-np", "3", "-cp", programs.toString(), program);
            assertTrue(out.startsWith("0\n"), program + ": " + out);
        }
    }

    @Test
    void jep512MainsRunOnThreadRanksFromJdk25() {
        assumeTrue(jdk25(), "JEP 512's mains are java's from JDK 25");
        for (String program : MpjStylePrograms.RUN_FROM_JDK_25) {
            String out = threads("-np", "2", "-cp", programs.toString(), program);
            assertTrue(out.startsWith("0\n"), program + ": " + out);
        }
    }

    /** On JDK 17 java runs no instance or no-argument main, and hympjrun says so as java does. */
    @Test
    void jep512MainsAreRefusedBeforeJdk25AsJavaRefusesThem() {
        assumeTrue(!jdk25(), "JDK 25 runs them");
        String instance = threads("-np", "2", "-cp", programs.toString(), "InstanceMain");
        assertTrue(instance.startsWith("2\nhympjrun: main class InstanceMain has no main method that java runs: main(String[]) of"
            + " InstanceMain is package-private, not public; java on JDK " + Runtime.version().feature()
            + " runs public static void main(String[] args)"), instance);
        String noArg = threads("-np", "2", "-cp", programs.toString(), "NoArgMain");
        assertTrue(noArg.contains("main class NoArgMain has no main method that java runs: it declares and inherits no main(String[])"),
            noArg);
    }

    @Test
    void aMissingOrPrivateMainIsASentenceNotAStackTrace() {
        String none = threads("-np", "2", "-cp", programs.toString(), "NoMain");
        assertTrue(none.startsWith("2\nhympjrun: main class NoMain has no main method that java runs: it declares and inherits"
            + " no main(String[])"), none);
        String hidden = threads("-np", "2", "-cp", programs.toString(), "PrivateMain");
        assertTrue(hidden.startsWith("2\nhympjrun: main class PrivateMain has no main method that java runs: static main(String[])"
            + " of PrivateMain is private"), hidden);
        String jvms = threads("-np", "2", "--jvms", "2", "-cp", programs.toString(), "PrivateMain");
        assertTrue(jvms.startsWith("2\nhympjrun: main class PrivateMain has no main method"), jvms);
    }

    @Test
    void twoJvmsRunEveryMainJavaRuns() {
        List<String> all = new java.util.ArrayList<>(MpjStylePrograms.RUN_ON_EVERY_JDK);
        if (jdk25()) {
            all.addAll(MpjStylePrograms.RUN_FROM_JDK_25);
        }
        for (String program : all) {
            ProcessJobs.Result r = ProcessJobs.run(2, 2, programs.toString(), program);
            assertEquals(0, r.exitCode(), () -> program + " in 2 JVMs failed:\n" + r.output());
            assertTrue(r.output().contains(MpjStylePrograms.marker(program)), r.output());
        }
        assertTrue(ProcessJobs.run(2, 2, programs.toString(), "Hello").output().contains("Hello: rank 1 of 2 heard 'Hello from 0'"));
    }

    /** The JVMs of --jvms find the entry point themselves: each rank's failure is the same sentence. */
    @Test
    void theJvmsOfAJobSayWhyTheyRunNoMain() {
        ProcessJobs.Result r = ProcessJobs.run(2, 2, programs.toString(), "NoMain");
        assertEquals(1, r.exitCode(), r.output());
        assertTrue(r.output().contains("NoEntryPointException: main class NoMain has no main method that java runs"), r.output());
    }

    /** A jar's Main-Class may be package-private, as java -jar runs it; in one JVM and in two. */
    @Test
    void aJarsPackagePrivateMainClassRuns(@TempDir Path dir) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "Hello");
        Path jar = dir.resolve("hello.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest);
             Stream<Path> classes = Files.walk(programs)) {
            for (Path c : classes.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(programs.relativize(c).toString()));
                Files.copy(c, out);
                out.closeEntry();
            }
        }
        String out = threads("-np", "2", "-jar", jar.toString());
        assertTrue(out.startsWith("0\n"), out);
        assertEquals(0, Hympjrun.run(new String[] {"-np", "2", "--jvms", "2", "-jar", jar.toString()},
            new java.io.PrintStream(OutputStream.nullOutputStream())));
    }
}
