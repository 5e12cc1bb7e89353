package org.hympj.loaders;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLConnection;
import java.security.CodeSource;
import java.security.cert.Certificate;
import java.util.List;

/**
 * The class loader of one thread rank: it gives the rank its own copy of every static field
 * of the program and of the rank-local runtime packages (such as {@code mpi}, whose
 * {@code MPI.COMM_WORLD} must differ per rank), while the shared engine is loaded once by
 * the parent and is common to all ranks.
 *
 * <p>Delegation order, for a class name:
 * <ol>
 *   <li>{@code java.*} and other platform classes, and the shared runtime's packages: the
 *       parent, even when the user class path also holds them (a fat jar that bundles the
 *       runtime must not give each rank an engine of its own);</li>
 *   <li>a rank-local runtime package: defined here from the bytes the parent can see, so
 *       each rank has its own {@code Class} (and statics) while the code is the same;</li>
 *   <li>a package the program declares shared by all ranks: the job's
 *       {@link SharedProgramLoader}, which defines it once;</li>
 *   <li>a class on the rank's user classpath: defined here (child first), so a program whose
 *       classes are also visible to the parent, as in tests, still gets per-rank statics;</li>
 *   <li>anything else: the parent.</li>
 * </ol>
 *
 * <p>Invariant: for every name, all ranks of one job resolve to the same parent class, to the
 * same class of the job's shared program packages, or to classes of identical bytes defined
 * by their own loaders; a class of the shared engine is never defined twice.
 */
public final class RankClassLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    private final int rank;
    private final List<String> rankLocalPackages;
    private final List<String> sharedPackages;
    private final SharedProgramLoader sharedProgram;
    private final Object attachment;

    /**
     * @param rank the world rank this loader belongs to (used in names and messages)
     * @param userClasspath the program's classpath, searched child first
     * @param rankLocalPackages packages defined anew for each rank, each one exactly (a package
     *     named here does not make its subpackages rank-local: they are the program's)
     * @param sharedPackages package prefixes always taken from the parent
     * @param parent the loader of the shared runtime
     * @param attachment the runtime's per-rank context, handed to rank-local code through
     *     {@link #attachment()}
     */
    public RankClassLoader(int rank, URL[] userClasspath, List<String> rankLocalPackages, List<String> sharedPackages,
                           ClassLoader parent, Object attachment) {
        this(rank, userClasspath, rankLocalPackages, sharedPackages, parent, null, attachment);
    }

    /**
     * As above, with the job's loader of the program packages all ranks share ({@code null}
     * when the program declares none).
     */
    public RankClassLoader(int rank, URL[] userClasspath, List<String> rankLocalPackages, List<String> sharedPackages,
                           ClassLoader parent, SharedProgramLoader sharedProgram, Object attachment) {
        super("rank-" + rank, userClasspath, parent);
        this.rank = rank;
        this.rankLocalPackages = packageNames(rankLocalPackages);
        this.sharedPackages = List.copyOf(sharedPackages);
        this.sharedProgram = sharedProgram;
        this.attachment = attachment;
    }

    public int rank() {
        return rank;
    }

    /** The per-rank object the runtime attached when it created this loader. */
    public Object attachment() {
        return attachment;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                if (isPlatform(name) || startsWithAny(name, sharedPackages)) {
                    c = getParent().loadClass(name);
                } else if (inPackages(name, rankLocalPackages)) {
                    c = defineFromParent(name);
                } else if (sharedProgram != null && sharedProgram.covers(name)) {
                    c = sharedProgram.loadClass(name);
                } else {
                    try {
                        c = findClass(name);
                    } catch (ClassNotFoundException notOnUserClasspath) {
                        c = getParent().loadClass(name);
                    }
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    static boolean isPlatform(String name) {
        return name.startsWith("java.") || name.startsWith("jdk.") || name.startsWith("sun.");
    }

    /** Whether the class {@code className} is in one of {@code packages} itself (not in a subpackage). */
    static boolean inPackages(String className, List<String> packages) {
        int dot = className.lastIndexOf('.');
        return packages.contains(dot < 0 ? "" : className.substring(0, dot));
    }

    /** The names of whole packages, checked: a prefix ending in '.' would match nothing and is refused. */
    static List<String> packageNames(List<String> packages) {
        for (String p : packages) {
            if (p.isEmpty() || p.endsWith(".")) {
                throw new IllegalArgumentException("'" + p + "' is not a package name (rank-local packages are named whole)");
            }
        }
        return List.copyOf(packages);
    }

    static boolean startsWithAny(String name, List<String> prefixes) {
        for (String prefix : prefixes) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private Class<?> defineFromParent(String name) throws ClassNotFoundException {
        String path = name.replace('.', '/') + ".class";
        URL url = getParent().getResource(path);
        if (url == null) {
            throw new ClassNotFoundException(name + " (rank-local runtime class not found by " + getParent() + ")");
        }
        try {
            URLConnection connection = url.openConnection();
            byte[] bytes;
            try (InputStream in = connection.getInputStream()) {
                bytes = in.readAllBytes();
            }
            URL location = connection instanceof JarURLConnection jar ? jar.getJarFileURL() : url;
            // One protection domain per code source (SecureClassLoader caches it), as the JDK's
            // loaders do. A domain per class would make JDK 17's class lookups for the JIT fail
            // until each class had resolved each other one itself, and C2 then refuses to
            // inline across them ("unloaded signature classes"), so Recv's Status escapes.
            return defineClass(name, bytes, 0, bytes.length, new CodeSource(location, (Certificate[]) null));
        } catch (IOException e) {
            throw new ClassNotFoundException(name + ": cannot read " + url, e);
        }
    }
}
