package org.hympj.comm.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The collectives of communicators whose ranks all share one JVM, which go through memory the
 * ranks share up to {@code hympj.collectives.heap.bytes}: random sequences of barriers,
 * broadcasts, reductions, all-reductions, all-gathers and all-to-alls (every root, several types, strided layouts,
 * payloads on both sides of the limit) on the world and on two halves at once, checked
 * element by element; with waits that park at once; and a rank that fails while the others
 * wait in one.
 */
@Timeout(180)
public class HeapCollectivesTest {
    /** Elements of a payload of {@code int}s just past the default limit of 16 KiB. */
    static final int PAST_THE_LIMIT = 4097;

    /** args: rounds, seed. The same seed on every rank, so every rank draws the same sequence. */
    public static class RandomSequence {
        public static void main(String[] args) {
            MPI.Init(args);
            int rounds = Integer.parseInt(args[0]);
            long seed = Long.parseLong(args[1]);
            Intracomm world = MPI.COMM_WORLD;
            Intracomm half = world.Split(world.Rank() % 2, world.Rank());
            Intracomm[] comms = {world, half};
            SplittableRandom random = new SplittableRandom(seed);
            for (int round = 0; round < rounds; round++) {
                // Both communicators draw from one sequence; each half runs it on its own area.
                Intracomm c = comms[random.nextInt(2)];
                int op = random.nextInt(8);
                int rootDraw = random.nextInt(64);
                int count = random.nextInt(8) == 0 ? PAST_THE_LIMIT : random.nextInt(40);
                int type = random.nextInt(3);
                int root = rootDraw % c.Size();
                switch (op) {
                    case 0 -> c.Barrier();
                    case 1 -> bcast(c, root, count, type, round);
                    case 2 -> reduce(c, root, count, type, round);
                    case 3 -> allreduce(c, count, type, round);
                    case 4 -> allgather(c, count, round);
                    case 5 -> allgatherv(c, rootDraw, count, round);
                    case 6 -> alltoall(c, count == PAST_THE_LIMIT ? count : count / 4, round);
                    default -> stridedBcast(c, root, count, round);
                }
            }
            half.Free();
            MPI.Finalize();
        }

        /** Rank r's element i in round k: small integers, so sums of doubles are exact. */
        static long value(int rank, int i, int round) {
            return (rank * 7L + i * 3L + round) % 1000 - 300;
        }

        static void bcast(Intracomm c, int root, int count, int type, int round) {
            int me = c.Rank();
            switch (type) {
                case 0 -> {
                    int[] b = new int[count + 2];
                    for (int i = 0; i < count; i++) {
                        b[i + 1] = me == root ? (int) value(root, i, round) : -1;
                    }
                    c.Bcast(b, 1, count, MPI.INT, root);
                    for (int i = 0; i < count; i++) {
                        assertEquals((int) value(root, i, round), b[i + 1], "Bcast int item " + i + " round " + round);
                    }
                    assertEquals(0, b[0]);
                    assertEquals(0, b[count + 1], "Bcast wrote past its items");
                }
                case 1 -> {
                    double[] b = new double[count];
                    for (int i = 0; i < count; i++) {
                        b[i] = me == root ? value(root, i, round) : Double.NaN;
                    }
                    c.Bcast(b, 0, count, MPI.DOUBLE, root);
                    for (int i = 0; i < count; i++) {
                        assertEquals(value(root, i, round), b[i], "Bcast double item " + i + " round " + round);
                    }
                }
                default -> {
                    byte[] b = new byte[count];
                    for (int i = 0; i < count; i++) {
                        b[i] = me == root ? (byte) value(root, i, round) : 0;
                    }
                    c.Bcast(b, 0, count, MPI.BYTE, root);
                    for (int i = 0; i < count; i++) {
                        assertEquals((byte) value(root, i, round), b[i], "Bcast byte item " + i + " round " + round);
                    }
                }
            }
        }

        /** A vector type (ints 0 and 2 of every 3): the heap path packs and unpacks layouts too. */
        static void stridedBcast(Intracomm c, int root, int count, int round) {
            Datatype everyOther = Datatype.Vector(2, 1, 2, MPI.INT);
            everyOther.Commit();
            int[] b = new int[3 * count + 1];
            Arrays.fill(b, 12345);
            for (int k = 0; k < count; k++) {
                for (int j = 0; j < 2; j++) {
                    b[3 * k + 2 * j] = c.Rank() == root ? (int) value(root, 2 * k + j, round) : -1;
                }
            }
            c.Bcast(b, 0, count, everyOther, root);
            for (int k = 0; k < count; k++) {
                for (int j = 0; j < 2; j++) {
                    assertEquals((int) value(root, 2 * k + j, round), b[3 * k + 2 * j], "strided Bcast item " + k + " round " + round);
                }
                assertEquals(12345, b[3 * k + 1], "strided Bcast wrote a gap");
            }
            assertEquals(12345, b[3 * count], "strided Bcast wrote past its items");
        }

        static void reduce(Intracomm c, int root, int count, int type, int round) {
            int n = c.Size();
            if (type == 1) {
                double[] in = new double[count];
                double[] out = new double[count];
                for (int i = 0; i < count; i++) {
                    in[i] = value(c.Rank(), i, round);
                }
                c.Reduce(in, 0, out, 0, count, MPI.DOUBLE, MPI.SUM, root);
                if (c.Rank() == root) {
                    for (int i = 0; i < count; i++) {
                        double sum = 0;
                        for (int r = 0; r < n; r++) {
                            sum += value(r, i, round);
                        }
                        assertEquals(sum, out[i], "Reduce SUM item " + i + " round " + round);
                    }
                }
                return;
            }
            long[] in = new long[count];
            long[] out = new long[count];
            for (int i = 0; i < count; i++) {
                in[i] = value(c.Rank(), i, round);
            }
            c.Reduce(in, 0, out, 0, count, MPI.LONG, MPI.MAX, root);
            if (c.Rank() == root) {
                for (int i = 0; i < count; i++) {
                    long max = Long.MIN_VALUE;
                    for (int r = 0; r < n; r++) {
                        max = Math.max(max, value(r, i, round));
                    }
                    assertEquals(max, out[i], "Reduce MAX item " + i + " round " + round);
                }
            }
        }

        static void allreduce(Intracomm c, int count, int type, int round) {
            int n = c.Size();
            Op op = type == 0 ? MPI.SUM : type == 1 ? MPI.MIN : MPI.PROD;
            int[] in = new int[count];
            int[] out = new int[count];
            for (int i = 0; i < count; i++) {
                in[i] = (int) value(c.Rank(), i, round);
            }
            c.Allreduce(in, 0, out, 0, count, MPI.INT, op);
            for (int i = 0; i < count; i++) {
                int expected = type == 0 ? 0 : type == 1 ? Integer.MAX_VALUE : 1;
                for (int r = 0; r < n; r++) {
                    int v = (int) value(r, i, round);
                    expected = type == 0 ? expected + v : type == 1 ? Math.min(expected, v) : expected * v;
                }
                assertEquals(expected, out[i], "Allreduce item " + i + " round " + round + " of " + count);
                assertEquals((int) value(c.Rank(), i, round), in[i], "Allreduce changed its send buffer");
            }
        }

        /** Every rank's {@code count} ints, at an offset, gathered in rank order; the elements around the blocks stay. */
        static void allgather(Intracomm c, int count, int round) {
            int n = c.Size();
            int[] in = new int[count + 1];
            for (int i = 0; i < count; i++) {
                in[i + 1] = (int) value(c.Rank(), i, round);
            }
            int[] out = new int[n * count + 2];
            Arrays.fill(out, -9);
            c.Allgather(in, 1, count, MPI.INT, out, 1, count, MPI.INT);
            assertEquals(-9, out[0], "Allgather wrote before its buffer");
            assertEquals(-9, out[n * count + 1], "Allgather wrote past its buffer");
            for (int r = 0; r < n; r++) {
                for (int i = 0; i < count; i++) {
                    assertEquals((int) value(r, i, round), out[1 + r * count + i], "Allgather rank " + r + " item " + i
                        + " round " + round + " of " + count);
                }
            }
        }

        /**
         * Rank r gives {@code (count + r * draw) % 41} doubles; each rank lays the blocks out in
         * reverse rank order, as displacements of its own choosing may.
         */
        static void allgatherv(Intracomm c, int draw, int count, int round) {
            int n = c.Size();
            int[] counts = new int[n];
            int[] displs = new int[n];
            int total = 0;
            for (int r = 0; r < n; r++) {
                counts[r] = count == PAST_THE_LIMIT ? count : (count + r * draw) % 41;
            }
            for (int r = n - 1; r >= 0; r--) {
                displs[r] = total;
                total += counts[r];
            }
            double[] in = new double[counts[c.Rank()]];
            for (int i = 0; i < in.length; i++) {
                in[i] = value(c.Rank(), i, round);
            }
            double[] out = new double[total];
            c.Allgatherv(in, 0, in.length, MPI.DOUBLE, out, 0, counts, displs, MPI.DOUBLE);
            for (int r = 0; r < n; r++) {
                for (int i = 0; i < counts[r]; i++) {
                    assertEquals((double) value(r, i, round), out[displs[r] + i], "Allgatherv rank " + r + " item " + i
                        + " round " + round);
                }
            }
        }

        /** Rank r's block for rank j holds {@code count} longs made of r, j and the round. */
        static void alltoall(Intracomm c, int count, int round) {
            int n = c.Size();
            int me = c.Rank();
            long[] in = new long[n * count];
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < count; i++) {
                    in[j * count + i] = value(me, i, round) * 100 + j;
                }
            }
            long[] out = new long[n * count];
            c.Alltoall(in, 0, count, MPI.LONG, out, 0, count, MPI.LONG);
            for (int r = 0; r < n; r++) {
                for (int i = 0; i < count; i++) {
                    assertEquals(value(r, i, round) * 100 + me, out[r * count + i], "Alltoall from rank " + r + " item " + i
                        + " round " + round + " of " + count);
                }
            }
        }
    }

    /**
     * Counts that differ from the root's: a larger receive takes what the root sent (as
     * message-passing MPIs take it), also one too large for the shared area, a smaller one is truncated (ERR_TRUNCATE on that rank),
     * reductions whose counts differ fail alike on every rank (ERR_COUNT), data of another
     * element type than the root's are refused (ERR_TYPE), an all-gather or all-to-all block
     * larger than its receive block, at one rank or at all, is refused on every rank
     * (ERR_TRUNCATE), and counts arrays longer than the communicator decide by their first
     * entries only.
     */
    public static class MismatchedCounts {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int me = world.Rank();
            for (int sent : new int[] {3, 20}) {
                bcastInto(world, me, sent, 30, 40);
            }
            // A root's payload that fits the area, received into buffers too large for it, and a
            // root's payload too large for it: the root's count decides the way for every rank.
            for (int sent : new int[] {3, 5000}) {
                bcastInto(world, me, sent, 5000, 5000);
            }
            int[] small = new int[5];
            if (me == 1) {
                MPIException e = assertThrows(MPIException.class,
                    () -> world.Bcast(small, 0, 5, MPI.INT, 0));
                assertEquals(MPI.ERR_TRUNCATE, e.getErrorClass(), e.getMessage());
            } else {
                world.Bcast(new int[10], 0, 10, MPI.INT, 0);
            }
            MPIException e = assertThrows(MPIException.class,
                () -> world.Allreduce(new int[3], 0, new int[3], 0, me == 0 ? 2 : 3, MPI.INT, MPI.SUM));
            assertEquals(MPI.ERR_COUNT, e.getErrorClass(), e.getMessage());
            // 80 bytes of bytes at the root, 20 ints elsewhere: too large for a line, of another type.
            if (me == 0) {
                world.Bcast(new byte[80], 0, 80, MPI.BYTE, 0);
            } else {
                MPIException t = assertThrows(MPIException.class,
                    () -> world.Bcast(new int[20], 0, 20, MPI.INT, 0));
                assertEquals(MPI.ERR_TYPE, t.getErrorClass(), t.getMessage());
            }
            // One rank's block larger than its receive block: every rank is refused alike, none waits.
            MPIException one = assertThrows(MPIException.class,
                () -> world.Allgather(new int[3], 0, me == 0 ? 3 : 2, MPI.INT, new int[2 * world.Size()], 0, 2, MPI.INT));
            assertEquals(MPI.ERR_TRUNCATE, one.getErrorClass(), one.getMessage());
            // Counts arrays longer than the communicator, whose tails differ: only the first Size() counts decide.
            int[] counts = new int[world.Size() + 1];
            int[] displs = new int[world.Size() + 1];
            for (int r = 0; r < world.Size(); r++) {
                counts[r] = 2;
                displs[r] = 2 * r;
            }
            counts[world.Size()] = me == 0 ? 1 << 20 : 0;
            int[] gathered = new int[2 * world.Size()];
            world.Allgatherv(new int[] {me, -me}, 0, 2, MPI.INT, gathered, 0, counts, displs, MPI.INT);
            for (int r = 0; r < world.Size(); r++) {
                assertEquals(r, gathered[2 * r], "Allgatherv with a long counts array, rank " + r);
                assertEquals(-r, gathered[2 * r + 1], "Allgatherv with a long counts array, rank " + r);
            }
            // Blocks larger than the receive blocks, at every rank: every rank is refused alike.
            MPIException g = assertThrows(MPIException.class,
                () -> world.Allgather(new int[3], 0, 3, MPI.INT, new int[2 * world.Size()], 0, 2, MPI.INT));
            assertEquals(MPI.ERR_TRUNCATE, g.getErrorClass(), g.getMessage());
            MPIException a = assertThrows(MPIException.class,
                () -> world.Alltoall(new int[3 * world.Size()], 0, 3, MPI.INT, new int[2 * world.Size()], 0, 2, MPI.INT));
            assertEquals(MPI.ERR_TRUNCATE, a.getErrorClass(), a.getMessage());
            world.Barrier();
            MPI.Finalize();
        }

        /** Rank 0 broadcasts {@code sent} ints, the others receive {@code received} into an array of {@code length}. */
        static void bcastInto(Intracomm world, int me, int sent, int received, int length) {
            int[] b = new int[length];
            Arrays.fill(b, -7);
            if (me == 0) {
                for (int i = 0; i < sent; i++) {
                    b[i] = 100 + i;
                }
            }
            world.Bcast(b, 0, me == 0 ? sent : received, MPI.INT, 0);
            for (int i = 0; i < length; i++) {
                assertEquals(i < sent ? 100 + i : -7, b[i], "Bcast of " + sent + " into " + received + ": element " + i);
            }
        }
    }

    /** Rank 1 fails after a few barriers; the others wait in the next one. */
    public static class OneRankFailsWhileTheOthersWait {
        public static void main(String[] args) {
            MPI.Init(args);
            for (int i = 0; i < 10; i++) {
                MPI.COMM_WORLD.Barrier();
            }
            if (MPI.COMM_WORLD.Rank() == 1) {
                throw new IllegalStateException("rank 1 gives up");
            }
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 5, 8})
    void randomSequencesOfSmallCollectivesGiveEveryRankItsResult(int np) {
        RankJobs.runOk(np, RandomSequence.class, "3000", Integer.toString(np * 31));
    }

    /** No spinning and no yielding: every wait parks at once, so only a publishing rank's wake-up ends it in time. */
    @Test
    void waitsThatParkAtOnceAreWokenByTheRankThatArrives() {
        withProperties(Map.of("hympj.wait.spins", "0", "hympj.wait.yields", "0"),
            () -> RankJobs.runOk(4, RandomSequence.class, "2000", "7"));
    }

    /** The message algorithms give the same results: the sequence passes with the shared area off. */
    @Test
    void theSameSequencePassesOnMessages() {
        withProperties(Map.of("hympj.collectives.heap.bytes", "0"), () -> RankJobs.runOk(3, RandomSequence.class, "1000", "11"));
    }

    @Test
    void countsAndTypesThatDifferFromTheRootsAreTakenTruncatedOrRefused() {
        RankJobs.runOk(3, MismatchedCounts.class);
    }

    @Test
    void aRankThatFailsEndsTheWaitOfTheOthers() {
        JobOutcome outcome = RankJobs.run(4, OneRankFailsWhileTheOthersWait.class);
        assertFalse(outcome.succeeded());
        assertEquals(1, outcome.failedRank());
        assertTrue(outcome.cause().getMessage().contains("rank 1 gives up"), String.valueOf(outcome.cause()));
        assertTrue(outcome.stuckRanks().isEmpty(), "ranks " + outcome.stuckRanks() + " still wait in the barrier");
        for (int r : outcome.secondaryFailures()) {
            assertTrue(r != 1, "rank " + r);
        }
    }

    static void withProperties(Map<String, String> properties, Runnable run) {
        Map<String, String> before = new HashMap<>();
        properties.forEach((k, v) -> before.put(k, System.setProperty(k, v)));
        try {
            run.run();
        } finally {
            before.forEach((k, v) -> {
                if (v == null) {
                    System.clearProperty(k);
                } else {
                    System.setProperty(k, v);
                }
            });
        }
    }
}
