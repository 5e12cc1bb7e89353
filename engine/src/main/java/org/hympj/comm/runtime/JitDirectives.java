package org.hympj.comm.runtime;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.management.ObjectName;

/**
 * Compiler directives the runtime installs once per JVM, through the JDK's
 * {@code Compiler.directives_add} diagnostic command, so that users need no JVM flags.
 *
 * <p>The one directive keeps {@code mpi.Comm.receive} (the part of {@code Recv} behind its
 * status: the argument checks and the call into the engine's blocking receive) out of its
 * callers. Without it, C2 inlines it, and with it the engine's receive, into {@code Recv},
 * which then compiles too large to inline into the program's loop, and the {@code Status}
 * that {@code Recv} must return escapes. With it, {@code Recv} stays small, inlines, and
 * escape analysis removes the {@code Status} whenever the program does not keep it, so a
 * warm receive allocates nothing. Where the JVM lacks the command, nothing else changes:
 * receives are as fast and allocate their status.
 */
final class JitDirectives {
    private static final String DIRECTIVES = "[{ match: \"*.*\", inline: \"-mpi/Comm.receive\" }]";
    private static final AtomicBoolean INSTALLED = new AtomicBoolean();

    private JitDirectives() {
    }

    static void install() {
        if (!INSTALLED.compareAndSet(false, true) || Configuration.fromSystem().jitDirectivesOff()) {
            return;
        }
        try {
            Path file = Files.createTempFile("hympj-jit-", ".json");
            try {
                Files.writeString(file, DIRECTIVES);
                ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerDirectivesAdd",
                    new Object[] {new String[] {file.toString()}}, new String[] {String[].class.getName()});
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (Exception | LinkageError unavailable) {
            // No diagnostic command here (a minimal runtime image, say): the hint is an optimisation only.
        }
    }
}
