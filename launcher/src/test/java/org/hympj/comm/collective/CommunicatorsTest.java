package org.hympj.comm.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Dup, Split, Create, Free, Compare, groups and attributes, with point-to-point and collectives inside new communicators. */
@Timeout(120)
public class CommunicatorsTest {

    public static class Program {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            dup(me, n);
            split(me, n);
            create(me, n);
            groups(me, n);
            attributes(me);
            MPI.Finalize();
        }

        static void dup(int me, int n) {
            Intracomm copy = MPI.COMM_WORLD.Dup();
            assertEquals(me, copy.Rank());
            assertEquals(n, copy.Size());
            assertEquals(MPI.CONGRUENT, Intracomm.Compare(copy, MPI.COMM_WORLD));
            assertEquals(MPI.IDENT, Intracomm.Compare(copy, copy));
            // A message on the copy is invisible on the original.
            int right = (me + 1) % n;
            copy.Send(new int[] {me}, 0, 1, MPI.INT, right, 4);
            MPI.COMM_WORLD.Barrier();
            assertNull(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG), "the original's queues hold nothing");
            int[] in = new int[1];
            copy.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, 4);
            assertEquals((me - 1 + n) % n, in[0]);
            copy.Free();
            MPIException freed = assertThrows(MPIException.class, copy::Rank);
            assertEquals(MPI.ERR_COMM, freed.getErrorClass());
            assertTrue(freed.getMessage().contains("has been freed"));
            assertEquals(MPI.ERR_COMM, assertThrows(MPIException.class, MPI.COMM_WORLD::Free).getErrorClass());
        }

        static void split(int me, int n) {
            // Two colors by parity, keys reversing the order; the last rank opts out when n > 2.
            int color = (n > 2 && me == n - 1) ? MPI.UNDEFINED : me % 2;
            Intracomm half = MPI.COMM_WORLD.Split(color, -me);
            if (color == MPI.UNDEFINED) {
                assertNull(half);
                return;
            }
            int members = 0;
            for (int r = 0; r < n; r++) {
                if (r % 2 == color && !(n > 2 && r == n - 1)) {
                    members++;
                }
            }
            assertEquals(members, half.Size());
            // Reversed keys: the highest world rank of the color is rank 0.
            int higher = 0;
            for (int r = me + 1; r < n; r++) {
                if (r % 2 == color && !(n > 2 && r == n - 1)) {
                    higher++;
                }
            }
            assertEquals(higher, half.Rank());
            int[] toWorld = Group.Translate_ranks(half.Group(), new int[] {half.Rank()}, MPI.COMM_WORLD.Group());
            assertEquals(me, toWorld[0]);
            // Collectives and wildcards inside the split communicator, statuses in its ranks.
            int[] sum = new int[1];
            half.Allreduce(new int[] {me}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            int expected = 0;
            for (int r = 0; r < n; r++) {
                if (r % 2 == color && !(n > 2 && r == n - 1)) {
                    expected += r;
                }
            }
            assertEquals(expected, sum[0]);
            int[] ranks = new int[half.Size()];
            half.Allgather(new int[] {me}, 0, 1, MPI.INT, ranks, 0, 1, MPI.INT);
            for (int i = 1; i < ranks.length; i++) {
                assertTrue(ranks[i] < ranks[i - 1], "world ranks in decreasing order");
            }
            if (half.Size() > 1) {
                if (half.Rank() != 0) {
                    half.Send(new int[] {half.Rank()}, 0, 1, MPI.INT, 0, 8);
                } else {
                    for (int k = 1; k < half.Size(); k++) {
                        int[] v = new int[1];
                        Status s = half.Recv(v, 0, 1, MPI.INT, MPI.ANY_SOURCE, 8);
                        assertEquals(v[0], s.source, "the status names the sender's rank in the split communicator");
                    }
                }
            }
            half.Barrier();
        }

        static void create(int me, int n) {
            Group world = MPI.COMM_WORLD.Group();
            int evens = (n + 1) / 2;
            int[] evenRanks = new int[evens];
            for (int i = 0; i < evens; i++) {
                evenRanks[i] = 2 * i;
            }
            Group evenGroup = world.Incl(evenRanks);
            Intracomm even = MPI.COMM_WORLD.Create(evenGroup);
            if (me % 2 == 1) {
                assertNull(even);
                return;
            }
            assertNotNull(even);
            assertEquals(evens, even.Size());
            assertEquals(me / 2, even.Rank());
            int[] root = {me == 0 ? 77 : 0};
            even.Bcast(root, 0, 1, MPI.INT, 0);
            assertEquals(77, root[0]);
            assertEquals(evens == n ? MPI.CONGRUENT : MPI.UNEQUAL, Intracomm.Compare(even, MPI.COMM_WORLD));
        }

        static void groups(int me, int n) {
            Group world = MPI.COMM_WORLD.Group();
            assertEquals(n, world.Size());
            assertEquals(me, world.Rank());
            Group first = world.Range_incl(new int[][] {{0, n - 1, 2}});
            Group rest = world.Range_excl(new int[][] {{0, n - 1, 2}});
            assertEquals((n + 1) / 2, first.Size());
            assertEquals(n / 2, rest.Size());
            assertEquals(n == 1 ? MPI.IDENT : MPI.SIMILAR, Group.Compare(Group.Union(rest, first), world),
                "odd ranks then even ranks: the same members in another order");
            assertEquals(MPI.IDENT, Group.Compare(Group.Union(first, rest), Group.Union(first, rest)));
            assertEquals(0, Group.Intersection(first, rest).Size());
            assertEquals(first.Size(), Group.Difference(world, rest).Size());
            assertEquals(me % 2 == 0 ? me / 2 : MPI.UNDEFINED, first.Rank());
            Group reversed = world.Incl(java.util.stream.IntStream.range(0, n).map(i -> n - 1 - i).toArray());
            assertEquals(n == 1 ? MPI.IDENT : MPI.SIMILAR, Group.Compare(reversed, world));
            assertArrayEquals(new int[] {n - 1}, Group.Translate_ranks(reversed, new int[] {0}, world));
            assertEquals(world.Size() - 1, world.Excl(new int[] {0}).Size());
            assertEquals(MPI.ERR_RANK, assertThrows(MPIException.class, () -> world.Incl(new int[] {n})).getErrorClass());
            assertEquals(MPI.ERR_RANK, assertThrows(MPIException.class, () -> world.Incl(new int[] {0, 0})).getErrorClass());
            assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class, () -> world.Range_incl(new int[][] {{0, 1, 0}})).getErrorClass());
        }

        static void attributes(int me) {
            assertEquals(Integer.MAX_VALUE, MPI.COMM_WORLD.Attr_get(MPI.TAG_UB));
            assertEquals(MPI.PROC_NULL, MPI.COMM_WORLD.Attr_get(MPI.HOST));
            assertEquals(me, MPI.COMM_WORLD.Attr_get(MPI.IO));
            assertEquals(1, MPI.COMM_WORLD.Attr_get(MPI.WTIME_IS_GLOBAL));
            assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Attr_get(12345)).getErrorClass());
            assertFalse(MPI.COMM_WORLD.Is_inter());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void communicatorsAndGroupsBehaveOnEverySize(int ranks) {
        RankJobs.runOk(ranks, Program.class);
    }

    public static class Aborts {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                Thread.sleep(50);
                MPI.COMM_WORLD.Abort(7);
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
        }
    }

    @Test
    void abortEndsTheJobWithItsCode() {
        JobOutcome outcome = RankJobs.run(3, Aborts.class);
        assertEquals(1, outcome.failedRank());
        assertEquals(7, outcome.exitCode());
        assertTrue(outcome.cause().getMessage().contains("MPI.Abort(7)"));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String classes = Path.of(System.getProperty("user.dir"), "target", "test-classes").toString();
        int status = org.hympj.comm.launch.HympjrunAccess.run(new String[] {"-np", "2", "-cp", classes, Aborts.class.getName()},
            new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(7, status, err.toString(StandardCharsets.UTF_8));
    }
}
