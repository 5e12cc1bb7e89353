package org.hympj.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.hympj.loaders.programfixture.ProgramPart;
import org.hympj.loaders.sharedfixture.ReachesPerRankClass;
import org.hympj.loaders.sharedfixture.ReachesRankLocalPackage;
import org.hympj.loaders.sharedfixture.SharedTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Packages a program declares shared are one class for all ranks of a job; everything else
 * of the program stays per rank; shared code cannot reach per-rank code, and says so.
 */
class SharedProgramLoaderTest {
    private static final List<String> RANK_LOCAL = List.of("org.hympj.loaders.ranklocalfixture");

    private static URL testClasses() {
        return SharedProgramLoaderTest.class.getProtectionDomain().getCodeSource().getLocation();
    }

    private static SharedProgramLoader sharedFixture() {
        SharedProgramLoader loader = SharedProgramLoader.forProgram(new URL[] {testClasses()},
            List.of("org.hympj.loaders.sharedfixture"), RANK_LOCAL, List.of(), SharedProgramLoaderTest.class.getClassLoader());
        assertEquals(List.of("org.hympj.loaders.sharedfixture."), loader.packages());
        return loader;
    }

    private static RankClassLoader rank(int rank, SharedProgramLoader shared) {
        return new RankClassLoader(rank, new URL[] {testClasses()}, RANK_LOCAL, List.of(),
            SharedProgramLoaderTest.class.getClassLoader(), shared, null);
    }

    @Test
    void aSharedPackageIsOneClassForAllRanksAndTheRestStaysPerRank() throws Exception {
        SharedProgramLoader shared = sharedFixture();
        try (RankClassLoader a = rank(0, shared); RankClassLoader b = rank(1, shared)) {
            Class<?> ta = a.loadClass(SharedTable.class.getName());
            Class<?> tb = b.loadClass(SharedTable.class.getName());
            assertSame(ta, tb);
            assertSame(shared, ta.getClassLoader());
            assertNotSame(SharedTable.class, ta, "defined by the job's loader, not by the class path's");
            ta.getMethod("add").invoke(null);
            assertEquals(2, tb.getMethod("add").invoke(null), "one static for both ranks");
            String program = ProgramPart.class.getName();
            assertNotSame(a.loadClass(program), b.loadClass(program));
            assertSame(a, a.loadClass(program).getClassLoader());
        }
    }

    @Test
    void sharedCodeThatUsesPerRankCodeFailsToLinkAndSaysWhy() throws Exception {
        SharedProgramLoader shared = sharedFixture();
        try (RankClassLoader a = rank(0, shared)) {
            for (Class<?> wrong : List.of(ReachesPerRankClass.class, ReachesRankLocalPackage.class)) {
                Class<?> c = a.loadClass(wrong.getName());
                InvocationTargetException e = assertThrows(InvocationTargetException.class, () -> c.getMethod("use").invoke(null));
                assertTrue(e.getCause() instanceof NoClassDefFoundError, String.valueOf(e.getCause()));
                Throwable why = e.getCause().getCause();
                assertTrue(why != null && why.getMessage().contains("is loaded by each rank separately")
                    && why.getMessage().contains("org.hympj.loaders.sharedfixture"), String.valueOf(why));
            }
        }
    }

    @Test
    void declarationsComeFromJarManifestsAndBadOnesAreRefused(@TempDir Path dir) throws Exception {
        ClassLoader parent = getClass().getClassLoader();
        assertNull(SharedProgramLoader.forProgram(new URL[] {testClasses()}, List.of(), RANK_LOCAL, List.of(), parent),
            "nothing declared: no shared loader");
        Path jar = dir.resolve("lib.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue(SharedProgramLoader.MANIFEST_ATTRIBUTE, "org.example.tables, org.example.fft");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream unused = new JarOutputStream(out, manifest)) {
            // The manifest is all this jar needs.
        }
        SharedProgramLoader fromJar = SharedProgramLoader.forProgram(new URL[] {testClasses(), jar.toUri().toURL()}, List.of(),
            RANK_LOCAL, List.of(), parent);
        assertEquals(List.of("org.example.tables.", "org.example.fft."), fromJar.packages());
        assertTrue(fromJar.covers("org.example.fft.Radix2") && !fromJar.covers("org.example.Main"));
        for (String bad : List.of("org.hympj.loaders.ranklocalfixture", "java.util", "not a package")) {
            assertThrows(IllegalArgumentException.class,
                () -> SharedProgramLoader.forProgram(new URL[0], List.of(bad), RANK_LOCAL, List.of(), parent), bad);
        }
    }
}
