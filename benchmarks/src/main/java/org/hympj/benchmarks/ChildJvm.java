package org.hympj.benchmarks;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command that starts the other end of a cross-process benchmark: this JVM's java, its
 * options (heap, {@code --add-opens}; not JMH's agents), {@code extraOptions}, and its class
 * path, followed by the caller's main class and arguments.
 */
public final class ChildJvm {
    private ChildJvm() {
    }

    public static List<String> command(List<String> extraOptions) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!option.startsWith("-agentlib") && !option.startsWith("-javaagent")) {
                command.add(option);
            }
        }
        command.addAll(extraOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path")));
        return command;
    }
}
