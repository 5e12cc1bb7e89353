package org.hympj.comm.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Status;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The core collectives against sequential references, on communicators of 1, 2, 3, 5 and 8 ranks. */
@Timeout(120)
public class CollectivesTest {

    /** Rank r's i-th contribution: small integers, so every association of a float sum is exact. */
    static long value(int rank, int i) {
        return (rank * 7L + i * 3L) % 11 - 3;
    }

    public static class Program {
        public static void main(String[] args) {
            String[] own = MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            barrier(me, n, own.length > 0 && own[0].equals("across-nodes"));
            broadcast(me, n);
            reductions(me, n);
            largeReductions(me, n);
            allreduceIsBitwiseIdentical(me, n);
            largeAllreduceTakesTheRing(me, n);
            gatherScatter(me, n);
            allgatherAlltoall(me, n);
            errors(me, n);
            selfCollectives(me);
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }

        /**
         * After the barrier every other rank has sent its marker. On one node HyMPJ makes a sent
         * eager message visible to Iprobe at once (it is in the receiver's queue, or in a ring that
         * Iprobe drains), so every marker must be here. Across nodes ({@code acrossNodes}) a marker
         * may still be on its way over its sender's connection while the barrier's own messages,
         * by other routes, have arrived: MPI promises only that Iprobe sees it eventually.
         */
        static void barrier(int me, int n, boolean acrossNodes) {
            for (int round = 0; round < 20; round++) {
                for (int r = 0; r < n; r++) {
                    if (r != me) {
                        MPI.COMM_WORLD.Isend(new int[] {round}, 0, 1, MPI.INT, r, 1000 + round);
                    }
                }
                MPI.COMM_WORLD.Barrier();
                for (int r = 0; r < n; r++) {
                    if (r != me) {
                        Status seen = MPI.COMM_WORLD.Iprobe(r, 1000 + round);
                        long until = System.nanoTime() + 10_000_000_000L;
                        while (acrossNodes && seen == null && System.nanoTime() < until) {
                            Thread.yield();
                            seen = MPI.COMM_WORLD.Iprobe(r, 1000 + round);
                        }
                        assertNotNull(seen, "rank " + r + " left the barrier before rank " + me + " could see its marker");
                        MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, r, 1000 + round);
                    }
                }
            }
        }

        static void broadcast(int me, int n) {
            for (int root = 0; root < n; root++) {
                for (int count : new int[] {0, 1, 1000, 50_000}) {
                    double[] d = new double[count + 2];
                    if (me == root) {
                        for (int i = 0; i < count; i++) {
                            d[i + 1] = root * 1e6 + i;
                        }
                    }
                    MPI.COMM_WORLD.Bcast(d, 1, count, MPI.DOUBLE, root);
                    for (int i = 0; i < count; i++) {
                        assertEquals(root * 1e6 + i, d[i + 1]);
                    }
                    assertEquals(0.0, d[0]);
                }
                // A strided type, large enough for the pipelined chain (items cut into chunks):
                // each item is 2 doubles of 3; the third of each stays as it was.
                Datatype pairOfThree = Datatype.Vector(2, 1, 2, MPI.DOUBLE);
                pairOfThree.Commit();
                int items = 40_000;
                double[] strided = new double[3 * items];
                java.util.Arrays.fill(strided, -1);
                if (me == root) {
                    for (int i = 0; i < items; i++) {
                        strided[3 * i] = root * 1e6 + i;
                        strided[3 * i + 2] = -root * 1e6 - i;
                    }
                }
                MPI.COMM_WORLD.Bcast(strided, 0, items, pairOfThree, root);
                for (int i = 0; i < items; i++) {
                    assertEquals(root * 1e6 + i, strided[3 * i], "item " + i);
                    assertEquals(-1, strided[3 * i + 1], "gap of item " + i);
                    assertEquals(-root * 1e6 - i, strided[3 * i + 2], "item " + i);
                }
                Object[] o = new Object[2];
                if (me == root) {
                    o[0] = "from " + root;
                    o[1] = new int[] {root};
                }
                MPI.COMM_WORLD.Bcast(o, 0, 2, MPI.OBJECT, root);
                assertEquals("from " + root, o[0]);
                assertArrayEquals(new int[] {root}, (int[]) o[1]);
            }
        }

        static void reductions(int me, int n) {
            int count = 37;
            Op[] ops = {MPI.MAX, MPI.MIN, MPI.SUM, MPI.PROD, MPI.LAND, MPI.BAND, MPI.LOR, MPI.BOR, MPI.LXOR, MPI.BXOR};
            for (int o = 0; o < ops.length; o++) {
                long[] expected = new long[count];
                for (int i = 0; i < count; i++) {
                    expected[i] = value(0, i);
                    for (int r = 1; r < n; r++) {
                        expected[i] = apply(o, expected[i], value(r, i));
                    }
                }
                long[] mineLong = new long[count];
                int[] mineInt = new int[count];
                double[] mineDouble = new double[count];
                for (int i = 0; i < count; i++) {
                    mineLong[i] = value(me, i);
                    mineInt[i] = (int) value(me, i);
                    mineDouble[i] = value(me, i);
                }
                for (int root = 0; root < n; root += Math.max(1, n - 1)) {
                    long[] out = new long[count];
                    MPI.COMM_WORLD.Reduce(mineLong, 0, out, 0, count, MPI.LONG, ops[o], root);
                    if (me == root) {
                        assertArrayEquals(expected, out, ops[o] + " on LONG at root " + root);
                    }
                }
                int[] outInt = new int[count];
                MPI.COMM_WORLD.Allreduce(mineInt, 0, outInt, 0, count, MPI.INT, ops[o]);
                for (int i = 0; i < count; i++) {
                    assertEquals((int) expected[i], outInt[i], ops[o] + " on INT");
                }
                if (o <= 3) {
                    double[] outDouble = new double[count];
                    MPI.COMM_WORLD.Allreduce(mineDouble, 0, outDouble, 0, count, MPI.DOUBLE, ops[o]);
                    for (int i = 0; i < count; i++) {
                        assertEquals((double) expected[i], outDouble[i], 0.0, ops[o] + " on DOUBLE (0.0 and -0.0 are equal here)");
                    }
                } else {
                    boolean[] b = new boolean[count];
                    for (int i = 0; i < count; i++) {
                        b[i] = value(me, i) != 0;
                    }
                    boolean[] out = new boolean[count];
                    MPI.COMM_WORLD.Allreduce(b, 0, out, 0, count, MPI.BOOLEAN, ops[o]);
                    for (int i = 0; i < count; i++) {
                        boolean e = value(0, i) != 0;
                        for (int r = 1; r < n; r++) {
                            boolean v = value(r, i) != 0;
                            e = o == 4 || o == 5 ? e & v : o == 6 || o == 7 ? e | v : e ^ v;
                        }
                        assertEquals(e, out[i], ops[o] + " on BOOLEAN");
                    }
                }
            }
        }

        /** Payloads large enough for the ring reduction (reduce-scatter, then a gather at the root), at two roots. */
        static void largeReductions(int me, int n) {
            int count = 20_000;
            Op[] ops = {MPI.SUM, MPI.MAX, MPI.BXOR};
            int[] codes = {2, 0, 9};
            long[] mine = new long[count + 1];
            for (int i = 0; i < count; i++) {
                mine[i + 1] = value(me, i) * 1_000_003L + i;
            }
            for (int o = 0; o < ops.length; o++) {
                for (int root = 0; root < n; root += Math.max(1, n - 1)) {
                    long[] out = new long[count + 2];
                    MPI.COMM_WORLD.Reduce(mine, 1, out, 1, count, MPI.LONG, ops[o], root);
                    if (me == root) {
                        for (int i = 0; i < count; i++) {
                            long e = value(0, i) * 1_000_003L + i;
                            for (int r = 1; r < n; r++) {
                                e = apply(codes[o], e, value(r, i) * 1_000_003L + i);
                            }
                            assertEquals(e, out[i + 1], ops[o] + " at root " + root + ", element " + i);
                        }
                        assertEquals(0, out[0]);
                        assertEquals(0, out[count + 1]);
                    }
                }
            }
        }

        static long apply(int op, long x, long y) {
            switch (op) {
                case 0: return Math.max(x, y);
                case 1: return Math.min(x, y);
                case 2: return x + y;
                case 3: return x * y;
                case 4: return (x != 0 && y != 0) ? 1 : 0;
                case 5: return x & y;
                case 6: return (x != 0 || y != 0) ? 1 : 0;
                case 7: return x | y;
                case 8: return ((x != 0) != (y != 0)) ? 1 : 0;
                default: return x ^ y;
            }
        }

        static void allreduceIsBitwiseIdentical(int me, int n) {
            SplittableRandom random = new SplittableRandom(me + 1);
            double[] mine = new double[500];
            for (int i = 0; i < mine.length; i++) {
                mine[i] = random.nextDouble() * Math.pow(10, random.nextInt(-5, 5));
            }
            double[] sum = new double[500];
            MPI.COMM_WORLD.Allreduce(mine, 0, sum, 0, 500, MPI.DOUBLE, MPI.SUM);
            long[] bits = new long[500];
            for (int i = 0; i < 500; i++) {
                bits[i] = Double.doubleToRawLongBits(sum[i]);
            }
            long[] all = new long[500 * n];
            MPI.COMM_WORLD.Allgather(bits, 0, 500, MPI.LONG, all, 0, 500, MPI.LONG);
            for (int r = 1; r < n; r++) {
                for (int i = 0; i < 500; i++) {
                    assertEquals(all[i], all[r * 500 + i], "rank " + r + " has different bits at " + i);
                }
            }
        }

        /**
         * From 64 KiB up Allreduce takes the ring: exact results on integer-valued doubles (any
         * association gives them), the same bits on every rank on random doubles, uneven chunks
         * (a count that is no multiple of the ranks), and a commutative user op.
         */
        static void largeAllreduceTakesTheRing(int me, int n) {
            int count = 20_011;
            double[] exact = new double[count];
            for (int i = 0; i < count; i++) {
                exact[i] = value(me, i);
            }
            double[] sum = new double[count];
            MPI.COMM_WORLD.Allreduce(exact, 0, sum, 0, count, MPI.DOUBLE, MPI.SUM);
            for (int i = 0; i < count; i++) {
                long expected = 0;
                for (int r = 0; r < n; r++) {
                    expected += value(r, i);
                }
                assertEquals((double) expected, sum[i], 0.0, "element " + i);
            }
            SplittableRandom random = new SplittableRandom(77 + me);
            double[] noisy = new double[count];
            for (int i = 0; i < count; i++) {
                noisy[i] = random.nextDouble() * Math.pow(10, random.nextInt(-6, 6));
            }
            double[] reduced = new double[count];
            MPI.COMM_WORLD.Allreduce(noisy, 0, reduced, 0, count, MPI.DOUBLE, MPI.SUM);
            long[] digest = {0};
            for (double v : reduced) {
                digest[0] = digest[0] * 31 + Double.doubleToRawLongBits(v);
            }
            long[] digests = new long[n];
            MPI.COMM_WORLD.Allgather(digest, 0, 1, MPI.LONG, digests, 0, 1, MPI.LONG);
            for (int r = 1; r < n; r++) {
                assertEquals(digests[0], digests[r], "rank " + r + " reduced to other bits");
            }
            long[] longs = new long[count];
            java.util.Arrays.fill(longs, me + 1);
            long[] maxes = new long[count];
            mpi.Op max = new mpi.Op(new mpi.User_function() {
                @Override
                public void Call(Object in, int inOffset, Object inout, int inoutOffset, int items, mpi.Datatype type) {
                    long[] a = (long[]) in;
                    long[] b = (long[]) inout;
                    for (int i = 0; i < items; i++) {
                        b[inoutOffset + i] = Math.max(a[inOffset + i], b[inoutOffset + i]);
                    }
                }
            }, true);
            MPI.COMM_WORLD.Allreduce(longs, 0, maxes, 0, count, MPI.LONG, max);
            for (long v : maxes) {
                assertEquals(n, v);
            }
        }

        static void gatherScatter(int me, int n) {
            for (int root = 0; root < n; root++) {
                int[] mine = {me * 10, me * 10 + 1, me * 10 + 2};
                int[] all = new int[3 * n + 1];
                MPI.COMM_WORLD.Gather(mine, 0, 3, MPI.INT, all, 1, 3, MPI.INT, root);
                if (me == root) {
                    for (int r = 0; r < n; r++) {
                        for (int k = 0; k < 3; k++) {
                            assertEquals(r * 10 + k, all[1 + 3 * r + k]);
                        }
                    }
                }
                long[] source = new long[2 * n];
                if (me == root) {
                    for (int i = 0; i < 2 * n; i++) {
                        source[i] = 100L * root + i;
                    }
                }
                long[] part = new long[2];
                MPI.COMM_WORLD.Scatter(source, 0, 2, MPI.LONG, part, 0, 2, MPI.LONG, root);
                assertEquals(100L * root + 2 * me, part[0]);
                assertEquals(100L * root + 2 * me + 1, part[1]);
            }
        }

        static void allgatherAlltoall(int me, int n) {
            char[] mine = {(char) ('a' + me), (char) ('A' + me)};
            char[] all = new char[2 * n];
            MPI.COMM_WORLD.Allgather(mine, 0, 2, MPI.CHAR, all, 0, 2, MPI.CHAR);
            for (int r = 0; r < n; r++) {
                assertEquals((char) ('a' + r), all[2 * r]);
                assertEquals((char) ('A' + r), all[2 * r + 1]);
            }
            int block = 3000;
            int[] out = new int[block * n];
            for (int d = 0; d < n; d++) {
                for (int k = 0; k < block; k++) {
                    out[d * block + k] = me * 1_000_000 + d * 10_000 + k;
                }
            }
            int[] in = new int[block * n];
            MPI.COMM_WORLD.Alltoall(out, 0, block, MPI.INT, in, 0, block, MPI.INT);
            for (int s = 0; s < n; s++) {
                for (int k = 0; k < block; k++) {
                    assertEquals(s * 1_000_000 + me * 10_000 + k, in[s * block + k]);
                }
            }
        }

        static void errors(int me, int n) {
            int[] buf = new int[4];
            MPIException root = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Bcast(buf, 0, 1, MPI.INT, n));
            assertEquals(MPI.ERR_ROOT, root.getErrorClass());
            assertTrue(root.getMessage().contains("root " + n + " is out of range"), root.getMessage());
            MPIException op = assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Allreduce(new double[1], 0, new double[1], 0, 1, MPI.DOUBLE, MPI.BXOR));
            assertEquals(MPI.ERR_OP, op.getErrorClass());
            assertTrue(op.getMessage().contains("MPI.BXOR does not apply to MPI.DOUBLE"), op.getMessage());
            assertEquals(MPI.ERR_OP, assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Reduce(buf, 0, buf, 0, 1, MPI.INT, null, 0)).getErrorClass());
            assertEquals(MPI.ERR_OP, assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Reduce(new Object[1], 0, new Object[1], 0, 1, MPI.OBJECT, MPI.SUM, 0)).getErrorClass());
            assertEquals(MPI.ERR_BUFFER, assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Allgather(buf, 0, 1, MPI.INT, buf, 0, 5, MPI.INT)).getErrorClass());
            assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Bcast(new double[1], 0, 1, MPI.INT, 0)).getErrorClass());
            // Nothing above reached another rank: the next collective still lines up.
            MPI.COMM_WORLD.Barrier();
        }

        static void selfCollectives(int me) {
            int[] in = {me};
            int[] out = new int[1];
            MPI.COMM_SELF.Allreduce(in, 0, out, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(me, out[0]);
            MPI.COMM_SELF.Barrier();
            MPI.COMM_SELF.Bcast(in, 0, 1, MPI.INT, 0);
            assertEquals(me, in[0]);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void collectivesMatchSequentialReferences(int ranks) {
        RankJobs.runOk(ranks, Program.class);
    }

    /** Collective traffic never matches a user's wildcard receive on the same communicator. */
    public static class SeparateContext {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            if (me == 0) {
                mpi.Request any = MPI.COMM_WORLD.Irecv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                int[] v = {5};
                MPI.COMM_WORLD.Bcast(v, 0, 1, MPI.INT, 0);
                MPI.COMM_WORLD.Barrier();
                assertEquals(null, any.Test(), "the wildcard receive saw no collective traffic");
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 0, 3);
                any.Wait();
            } else {
                int[] v = new int[1];
                MPI.COMM_WORLD.Bcast(v, 0, 1, MPI.INT, 0);
                assertEquals(5, v[0]);
                MPI.COMM_WORLD.Barrier();
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void collectivesUseTheirOwnContext(int ranks) {
        RankJobs.runOk(ranks, SeparateContext.class);
    }

}
