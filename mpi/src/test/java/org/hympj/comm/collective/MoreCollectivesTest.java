package org.hympj.comm.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Status;
import mpi.User_function;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The v-variants, scan, reduce-scatter, MAXLOC/MINLOC on pair types, and user ops, against sequential references. */
@Timeout(120)
public class MoreCollectivesTest {

    /** String concatenation: associative, not commutative, so it shows whether rank order is kept. */
    public static class Concatenate extends User_function {
        @Override
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            Object[] in = (Object[]) invec;
            Object[] inout = (Object[]) inoutvec;
            for (int i = 0; i < count; i++) {
                inout[inoutoffset + i] = (String) in[inoffset + i] + inout[inoutoffset + i];
            }
        }
    }

    /** 2x2 matrix products of longs, {@code inout = in x inout}: associative, not commutative. */
    public static class MatrixProduct extends User_function {
        @Override
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            long[] in = (long[]) invec;
            long[] inout = (long[]) inoutvec;
            for (int i = 0; i < count * 4; i += 4) {
                long[] a = {in[inoffset + i], in[inoffset + i + 1], in[inoffset + i + 2], in[inoffset + i + 3]};
                long[] b = {inout[inoutoffset + i], inout[inoutoffset + i + 1], inout[inoutoffset + i + 2], inout[inoutoffset + i + 3]};
                inout[inoutoffset + i] = a[0] * b[0] + a[1] * b[2];
                inout[inoutoffset + i + 1] = a[0] * b[1] + a[1] * b[3];
                inout[inoutoffset + i + 2] = a[2] * b[0] + a[3] * b[2];
                inout[inoutoffset + i + 3] = a[2] * b[1] + a[3] * b[3];
            }
        }
    }

    /** Elementwise sum of longs as a commutative user op. */
    public static class LongSum extends User_function {
        @Override
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            long[] in = (long[]) invec;
            long[] inout = (long[]) inoutvec;
            for (int i = 0; i < count; i++) {
                inout[inoutoffset + i] += in[inoffset + i];
            }
        }
    }

    public static class Program {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            vVariants(me, n);
            scanAndReduceScatter(me, n);
            pairs(me, n);
            userOps(me, n);
            MPI.Finalize();
        }

        static void vVariants(int me, int n) {
            // Rank r contributes r+1 items; blocks land with a gap of one item between them.
            int[] counts = new int[n];
            int[] displs = new int[n];
            for (int r = 0, at = 0; r < n; r++) {
                counts[r] = r + 1;
                displs[r] = at;
                at += r + 2;
            }
            int total = displs[n - 1] + counts[n - 1];
            int[] mine = new int[me + 1];
            for (int k = 0; k <= me; k++) {
                mine[k] = me * 100 + k;
            }
            for (int root = 0; root < n; root++) {
                int[] all = new int[total];
                java.util.Arrays.fill(all, -1);
                MPI.COMM_WORLD.Gatherv(mine, 0, me + 1, MPI.INT, all, 0, counts, displs, MPI.INT, root);
                if (me == root) {
                    checkLayout(all, counts, displs, n);
                }
                int[] part = new int[me + 1];
                int[] source = me == root ? layout(counts, displs, total, n) : null;
                MPI.COMM_WORLD.Scatterv(source, 0, counts, displs, MPI.INT, part, 0, me + 1, MPI.INT, root);
                assertArrayEquals(mine, part);
            }
            int[] everywhere = new int[total];
            java.util.Arrays.fill(everywhere, -1);
            MPI.COMM_WORLD.Allgatherv(mine, 0, me + 1, MPI.INT, everywhere, 0, counts, displs, MPI.INT);
            checkLayout(everywhere, counts, displs, n);
            // Alltoallv: rank s sends (d+1) items to rank d, valued s*1000 + d*10 + k.
            int[] sendCounts = new int[n];
            int[] sendDispls = new int[n];
            int[] recvCounts = new int[n];
            int[] recvDispls = new int[n];
            int sendTotal = 0;
            int recvTotal = 0;
            for (int r = 0; r < n; r++) {
                sendCounts[r] = r + 1;
                sendDispls[r] = sendTotal;
                sendTotal += r + 1;
                recvCounts[r] = me + 1;
                recvDispls[r] = recvTotal;
                recvTotal += me + 1;
            }
            long[] out = new long[sendTotal];
            for (int d = 0; d < n; d++) {
                for (int k = 0; k <= d; k++) {
                    out[sendDispls[d] + k] = me * 1000L + d * 10L + k;
                }
            }
            long[] in = new long[recvTotal];
            MPI.COMM_WORLD.Alltoallv(out, 0, sendCounts, sendDispls, MPI.LONG, in, 0, recvCounts, recvDispls, MPI.LONG);
            for (int s = 0; s < n; s++) {
                for (int k = 0; k <= me; k++) {
                    assertEquals(s * 1000L + me * 10L + k, in[recvDispls[s] + k]);
                }
            }
        }

        static int[] layout(int[] counts, int[] displs, int total, int n) {
            int[] a = new int[total];
            java.util.Arrays.fill(a, -1);
            for (int r = 0; r < n; r++) {
                for (int k = 0; k < counts[r]; k++) {
                    a[displs[r] + k] = r * 100 + k;
                }
            }
            return a;
        }

        static void checkLayout(int[] all, int[] counts, int[] displs, int n) {
            assertArrayEquals(layout(counts, displs, all.length, n), all, "blocks in place, gaps untouched");
        }

        static void scanAndReduceScatter(int me, int n) {
            long[] mine = {me + 1, 10L * (me + 1)};
            long[] prefix = new long[2];
            MPI.COMM_WORLD.Scan(mine, 0, prefix, 0, 2, MPI.LONG, MPI.SUM);
            assertEquals((long) (me + 1) * (me + 2) / 2, prefix[0]);
            assertEquals(10L * (me + 1) * (me + 2) / 2, prefix[1]);
            int[] maxSoFar = new int[1];
            MPI.COMM_WORLD.Scan(new int[] {(me * 7) % 5}, 0, maxSoFar, 0, 1, MPI.INT, MPI.MAX);
            int expectedMax = 0;
            for (int r = 0; r <= me; r++) {
                expectedMax = Math.max(expectedMax, (r * 7) % 5);
            }
            assertEquals(expectedMax, maxSoFar[0]);
            // Reduce_scatter: rank r gets r+1 items of the elementwise sum of everyone's vector.
            int[] counts = new int[n];
            int total = 0;
            for (int r = 0; r < n; r++) {
                counts[r] = r + 1;
                total += r + 1;
            }
            double[] vector = new double[total];
            for (int i = 0; i < total; i++) {
                vector[i] = me * 1000 + i;
            }
            double[] part = new double[me + 1];
            MPI.COMM_WORLD.Reduce_scatter(vector, 0, part, 0, counts, MPI.DOUBLE, MPI.SUM);
            int first = me * (me + 1) / 2;
            for (int k = 0; k <= me; k++) {
                double expected = 0;
                for (int r = 0; r < n; r++) {
                    expected += r * 1000 + first + k;
                }
                assertEquals(expected, part[k]);
            }
        }

        static void pairs(int me, int n) {
            // Values tie between ranks on purpose: the smallest index must win.
            int[] mine = {me % 2, me, 100 - me, me};
            int[] max = new int[4];
            int[] min = new int[4];
            MPI.COMM_WORLD.Allreduce(mine, 0, max, 0, 2, MPI.INT2, MPI.MAXLOC);
            MPI.COMM_WORLD.Allreduce(mine, 0, min, 0, 2, MPI.INT2, MPI.MINLOC);
            int topValue = n > 1 ? 1 : 0;
            assertArrayEquals(new int[] {topValue, topValue, 100, 0}, max, "MAXLOC: value 1 first held by rank 1; 100 by rank 0");
            assertArrayEquals(new int[] {0, 0, 100 - (n - 1), n - 1}, min);
            double[] d = {Math.sin(me), me};
            double[] dmax = new double[2];
            MPI.COMM_WORLD.Allreduce(d, 0, dmax, 0, 1, MPI.DOUBLE2, MPI.MAXLOC);
            int arg = 0;
            for (int r = 1; r < n; r++) {
                if (Math.sin(r) > Math.sin(arg)) {
                    arg = r;
                }
            }
            assertArrayEquals(new double[] {Math.sin(arg), arg}, dmax);
            // Pair types in point-to-point: counts are in pairs.
            if (n > 1) {
                if (me == 0) {
                    MPI.COMM_WORLD.Send(new long[] {1, 2, 3, 4, 5, 6}, 0, 3, MPI.LONG2, 1, 9);
                } else if (me == 1) {
                    long[] in = new long[8];
                    Status s = MPI.COMM_WORLD.Recv(in, 2, 3, MPI.LONG2, 0, 9);
                    assertEquals(3, s.Get_count(MPI.LONG2));
                    assertEquals(6, s.Get_elements(MPI.LONG2));
                    assertEquals(6, s.Get_count(MPI.LONG));
                    assertArrayEquals(new long[] {0, 0, 1, 2, 3, 4, 5, 6}, in);
                }
            }
            MPIException wrong = assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Allreduce(new int[2], 0, new int[2], 0, 2, MPI.INT, MPI.MAXLOC));
            assertEquals(MPI.ERR_OP, wrong.getErrorClass());
            assertTrue(wrong.getMessage().contains("pair types"), wrong.getMessage());
            assertEquals(MPI.ERR_BUFFER, assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Allreduce(new int[3], 0, new int[4], 0, 2, MPI.INT2, MPI.MAXLOC)).getErrorClass());
        }

        static void userOps(int me, int n) {
            Op concat = new Op(new Concatenate(), false);
            Op sum = new Op(new LongSum(), true);
            StringBuilder expected = new StringBuilder();
            for (int r = 0; r < n; r++) {
                expected.append(r).append(';');
            }
            for (int root = 0; root < n; root++) {
                Object[] out = new Object[1];
                MPI.COMM_WORLD.Reduce(new Object[] {me + ";"}, 0, out, 0, 1, MPI.OBJECT, concat, root);
                if (me == root) {
                    assertEquals(expected.toString(), out[0], "a non-commutative op meets the ranks in order (root " + root + ")");
                }
            }
            Object[] all = new Object[1];
            MPI.COMM_WORLD.Allreduce(new Object[] {me + ";"}, 0, all, 0, 1, MPI.OBJECT, concat);
            assertEquals(expected.toString(), all[0]);
            Object[] prefix = new Object[1];
            MPI.COMM_WORLD.Scan(new Object[] {me + ";"}, 0, prefix, 0, 1, MPI.OBJECT, concat);
            assertEquals(expected.substring(0, expected.indexOf(me + ";") + (me + ";").length()), prefix[0]);
            // A non-commutative op on primitive items through Allreduce (recursive doubling on
            // any rank count): the product must be taken in rank order, the same on every rank.
            Datatype matrix = Datatype.Contiguous(4, MPI.LONG);
            matrix.Commit();
            Op product = new Op(new MatrixProduct(), false);
            long[] expectedProduct = {1, 0, 0, 1};
            for (int r = 0; r < n; r++) {
                long[] m = {1, r + 1, r % 2, 1};
                expectedProduct = new long[] {
                    expectedProduct[0] * m[0] + expectedProduct[1] * m[2], expectedProduct[0] * m[1] + expectedProduct[1] * m[3],
                    expectedProduct[2] * m[0] + expectedProduct[3] * m[2], expectedProduct[2] * m[1] + expectedProduct[3] * m[3]};
            }
            long[] productOut = new long[4];
            MPI.COMM_WORLD.Allreduce(new long[] {1, me + 1, me % 2, 1}, 0, productOut, 0, 1, matrix, product);
            assertArrayEquals(expectedProduct, productOut, "the matrix product in rank order");
            long[] total = new long[3];
            MPI.COMM_WORLD.Allreduce(new long[] {me, 1, -me}, 0, total, 0, 3, MPI.LONG, sum);
            assertArrayEquals(new long[] {(long) n * (n - 1) / 2, n, -(long) n * (n - 1) / 2}, total);
            assertTrue(sum.Is_commute());
            assertEquals(MPI.ERR_OP, assertThrows(MPIException.class, () -> new Op((User_function) null, true)).getErrorClass());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8})
    void moreCollectivesMatchSequentialReferences(int ranks) {
        RankJobs.runOk(ranks, Program.class);
    }
}
