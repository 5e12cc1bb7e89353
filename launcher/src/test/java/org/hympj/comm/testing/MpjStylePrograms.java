package org.hympj.comm.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The programs of {@code src/test/programs}, written the way MPJ Express and mpiJava users
 * write them (classes that are not public, the default package, packages under {@code mpi.},
 * JEP 512's mains), compiled against this build's {@code mpi} package into a directory of the
 * caller's. They are kept off the test class path on purpose: a rank must find them on the
 * class path its launcher was given, as a user's program is found.
 */
public final class MpjStylePrograms {
    /** Programs that {@code java} runs on every JDK from 17. */
    public static final List<String> RUN_ON_EVERY_JDK = List.of("Hello", "mpi.mytests.PkgTest", "InheritedMain");
    /** Programs whose main is one of JEP 512's forms, which {@code java} runs from JDK 25 on. */
    public static final List<String> RUN_FROM_JDK_25 = List.of("InstanceMain", "NoArgMain");

    private static final Path SOURCES = Path.of(System.getProperty("user.dir"), "src", "test", "programs");

    private MpjStylePrograms() {
    }

    /** Compiles every program into {@code dir} and returns it. */
    public static Path compileInto(Path dir) throws IOException {
        List<String> args = new ArrayList<>(List.of("--release", "17", "-proc:none", "-d", dir.toString(),
            "-cp", System.getProperty("java.class.path")));
        try (Stream<Path> files = Files.walk(SOURCES)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> args.add(f.toString()));
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        if (javac.run(null, messages, messages, args.toArray(new String[0])) != 0) {
            throw new IllegalStateException("the programs of " + SOURCES + " do not compile:\n"
                + messages.toString(StandardCharsets.UTF_8));
        }
        return dir;
    }

    /** The line each program prints on every rank that ran it, or on rank 0 for InheritedMain. */
    public static String marker(String program) {
        String simple = program.substring(program.lastIndexOf('.') + 1);
        return simple + ": ";
    }
}
