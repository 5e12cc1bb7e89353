package org.hympj.comm.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Derived datatypes: layouts, queries, errors, point-to-point and collectives with them, and packing. */
@Timeout(60)
public class DerivedDatatypesTest {
    static final int ROWS = 6;
    static final int COLS = 5;

    static double cell(int rank, int row, int col) {
        return rank * 1000 + row * 10 + col;
    }

    public static class Program {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            queriesAndErrors();
            columnHalo(me);
            layouts(me);
            collectives(me);
            particles(me);
            MPI.Finalize();
        }

        static void queriesAndErrors() {
            Datatype column = Datatype.Vector(ROWS, 1, COLS, MPI.DOUBLE);
            assertEquals(ROWS, column.Size());
            assertEquals((ROWS - 1) * COLS + 1, column.Extent());
            assertEquals(0, column.Lb());
            assertEquals((ROWS - 1) * COLS + 1, column.Ub());
            MPIException uncommitted = assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Send(new double[ROWS * COLS], 0, 1, column, MPI.PROC_NULL, 0));
            assertEquals(MPI.ERR_TYPE, uncommitted.getErrorClass());
            assertTrue(uncommitted.getMessage().contains("must be committed"), uncommitted.getMessage());
            Datatype freed = Datatype.Contiguous(2, MPI.INT);
            freed.Commit();
            freed.Free();
            assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Send(new int[4], 0, 1, freed, MPI.PROC_NULL, 0)).getErrorClass());
            assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class, MPI.INT::Free).getErrorClass());
            MPIException mixed = assertThrows(MPIException.class,
                () -> Datatype.Struct(new int[] {1, 1}, new int[] {0, 1}, new Datatype[] {MPI.INT, MPI.DOUBLE}));
            assertEquals(MPI.ERR_TYPE, mixed.getErrorClass());
            assertTrue(mixed.getMessage().contains("same base type"));
            column.Commit();
            // A buffer too small for the strided item is refused before anything is sent.
            assertEquals(MPI.ERR_BUFFER, assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Send(new double[(ROWS - 1) * COLS], 0, 1, column, MPI.PROC_NULL, 0)).getErrorClass());
        }

        /** Rank 0's last column goes into rank 1's first column: a strided halo, no user copy. */
        static void columnHalo(int me) {
            Datatype column = Datatype.Vector(ROWS, 1, COLS, MPI.DOUBLE);
            column.Commit();
            double[] grid = new double[ROWS * COLS];
            for (int r = 0; r < ROWS; r++) {
                for (int c = 0; c < COLS; c++) {
                    grid[r * COLS + c] = cell(me, r, c);
                }
            }
            if (me == 0) {
                MPI.COMM_WORLD.Send(grid, COLS - 1, 1, column, 1, 1);
                MPI.COMM_WORLD.Send(grid, COLS - 1, 1, column, 1, 2);
                MPI.COMM_WORLD.Send(grid, COLS - 1, 1, column, 1, 3);
                MPI.COMM_WORLD.Send(grid, 0, ROWS * COLS, MPI.DOUBLE, 1, 4);
            } else if (me == 1) {
                Status s = MPI.COMM_WORLD.Recv(grid, 0, 1, column, 0, 1);
                assertEquals(1, s.Get_count(column));
                assertEquals(ROWS, s.Get_elements(column));
                for (int r = 0; r < ROWS; r++) {
                    assertEquals(cell(0, r, COLS - 1), grid[r * COLS], "row " + r);
                    assertEquals(cell(1, r, 1), grid[r * COLS + 1], "the other columns are untouched");
                }
                double[] other = new double[ROWS * COLS];
                Request req = MPI.COMM_WORLD.Irecv(other, 2, 1, column, 0, 2);
                req.Wait();
                Prequest persistent = MPI.COMM_WORLD.Recv_init(other, 3, 1, column, 0, 3);
                persistent.Start();
                persistent.Wait();
                for (int r = 0; r < ROWS; r++) {
                    assertEquals(cell(0, r, COLS - 1), other[r * COLS + 2]);
                    assertEquals(cell(0, r, COLS - 1), other[r * COLS + 3]);
                    assertEquals(0.0, other[r * COLS + 1]);
                }
                // Contiguous doubles received as columns: the type signatures match (doubles), and a
                // receive of 2 columns (12 doubles; the second column item starts one extent later)
                // cannot hold 30 doubles: truncation, with what fits stored in typemap order.
                double[] two = new double[2 * ROWS * COLS];
                MPIException e = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Recv(two, 0, 2, column, 0, 4));
                assertEquals(MPI.ERR_TRUNCATE, e.getErrorClass());
                for (int r = 0; r < ROWS; r++) {
                    assertEquals(cell(0, r / COLS, r % COLS), two[r * COLS], "first column filled from the first doubles");
                }
            }
        }

        static void layouts(int me) {
            int[] data = new int[40];
            for (int i = 0; i < data.length; i++) {
                data[i] = i;
            }
            Datatype contiguous = Datatype.Contiguous(3, MPI.INT);
            Datatype hvector = Datatype.Hvector(3, 2, 5, MPI.INT);
            Datatype indexed = Datatype.Indexed(new int[] {2, 1}, new int[] {4, 0}, MPI.INT);
            Datatype hindexed = Datatype.Hindexed(new int[] {1, 3}, new int[] {10, 1}, MPI.INT);
            Datatype struct = Datatype.Struct(new int[] {1, 2}, new int[] {0, 6}, new Datatype[] {contiguous, MPI.INT});
            Datatype[] all = {contiguous, hvector, indexed, hindexed, struct};
            int[][] expected = {
                {0, 1, 2, 3, 4, 5},
                {0, 1, 5, 6, 10, 11},
                {4, 5, 0},
                {10, 1, 2, 3},
                {0, 1, 2, 6, 7},
            };
            for (int t = 0; t < all.length; t++) {
                all[t].Commit();
                int items = t == 0 ? 2 : 1;
                // Pack shows the typemap order; a round trip through a message must give the same.
                byte[] bytes = new byte[MPI.COMM_WORLD.Pack_size(items, all[t])];
                MPI.COMM_WORLD.Pack(data, 0, items, all[t], bytes, 0);
                int[] packed = new int[expected[t].length];
                MPI.COMM_WORLD.Unpack(bytes, 0, packed, 0, expected[t].length, MPI.INT);
                assertArrayEquals(expected[t], packed, all[t].toString());
                int[] back = new int[40];
                MPI.COMM_WORLD.Sendrecv(data, 0, items, all[t], me, 20 + t, back, 0, items, all[t], me, 20 + t);
                for (int i : expected[t]) {
                    assertEquals(i, back[i], all[t] + " element " + i);
                }
            }
            assertEquals(11, hindexed.Ub());
            assertEquals(1, hindexed.Lb());
            assertEquals(10, hindexed.Extent());
        }

        static void collectives(int me) {
            int n = MPI.COMM_WORLD.Size();
            Datatype column = Datatype.Vector(ROWS, 1, COLS, MPI.DOUBLE);
            column.Commit();
            double[] grid = new double[ROWS * COLS];
            if (me == 0) {
                for (int r = 0; r < ROWS; r++) {
                    grid[r * COLS + 2] = cell(0, r, 2);
                }
            }
            MPI.COMM_WORLD.Bcast(grid, 2, 1, column, 0);
            for (int r = 0; r < ROWS; r++) {
                assertEquals(cell(0, r, 2), grid[r * COLS + 2]);
                assertEquals(0.0, grid[r * COLS + 3]);
            }
            // An all-reduce over a strided column: the sum of every rank's column 1.
            double[] mine = new double[ROWS * COLS];
            double[] sum = new double[ROWS * COLS];
            for (int r = 0; r < ROWS; r++) {
                mine[r * COLS + 1] = cell(me, r, 1);
            }
            MPI.COMM_WORLD.Allreduce(mine, 1, sum, 1, 1, column, MPI.SUM);
            for (int r = 0; r < ROWS; r++) {
                double expected = 0;
                for (int k = 0; k < n; k++) {
                    expected += cell(k, r, 1);
                }
                assertEquals(expected, sum[r * COLS + 1]);
                assertEquals(0.0, sum[r * COLS]);
            }
            // Gather every rank's 6 values at rank 0, then place each rank's block as a column of a
            // grid by unpacking it with a strided type (n ≤ COLS).
            if (n <= COLS) {
                Datatype columnItem = Datatype.Hvector(ROWS, 1, COLS, MPI.DOUBLE);
                columnItem.Commit();
                double[] own = new double[ROWS];
                for (int r = 0; r < ROWS; r++) {
                    own[r] = cell(me, r, 0);
                }
                double[] block = new double[ROWS * n];
                MPI.COMM_WORLD.Gather(own, 0, ROWS, MPI.DOUBLE, block, 0, ROWS, MPI.DOUBLE, 0);
                if (me == 0) {
                    double[] gathered = new double[ROWS * COLS];
                    for (int k = 0; k < n; k++) {
                        MPI.COMM_WORLD.Unpack(packDoubles(block, k * ROWS, ROWS), 0, gathered, k, 1, columnItem);
                    }
                    for (int k = 0; k < n; k++) {
                        for (int r = 0; r < ROWS; r++) {
                            assertEquals(cell(k, r, 0), gathered[r * COLS + k]);
                        }
                    }
                }
            }
        }

        static byte[] packDoubles(double[] values, int offset, int count) {
            byte[] bytes = new byte[MPI.COMM_WORLD.Pack_size(count, MPI.DOUBLE)];
            MPI.COMM_WORLD.Pack(values, offset, count, MPI.DOUBLE, bytes, 0);
            return bytes;
        }

        /** Particle records (doubles and an int id) packed into one byte[] and shipped as MPI.PACKED. */
        static void particles(int me) {
            int n = MPI.COMM_WORLD.Size();
            int count = 100;
            double[] xyz = new double[3 * count];
            int[] ids = new int[count];
            for (int p = 0; p < count; p++) {
                xyz[3 * p] = me + p * 0.5;
                xyz[3 * p + 1] = -p;
                xyz[3 * p + 2] = p * p;
                ids[p] = me * 10_000 + p;
            }
            int bytes = MPI.COMM_WORLD.Pack_size(3 * count, MPI.DOUBLE) + MPI.COMM_WORLD.Pack_size(count, MPI.INT);
            byte[] out = new byte[bytes];
            int position = MPI.COMM_WORLD.Pack(xyz, 0, 3 * count, MPI.DOUBLE, out, 0);
            position = MPI.COMM_WORLD.Pack(ids, 0, count, MPI.INT, out, position);
            assertEquals(bytes, position);
            byte[] in = new byte[bytes];
            int right = (me + 1) % n;
            int left = (me - 1 + n) % n;
            MPI.COMM_WORLD.Sendrecv(out, 0, bytes, MPI.PACKED, right, 30, in, 0, bytes, MPI.PACKED, left, 30);
            double[] gotXyz = new double[3 * count];
            int[] gotIds = new int[count];
            int at = MPI.COMM_WORLD.Unpack(in, 0, gotXyz, 0, 3 * count, MPI.DOUBLE);
            MPI.COMM_WORLD.Unpack(in, at, gotIds, 0, count, MPI.INT);
            for (int p = 0; p < count; p++) {
                assertEquals(left + p * 0.5, gotXyz[3 * p]);
                assertEquals(left * 10_000 + p, gotIds[p]);
            }
            assertEquals(MPI.ERR_BUFFER, assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Pack(xyz, 0, 3 * count, MPI.DOUBLE, new byte[10], 0)).getErrorClass());
            assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Pack_size(1, MPI.OBJECT)).getErrorClass());
        }
    }

    @Test
    void derivedDatatypesOnTwoAndThreeRanks() {
        RankJobs.runOk(2, Program.class);
        RankJobs.runOk(3, Program.class);
    }
}
