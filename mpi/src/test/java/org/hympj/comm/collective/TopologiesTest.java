package org.hympj.comm.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import mpi.CartParms;
import mpi.Cartcomm;
import mpi.Graphcomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.ShiftParms;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Cartesian and graph topologies: grids, coordinates, shifts, sub-grids, halo exchange, collectives on them. */
@Timeout(120)
class TopologiesTest {

    @Test
    void dimsCreateBalancesTheFactors() {
        int[] a = new int[2];
        Cartcomm.Dims_create(6, a);
        assertArrayEquals(new int[] {3, 2}, a);
        int[] b = new int[3];
        Cartcomm.Dims_create(8, b);
        assertArrayEquals(new int[] {2, 2, 2}, b);
        int[] c = {0, 3, 0};
        Cartcomm.Dims_create(24, c);
        assertArrayEquals(new int[] {4, 3, 2}, c);
        int[] d = new int[2];
        Cartcomm.Dims_create(7, d);
        assertArrayEquals(new int[] {7, 1}, d);
        assertEquals(MPI.ERR_DIMS, assertThrows(MPIException.class, () -> Cartcomm.Dims_create(10, new int[] {3, 0})).getErrorClass());
    }

    public static class Program {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            int[] dims = new int[2];
            Cartcomm.Dims_create(n, dims);
            Cartcomm torus = MPI.COMM_WORLD.Create_cart(dims, new boolean[] {true, false}, false);
            assertNotNull(torus);
            assertEquals(MPI.CART, torus.Topo_test());
            CartParms parms = torus.Get();
            assertArrayEquals(dims, parms.dims);
            assertEquals(me, torus.Rank(parms.coords));
            assertArrayEquals(parms.coords, torus.Coords(me));
            assertEquals(me / dims[1], parms.coords[0]);
            assertEquals(me % dims[1], parms.coords[1]);
            // Dimension 0 is periodic: the neighbours wrap. Dimension 1 is not: PROC_NULL past the edge.
            ShiftParms vertical = torus.Shift(0, 1);
            assertEquals(torus.Rank(new int[] {parms.coords[0] + 1, parms.coords[1]}), vertical.rank_dest);
            assertEquals(torus.Rank(new int[] {parms.coords[0] - 1, parms.coords[1]}), vertical.rank_source);
            ShiftParms horizontal = torus.Shift(1, 1);
            assertEquals(parms.coords[1] == dims[1] - 1 ? MPI.PROC_NULL : me + 1, horizontal.rank_dest);
            assertEquals(parms.coords[1] == 0 ? MPI.PROC_NULL : me - 1, horizontal.rank_source);
            // A halo exchange along both dimensions with the shifts.
            int[] got = {-5};
            torus.Sendrecv(new int[] {me}, 0, 1, MPI.INT, vertical.rank_dest, 0, got, 0, 1, MPI.INT, vertical.rank_source, 0);
            assertEquals(vertical.rank_source, got[0]);
            got[0] = -5;
            torus.Sendrecv(new int[] {me}, 0, 1, MPI.INT, horizontal.rank_dest, 1, got, 0, 1, MPI.INT, horizontal.rank_source, 1);
            assertEquals(horizontal.rank_source == MPI.PROC_NULL ? -5 : horizontal.rank_source, got[0]);
            // Rows and columns as sub-grids, with a collective on each.
            Cartcomm row = torus.Sub(new boolean[] {false, true});
            Cartcomm column = torus.Sub(new boolean[] {true, false});
            assertEquals(dims[1], row.Size());
            assertEquals(dims[0], column.Size());
            assertEquals(parms.coords[1], row.Rank());
            int[] rowSum = new int[1];
            row.Allreduce(new int[] {me}, 0, rowSum, 0, 1, MPI.INT, MPI.SUM);
            int first = parms.coords[0] * dims[1];
            assertEquals(dims[1] * first + dims[1] * (dims[1] - 1) / 2, rowSum[0]);
            assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class, () -> torus.Rank(new int[] {0, dims[1]})).getErrorClass());
            assertEquals(MPI.ERR_DIMS, assertThrows(MPIException.class, () -> torus.Shift(2, 1)).getErrorClass());
            // A smaller grid leaves the extra ranks out.
            Cartcomm line = MPI.COMM_WORLD.Create_cart(new int[] {Math.max(1, n - 1)}, new boolean[] {false}, true);
            if (me >= Math.max(1, n - 1)) {
                assertNull(line);
            } else {
                assertEquals(Math.max(1, n - 1), line.Size());
            }
            assertEquals(MPI.ERR_DIMS, assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Create_cart(new int[] {n + 1}, new boolean[] {false}, false)).getErrorClass());
            // A ring as a graph.
            int[] index = new int[n];
            int[] edges = new int[2 * n];
            for (int r = 0; r < n; r++) {
                index[r] = 2 * (r + 1);
                edges[2 * r] = (r + 1) % n;
                edges[2 * r + 1] = (r - 1 + n) % n;
            }
            Graphcomm ring = MPI.COMM_WORLD.Create_graph(index, edges, false);
            assertEquals(MPI.GRAPH, ring.Topo_test());
            assertArrayEquals(new int[] {(me + 1) % n, (me - 1 + n) % n}, ring.Neighbours(me));
            assertArrayEquals(index, ring.Get().index);
            ring.Barrier();
            torus.Free();
            MPI.Finalize();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 6, 8})
    void gridsShiftsSubGridsAndGraphs(int ranks) {
        RankJobs.runOk(ranks, Program.class);
    }
}
