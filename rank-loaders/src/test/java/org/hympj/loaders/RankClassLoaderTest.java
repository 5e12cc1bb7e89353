package org.hympj.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URL;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.hympj.loaders.ranklocalfixture.PerRankState;
import org.hympj.loaders.ranklocalfixture.programs.ProgramUnderRankLocalPackage;
import org.junit.jupiter.api.Test;

/** Each rank gets its own copy of program classes and rank-local packages; the rest is shared. */
class RankClassLoaderTest {
    static final AtomicInteger SHARED_STARTS = new AtomicInteger();

    /** A program class: loaded per rank, so its static counter counts one rank's calls. */
    public static class Program {
        static int calls;

        public static void main(String[] args) {
            calls++;
            if (calls != 1) {
                throw new IllegalStateException("statics shared between ranks: " + calls);
            }
            // A class outside the user class path and the rank-local packages comes from the parent.
            RankClassLoaderTest.class.getClassLoader();
            if (args.length > 0 && args[0].equals("fail")) {
                throw new UnsupportedOperationException("rank asked to fail");
            }
        }
    }

    private static URL testClasses() {
        return RankClassLoaderTest.class.getProtectionDomain().getCodeSource().getLocation();
    }

    @Test
    void programClassesArePerRankAndPlatformClassesShared() throws Exception {
        ClassLoader parent = getClass().getClassLoader();
        try (RankClassLoader a = new RankClassLoader(0, new URL[] {testClasses()}, List.of(), List.of(), parent, "ctx-a");
             RankClassLoader b = new RankClassLoader(1, new URL[] {testClasses()}, List.of(), List.of(), parent, "ctx-b")) {
            Class<?> pa = a.loadClass(Program.class.getName());
            Class<?> pb = b.loadClass(Program.class.getName());
            assertNotSame(pa, pb);
            assertSame(a, pa.getClassLoader());
            assertSame(String.class, a.loadClass("java.lang.String"));
            assertSame(RankThreads.class, a.loadClass(RankThreads.class.getName()), "not on the user class path: shared");
            assertEquals("ctx-b", b.attachment());
            assertEquals(1, b.rank());
        }
    }

    @Test
    void rankLocalPackagesAreDefinedAgainFromTheParentsBytes() throws Exception {
        ClassLoader parent = getClass().getClassLoader();
        try (RankClassLoader a = new RankClassLoader(0, new URL[0], List.of("org.hympj.loaders"), List.of(), parent, null)) {
            Class<?> local = a.loadClass(RankThreads.class.getName());
            assertNotSame(RankThreads.class, local);
            assertSame(a, local.getClassLoader());
        }
    }

    /**
     * A rank-local package is that package alone: a program class in a package under it comes
     * from the user class path, also where the runtime's loader cannot see it.
     */
    @Test
    void aPackageUnderARankLocalPackageIsTheProgramsOwn() throws Exception {
        String program = ProgramUnderRankLocalPackage.class.getName();
        String rankLocal = PerRankState.class.getName();
        ClassLoader platform = ClassLoader.getPlatformClassLoader();
        try (RankClassLoader a = new RankClassLoader(0, new URL[] {testClasses()}, List.of("org.hympj.loaders.ranklocalfixture"),
                List.of(), platform, null)) {
            Class<?> c = a.loadClass(program);
            assertSame(a, c.getClassLoader());
            assertThrows(ClassNotFoundException.class, () -> a.loadClass(rankLocal), "rank-local classes come from the parent only");
        }
        ClassLoader parent = getClass().getClassLoader();
        try (RankClassLoader a = new RankClassLoader(0, new URL[] {testClasses()}, List.of("org.hympj.loaders.ranklocalfixture"),
                List.of(), parent, null)) {
            a.loadClass(program).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
            assertEquals(2, a.loadClass(rankLocal).getField("value").getInt(null), "the rank's own copy of the rank-local class");
            assertEquals(1, PerRankState.value);
        }
        assertThrows(IllegalArgumentException.class, () -> new RankClassLoader(0, new URL[0], List.of("mpi."), List.of(), parent, null),
            "a prefix is not a package name");
    }

    @Test
    void sharedPackagesComeFromTheParentEvenWhenTheUserClassPathHasThem() throws Exception {
        ClassLoader parent = getClass().getClassLoader();
        try (RankClassLoader a = new RankClassLoader(0, new URL[] {testClasses()}, List.of(),
                List.of("org.hympj.loaders."), parent, null)) {
            assertSame(Program.class, a.loadClass(Program.class.getName()));
        }
    }

    @Test
    void rankThreadsReportEachRanksOutcome() throws Exception {
        ClassLoader parent = getClass().getClassLoader();
        int[] failedRank = {-1};
        RankThreads ok = RankThreads.start(4, r -> new RankClassLoader(r, new URL[] {testClasses()}, List.of(), List.of(), parent, null),
            Program.class.getName(), new String[0], (r, t) -> failedRank[0] = r);
        assertEquals(true, ok.awaitAll(10, TimeUnit.SECONDS));
        for (int r = 0; r < 4; r++) {
            assertEquals(null, ok.failure(r));
            assertEquals(false, ok.isRunning(r));
        }
        RankThreads bad = RankThreads.start(2, r -> new RankClassLoader(r, new URL[] {testClasses()}, List.of(), List.of(), parent, null),
            Program.class.getName(), new String[] {"fail"}, (r, t) -> SHARED_STARTS.incrementAndGet());
        bad.awaitAll();
        assertEquals(UnsupportedOperationException.class, bad.failure(0).getClass());
        assertEquals(2, SHARED_STARTS.get(), "the listener hears of every failed rank");
        RankThreads missing = RankThreads.start(1, r -> new RankClassLoader(r, new URL[0], List.of(), List.of(), parent, null),
            "no.such.Main", new String[0], (r, t) -> { });
        missing.awaitAll();
        assertEquals(ClassNotFoundException.class, missing.failure(0).getClass());
        RankThreads hello = RankThreads.start(2, r -> new RankClassLoader(r, new URL[] {testClasses()}, List.of(), List.of(), parent, null),
            "org.hympj.loaders.entryfixture.PackagePrivateHello", new String[0], (r, t) -> { });
        hello.awaitAll();
        assertEquals(null, hello.failure(0), "a public static main of a package-private class runs, as java runs it");
        assertEquals(null, hello.failure(1));
        RankThreads noMain = RankThreads.start(1, r -> new RankClassLoader(r, new URL[] {testClasses()}, List.of(), List.of(), parent, null),
            "org.hympj.loaders.entryfixture.NoMain", new String[0], (r, t) -> { });
        noMain.awaitAll();
        assertEquals(ProgramEntry.NoEntryPointException.class, noMain.failure(0).getClass());
    }
}
