package org.hympj.loaders;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The loader of the program packages that every thread rank of a job shares. A program (or a
 * library on its class path) declares a package free of per-rank state, with the manifest
 * attribute {@value #MANIFEST_ATTRIBUTE} of its jar or with {@code -Dhympj.shared.packages};
 * its classes are then defined once, here, instead of once per rank, so the ranks run one copy
 * of that code and the JIT compiles it once. On a node where every core runs a rank, each
 * compilation takes CPU from a rank, and per-rank copies of a hot loop are compiled once per
 * rank (docs/decisions/thread-ranks-and-class-loaders.md).
 *
 * <p>Shared code cannot be per rank, so it may use only the JDK, the shared runtime and other
 * shared packages: a class in a shared package that refers to a rank-local package (such as
 * {@code mpi}, whose {@code COMM_WORLD} differs per rank) or to a per-rank class of the program
 * fails to link, with a message that names both and says why. A shared package's statics are
 * common to all ranks, which is why a package must be declared shared, never guessed.
 *
 * <p>Invariant: a class of a shared package is defined at most once per job, by this loader,
 * and every class it resolves is the same for all ranks.
 */
public final class SharedProgramLoader extends URLClassLoader {
    /** The jar manifest attribute naming a jar's shared packages (comma or space separated). */
    public static final String MANIFEST_ATTRIBUTE = "HyMPJ-Shared-Packages";

    static {
        registerAsParallelCapable();
    }

    private final List<String> packages;
    private final List<String> rankLocalPackages;
    private final List<String> runtimePackages;

    private SharedProgramLoader(URL[] userClasspath, List<String> packages, List<String> rankLocalPackages,
                                List<String> runtimePackages, ClassLoader parent) {
        super("shared-program", userClasspath, parent);
        this.packages = packages;
        this.rankLocalPackages = rankLocalPackages;
        this.runtimePackages = runtimePackages;
    }

    /**
     * The loader for a job whose ranks run the program on {@code userClasspath}, or null when
     * neither its jars' manifests nor {@code declared} name a shared package.
     *
     * @param declared package names shared in addition to the manifests' (from a system property, say)
     * @param rankLocalPackages packages (each exactly, not its subpackages) that are per rank by
     *     nature and can never be shared
     * @param runtimePackages prefixes of the runtime that the parent always supplies
     */
    public static SharedProgramLoader forProgram(URL[] userClasspath, List<String> declared, List<String> rankLocalPackages,
                                                 List<String> runtimePackages, ClassLoader parent) {
        Set<String> prefixes = new LinkedHashSet<>();
        for (String name : declared) {
            prefixes.add(prefix(name));
        }
        for (URL url : userClasspath) {
            prefixes.addAll(declaredIn(url));
        }
        if (prefixes.isEmpty()) {
            return null;
        }
        for (String prefix : prefixes) {
            if (coversAny(prefix, rankLocalPackages) || RankClassLoader.startsWithAny(prefix, runtimePackages)
                    || RankClassLoader.isPlatform(prefix)) {
                throw new IllegalArgumentException("package " + prefix.substring(0, prefix.length() - 1)
                    + " cannot be declared shared by the ranks: it belongs to the JDK or to HyMPJ's runtime");
            }
        }
        return new SharedProgramLoader(userClasspath, List.copyOf(prefixes), RankClassLoader.packageNames(rankLocalPackages),
            List.copyOf(runtimePackages), parent);
    }

    /** Whether the shared prefix takes in one of {@code packages} (the prefix of a package or of a package above it). */
    private static boolean coversAny(String prefix, List<String> packages) {
        for (String p : packages) {
            if ((p + ".").startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** The package names a comma- or space-separated list holds. */
    public static List<String> parseList(String list) {
        List<String> names = new ArrayList<>();
        for (String name : list.split("[,\\s]+")) {
            if (!name.isEmpty()) {
                names.add(name);
            }
        }
        return names;
    }

    private static String prefix(String packageName) {
        String name = packageName.endsWith(".") ? packageName.substring(0, packageName.length() - 1) : packageName;
        if (!name.matches("\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*(\\.\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*)*")) {
            throw new IllegalArgumentException("'" + packageName + "' in the shared packages is not a Java package name");
        }
        return name + ".";
    }

    private static List<String> declaredIn(URL url) {
        Path path;
        try {
            if (!"file".equals(url.getProtocol())) {
                return List.of();
            }
            path = Path.of(url.toURI());
        } catch (URISyntaxException e) {
            return List.of();
        }
        if (!Files.isRegularFile(path)) {
            return List.of();
        }
        try (JarFile jar = new JarFile(path.toFile())) {
            Manifest manifest = jar.getManifest();
            String value = manifest == null ? null : manifest.getMainAttributes().getValue(MANIFEST_ATTRIBUTE);
            List<String> prefixes = new ArrayList<>();
            if (value != null) {
                for (String name : parseList(value)) {
                    prefixes.add(prefix(name));
                }
            }
            return prefixes;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the manifest of " + path, e);
        }
    }

    /** Whether {@code className} is in one of the shared packages (or their subpackages). */
    public boolean covers(String className) {
        return RankClassLoader.startsWithAny(className, packages);
    }

    /** The shared packages, as prefixes ending in '.'. */
    public List<String> packages() {
        return packages;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                if (RankClassLoader.isPlatform(name) || RankClassLoader.startsWithAny(name, runtimePackages)) {
                    c = getParent().loadClass(name);
                } else if (covers(name)) {
                    c = findClass(name);
                } else if (RankClassLoader.inPackages(name, rankLocalPackages)
                        || findResource(name.replace('.', '/') + ".class") != null) {
                    // Only a class of a shared package asks this loader for a class outside them.
                    throw new ClassNotFoundException(name + " is loaded by each rank separately, so code that all ranks share"
                        + " (the packages " + names() + ") cannot use it; move that use out of the shared packages,"
                        + " or the class into them if it keeps no per-rank state");
                } else {
                    c = getParent().loadClass(name);
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    private String names() {
        List<String> names = new ArrayList<>();
        for (String prefix : packages) {
            names.add(prefix.substring(0, prefix.length() - 1));
        }
        return String.join(", ", names);
    }
}
