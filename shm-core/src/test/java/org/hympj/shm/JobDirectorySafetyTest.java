package org.hympj.shm;

import static org.hympj.shm.SharedSegmentTest.fakeSegment;
import static org.hympj.shm.SharedSegmentTest.jobDirectory;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What other local users plant or pre-make in the shared-memory directory: the sweep follows
 * no link and removes only what it proves is a dead job's segment of this user; a job refuses
 * a directory it did not make; a job directory's name hides behind the user's key.
 */
@Timeout(60)
class JobDirectorySafetyTest {
    private static final Duration GRACE = Duration.ofSeconds(60);
    private static final long LONG_AGO = System.currentTimeMillis() - 3_600_000;

    @TempDir
    Path base;
    @TempDir
    Path elsewhere;

    @Test
    void theSweepFollowsNoLinkAndLeavesWhatALinkPointsAt() throws Exception {
        // A directory of someone's files, old enough for any grace period, behind a link named like a job directory.
        Path precious = Files.createDirectory(elsewhere.resolve("precious"));
        Path data = Files.writeString(precious.resolve("data"), "keep me");
        Path planted = Files.createSymbolicLink(base.resolve("hympj-0123456789abcdef0123456789abcdef"), precious);
        // And inside a real job directory of ours, whose one segment's creator is dead, a link to a file outside.
        Path outside = Files.writeString(elsewhere.resolve("outside"), "keep me too");
        JobId job = JobId.random();
        Path ours = jobDirectory(base, job);
        fakeSegment(ours.resolve("jvm-0"), job, deadProcess(), SegmentHeaderDescriptor.STATE_READY);
        Path inner = Files.createSymbolicLink(ours.resolve("jvm-1"), outside);
        for (Path p : List.of(data, precious, outside, ours)) {
            Files.setLastModifiedTime(p, FileTime.fromMillis(LONG_AGO));
        }

        assertEquals(List.of(), StaleJobSweeper.sweep(base, GRACE));
        assertEquals("keep me", Files.readString(data), "the file behind the planted link");
        assertEquals("keep me too", Files.readString(outside), "the file the link in the job directory points at");
        assertTrue(Files.isSymbolicLink(planted) && Files.isSymbolicLink(inner), "links are not the sweep's to remove");
        assertFalse(Files.exists(ours.resolve("jvm-0")), "the dead segment beside the link went");
    }

    @Test
    void theSweepLeavesWhatIsNotOursAndRemovesWhatDeadJobsOfOursLeft() throws Exception {
        ProcessIdentity dead = deadProcess();
        JobId openJob = JobId.random();
        Path worldWritable = jobDirectory(base, openJob);
        fakeSegment(worldWritable.resolve("jvm-0"), openJob, dead, SegmentHeaderDescriptor.STATE_READY);
        Files.setPosixFilePermissions(worldWritable, PosixFilePermissions.fromString("rwxrwxrwx"));
        JobId liveJob = JobId.random();
        Path live = jobDirectory(base, liveJob);
        fakeSegment(live.resolve("jvm-0"), liveJob, ProcessIdentity.current(), SegmentHeaderDescriptor.STATE_READY);
        fakeSegment(live.resolve("jvm-1"), liveJob, dead, SegmentHeaderDescriptor.STATE_READY);
        JobId deadJob = JobId.random();
        Path deadDirectory = jobDirectory(base, deadJob);
        fakeSegment(deadDirectory.resolve("jvm-0"), deadJob, dead, SegmentHeaderDescriptor.STATE_READY);
        JobId reservingJob = JobId.random();
        Path reserving = jobDirectory(base, reservingJob);
        fakeSegment(reserving.resolve("jvm-0"), reservingJob, dead, SegmentHeaderDescriptor.STATE_RESERVING);

        List<Path> removed = StaleJobSweeper.sweep(base, GRACE);
        assertTrue(removed.contains(deadDirectory) && removed.contains(reserving), removed.toString());
        assertEquals(2, removed.size(), removed.toString());
        assertTrue(Files.exists(worldWritable.resolve("jvm-0")), "a directory of mode 0777 is not ours to sweep");
        assertTrue(Files.exists(live.resolve("jvm-0")), "a live job's segment stays");
        assertFalse(Files.exists(live.resolve("jvm-1")), "its dead member's segment goes");
    }

    @Test
    void theSweepLeavesAnotherUsersDirectory() throws Exception {
        assumeTrue(isRoot(), "only root can give a directory to another user");
        JobId job = JobId.random();
        Path theirs = jobDirectory(base, job);
        fakeSegment(theirs.resolve("jvm-0"), job, deadProcess(), SegmentHeaderDescriptor.STATE_READY);
        Files.setOwner(theirs, nobody());
        assertEquals(List.of(), StaleJobSweeper.sweep(base, GRACE));
        assertTrue(Files.exists(theirs.resolve("jvm-0")));
    }

    @Test
    void aJobWhoseCreatorIsAZombieIsSwept() throws Exception {
        // sh starts a short sleep in the background, then becomes a long sleep, which never reaps it.
        Process parent = new ProcessBuilder("sh", "-c", "sleep 0.1 & echo $!; exec sleep 30").start();
        try {
            long zombie = Long.parseLong(new BufferedReader(new InputStreamReader(parent.getInputStream(), StandardCharsets.UTF_8))
                .readLine().trim());
            long deadline = System.currentTimeMillis() + 10_000;
            while (!Files.readString(Path.of("/proc", Long.toString(zombie), "stat")).contains(") Z ")) {
                assumeTrue(System.currentTimeMillis() < deadline, "the child never became a zombie");
                Thread.sleep(20);
            }
            assertTrue(ProcessHandle.of(zombie).map(ProcessHandle::isAlive).orElse(false), "the JDK takes a zombie for alive");
            ProcessIdentity creator = new ProcessIdentity(zombie, 0);
            assertFalse(creator.isAlive(), "a zombie is dead");
            JobId job = JobId.random();
            Path dir = jobDirectory(base, job);
            fakeSegment(dir.resolve("jvm-0"), job, creator, SegmentHeaderDescriptor.STATE_READY);
            assertEquals(List.of(dir), StaleJobSweeper.sweep(base, GRACE));
        } finally {
            parent.destroyForcibly().waitFor();
        }
    }

    @Test
    void aJobRefusesADirectoryItDidNotMakeSayingWhatIsWrong() throws Exception {
        JobId open = JobId.random();
        Files.setPosixFilePermissions(jobDirectory(base, open), PosixFilePermissions.fromString("rwxrwxrwx"));
        SharedMemoryException mode = assertThrows(SharedMemoryException.class, () -> JobDirectory.open(base, open));
        assertTrue(mode.getMessage().contains(base.resolve("hympj-" + open).toString())
            && mode.getMessage().contains("has mode 0777, not 0700"), mode.getMessage());

        JobId linked = JobId.random();
        Files.createSymbolicLink(base.resolve("hympj-" + linked), Files.createDirectory(elsewhere.resolve("target"),
            PosixFilePermissions.asFileAttribute(OwnFiles.DIRECTORY_MODE)));
        SharedMemoryException link = assertThrows(SharedMemoryException.class, () -> JobDirectory.open(base, linked));
        assertTrue(link.getMessage().contains("is a symbolic link"), link.getMessage());

        JobId fresh = JobId.random();
        jobDirectory(base, fresh);
        SharedMemoryException made = assertThrows(SharedMemoryException.class, () -> JobDirectory.create(base, fresh),
            "a launcher's directory must be new");
        assertTrue(made.getMessage().contains("already exists"), made.getMessage());
    }

    @Test
    void aJobRefusesAnotherUsersDirectory() throws Exception {
        assumeTrue(isRoot(), "only root can give a directory to another user");
        JobId job = JobId.random();
        Files.setOwner(jobDirectory(base, job), nobody());
        SharedMemoryException e = assertThrows(SharedMemoryException.class, () -> JobDirectory.open(base, job));
        assertTrue(e.getMessage().contains("is owned by") && e.getMessage().contains("not by " + OwnFiles.user().getName()),
            e.getMessage());
    }

    @Test
    void aSegmentIsOpenedOnlyIfItIsAPrivateFileOfOurs() throws Exception {
        JobId job = JobId.random();
        try (JobDirectory dir = JobDirectory.open(base, job)) {
            dir.createSegment("jvm-0", 64);
            Files.createSymbolicLink(dir.path().resolve("jvm-1"), dir.path().resolve("jvm-0"));
            assertTrue(assertThrows(SharedMemoryException.class, () -> dir.openSegment("jvm-1")).getMessage()
                .contains("is a symbolic link"));
            Files.delete(dir.path().resolve("jvm-1"));
            Files.setPosixFilePermissions(dir.path().resolve("jvm-0"), PosixFilePermissions.fromString("rw-rw-rw-"));
            assertTrue(assertThrows(SharedMemoryException.class, () -> dir.openSegment("jvm-0")).getMessage()
                .contains("has mode 0666, not 0600"));
        }
    }

    @Test
    void closingAJobDirectoryRemovesTheSegmentsOfItsDeadMembers() throws Exception {
        JobId job = JobId.random();
        JobDirectory dir = JobDirectory.open(base, job);
        dir.createSegment("jvm-0", 64);
        fakeSegment(dir.path().resolve("jvm-1"), job, deadProcess(), SegmentHeaderDescriptor.STATE_READY);
        dir.close();
        assertFalse(Files.exists(dir.path()), "the killed member's segment went, and the directory with it");
    }

    @Test
    void theUsersKeyIsMadeOnceAndRefusedWhereOthersCouldTouchIt() throws Exception {
        Path keys = elsewhere.resolve("keys");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<JobId>> ids = new ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                ids.add(pool.submit((Callable<JobId>) () -> UserKey.load(keys).jobId("ompi:prterun-host-1@1:1")));
            }
            for (Future<JobId> id : ids) {
                assertEquals(ids.get(0).get(), id.get(), "every process of the user names the job alike");
            }
        } finally {
            pool.shutdown();
        }
        Path file = keys.resolve(UserKey.FILE_NAME);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        try (var left = Files.list(keys)) {
            assertEquals(List.of(file), left.toList(), "no temporary file is left");
        }
        assertNotEquals(UserKey.load(keys).jobId("a"), UserKey.load(keys).jobId("b"));

        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        assertTrue(assertThrows(SharedMemoryException.class, () -> UserKey.load(keys)).getMessage()
            .contains(file + ": it has mode 0644, not 0600"));
        Files.setPosixFilePermissions(file, OwnFiles.FILE_MODE);
        Files.setPosixFilePermissions(keys, PosixFilePermissions.fromString("rwxrwxr-x"));
        assertTrue(assertThrows(SharedMemoryException.class, () -> UserKey.load(keys)).getMessage()
            .contains("writable by others than its owner"));
        if (isRoot()) {
            Files.setPosixFilePermissions(keys, OwnFiles.DIRECTORY_MODE);
            Files.setOwner(file, nobody());
            assertTrue(assertThrows(SharedMemoryException.class, () -> UserKey.load(keys)).getMessage().contains("is owned by"));
        }
    }

    @Test
    void theKeyDirectoryPropertyIsHonouredAndOneOthersMayWriteIsRefused() throws Exception {
        Path keys = elsewhere.resolve("configured-keys");
        String saved = System.getProperty("hympj.key.dir");
        System.setProperty("hympj.key.dir", keys.toString());
        try {
            JobId id = UserKey.load().jobId("slurm:77.0");
            assertTrue(Files.isRegularFile(keys.resolve(UserKey.FILE_NAME)), "the key is made where hympj.key.dir says");
            assertEquals(id, UserKey.load(keys).jobId("slurm:77.0"));
            Files.setPosixFilePermissions(keys, PosixFilePermissions.fromString("rwxrwxrwx"));
            SharedMemoryException e = assertThrows(SharedMemoryException.class, UserKey::load);
            assertTrue(e.getMessage().contains(keys + ": it has mode 0777, writable by others than its owner")
                && e.getMessage().contains("HYMPJ_KEY_DIR"), e.getMessage());
        } finally {
            if (saved == null) {
                System.clearProperty("hympj.key.dir");
            } else {
                System.setProperty("hympj.key.dir", saved);
            }
        }
    }

    @Test
    void aHomeThatCannotHoldTheKeyFallsBackToThePrivateRuntimeDirectory() throws Exception {
        // A home where ~/.hympj cannot be made (a file has its name): as a read-only home is
        // to a user who is not root, which root, who writes anywhere, cannot be shown.
        Path home = Files.createDirectory(elsewhere.resolve("home"));
        Files.writeString(home.resolve(".hympj"), "not a directory");
        Path runtime = Files.createDirectory(elsewhere.resolve("run"), PosixFilePermissions.asFileAttribute(OwnFiles.DIRECTORY_MODE));

        JobId id = UserKey.load(null, home.toString(), runtime.toString()).jobId("ompi:prterun-host-1@1:1");
        Path key = runtime.resolve("hympj").resolve(UserKey.FILE_NAME);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(key)));
        assertEquals(id, UserKey.load(null, null, runtime.toString()).jobId("ompi:prterun-host-1@1:1"),
            "a process without a home finds the same key");

        Files.setPosixFilePermissions(runtime, PosixFilePermissions.fromString("rwxr-xr-x"));
        SharedMemoryException shared = assertThrows(SharedMemoryException.class,
            () -> UserKey.load(null, home.toString(), runtime.toString()));
        assertTrue(shared.getMessage().contains("not in " + home.resolve(".hympj"))
            && shared.getMessage().contains("has mode 0755, not 0700") && shared.getMessage().contains("hympj.key.dir"),
            shared.getMessage());
        SharedMemoryException none = assertThrows(SharedMemoryException.class, () -> UserKey.load(null, "?", null));
        assertTrue(none.getMessage().contains("no home directory") && none.getMessage().contains("XDG_RUNTIME_DIR is not set")
            && none.getMessage().contains("HYMPJ_KEY_DIR"), none.getMessage());
    }

    @Test
    void aKeyMadeInPlaceIsNeverReplacedAndIsWaitedForUntilWhole() throws Exception {
        // Where the file system refuses hard links, racing processes each create the key file itself.
        Path keys = Files.createDirectory(elsewhere.resolve("no-links"), PosixFilePermissions.asFileAttribute(OwnFiles.DIRECTORY_MODE));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<JobId>> ids = new ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                ids.add(pool.submit((Callable<JobId>) () -> {
                    byte[] mine = new byte[32];
                    new java.security.SecureRandom().nextBytes(mine);
                    try (var dir = OwnFiles.open(keys)) {
                        UserKey.makeInPlace(dir, Path.of(UserKey.FILE_NAME), mine);
                    }
                    return UserKey.load(keys).jobId("slurm:77.0");
                }));
            }
            for (Future<JobId> id : ids) {
                assertEquals(ids.get(0).get(), id.get(), "the first key made stays, and every process reads it");
            }
        } finally {
            pool.shutdown();
        }

        // A key file still being written is waited for; one whose writer died is refused, saying what to do.
        Path slow = Files.createDirectory(elsewhere.resolve("slow"), PosixFilePermissions.asFileAttribute(OwnFiles.DIRECTORY_MODE));
        Path file = Files.createFile(slow.resolve(UserKey.FILE_NAME), PosixFilePermissions.asFileAttribute(OwnFiles.FILE_MODE));
        byte[] written = new byte[32];
        written[0] = 7;
        Thread writer = new Thread(() -> {
            try {
                Thread.sleep(200);
                Files.write(file, written, java.nio.file.StandardOpenOption.APPEND);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        writer.start();
        UserKey.load(slow);
        writer.join();
        assertTrue(java.util.Arrays.equals(written, Files.readAllBytes(file)), "the key in place was read, not replaced");

        Files.write(file, new byte[5]);
        SharedMemoryException torn = assertThrows(SharedMemoryException.class, () -> UserKey.load(slow));
        assertTrue(torn.getMessage().contains(file + " holds 5 of its 32 bytes") && torn.getMessage().contains("remove it"),
            torn.getMessage());
    }

    @Test
    void theLauncherRemovesASegmentWhoseCreatorDiedBeforeItsHeader() throws Exception {
        JobId job = JobId.random();
        JobDirectory launcher = JobDirectory.create(base, job);
        // Created, and nothing written: no sweep can prove whose it is, but the launcher owns the whole directory.
        Path headerless = Files.createFile(launcher.path().resolve("jvm-1"), PosixFilePermissions.asFileAttribute(OwnFiles.FILE_MODE));
        Files.setLastModifiedTime(headerless, FileTime.fromMillis(LONG_AGO));
        Files.setLastModifiedTime(launcher.path(), FileTime.fromMillis(LONG_AGO));
        assertEquals(List.of(), StaleJobSweeper.sweep(base, GRACE));
        assertTrue(launcher.removeAll());
        assertFalse(Files.exists(launcher.path()), "the header-less file went, and the directory with it");
    }

    private static ProcessIdentity deadProcess() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        return new ProcessIdentity(gone.pid(), System.currentTimeMillis());
    }

    private static boolean isRoot() {
        return OwnFiles.user().getName().equals("root") || OwnFiles.user().getName().equals("0");
    }

    private static UserPrincipal nobody() throws Exception {
        return java.nio.file.FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName("65534");
    }
}
