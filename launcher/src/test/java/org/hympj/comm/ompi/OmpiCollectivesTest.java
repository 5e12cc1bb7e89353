package org.hympj.comm.ompi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import mpi.Comm;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/**
 * The blocking collectives of Open MPI's Java API: every collective's values, with arrays,
 * direct and heap buffers, roots other than 0, uneven counts for the v forms, every in-place
 * overload and {@code MPI.IN_PLACE}, and the errors of bad arguments. The programs use the
 * camelCase API only, except {@code Rank()}/{@code Size()}, which stand for Open MPI's
 * {@code getRank()}/{@code getSize()} (another area of the API).
 */
@Timeout(180)
public class OmpiCollectivesTest {

    static IntBuffer directInts(int n) {
        return ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder()).asIntBuffer();
    }

    static DoubleBuffer directDoubles(int n) {
        return ByteBuffer.allocateDirect(8 * n).order(ByteOrder.nativeOrder()).asDoubleBuffer();
    }

    static int[] ints(IntBuffer b) {
        int[] a = new int[b.capacity()];
        b.get(0, a);
        return a;
    }

    /** Every collective with arrays, then with direct buffers, root the last rank; values checked on every rank. */
    public static class AllCollectives {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.Rank();
            int size = world.Size();
            int root = size - 1;

            world.barrier();

            // bcast: array and direct buffer
            int[] b = rank == root ? new int[] {7, 8, 9} : new int[3];
            world.bcast(b, 3, MPI.INT, root);
            assertArrayEquals(new int[] {7, 8, 9}, b);
            DoubleBuffer db = directDoubles(2);
            if (rank == root) {
                db.put(0, 1.5).put(1, -2.5);
            }
            world.bcast(db, 2, MPI.DOUBLE, root);
            assertEquals(1.5, db.get(0));
            assertEquals(-2.5, db.get(1));

            // a heap buffer's slice is used from its own start; a ByteBuffer may hold ints
            IntBuffer whole = IntBuffer.allocate(6);
            IntBuffer tail = whole.position(2).slice();
            if (rank == root) {
                tail.put(0, 5).put(1, 6);
            }
            world.bcast(tail, 2, MPI.INT, root);
            assertArrayEquals(new int[] {0, 0, 5, 6, 0, 0}, whole.array());
            ByteBuffer bytesAsInts = ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder());
            world.allReduce(new int[] {rank, 1}, bytesAsInts, 2, MPI.INT, MPI.SUM);
            assertEquals(size * (size - 1) / 2, bytesAsInts.getInt(0));
            assertEquals(size, bytesAsInts.getInt(4));

            // gather / gatherv
            int[] g = new int[2 * size];
            world.gather(new int[] {rank, 10 * rank}, 2, MPI.INT, g, 2, MPI.INT, root);
            if (rank == root) {
                for (int r = 0; r < size; r++) {
                    assertEquals(r, g[2 * r]);
                    assertEquals(10 * r, g[2 * r + 1]);
                }
            }
            int[] counts = new int[size];
            int[] displs = new int[size];
            int total = 0;
            for (int r = 0; r < size; r++) {
                counts[r] = r + 1;
                displs[r] = total + r;  // a gap of r items before each block
                total += counts[r] + r;
            }
            int[] mine = new int[rank + 1];
            java.util.Arrays.fill(mine, 100 + rank);
            IntBuffer gv = directInts(total);
            for (int i = 0; i < total; i++) {
                gv.put(i, -1);
            }
            world.gatherv(mine, rank + 1, MPI.INT, gv, counts, displs, MPI.INT, root);
            if (rank == root) {
                int[] got = ints(gv);
                for (int r = 0; r < size; r++) {
                    for (int k = 0; k < counts[r]; k++) {
                        assertEquals(100 + r, got[displs[r] + k]);
                    }
                    if (r > 0) {
                        assertEquals(-1, got[displs[r] - 1], "the gap before block " + r + " is left as it was");
                    }
                }
            }

            // scatter / scatterv
            int[] sc = new int[2 * size];
            for (int i = 0; i < sc.length; i++) {
                sc[i] = 50 + i;
            }
            IntBuffer one = directInts(2);
            world.scatter(sc, 2, MPI.INT, one, 2, MPI.INT, root);
            assertArrayEquals(new int[] {50 + 2 * rank, 51 + 2 * rank}, ints(one));
            int[] sv = new int[total];
            for (int r = 0; r < size; r++) {
                for (int k = 0; k < counts[r]; k++) {
                    sv[displs[r] + k] = 1000 * r + k;
                }
            }
            int[] part = new int[rank + 1];
            world.scatterv(sv, counts, displs, MPI.INT, part, rank + 1, MPI.INT, root);
            for (int k = 0; k <= rank; k++) {
                assertEquals(1000 * rank + k, part[k]);
            }

            // allGather / allGatherv
            int[] ag = new int[size];
            world.allGather(new int[] {rank * rank}, 1, MPI.INT, ag, 1, MPI.INT);
            for (int r = 0; r < size; r++) {
                assertEquals(r * r, ag[r]);
            }
            IntBuffer agv = IntBuffer.allocate(total);
            world.allGatherv(mine, rank + 1, MPI.INT, agv, counts, displs, MPI.INT);
            for (int r = 0; r < size; r++) {
                assertEquals(100 + r, agv.get(displs[r] + counts[r] - 1));
            }

            // allToAll / allToAllv
            int[] a2a = new int[size];
            for (int r = 0; r < size; r++) {
                a2a[r] = 100 * rank + r;
            }
            IntBuffer a2aOut = directInts(size);
            world.allToAll(a2a, 1, MPI.INT, a2aOut, 1, MPI.INT);
            for (int r = 0; r < size; r++) {
                assertEquals(100 * r + rank, a2aOut.get(r));
            }
            // rank i sends i+1 items to every rank; rank j receives r+1 items from rank r
            int[] sendCounts = new int[size];
            int[] sendDispls = new int[size];
            int[] recvCounts = new int[size];
            int[] recvDispls = new int[size];
            for (int r = 0; r < size; r++) {
                sendCounts[r] = rank + 1;
                sendDispls[r] = r * (rank + 1);
                recvCounts[r] = r + 1;
                recvDispls[r] = r * (r + 1) / 2;
            }
            int[] v = new int[size * (rank + 1)];
            for (int r = 0; r < size; r++) {
                for (int k = 0; k <= rank; k++) {
                    v[r * (rank + 1) + k] = 10000 * rank + 100 * r + k;
                }
            }
            int[] vOut = new int[size * (size + 1) / 2];
            world.allToAllv(v, sendCounts, sendDispls, MPI.INT, vOut, recvCounts, recvDispls, MPI.INT);
            for (int r = 0; r < size; r++) {
                for (int k = 0; k <= r; k++) {
                    assertEquals(10000 * r + 100 * rank + k, vOut[recvDispls[r] + k]);
                }
            }

            // reduce / allReduce, with arrays and direct buffers
            double[] red = new double[2];
            world.reduce(new double[] {rank, 1}, red, 2, MPI.DOUBLE, MPI.SUM, root);
            if (rank == root) {
                assertEquals(size * (size - 1) / 2.0, red[0]);
                assertEquals(size, red[1]);
            }
            DoubleBuffer in = directDoubles(1);
            in.put(0, rank + 1);
            DoubleBuffer out = directDoubles(1);
            world.allReduce(in, out, 1, MPI.DOUBLE, MPI.MAX);
            assertEquals(size, out.get(0));
            int[] prod = new int[1];
            world.allReduce(new int[] {2}, prod, 1, MPI.INT, MPI.PROD);
            assertEquals(1 << size, prod[0]);

            // reduceScatter (uneven) and reduceScatterBlock
            int sum = size * (size + 1) / 2;
            int[] rsIn = new int[sum];
            java.util.Arrays.fill(rsIn, rank + 1);
            int[] rsOut = new int[rank + 1];
            world.reduceScatter(rsIn, rsOut, counts, MPI.INT, MPI.SUM);
            for (int k = 0; k <= rank; k++) {
                assertEquals(sum, rsOut[k]);
            }
            int[] rsbIn = new int[2 * size];
            for (int i = 0; i < rsbIn.length; i++) {
                rsbIn[i] = i;
            }
            IntBuffer rsbOut = directInts(2);
            world.reduceScatterBlock(rsbIn, rsbOut, 2, MPI.INT, MPI.SUM);
            assertEquals(size * 2 * rank, rsbOut.get(0));
            assertEquals(size * (2 * rank + 1), rsbOut.get(1));

            // scan / exScan
            int[] sc1 = new int[1];
            world.scan(new int[] {rank + 1}, sc1, 1, MPI.INT, MPI.SUM);
            assertEquals((rank + 1) * (rank + 2) / 2, sc1[0]);
            IntBuffer ex = directInts(1);
            ex.put(0, -7);
            IntBuffer exIn = directInts(1);
            exIn.put(0, rank + 1);
            world.exScan(exIn, ex, 1, MPI.INT, MPI.SUM);
            assertEquals(rank == 0 ? -7 : rank * (rank + 1) / 2, ex.get(0), "rank 0's exScan result is left as it was");
            int[] maxPrefix = {-1};
            world.exScan(new int[] {10 - rank}, maxPrefix, 1, MPI.INT, MPI.MAX);
            assertEquals(rank == 0 ? -1 : 10, maxPrefix[0]);

            // reduceLocal: inOut = in op inOut
            int[] inOut = {1, 2, 3};
            Comm.reduceLocal(new int[] {10, 20, 30}, inOut, 3, MPI.INT, MPI.SUM);
            assertArrayEquals(new int[] {11, 22, 33}, inOut);

            world.barrier();
            MPI.Finalize();
        }
    }

    /** Every in-place overload and MPI.IN_PLACE, root rank 1 (or 0 alone), on a Dup of COMM_WORLD. */
    public static class InPlace {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm comm = MPI.COMM_WORLD.Dup();
            int rank = comm.Rank();
            int size = comm.Size();
            int root = Math.min(1, size - 1);

            // gather in place: the root's block is already in place
            int[] g = new int[size];
            g[rank] = 5 + rank;
            if (rank == root) {
                comm.gather(g, 1, MPI.INT, root);
                for (int r = 0; r < size; r++) {
                    assertEquals(5 + r, g[r]);
                }
            } else {
                comm.gather(new int[] {5 + rank}, 1, MPI.INT, root);
            }
            // gather with MPI.IN_PLACE at the root
            IntBuffer gb = directInts(size);
            gb.put(rank, 9 * rank);
            comm.gather(rank == root ? MPI.IN_PLACE : new int[] {9 * rank}, 1, MPI.INT, gb, 1, MPI.INT, root);
            if (rank == root) {
                for (int r = 0; r < size; r++) {
                    assertEquals(9 * r, gb.get(r));
                }
            }
            // gatherv in place (uneven)
            int[] counts = new int[size];
            int[] displs = new int[size];
            for (int r = 0; r < size; r++) {
                counts[r] = r + 1;
                displs[r] = r * (r + 1) / 2;
            }
            int total = size * (size + 1) / 2;
            int[] gv = new int[total];
            if (rank == root) {
                java.util.Arrays.fill(gv, displs[rank], displs[rank] + counts[rank], 77);
                comm.gatherv(gv, counts, displs, MPI.INT, root);
                for (int r = 0; r < size; r++) {
                    assertEquals(r == root ? 77 : r, gv[displs[r] + counts[r] - 1]);
                }
            } else {
                int[] mine = new int[rank + 1];
                java.util.Arrays.fill(mine, rank);
                comm.gatherv(mine, rank + 1, MPI.INT, root);
            }

            // scatter in place: the root keeps its block where it is
            int[] s = new int[2 * size];
            if (rank == root) {
                for (int i = 0; i < s.length; i++) {
                    s[i] = 300 + i;
                }
                comm.scatter(s, 2, MPI.INT, root);
                assertEquals(300 + 2 * root, s[2 * root]);
            } else {
                int[] mine = new int[2];
                comm.scatter(mine, 2, MPI.INT, root);
                assertArrayEquals(new int[] {300 + 2 * rank, 301 + 2 * rank}, mine);
            }
            // scatter with MPI.IN_PLACE as the root's receive buffer
            int[] got = new int[1];
            comm.scatter(new int[size], 1, MPI.INT, rank == root ? MPI.IN_PLACE : got, 1, MPI.INT, root);
            // scatterv in place
            if (rank == root) {
                int[] sv = new int[total];
                for (int i = 0; i < total; i++) {
                    sv[i] = i;
                }
                comm.scatterv(sv, counts, displs, MPI.INT, root);
            } else {
                int[] mine = new int[rank + 1];
                comm.scatterv(mine, rank + 1, MPI.INT, root);
                assertEquals(displs[rank] + rank, mine[rank]);
            }

            // allGather / allGatherv in place
            DoubleBuffer ag = directDoubles(size);
            ag.put(rank, rank + 0.5);
            comm.allGather(ag, 1, MPI.DOUBLE);
            for (int r = 0; r < size; r++) {
                assertEquals(r + 0.5, ag.get(r));
            }
            int[] agv = new int[total];
            java.util.Arrays.fill(agv, displs[rank], displs[rank] + counts[rank], rank + 40);
            comm.allGatherv(agv, counts, displs, MPI.INT);
            for (int r = 0; r < size; r++) {
                assertEquals(r + 40, agv[displs[r]]);
            }
            int[] agIp = new int[size];
            agIp[rank] = -rank;
            comm.allGather(MPI.IN_PLACE, 0, null, agIp, 1, MPI.INT);
            for (int r = 0; r < size; r++) {
                assertEquals(-r, agIp[r]);
            }

            // allToAll with MPI.IN_PLACE
            int[] a2a = new int[size];
            for (int r = 0; r < size; r++) {
                a2a[r] = 10 * rank + r;
            }
            comm.allToAll(MPI.IN_PLACE, 0, null, a2a, 1, MPI.INT);
            for (int r = 0; r < size; r++) {
                assertEquals(10 * r + rank, a2a[r]);
            }

            // reductions in place
            int[] red = {rank + 1, 1};
            comm.reduce(red, 2, MPI.INT, MPI.SUM, root);
            if (rank == root) {
                assertArrayEquals(new int[] {size * (size + 1) / 2, size}, red);
            } else {
                assertArrayEquals(new int[] {rank + 1, 1}, red, "a non-root's buffer is only read");
            }
            IntBuffer all = directInts(1);
            all.put(0, rank + 1);
            comm.allReduce(all, 1, MPI.INT, MPI.SUM);
            assertEquals(size * (size + 1) / 2, all.get(0));
            double[] ipMin = {rank + 3.0};
            comm.allReduce(MPI.IN_PLACE, ipMin, 1, MPI.DOUBLE, MPI.MIN);
            assertEquals(3.0, ipMin[0]);
            int[] rs = new int[total];
            java.util.Arrays.fill(rs, 1);
            comm.reduceScatter(rs, counts, MPI.INT, MPI.SUM);
            for (int k = 0; k <= rank; k++) {
                assertEquals(size, rs[k]);
            }
            int[] rsb = new int[size];
            for (int r = 0; r < size; r++) {
                rsb[r] = r;
            }
            comm.reduceScatterBlock(rsb, 1, MPI.INT, MPI.SUM);
            assertEquals(size * rank, rsb[0]);
            int[] sc = {rank + 1};
            comm.scan(sc, 1, MPI.INT, MPI.SUM);
            assertEquals((rank + 1) * (rank + 2) / 2, sc[0]);
            int[] ex = {rank + 1};
            comm.exScan(ex, 1, MPI.INT, MPI.SUM);
            if (rank > 0) {
                assertEquals(rank * (rank + 1) / 2, ex[0]);
            }
            // A derived datatype in place: the vector's items are reduced, the gaps between them left alone.
            // (Datatype.Vector and Commit are mpiJava's names for Open MPI's createVector and commit.)
            Datatype everySecond = Datatype.Vector(2, 1, 2, MPI.INT);
            everySecond.Commit();
            int[] strided = {rank + 1, -9, rank + 1, -9};
            comm.allReduce(strided, 1, everySecond, MPI.SUM);
            int sum = size * (size + 1) / 2;
            assertArrayEquals(new int[] {sum, -9, sum, -9}, strided);
            comm.Free();
            MPI.Finalize();
        }
    }

    /** allToAllw over direct ByteBuffers: an int block and a double block per peer, at byte displacements. */
    public static class AllToAllw {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.Rank();
            int size = world.Size();
            // To each peer r: one int (rank*100 + r) at byte 12*r and one double at byte 12*size + 8*r,
            // as blocks of alternating types: even peers get the int, odd peers the double.
            ByteBuffer send = ByteBuffer.allocateDirect(16 * size).order(ByteOrder.nativeOrder());
            ByteBuffer recv = ByteBuffer.allocateDirect(16 * size).order(ByteOrder.nativeOrder());
            int[] counts = new int[size];
            int[] sdispls = new int[size];
            int[] rdispls = new int[size];
            Datatype[] sendTypes = new Datatype[size];
            Datatype[] recvTypes = new Datatype[size];
            for (int r = 0; r < size; r++) {
                counts[r] = 1;
                sdispls[r] = 16 * r;
                rdispls[r] = 16 * r;
                // The type of a block is agreed by both ends: that of the lower-numbered pair member's parity.
                boolean ofInts = (rank + r) % 2 == 0;
                sendTypes[r] = ofInts ? MPI.INT : MPI.DOUBLE;
                recvTypes[r] = sendTypes[r];
                if (ofInts) {
                    send.putInt(16 * r, rank * 100 + r);
                } else {
                    send.putDouble(16 * r, rank + r / 10.0);
                }
            }
            world.allToAllw(send, counts, sdispls, sendTypes, recv, counts, rdispls, recvTypes);
            for (int r = 0; r < size; r++) {
                if ((rank + r) % 2 == 0) {
                    assertEquals(r * 100 + rank, recv.getInt(16 * r));
                } else {
                    assertEquals(r + rank / 10.0, recv.getDouble(16 * r));
                }
            }
            MPIException bad = assertThrows(MPIException.class, () -> world.allToAllw(send, counts,
                new int[size], new Datatype[size], recv, counts, rdispls, recvTypes));
            assertEquals(MPI.ERR_TYPE, bad.getErrorClass());
            MPI.Finalize();
        }
    }

    static void assertError(int errorClass, String words, Executable call) {
        MPIException e = assertThrows(MPIException.class, call);
        assertEquals(errorClass, e.getErrorClass(), e.getMessage());
        assertTrue(e.getMessage().contains(words), e.getMessage());
    }

    /** Bad arguments raise MPIException with their class and a sentence, on every rank alike (so nothing hangs). */
    public static class Errors {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int size = world.Size();
            assertError(MPI.ERR_ROOT, "root " + size, () -> world.bcast(new int[1], 1, MPI.INT, size));
            assertError(MPI.ERR_ROOT, "root -1", () -> world.reduce(new int[1], new int[1], 1, MPI.INT, MPI.SUM, -1));
            assertError(MPI.ERR_COUNT, "negative", () -> world.allReduce(new int[1], new int[1], -1, MPI.INT, MPI.SUM));
            assertError(MPI.ERR_OP, "op is null", () -> world.allReduce(new int[1], new int[1], 1, MPI.INT, null));
            assertError(MPI.ERR_OP, "does not apply", () -> world.allReduce(new double[1], new double[1], 1, MPI.DOUBLE, MPI.BAND));
            assertError(MPI.ERR_TYPE, "datatype is null", () -> world.allGather(new int[1], 1, null, new int[size], 1, MPI.INT));
            assertError(MPI.ERR_BUFFER, "holds 1", () -> world.allGather(new int[1], 1, MPI.INT, directInts(1), 1, MPI.INT));
            assertError(MPI.ERR_TYPE, "IntBuffer", () -> world.bcast(directInts(1), 1, MPI.DOUBLE, 0));
            assertError(MPI.ERR_ARG, "count for each", () -> world.reduceScatter(new int[size], new int[1], new int[0],
                MPI.INT, MPI.SUM));
            if (size > 1) {
                int notRoot = world.Rank() == 0 ? 1 : 0;
                assertError(MPI.ERR_BUFFER, "MPI.IN_PLACE", () -> world.reduce(MPI.IN_PLACE, new int[1], 1, MPI.INT, MPI.SUM,
                    world.Rank() == 0 ? notRoot : 0));
            }
            Intracomm freed = world.Dup();
            freed.Free();
            assertError(MPI.ERR_COMM, "freed", freed::barrier);
            // The communicator still works after the errors.
            int[] sum = new int[1];
            world.allReduce(new int[] {1}, sum, 1, MPI.INT, MPI.SUM);
            assertEquals(size, sum[0]);
            MPI.Finalize();
        }
    }

    @Test
    void everyCollectiveOnTwoThreeAndFourThreadRanks() {
        RankJobs.runOk(2, AllCollectives.class);
        RankJobs.runOk(3, AllCollectives.class);
        RankJobs.runOk(4, AllCollectives.class);
    }

    @Test
    void everyCollectiveAcrossTwoJvms() {
        ProcessJobs.runOk(3, 2, AllCollectives.class);
    }

    @Test
    void inPlaceFormsOnOneTwoAndFourRanks() {
        RankJobs.runOk(1, InPlace.class);
        RankJobs.runOk(2, InPlace.class);
        RankJobs.runOk(4, InPlace.class);
    }

    @Test
    void inPlaceFormsAcrossTwoJvms() {
        ProcessJobs.runOk(4, 2, InPlace.class);
    }

    @Test
    void allToAllwMixesDatatypesAtByteDisplacements() {
        RankJobs.runOk(3, AllToAllw.class);
        ProcessJobs.runOk(2, 2, AllToAllw.class);
    }

    @Test
    void badArgumentsRaiseMpiExceptionWithClassAndSentence() {
        RankJobs.runOk(2, Errors.class);
    }
}
