package org.hympj.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hympj.loaders.entryfixture.Ran;
import org.junit.jupiter.api.Test;

/**
 * The entry point is the method {@code java} runs: by JDK 17's rules and by JEP 512's (JDK 25),
 * each checked in this JVM whatever its version, and the rules of this JVM's JDK checked against
 * its own {@code java} launcher, class by class.
 */
class ProgramEntryTest {
    private static final String FIXTURES = "org.hympj.loaders.entryfixture.";

    /**
     * A main class and what each JDK's launcher does with it: the tag of the main it runs, or
     * "!" and a piece of the sentence that says why it runs none.
     */
    private record Case(String simpleName, String jdk17, String jdk25) {
        String expected(boolean instanceMains) {
            return instanceMains ? jdk25 : jdk17;
        }
    }

    private static final String NOT_PUBLIC = "!is package-private, not public";
    private static final String NO_STRING_ARRAY_MAIN = "!it declares and inherits no main(String[])";

    private static final List<Case> CASES = List.of(
        new Case("PackagePrivateHello", "PackagePrivateHello.main(String[])", "PackagePrivateHello.main(String[])"),
        new Case("InheritsStaticMain", "StaticMainBase.main(String[])", "StaticMainBase.main(String[])"),
        new Case("PrivateMain", "!static main(String[]) of " + FIXTURES + "PrivateMain is private, not public",
            "!static main(String[]) of " + FIXTURES + "PrivateMain is private"),
        new Case("NoMain", NO_STRING_ARRAY_MAIN, "!it declares and inherits no main(String[]) and no main()"),
        new Case("PackagePrivateStaticMain", NOT_PUBLIC, "PackagePrivateStaticMain.main(String[])"),
        new Case("InstanceMainWithArgs", NOT_PUBLIC, "InstanceMainWithArgs.main(String[])"),
        new Case("PublicInstanceMain", "!is not static", "PublicInstanceMain.main(String[])"),
        new Case("InstanceMainNoArgs", NO_STRING_ARRAY_MAIN, "InstanceMainNoArgs.main()"),
        new Case("StringArrayBeforeNoArg", NOT_PUBLIC, "StringArrayBeforeNoArg.main(String[])"),
        new Case("PrivateArgsMainFallsBackToNoArg", "!is private, not public", "PrivateArgsMainFallsBackToNoArg.main()"),
        new Case("InheritsInstanceMain", NO_STRING_ARRAY_MAIN, "InstanceMainBase.main()"),
        new Case("InstanceMainNeedsArguments", NO_STRING_ARRAY_MAIN, "!has no non-private constructor without parameters"),
        new Case("PrivateConstructorInstanceMain", NO_STRING_ARRAY_MAIN, "!has no non-private constructor without parameters"),
        new Case("AbstractInstanceMain", NO_STRING_ARRAY_MAIN, "!is abstract, so java cannot make an object"),
        new Case("EntryFixtures$Inner", NO_STRING_ARRAY_MAIN, "!is an inner class"),
        new Case("DefaultMainFromInterface", NO_STRING_ARRAY_MAIN, "MainInterface.main()"),
        new Case("NonVoidMain", "!returns int, not void", "!static main(String[]) of " + FIXTURES + "NonVoidMain returns int, not void"));

    private static String outcome(Class<?> mainClass, boolean instanceMains) throws Throwable {
        ProgramEntry entry;
        try {
            entry = ProgramEntry.of(mainClass, instanceMains);
        } catch (ProgramEntry.NoEntryPointException e) {
            return "!" + e.getMessage();
        }
        entry.run(new String[0]);
        return Ran.last();
    }

    private static void check(boolean instanceMains) throws Throwable {
        for (Case c : CASES) {
            String expected = c.expected(instanceMains);
            String got = outcome(Class.forName(FIXTURES + c.simpleName()), instanceMains);
            if (expected.startsWith("!")) {
                assertTrue(got.startsWith("!main class " + FIXTURES + c.simpleName()) && got.contains(expected.substring(1)),
                    c.simpleName() + ": " + got);
            } else {
                assertEquals(expected, got, c.simpleName());
            }
        }
    }

    @Test
    void jdk17RunsOnlyAPublicStaticMainWithStringArrayOfAnyClass() throws Throwable {
        check(false);
    }

    @Test
    void jep512RunsInstanceAndNoArgumentMainsInItsOrder() throws Throwable {
        check(true);
    }

    @Test
    void theArgumentsReachMainAndWhatTheProgramThrowsComesUnwrapped() throws Throwable {
        for (boolean instanceMains : new boolean[] {false, true}) {
            ProgramEntry.of(Class.forName(FIXTURES + "GetsItsArguments"), instanceMains).run(new String[] {"a", "b"});
            assertEquals("GetsItsArguments.main(a,b)", Ran.last());
            ProgramEntry throwing = ProgramEntry.of(Class.forName(FIXTURES + "ThrowsInMain"), instanceMains);
            assertEquals("deliberate failure in main",
                assertThrows(IllegalStateException.class, () -> throwing.run(new String[0])).getMessage());
        }
        ProgramEntry constructor = ProgramEntry.of(Class.forName(FIXTURES + "ThrowsInConstructor"), true);
        assertEquals("deliberate failure in the constructor",
            assertThrows(IllegalStateException.class, () -> constructor.run(new String[0])).getMessage());
    }

    /** This JDK's own launcher runs the same main for every case, or refuses the same ones. */
    @Test
    void thisJdksJavaLauncherAgreesCaseByCase() throws Exception {
        boolean instanceMains = Runtime.version().feature() >= ProgramEntry.INSTANCE_MAIN_FEATURE;
        String classes = Path.of(Ran.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> disagreements = new ArrayList<>();
        for (Case c : CASES) {
            Process p = new ProcessBuilder(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", classes, FIXTURES + c.simpleName())
                .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            String expected = c.expected(instanceMains);
            boolean agrees = expected.startsWith("!") ? p.exitValue() != 0 && out.startsWith("Error:") : out.equals(expected);
            if (!agrees) {
                disagreements.add(c.simpleName() + ": java printed '" + out + "' (exit " + p.exitValue() + "), ProgramEntry: " + expected);
            }
        }
        assertEquals(List.of(), disagreements);
    }
}
