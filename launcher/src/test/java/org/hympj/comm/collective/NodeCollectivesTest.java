package org.hympj.comm.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import mpi.Comm;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.multiprocess.ProcessFaultsTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The small collectives of communicators whose ranks are on one node in several JVMs, which go
 * through a segment those JVMs map together: the random sequences of {@link HeapCollectivesTest}
 * (every root, several types and layouts, payloads on both sides of the limit, the world and
 * two halves at once) in several layouts of ranks over JVMs, oversubscribed, with waits that
 * park at once and with random delays; every predefined operation on every type it applies to,
 * checked against the local fold of every rank's contribution; counts and types that differ;
 * the segment mapped by every JVM, gone from the file system once mapped and unmapped at
 * {@code Free}; a segment that cannot be made, and the area turned off, leaving the
 * collectives on messages; a JVM killed while the others wait in the area. Each job has a
 * shared-memory directory of its own, empty when the launcher returns.
 */
@Timeout(300)
public class NodeCollectivesTest {
    @TempDir
    Path shm;
    private final Map<String, String> saved = new HashMap<>();

    @BeforeEach
    void privateSharedMemoryDirectory() {
        set("hympj.shm.dir", shm.toString());
    }

    @AfterEach
    void restore() {
        saved.forEach((k, v) -> {
            if (v == null) {
                System.clearProperty(k);
            } else {
                System.setProperty(k, v);
            }
        });
    }

    /** Sets a system property, which the launcher hands to the job's JVMs, until the test ends. */
    private void set(String name, String value) {
        saved.putIfAbsent(name, System.getProperty(name));
        System.setProperty(name, value);
    }

    private void assertNothingLeftInSharedMemory() throws IOException {
        try (Stream<Path> left = Files.list(shm)) {
            assertEquals(List.of(), left.map(Path::toString).toList(), "the job left files in shared memory");
        }
    }

    /**
     * The distinct collective-area segments this JVM has mapped. The kernel writes the list a
     * page at a time, and a mapping another thread makes or removes between two pages can
     * make a read miss an entry: the answer is a list that two reads in a row agree on.
     */
    static List<String> mappedAreas() {
        List<String> last = readMappedAreas();
        for (List<String> next = readMappedAreas(); !next.equals(last); next = readMappedAreas()) {
            last = next;
        }
        return last;
    }

    private static List<String> readMappedAreas() {
        try (Stream<String> maps = Files.lines(Path.of("/proc/self/maps"))) {
            return maps.filter(l -> l.contains("/collectives-")).map(l -> l.substring(l.lastIndexOf("/collectives-")))
                .distinct().sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The files of the job's shared-memory directory (the only hympj- one in hympj.shm.dir) whose names start so. */
    static List<String> jobFilesStartingWith(String prefix) {
        try (Stream<Path> dirs = Files.list(Path.of(System.getProperty("hympj.shm.dir")))) {
            Path job = dirs.filter(d -> d.getFileName().toString().startsWith("hympj-")).findFirst().orElseThrow();
            try (Stream<Path> files = Files.list(job)) {
                return files.map(f -> f.getFileName().toString()).filter(f -> f.startsWith(prefix)).toList();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * args: "area" or "messages", whether the collectives should go through node memory. The
     * world and two halves that span both JVMs (4 ranks in 2 JVMs: ranks 0-1 and 2-3 share
     * one) map one segment each in every JVM, none left as a file; two halves inside one JVM
     * each map none; freeing the halves unmaps theirs.
     */
    public static class AreaLifecycle {
        public static void main(String[] args) {
            MPI.Init(args);
            boolean area = args[0].equals("area");
            Intracomm world = MPI.COMM_WORLD;
            int me = world.Rank();
            world.Barrier();
            assertEquals(area ? 1 : 0, mappedAreas().size(), () -> "segments mapped after a barrier on the world: " + mappedAreas());
            Intracomm across = world.Split(me % 2, me);
            Intracomm within = world.Split(me / 2, me);
            int[] sum = new int[1];
            across.Allreduce(new int[] {me}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(me % 2 == 0 ? 2 : 4, sum[0], "Allreduce on the half that spans the JVMs");
            within.Allreduce(new int[] {me}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(me < 2 ? 1 : 5, sum[0], "Allreduce on the half inside one JVM");
            world.Barrier();
            assertEquals(area ? 3 : 0, mappedAreas().size(), () -> "segments mapped with the halves in use: " + mappedAreas());
            assertEquals(List.of(), jobFilesStartingWith("collectives-"), "a segment's file stays after every JVM mapped it");
            // Every rank looks before any frees its half: a half's segment leaves a JVM with its rank there.
            world.Barrier();
            across.Free();
            within.Free();
            world.Barrier();
            assertEquals(area ? 1 : 0, mappedAreas().size(), () -> "segments mapped after the halves were freed: " + mappedAreas());
            MPI.Finalize();
        }
    }

    /**
     * args: rounds. Every predefined operation on every type it applies to, by all-reduce and by
     * reduce to a changing root, payloads in a line, in a large block, at the limit and past it;
     * each checked bit for bit against the fold, in rank order, of every rank's contribution,
     * gathered by messages; and broadcasts of every type.
     */
    public static class EveryOpAndType {
        static final Datatype[] NUMBERS = {MPI.BYTE, MPI.SHORT, MPI.INT, MPI.LONG, MPI.FLOAT, MPI.DOUBLE};
        static final Datatype[] INTEGERS = {MPI.BYTE, MPI.SHORT, MPI.INT, MPI.LONG};
        static final Datatype[] PAIRS = {MPI.SHORT2, MPI.INT2, MPI.LONG2, MPI.FLOAT2, MPI.DOUBLE2};

        public static void main(String[] args) {
            MPI.Init(args);
            int rounds = Integer.parseInt(args[0]);
            Intracomm world = MPI.COMM_WORLD;
            int root = 0;
            for (int round = 0; round < rounds; round++) {
                for (int count : new int[] {1, 5, 40, 2048, 2049}) {
                    for (Datatype t : NUMBERS) {
                        for (Op op : new Op[] {MPI.MAX, MPI.MIN, MPI.SUM, MPI.PROD}) {
                            root = (root + 1) % world.Size();
                            check(world, t, op, count, round, root);
                        }
                    }
                    for (Datatype t : INTEGERS) {
                        for (Op op : new Op[] {MPI.BAND, MPI.BOR, MPI.BXOR}) {
                            check(world, t, op, count, round, root);
                        }
                    }
                    for (Op op : new Op[] {MPI.LAND, MPI.LOR, MPI.LXOR}) {
                        check(world, MPI.BOOLEAN, op, count, round, root);
                    }
                    for (Datatype t : PAIRS) {
                        for (Op op : new Op[] {MPI.MAXLOC, MPI.MINLOC}) {
                            check(world, t, op, count / 2, round, root);
                        }
                    }
                    for (Datatype t : new Datatype[] {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG, MPI.FLOAT,
                        MPI.DOUBLE}) {
                        bcast(world, t, count, round, root);
                    }
                }
            }
            MPI.Finalize();
        }

        /** A buffer of {@code items} of {@code t} holding rank {@code rank}'s contribution in {@code round}. */
        static Object contribution(Datatype t, int items, int rank, int round) {
            int elements = items * (t == MPI.SHORT2 || t == MPI.INT2 || t == MPI.LONG2 || t == MPI.FLOAT2 || t == MPI.DOUBLE2 ? 2 : 1);
            Object a = newArray(t, elements);
            for (int i = 0; i < elements; i++) {
                // Small integers: sums and products of floating point are exact, and MAXLOC
                // and MINLOC meet ties, which the lower index wins.
                int v = (rank * 7 + i * 3 + round) % 5 - 2;
                if (elements != items && i % 2 == 1) {
                    v = rank;
                }
                set(a, i, v);
            }
            return a;
        }

        static Object newArray(Datatype t, int elements) {
            Class<?> c = t == MPI.BYTE ? byte.class : t == MPI.CHAR ? char.class : t == MPI.SHORT || t == MPI.SHORT2 ? short.class
                : t == MPI.BOOLEAN ? boolean.class : t == MPI.INT || t == MPI.INT2 ? int.class
                : t == MPI.LONG || t == MPI.LONG2 ? long.class : t == MPI.FLOAT || t == MPI.FLOAT2 ? float.class : double.class;
            return Array.newInstance(c, elements);
        }

        static void set(Object a, int i, int v) {
            if (a instanceof char[] b) {
                b[i] = (char) (v + 'a');
            } else if (a instanceof boolean[] b) {
                b[i] = v > 0;
            } else {
                Array.set(a, i, toElement(a, v));
            }
        }

        static Object toElement(Object a, int v) {
            Class<?> c = a.getClass().getComponentType();
            return c == byte.class ? (Object) (byte) v : c == short.class ? (Object) (short) v : c == int.class ? (Object) v
                : c == long.class ? (Object) (long) v : c == float.class ? (Object) (float) v : (Object) (double) v;
        }

        static void check(Intracomm c, Datatype t, Op op, int items, int round, int root) {
            int n = c.Size();
            int me = c.Rank();
            Object mine = contribution(t, items, me, round);
            // What the messages give: the contributions gathered, folded in rank order here.
            int elements = Array.getLength(mine);
            Object all = newArray(t, elements * n);
            c.Allgather(mine, 0, items, t, all, 0, items, t);
            Object expected = newArray(t, elements);
            System.arraycopy(all, (n - 1) * elements, expected, 0, elements);
            for (int r = n - 2; r >= 0; r--) {
                Object in = newArray(t, elements);
                System.arraycopy(all, r * elements, in, 0, elements);
                Comm.reduceLocal(in, expected, items, t, op);
            }
            Object out = newArray(t, elements);
            c.Allreduce(mine, 0, out, 0, items, t, op);
            assertArraysEqual(expected, out, "Allreduce " + t + " " + op + " of " + items + " round " + round);
            Object atRoot = newArray(t, elements);
            c.Reduce(mine, 0, atRoot, 0, items, t, op, root);
            if (me == root) {
                assertArraysEqual(expected, atRoot, "Reduce to " + root + " " + t + " " + op + " of " + items + " round " + round);
            }
            assertArraysEqual(contribution(t, items, me, round), mine, "a reduction changed its send buffer");
        }

        static void bcast(Intracomm c, Datatype t, int items, int round, int root) {
            Object b = c.Rank() == root ? contribution(t, items, root, round) : newArray(t, items);
            c.Bcast(b, 0, items, t, root);
            assertArraysEqual(contribution(t, items, root, round), b, "Bcast " + t + " of " + items + " from " + root);
        }

        static void assertArraysEqual(Object expected, Object actual, String what) {
            assertTrue(java.util.Objects.deepEquals(expected, actual), () -> what + ": expected " + describe(expected) + " got "
                + describe(actual));
        }

        static String describe(Object a) {
            StringBuilder s = new StringBuilder("[");
            for (int i = 0; i < Math.min(8, Array.getLength(a)); i++) {
                s.append(Array.get(a, i)).append(' ');
            }
            return s.append("...]").toString();
        }
    }

    /**
     * args: rounds, seed. Barriers, broadcasts and all-reductions on the world and on a half,
     * each rank sleeping or spinning for a random time of its own before each, so that every
     * rank is at times first and at times last to arrive, and roots run ahead of the others.
     */
    public static class RandomDelays {
        public static void main(String[] args) {
            MPI.Init(args);
            int rounds = Integer.parseInt(args[0]);
            Intracomm world = MPI.COMM_WORLD;
            int me = world.Rank();
            Intracomm half = world.Split(me % 2, me);
            SplittableRandom shared = new SplittableRandom(Long.parseLong(args[1]));
            SplittableRandom own = new SplittableRandom(Long.parseLong(args[1]) * 31 + me);
            for (int round = 0; round < rounds; round++) {
                Intracomm c = shared.nextBoolean() ? world : half;
                int what = shared.nextInt(3);
                int root = shared.nextInt(c.Size());
                int count = shared.nextInt(4) == 0 ? 300 : 1 + shared.nextInt(6);
                int delay = own.nextInt(10);
                if (delay < 3) {
                    LockSupport.parkNanos(own.nextInt(200_000));
                } else if (delay < 5) {
                    Thread.yield();
                }
                long[] b = new long[count];
                switch (what) {
                    case 0 -> c.Barrier();
                    case 1 -> {
                        for (int i = 0; i < count; i++) {
                            b[i] = c.Rank() == root ? round * 1000L + i : -1;
                        }
                        c.Bcast(b, 0, count, MPI.LONG, root);
                        for (int i = 0; i < count; i++) {
                            assertEquals(round * 1000L + i, b[i], "Bcast item " + i + " round " + round);
                        }
                    }
                    default -> {
                        long[] in = new long[count];
                        for (int i = 0; i < count; i++) {
                            in[i] = c.Rank() + i + round;
                        }
                        c.Allreduce(in, 0, b, 0, count, MPI.LONG, MPI.SUM);
                        int n = c.Size();
                        for (int i = 0; i < count; i++) {
                            assertEquals((long) n * (n - 1) / 2 + (long) n * (i + round), b[i], "Allreduce item " + i + " round " + round);
                        }
                    }
                }
            }
            half.Free();
            MPI.Finalize();
        }
    }

    /** Every rank runs barriers and all-reductions in the area until one JVM is killed; rank 1 writes its pid to args[0]. */
    public static class CollectivesUntilKilled {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            if (me == 1) {
                Files.writeString(Path.of(args[0]), Long.toString(ProcessHandle.current().pid()));
            }
            long end = System.currentTimeMillis() + 60_000;
            int[] one = {1};
            int[] sum = new int[1];
            try {
                while (System.currentTimeMillis() < end) {
                    MPI.COMM_WORLD.Barrier();
                    MPI.COMM_WORLD.Allreduce(one, 0, sum, 0, 1, MPI.INT, MPI.SUM);
                }
            } catch (MPIException e) {
                System.out.println("rank " + me + " caught MPIException at " + System.currentTimeMillis() + ": " + e.getMessage());
                throw e;
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest
    @CsvSource({"2, 2", "4, 2", "5, 3", "3, 3"})
    void randomSequencesOfSmallCollectivesGiveEveryRankItsResult(int np, int jvms) throws IOException {
        ProcessJobs.runOk(np, jvms, HeapCollectivesTest.RandomSequence.class, "3000", Integer.toString(np * 31 + jvms));
        assertNothingLeftInSharedMemory();
    }

    /** Eight ranks in two JVMs on a machine of fewer cores: waiters that cannot be woken across JVMs still let the others run. */
    @Test
    void eightRanksInTwoJvmsOversubscribedFinish() throws IOException {
        ProcessJobs.runOk(8, 2, HeapCollectivesTest.RandomSequence.class, "1500", "88");
        assertNothingLeftInSharedMemory();
    }

    /** No spinning and no yielding: every wait parks at once, so waiters must look again by themselves or be woken. */
    @Test
    void waitsThatParkAtOnceEnd() throws IOException {
        set("hympj.wait.spins", "0");
        set("hympj.wait.yields", "0");
        ProcessJobs.runOk(4, 2, HeapCollectivesTest.RandomSequence.class, "1500", "9");
        assertNothingLeftInSharedMemory();
    }

    @Test
    void randomDelaysBeforeEachCollective() throws IOException {
        ProcessJobs.runOk(4, 2, RandomDelays.class, "3000", "17");
        ProcessJobs.runOk(5, 3, RandomDelays.class, "2000", "23");
        assertNothingLeftInSharedMemory();
    }

    @Test
    void everyOperationOnEveryTypeGivesWhatTheContributionsFoldTo() throws IOException {
        ProcessJobs.runOk(4, 2, EveryOpAndType.class, "3");
        ProcessJobs.runOk(3, 3, EveryOpAndType.class, "2");
        assertNothingLeftInSharedMemory();
    }

    @Test
    void countsAndTypesThatDifferFromTheRootsAreTakenTruncatedOrRefused() throws IOException {
        ProcessJobs.runOk(3, 2, HeapCollectivesTest.MismatchedCounts.class);
        ProcessJobs.runOk(4, 4, HeapCollectivesTest.MismatchedCounts.class);
        assertNothingLeftInSharedMemory();
    }

    @Test
    void everyJvmMapsTheAreaWhichLeavesNoFileAndFreeUnmapsIt() throws IOException {
        ProcessJobs.runOk(4, 2, AreaLifecycle.class, "area");
        assertNothingLeftInSharedMemory();
    }

    /** An area too large for a segment (four blocks of the limit per rank pass 2 GiB): every rank stays on messages, silently. */
    @Test
    void anAreaThatCannotBeMadeLeavesTheCollectivesOnMessages() throws IOException {
        set("hympj.collectives.heap.bytes", Integer.toString(1_000_000_000));
        ProcessJobs.Result r = ProcessJobs.run(4, 2, AreaLifecycle.class, "messages");
        assertEquals(0, r.exitCode(), r.output());
        assertFalse(r.output().contains("go through messages"), "the fallback is said at debug level only:\n" + r.output());
        ProcessJobs.runOk(4, 2, HeapCollectivesTest.RandomSequence.class, "500", "5");
        assertNothingLeftInSharedMemory();
    }

    @Test
    void turnedOffTheCollectivesStayOnMessages() throws IOException {
        set("hympj.collectives.node", "false");
        ProcessJobs.runOk(4, 2, AreaLifecycle.class, "messages");
        ProcessJobs.runOk(4, 2, HeapCollectivesTest.RandomSequence.class, "1000", "11");
        assertNothingLeftInSharedMemory();
    }

    @Test
    void killingOneJvmEndsTheWaitsInTheAreaAndLeavesNothing() throws Exception {
        Path pidFile = shm.getParent().resolve("node-collectives-rank1-" + System.nanoTime() + ".pid");
        CompletableFuture<ProcessJobs.Result> job = CompletableFuture.supplyAsync(
            () -> ProcessJobs.run(3, 3, CollectivesUntilKilled.class, pidFile.toString()));
        long[] killed = ProcessFaultsTest.killWhenStarted(pidFile);
        ProcessJobs.Result result = job.get(60, TimeUnit.SECONDS);
        String out = result.output();
        assertNotEquals(0, result.exitCode(), out);
        ProcessFaultsTest.assertFailedWithinFiveSeconds(out, killed[1], new int[] {0, 2}, "rank 1");
        assertNothingLeftInSharedMemory();
    }
}
