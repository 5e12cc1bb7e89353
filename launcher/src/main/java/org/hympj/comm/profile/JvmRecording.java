package org.hympj.comm.profile;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.hympj.comm.events.CallEvents;

/**
 * The Flight Recorder recording of one JVM of a profiled job: HyMPJ's events only (the settings
 * {@code hympj-profile.jfc}), written into the job's profile directory as
 * {@code <host>-<pid>.jfr} when it stops, or when the JVM exits if nothing stops it (a JVM that
 * mpirun or srun started ends with its program).
 */
public final class JvmRecording implements AutoCloseable {
    /** The settings a profiled JVM records with, a resource beside this class. */
    static final String SETTINGS = "hympj-profile.jfc";
    /** How often a recording's start rehearses the recording of calls, each time until the JIT has settled. */
    static final int REHEARSALS = 3;

    private final Recording recording;

    private JvmRecording(Recording recording) {
        this.recording = recording;
    }

    /**
     * Starts this JVM's recording into the profile directory that {@code configuration} names
     * (made if missing), with its call threshold; returns null when it names none. Rehearses the
     * recording of calls ({@link CallEvents#rehearse}), whose code the launcher's warm-up does not
     * reach, and returns once the JIT has compiled what starting the recorder and the rehearsal
     * made hot ({@link CompilerSettling}); a launcher calls it before the warm-up, whose
     * compilations would otherwise wait behind the recorder's and be compiled again while the
     * ranks run.
     *
     * @param configuration the JVM's settings: {@code hympj.profile.dir}, {@code hympj.profile.call.micros},
     *     {@code hympj.profile.timed.every}
     * @return the recording, to {@link #close} when the JVM's ranks have ended; null without a directory
     * @throws UncheckedIOException if the directory cannot be made or the settings cannot be read
     */
    public static JvmRecording startIn(org.hympj.comm.runtime.Configuration configuration) {
        String directory = configuration.profileDir();
        if (directory == null) {
            return null;
        }
        CallEvents.callThresholdMicros(configuration.profileCallMicros());
        CallEvents.timedEvery(configuration.profileTimedEvery());
        try {
            Path dir = Files.createDirectories(Path.of(directory));
            Recording recording = new Recording(settings());
            recording.setName("HyMPJ profile");
            recording.setToDisk(true);
            recording.setDumpOnExit(true);
            recording.setDestination(dir.resolve(hostName() + "-" + ProcessHandle.current().pid() + ".jfr"));
            recording.start();
            // The engine may have made its first calls (the warm-up's) before the recorder ran.
            CallEvents.watchRecordings();
            CompilerSettling.await();
            // A rehearsal's calls outrun the JIT: the next one runs the code compiled for the one
            // before, whose profile the optimizing tier compiles from.
            for (int i = 0; i < REHEARSALS; i++) {
                CallEvents.rehearse();
                CompilerSettling.await();
            }
            return new JvmRecording(recording);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record this JVM's profile in " + directory + ": " + e.getMessage(), e);
        }
    }

    /** HyMPJ's recording settings. */
    static Configuration settings() throws IOException {
        try (Reader in = new InputStreamReader(JvmRecording.class.getResourceAsStream(SETTINGS), StandardCharsets.UTF_8)) {
            return Configuration.create(in);
        } catch (ParseException e) {
            throw new IllegalStateException("HyMPJ's recording settings " + SETTINGS + " do not parse", e);
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    /** Stops the recording, which writes it to its file, and releases it. */
    @Override
    public void close() {
        recording.stop();
        recording.close();
    }
}
