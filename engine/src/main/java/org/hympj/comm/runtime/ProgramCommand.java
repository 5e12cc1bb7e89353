package org.hympj.comm.runtime;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * The command a job's ranks run: the program's main class and its arguments, which MPI's
 * {@code MPI_INFO_ENV} reports as {@code command} and {@code argv}. A launcher that starts
 * ranks from a main class ({@link ThreadJob}, for thread ranks and for ranks in JVMs of their
 * own) records it on the {@link Job}; a JVM started as {@code java Main args...} (by mpirun,
 * srun or by hand) has it in the JDK's {@code sun.java.command} property.
 *
 * <p>Invariant: {@code mainClass} is never null (empty when the JVM does not say), and
 * {@code args} is a copy no caller can change.
 */
public final class ProgramCommand {
    private final String mainClass;
    private final String[] args;

    private ProgramCommand(String mainClass, String[] args) {
        this.mainClass = mainClass;
        this.args = args;
    }

    /** The command of a program started from {@code mainClass} with {@code args}. */
    public static ProgramCommand of(String mainClass, String[] args) {
        return new ProgramCommand(mainClass, args.clone());
    }

    /** The command this JVM was started with: the first word of {@code sun.java.command} and the words after it. */
    public static ProgramCommand ofThisJvm() {
        return parse(System.getProperty("sun.java.command", ""));
    }

    /** The command of a {@code sun.java.command} line: its first word, then the program's arguments. */
    static ProgramCommand parse(String javaCommand) {
        String line = javaCommand.trim();
        if (line.isEmpty()) {
            return new ProgramCommand("", new String[0]);
        }
        String[] words = line.split("\\s+");
        return new ProgramCommand(words[0], Arrays.copyOfRange(words, 1, words.length));
    }

    /**
     * The program's name as MPI's {@code command} key gives it: the main class without its
     * package (as a C program's is its file name without directories), or the file name of
     * the jar the JVM ran.
     */
    public String command() {
        if (mainClass.endsWith(".jar")) {
            return Path.of(mainClass).getFileName().toString();
        }
        return mainClass.substring(mainClass.lastIndexOf('.') + 1);
    }

    /** The program's arguments joined by single spaces, as MPI's {@code argv} key gives them. */
    public String argv() {
        return String.join(" ", args);
    }
}
