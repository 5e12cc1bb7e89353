package org.hympj.comm.profile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code hympjrun --profile[=FILE]} does around a job and {@code hympjrun profile-report DIR}
 * does after one: reads the JVMs' recordings one by one, merges them into one (a recording file is
 * a sequence of chunks, so the files are concatenated), and writes the report beside it:
 * {@code STEM.jfr} (for JDK Mission Control), {@code STEM.txt} (the report it prints),
 * {@code STEM.csv} and {@code STEM.png}. The JVMs' own files stay: the JDK's reader
 * ({@code jfr}, {@code RecordingFile}) takes a chunk's metadata for the next one's when their ids
 * agree, which chunks of different JVMs may, so it reads only them reliably.
 */
public final class ProfileCommand {
    /** The merged recording of {@code hympjrun --profile} without a file. */
    public static final String DEFAULT_FILE = "hympj-profile.jfr";

    private final Path stem;

    private ProfileCommand(Path stem) {
        this.stem = stem;
    }

    /**
     * The command that writes {@code file} (a name ending in {@code .jfr}, or one it is added to)
     * and the files beside it.
     *
     * @param file the merged recording to write
     * @return the command
     */
    public static ProfileCommand writing(Path file) {
        String name = file.getFileName().toString();
        return new ProfileCommand(file.resolveSibling(name.endsWith(".jfr") ? name.substring(0, name.length() - 4) : name));
    }

    /**
     * The directory where the JVMs of a job profiled by this command record, beside its output:
     * {@code STEM.parts}, made, or emptied of the recordings of an earlier profile of the same
     * name, as its other files are replaced.
     *
     * @return the directory
     * @throws IOException if it cannot be made or emptied
     */
    public Path recordingDirectory() throws IOException {
        Path dir = Files.createDirectories(sibling(".parts"));
        for (Path earlier : ProfileData.recordingsIn(dir)) {
            Files.delete(earlier);
        }
        return dir;
    }

    private Path sibling(String suffix) {
        return stem.resolveSibling(stem.getFileName() + suffix);
    }

    /**
     * Reads the recordings in {@code directory}, writes the merged recording, the report, the CSV
     * and the chart, and prints the report and where they are to {@code out}. Returns 0, or 1 with
     * the reason on {@code err} when there is no recording to read.
     *
     * @param directory where the JVMs of the job recorded
     * @param out where the report goes
     * @param err where a failure is told
     * @return the exit status
     */
    public int report(Path directory, PrintStream out, PrintStream err) {
        try {
            List<Path> parts = ProfileData.recordingsIn(directory);
            if (parts.isEmpty()) {
                err.println("hympjrun: no recording (.jfr) in " + directory + ": was the job run with -D"
                    + "hympj.profile.dir=" + directory + " or HYMPJ_PROFILE_DIR?");
                return 1;
            }
            ProfileReport report = new ProfileReport(ProfileData.read(parts));
            Path jfr = sibling(".jfr");
            merge(parts, jfr);
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            try (PrintStream textOut = new PrintStream(text, true, StandardCharsets.UTF_8)) {
                report.print(textOut);
            }
            Path txt = sibling(".txt");
            Files.write(txt, text.toByteArray());
            Path csv = sibling(".csv");
            report.writeCsv(csv);
            Path png = sibling(".png");
            ProfileChart.write(report.nanosByRankAndCall(), png);
            out.print(text.toString(StandardCharsets.UTF_8));
            out.println();
            out.println("hympjrun: profile of " + parts.size() + " JVM" + (parts.size() == 1 ? "" : "s") + " written to " + jfr
                + " (JDK Mission Control), " + txt + ", " + csv + " and " + png + "; each JVM's recording is in " + directory);
            return 0;
        } catch (IOException e) {
            err.println("hympjrun: cannot write the profile of " + directory + ": " + e.getMessage());
            return 1;
        }
    }

    private static void merge(List<Path> parts, Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            for (Path part : parts) {
                Files.copy(part, out);
            }
        }
    }

    /**
     * {@code hympjrun profile-report DIR [FILE]}: the report of the recordings a job left in DIR
     * (under mpirun or srun, each JVM records into {@code hympj.profile.dir}), written as FILE
     * (default {@code DIR.jfr}) and the files beside it.
     *
     * @param args DIR and, optionally, FILE
     * @param out where the report goes
     * @param err where a usage error or failure is told
     * @return the exit status: 0, 1 when nothing could be read or written, 2 for a bad command line
     */
    public static int main(List<String> args, PrintStream out, PrintStream err) {
        if (args.isEmpty() || args.size() > 2 || !Files.isDirectory(Path.of(args.get(0)))) {
            err.println("hympjrun: usage: hympjrun profile-report DIR [FILE.jfr], DIR being the directory a job recorded into"
                + (args.isEmpty() ? "" : " (" + args.get(0) + " is not a directory)"));
            return 2;
        }
        Path dir = Path.of(args.get(0)).toAbsolutePath().normalize();
        Path file = args.size() == 2 ? Path.of(args.get(1)) : dir.resolveSibling(dir.getFileName() + ".jfr");
        return writing(file.toAbsolutePath()).report(dir, out, err);
    }
}
