package org.hympj.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Segments and job directories: layout, permissions, validation, cleanup, and sweeping after crashes. */
@Timeout(60)
class SharedSegmentTest {
    @TempDir
    Path base;

    @Test
    void aSegmentIsCreatedPrivateWithItsHeaderAndSharedByMapping() throws Exception {
        JobId job = JobId.random();
        try (JobDirectory dir = JobDirectory.open(base, job)) {
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.path())));
            assertEquals("hympj-" + job, dir.path().getFileName().toString());
            SharedSegment a = dir.createSegment("ring-0-1", 1 << 16);
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(a.path())));
            assertEquals(SegmentHeaderDescriptor.HEADER_LENGTH + (1 << 16), Files.size(a.path()));
            assertEquals(job, a.jobId());
            assertEquals(ProcessIdentity.current(), a.creator());
            assertTrue(a.createdHere());
            try (SharedSegment b = dir.openSegment("ring-0-1")) {
                assertFalse(b.createdHere());
                a.data().putLongVolatile(128, 0x1234_5678_9ABCL);
                assertEquals(0x1234_5678_9ABCL, b.data().getLongVolatile(128), "two mappings of one file share memory");
                assertEquals(1 << 16, b.data().capacity());
                assertEquals(0, b.heartbeats());
                a.heartbeat();
                a.heartbeat();
                assertEquals(2, b.heartbeats(), "the other mapping sees each beat");
            }
        }
        try (var left = Files.list(base)) {
            assertEquals(0, left.count(), "closing the directory unlinks its segments and removes it");
        }
    }

    @Test
    void closingLeavingMappingsRemovesTheFilesAndKeepsTheMemoryReachable() throws Exception {
        JobId job = JobId.random();
        JobDirectory dir = JobDirectory.open(base, job);
        SharedSegment own = dir.createSegment("ring-0-1", 1 << 16);
        own.data().putLongVolatile(64, 42);
        dir.closeLeavingMappings();
        try (var left = Files.list(base)) {
            assertEquals(0, left.count(), "the segment and the directory are removed");
        }
        // A thread that has not seen the job end may still poll: the memory is there until the process ends.
        own.data().putLongVolatile(64, 43);
        assertEquals(43, own.data().getLongVolatile(64));
        own.close();
    }

    @Test
    void badSegmentsAndNamesAreRefusedWithAReason() throws Exception {
        JobId job = JobId.random();
        try (JobDirectory dir = JobDirectory.open(base, job)) {
            dir.createSegment("a", 64);
            assertTrue(assertThrows(SharedMemoryException.class, () -> dir.createSegment("a", 64))
                .getMessage().contains("already exists"));
            assertTrue(assertThrows(SharedMemoryException.class, () -> dir.openSegment("missing"))
                .getMessage().contains("does not exist"));
            Files.write(dir.path().resolve("short"), new byte[10]);
            Files.setPosixFilePermissions(dir.path().resolve("short"), OwnFiles.FILE_MODE);
            assertTrue(assertThrows(SharedMemoryException.class, () -> dir.openSegment("short"))
                .getMessage().contains("shorter than its header"));
            Files.write(dir.path().resolve("junk"), new byte[4096]);
            byte[] junk = new byte[4096];
            junk[0] = 7;
            Files.write(dir.path().resolve("junk"), junk);
            Files.setPosixFilePermissions(dir.path().resolve("junk"), OwnFiles.FILE_MODE);
            assertTrue(assertThrows(SharedMemoryException.class, () -> dir.openSegment("junk"))
                .getMessage().contains("wrong magic number"));
            assertThrows(IllegalArgumentException.class, () -> dir.createSegment("../escape", 64));
            assertThrows(IllegalArgumentException.class, () -> dir.createSegment("", 64));
            Files.deleteIfExists(dir.path().resolve("short"));
            Files.deleteIfExists(dir.path().resolve("junk"));
        }
        try (JobDirectory mine = JobDirectory.open(base, job); JobDirectory other = JobDirectory.open(base, JobId.random())) {
            mine.createSegment("x", 64);
            Files.copy(mine.path().resolve("x"), other.path().resolve("x"));
            Files.setPosixFilePermissions(other.path().resolve("x"), OwnFiles.FILE_MODE);
            SharedMemoryException wrongJob = assertThrows(SharedMemoryException.class, () -> other.openSegment("x"));
            assertTrue(wrongJob.getMessage().contains("belongs to job " + job), wrongJob.getMessage());
            Files.delete(other.path().resolve("x"));
        }
        SharedMemoryException missing = assertThrows(SharedMemoryException.class,
            () -> JobDirectory.open(base.resolve("nowhere"), JobId.random()));
        assertTrue(missing.getMessage().contains("does not exist") && missing.getMessage().contains("hympj.shm.dir"));
    }

    @Test
    void jobIdsRoundTripThroughTheirNames() {
        JobId id = JobId.random();
        assertEquals(id, JobId.parse(id.toString()));
        assertEquals(32, id.toString().length());
    }

    @Test
    void sweepingRemovesDeadJobsOnlyAndLeavesEverythingElse() throws Exception {
        // A job whose only segment was created by a process that has ended.
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        JobId deadJob = JobId.random();
        Path dead = fakeJob(deadJob, new ProcessIdentity(gone.pid(), System.currentTimeMillis()));
        // A live pid (ours) with the wrong start time: the pid was reused, the creator is dead.
        Path reused = fakeJob(JobId.random(), new ProcessIdentity(ProcessHandle.current().pid(), 1_000));
        // A live job: ours.
        JobDirectory live = JobDirectory.open(base, JobId.random());
        live.createSegment("alive", 64);
        // An empty job directory: stale only once older than the grace period.
        Path fresh = jobDirectory(base, JobId.random());
        Path old = jobDirectory(base, JobId.random());
        Files.setLastModifiedTime(old, FileTime.fromMillis(System.currentTimeMillis() - 120_000));
        Path unrelated = Files.createDirectory(base.resolve("someone-else"));

        List<Path> removed = StaleJobSweeper.sweep(base, Duration.ofSeconds(60));
        assertTrue(removed.contains(dead) && removed.contains(reused) && removed.contains(old), removed.toString());
        assertEquals(3, removed.size(), removed.toString());
        assertTrue(Files.isDirectory(live.path()) && Files.isDirectory(fresh) && Files.isDirectory(unrelated));
        live.close();
        Files.delete(fresh);
    }

    @Test
    void aSegmentWhoseCreatorDiedBeforeItsHeaderStaysAndOneThatDiedReservingGoes() throws Exception {
        // Its creator has stored the magic number and not yet its pid, as a header is written
        // before its state says RESERVING: a sweep must not read pid 0 and take the job for dead,
        // and without a creator nothing proves the file a dead job's, however old.
        JobId startingJob = JobId.random();
        Path starting = jobDirectory(base, startingJob);
        Path file = starting.resolve("jvm-0");
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer magic = ByteBuffer.allocate(8).order(ByteOrder.nativeOrder()).putLong(SegmentHeaderDescriptor.MAGIC);
            ch.write(magic.flip(), SegmentHeaderDescriptor.MAGIC_OFFSET);
            ch.write(ByteBuffer.allocate(1), SegmentHeaderDescriptor.HEADER_LENGTH + 63);
        }
        Files.setPosixFilePermissions(file, OwnFiles.FILE_MODE);
        assertEquals(List.of(), creators(starting), "an unfinished header names no creator");
        // Beside it, a job whose creator died while reserving its segment's pages: its header names it.
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        JobId reservingJob = JobId.random();
        Path reserving = jobDirectory(base, reservingJob);
        fakeSegment(reserving.resolve("jvm-0"), reservingJob, new ProcessIdentity(gone.pid(), 0), SegmentHeaderDescriptor.STATE_RESERVING);
        assertEquals(List.of(new ProcessIdentity(gone.pid(), 0)), creators(reserving));

        long old = System.currentTimeMillis() - 120_000;
        Files.setLastModifiedTime(starting, FileTime.fromMillis(old));
        Files.setLastModifiedTime(file, FileTime.fromMillis(old));
        assertEquals(List.of(reserving), StaleJobSweeper.sweep(base, Duration.ofSeconds(60)));
        assertTrue(Files.exists(file), "a file that proves nothing stays");
        Files.delete(file);
    }

    /**
     * Jobs start while others sweep, as every JVM of a node does when it joins: a sweep that
     * looks at a segment in the middle of its creation must leave it, whatever the interleaving.
     */
    @Test
    void segmentsBeingCreatedSurviveSweepsRunningAtTheSameTime() throws Exception {
        AtomicBoolean creating = new AtomicBoolean(true);
        AtomicInteger sweeps = new AtomicInteger();
        List<Path> swept = new CopyOnWriteArrayList<>();
        Thread[] sweepers = new Thread[2];
        for (int t = 0; t < sweepers.length; t++) {
            sweepers[t] = new Thread(() -> {
                while (creating.get()) {
                    swept.addAll(StaleJobSweeper.sweep(base, Duration.ofSeconds(60)));
                    sweeps.incrementAndGet();
                }
            });
            sweepers[t].start();
        }
        try {
            for (int job = 0; job < 3_000 && swept.isEmpty(); job++) {
                try (JobDirectory dir = JobDirectory.open(base, JobId.random())) {
                    SharedSegment segment = dir.createSegment("jvm-" + job % 4, 64);
                    assertTrue(Files.exists(segment.path()), "job " + job + ": its segment was swept while it lived");
                }
            }
        } finally {
            creating.set(false);
            for (Thread t : sweepers) {
                t.join();
            }
        }
        assertEquals(List.of(), swept, "live jobs were swept");
        assertTrue(sweeps.get() > 0);
    }

    @Test
    void aStoppedProcessIsToldFromARunningOne() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "60").start();
        try {
            ProcessIdentity p = new ProcessIdentity(sleeper.pid(), 0);
            assertFalse(p.isStopped(), "sleeping is not stopped");
            signal("STOP", sleeper.pid());
            long deadline = System.currentTimeMillis() + 5_000;
            while (!p.isStopped() && System.currentTimeMillis() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(p.isStopped(), "after SIGSTOP");
            signal("CONT", sleeper.pid());
            while (p.isStopped() && System.currentTimeMillis() < deadline) {
                Thread.sleep(10);
            }
            assertFalse(p.isStopped(), "after SIGCONT");
        } finally {
            sleeper.destroyForcibly().waitFor();
        }
        assertFalse(new ProcessIdentity(sleeper.pid(), 0).isStopped(), "a process that is gone");
    }

    @Test
    void aRunningJvmAskedForItsThreadsPrintsThemAndRunsOn() throws Exception {
        Process child = startChild(JobId.random(), "hang");
        try {
            ProcessIdentity p = new ProcessIdentity(child.pid(), 0);
            assertTrue(p.requestThreadDump(), "SIGQUIT sent");
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            boolean dumped = false;
            for (String line; !dumped && (line = out.readLine()) != null; ) {
                dumped = line.startsWith("Full thread dump");
            }
            assertTrue(dumped, "the JVM printed its threads");
            assertTrue(child.isAlive(), "and runs on");
        } finally {
            child.destroyForcibly().waitFor();
        }
        assertFalse(new ProcessIdentity(child.pid(), 0).requestThreadDump(), "a process that is gone");
    }

    private static void signal(String name, long pid) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start().waitFor());
    }

    private Path fakeJob(JobId job, ProcessIdentity creator) throws Exception {
        Path dir = jobDirectory(base, job);
        fakeSegment(dir.resolve("seg"), job, creator, SegmentHeaderDescriptor.STATE_READY);
        return dir;
    }

    /** The creators that the headers of the segments in job directory {@code dir} prove, as a sweep reads them. */
    private static List<ProcessIdentity> creators(Path dir) throws Exception {
        List<ProcessIdentity> creators = new java.util.ArrayList<>();
        try (SecureDirectoryStream<Path> opened = OwnFiles.open(dir)) {
            for (Path entry : JobDirectory.entries(opened)) {
                SharedSegment.Header header = JobDirectory.provenHeader(opened, entry);
                if (header != null) {
                    creators.add(header.creator());
                }
            }
        }
        return creators;
    }

    /** A job directory as a job makes it: mode 0700, of this user. */
    static Path jobDirectory(Path base, JobId job) throws Exception {
        return Files.createDirectory(base.resolve("hympj-" + job), PosixFilePermissions.asFileAttribute(OwnFiles.DIRECTORY_MODE));
    }

    /** A segment of {@code job} at {@code file} (mode 0600) whose header names {@code creator} and is in {@code state}. */
    static void fakeSegment(Path file, JobId job, ProcessIdentity creator, int state) throws Exception {
        try (FileChannel ch = FileChannel.open(file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
            StandardOpenOption.WRITE), PosixFilePermissions.asFileAttribute(OwnFiles.FILE_MODE))) {
            SharedSegment.create(ch, file, job, 64).close();
            ByteBuffer fields = ByteBuffer.allocate(16).order(ByteOrder.nativeOrder());
            fields.putLong(creator.pid()).putLong(creator.startMillis()).flip();
            ch.write(fields, SegmentHeaderDescriptor.CREATOR_PID_OFFSET);
            ch.write(ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(state).flip(), SegmentHeaderDescriptor.STATE_OFFSET);
        }
    }

    @Test
    void aProcessKilledWithSigkillLeavesFilesThatTheSweepRemoves() throws Exception {
        JobId job = JobId.random();
        Process child = startChild(job, "hang");
        Path dir = base.resolve("hympj-" + job);
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "the child made its segment");
        }
        assertTrue(StaleJobSweeper.sweep(base, Duration.ofSeconds(60)).isEmpty(), "a live job is not swept");
        child.destroyForcibly();
        assertTrue(child.waitFor(10, TimeUnit.SECONDS));
        assertTrue(Files.isDirectory(dir), "SIGKILL gave the child no chance to clean up");
        assertEquals(List.of(dir), StaleJobSweeper.sweep(base, Duration.ofSeconds(60)));
        assertFalse(Files.exists(dir));
    }

    @Test
    void aProcessThatExitsWithoutClosingIsCleanedUpByItsShutdownHook() throws Exception {
        JobId job = JobId.random();
        Process child = startChild(job, "exit");
        assertTrue(child.waitFor(20, TimeUnit.SECONDS));
        assertEquals(0, child.exitValue());
        assertFalse(Files.exists(base.resolve("hympj-" + job)), "the shutdown hook unlinked the segment and the directory");
    }

    @Test
    void aSegmentTakesItsMemoryWhenItIsCreated() throws Exception {
        // On a tmpfs a sparse segment would take its pages only as its rings first reach them,
        // and a tmpfs filled by others meanwhile would fail that store with SIGBUS.
        Path shm = Path.of("/dev/shm");
        FileStore store = Files.getFileStore(shm);
        int bytes = 64 << 20;
        try (JobDirectory dir = JobDirectory.open(shm, JobId.random())) {
            long before = store.getUsableSpace();
            dir.createSegment("reserved", bytes);
            long taken = before - store.getUsableSpace();
            assertTrue(taken >= bytes - (4 << 20), "creating a segment of " + bytes + " bytes took " + taken + " of /dev/shm");
        }
    }

    @Test
    void aProcessThatMapsASegmentWhileItIsCreatedSeesItsWholeLength() throws Exception {
        // As RingPath's wire-up does: wait for the file to pass its header's length, then map it.
        JobId job = JobId.random();
        int bytes = 64 << 20;
        try (JobDirectory creator = JobDirectory.open(Path.of("/dev/shm"), job);
             JobDirectory opener = JobDirectory.open(Path.of("/dev/shm"), job)) {
            Path file = opener.path().resolve("growing");
            long[] seen = {-1};
            Thread mapper = new Thread(() -> {
                try {
                    while (!Files.exists(file) || Files.size(file) <= SegmentHeaderDescriptor.HEADER_LENGTH) {
                        Thread.onSpinWait();
                    }
                    seen[0] = opener.openSegment("growing").data().capacity();
                } catch (Exception e) {
                    seen[0] = -2;
                }
            });
            mapper.start();
            creator.createSegment("growing", bytes);
            mapper.join(30_000);
            assertEquals(bytes, seen[0], "the mapping's data length");
        }
    }

    @Test
    void aSegmentRefusedForLackOfSpaceWhileItIsWrittenLeavesNoFile() throws Exception {
        // Past JobDirectory's check of the free space, as when others fill the tmpfs between that
        // check and the creation: a child whose file-size limit (bash's ulimit -f, in KiB) fails
        // the segment's writes as a full tmpfs would (the JVM ignores the SIGXFSZ that comes with them).
        JobId job = JobId.random();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder("bash", "-c", "ulimit -f 1024 && exec \"$@\"", "child", java, "-XX:-UsePerfData",
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
            SegmentChild.class.getName(), base.toString(), job.toString(), "too-big").redirectErrorStream(true).start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        assertTrue(out.contains("refused: not enough shared memory for segment " + base.resolve("hympj-" + job).resolve("big"))
            && out.contains("hympj.shm.dir"), out);
        assertTrue(out.contains("left: 0"), "the refused segment's file stayed:\n" + out);
        assertFalse(Files.exists(base.resolve("hympj-" + job)), out);
    }

    /**
     * A job directory asked for while the JVM shuts down cannot register its own exit hook;
     * it is refused, and the directory its mkdir made goes too.
     */
    @Test
    void aJobDirectoryRefusedDuringShutdownLeavesNoDirectory() throws Exception {
        JobId job = JobId.random();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-XX:-UsePerfData", "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-cp", System.getProperty("java.class.path"), SegmentChild.class.getName(), base.toString(), job.toString(),
            "at-exit").redirectErrorStream(true).start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        assertTrue(out.contains("refused: cannot open the job directory " + base.resolve("hympj-" + job)), out);
        assertFalse(Files.exists(base.resolve("hympj-" + job)), "the refused job's directory stayed:\n" + out);
    }

    @Test
    void aSegmentLargerThanWhatIsLeftIsRefusedBeforeItHasAFile() throws Exception {
        // A tmpfs of 8 MiB of our own, which only a root that may mount has; elsewhere the test is skipped.
        Path small = Files.createTempDirectory("hympj-small-tmpfs");
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", small.toString())
            .redirectErrorStream(true).start();
        boolean mounted = mount.waitFor(10, TimeUnit.SECONDS) && mount.exitValue() == 0;
        try {
            assumeTrue(mounted, "cannot mount a tmpfs here");
            try (JobDirectory dir = JobDirectory.open(small, JobId.random())) {
                SharedMemoryException full = assertThrows(SharedMemoryException.class, () -> dir.createSegment("big", 16 << 20));
                assertTrue(full.getMessage().contains("not enough shared memory") && full.getMessage().contains("hympj.shm.dir"),
                    full.getMessage());
                try (var left = Files.list(dir.path())) {
                    assertEquals(0, left.count(), "the refused segment has no file");
                }
            }
        } finally {
            if (mounted) {
                new ProcessBuilder("umount", small.toString()).start().waitFor(10, TimeUnit.SECONDS);
            }
            Files.deleteIfExists(small);
        }
    }

    @Test
    void theDefaultBaseIsDevShmAndRealSegmentsWorkThere() {
        String saved = System.getProperty("hympj.shm.dir");
        System.clearProperty("hympj.shm.dir");
        try {
            if (System.getenv("HYMPJ_SHM_DIR") == null) {
                assertEquals(Path.of("/dev/shm"), JobDirectory.baseDirectory());
            }
            try (JobDirectory dir = JobDirectory.open(JobId.random())) {
                SharedSegment s = dir.createSegment("probe", 4096);
                s.data().putIntVolatile(0, 5);
                assertEquals(5, s.data().getIntVolatile(0));
                assertTrue(Files.exists(s.path()));
            }
        } finally {
            if (saved != null) {
                System.setProperty("hympj.shm.dir", saved);
            }
        }
    }

    private Process startChild(JobId job, String mode) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-cp", System.getProperty("java.class.path"), SegmentChild.class.getName(), base.toString(), job.toString(), mode)
            .redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        assertEquals("ready", line, "child output");
        return child;
    }
}
