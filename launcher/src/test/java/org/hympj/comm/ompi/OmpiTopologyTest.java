package org.hympj.comm.ompi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import mpi.CartComm;
import mpi.CartParms;
import mpi.Cartcomm;
import mpi.DistGraphNeighbors;
import mpi.GraphComm;
import mpi.GraphParms;
import mpi.Graphcomm;
import mpi.Info;
import mpi.MPI;
import mpi.MPIException;
import mpi.ShiftParms;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/**
 * Open MPI's topology API (CartComm, GraphComm, distributed graphs) as an Open MPI program
 * uses it: coordinates, ranks, shifts, sub-grids, graph and distributed graph adjacency with
 * weights, the same objects seen through mpiJava's names, and the errors.
 */
@Timeout(120)
public class OmpiTopologyTest {

    static void raises(int errorClass, String words, Executable call) {
        MPIException e = assertThrows(MPIException.class, call);
        assertEquals(errorClass, e.getErrorClass(), e.getMessage());
        assertTrue(e.getMessage().contains(words), "\"" + e.getMessage() + "\" should name " + words);
    }

    /** A grid of every rank, its first dimension periodic when args[0] is "periodic", the second not. */
    public static class Grid {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            boolean periodic = args[0].equals("periodic");
            int[] dims = {0, 2};
            CartComm.createDims(n, dims);
            int rows = n / 2;
            assertArrayEquals(new int[] {rows, 2}, dims);
            CartComm cart = MPI.COMM_WORLD.createCart(dims, new boolean[] {periodic, false}, false);
            assertEquals(MPI.CART, cart.Topo_test());

            CartParms topo = cart.getTopo();
            assertEquals(2, topo.getDimCount());
            assertEquals(rows, topo.getDim(0));
            assertEquals(2, topo.getDim(1));
            assertEquals(periodic, topo.getPeriod(0));
            assertFalse(topo.getPeriod(1));
            assertEquals(rank / 2, topo.getCoord(0));
            assertEquals(rank % 2, topo.getCoord(1));

            for (int r = 0; r < n; r++) {
                int[] c = cart.getCoords(r);
                assertArrayEquals(new int[] {r / 2, r % 2}, c);
                assertEquals(r, cart.getRank(c));
            }
            if (periodic) {
                assertEquals(cart.getRank(new int[] {rows - 1, 1}), cart.getRank(new int[] {-1, 1}));
                assertEquals(1, cart.getRank(new int[] {rows, 1}));
            } else {
                raises(MPI.ERR_ARG, "getRank", () -> cart.getRank(new int[] {-1, 0}));
            }
            raises(MPI.ERR_ARG, "getRank", () -> cart.getRank(new int[] {0, 2}));

            int row = rank / 2;
            int col = rank % 2;
            ShiftParms down = cart.shift(0, 1);
            int above = row > 0 ? rank - 2 : periodic ? rank + 2 * (rows - 1) : MPI.PROC_NULL;
            int below = row < rows - 1 ? rank + 2 : periodic ? col : MPI.PROC_NULL;
            assertEquals(above, down.getRankSource());
            assertEquals(below, down.getRankDest());
            ShiftParms up = cart.shift(0, -1);
            assertEquals(below, up.getRankSource());
            assertEquals(above, up.getRankDest());
            ShiftParms across = cart.shift(1, 1);
            assertEquals(col == 1 ? rank - 1 : MPI.PROC_NULL, across.getRankSource());
            assertEquals(col == 0 ? rank + 1 : MPI.PROC_NULL, across.getRankDest());
            ShiftParms twoDown = cart.shift(0, 2);
            assertEquals(row + 2 < rows ? rank + 4 : periodic ? ((row + 2) % rows) * 2 + col : MPI.PROC_NULL,
                twoDown.getRankDest());

            // The same object through mpiJava's names.
            Cartcomm old = cart;
            assertEquals(cart.shift(0, 1).getRankDest(), old.Shift(0, 1).rank_dest);
            assertArrayEquals(cart.getCoords(rank), old.Get().coords);
            assertTrue(MPI.COMM_WORLD.Create_cart(dims, new boolean[] {periodic, false}, false) instanceof CartComm,
                "mpiJava's Create_cart makes a CartComm too");

            CartComm column = cart.sub(new boolean[] {true, false});
            assertEquals(rows, column.Size());
            assertEquals(row, column.Rank());
            assertEquals(1, column.getTopo().getDimCount());
            assertEquals(periodic, column.getTopo().getPeriod(0));
            int[] mine = {rank};
            int[] firstOfColumn = new int[1];
            if (column.Rank() == 0) {
                firstOfColumn[0] = rank;
            }
            column.Bcast(firstOfColumn, 0, 1, MPI.INT, 0);
            assertEquals(col, firstOfColumn[0], "the column's rank 0 is the top of the column");
            CartComm line = cart.sub(new boolean[] {false, true});
            assertEquals(2, line.Size());
            assertEquals(col, line.Rank());
            assertFalse(line.getTopo().getPeriod(0));
            int[] sum = new int[1];
            line.Allreduce(mine, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(4 * row + 1, sum[0]);

            assertEquals(rank, cart.map(dims, new boolean[] {periodic, false}));
            assertEquals(rank < 2 ? rank : MPI.UNDEFINED, cart.map(new int[] {2}, new boolean[] {false}));

            CartComm copy = cart.dup();
            assertNotSame(cart, copy);
            assertEquals(rank / 2, copy.getTopo().getCoord(0));
            CartComm cloned = cart.clone();
            assertEquals(cart.shift(0, 1).getRankSource(), cloned.shift(0, 1).getRankSource());
            CartComm withInfo = cart.dupWithInfo(new Info());
            assertEquals(periodic, withInfo.getTopo().getPeriod(0));

            raises(MPI.ERR_DIMS, "shift", () -> cart.shift(2, 1));
            raises(MPI.ERR_RANK, "getCoords", () -> cart.getCoords(n));
            raises(MPI.ERR_DIMS, "createCart", () -> MPI.COMM_WORLD.createCart(new int[] {n, 2}, new boolean[2], false));
            raises(MPI.ERR_DIMS, "createCart", () -> MPI.COMM_WORLD.createCart(new int[] {0, 2}, new boolean[2], false));
            raises(MPI.ERR_DIMS, "createCart", () -> MPI.COMM_WORLD.createCart(new int[] {2}, new boolean[2], false));
            raises(MPI.ERR_DIMS, "createDims", () -> CartComm.createDims(10, new int[] {3, 0}));
            raises(MPI.ERR_DIMS, "createDims", () -> CartComm.createDims(0, new int[] {0}));
            raises(MPI.ERR_ARG, "sub", () -> cart.sub(new boolean[] {true}));
            MPI.Finalize();
        }
    }

    @Test
    void aPeriodicGridOfSixRanks() {
        RankJobs.runOk(6, Grid.class, "periodic");
    }

    @Test
    void aNonPeriodicGridOfFourRanks() {
        RankJobs.runOk(4, Grid.class, "open");
    }

    @Test
    void aGridOfRanksInTwoJvms() {
        ProcessJobs.runOk(4, 2, Grid.class, "periodic");
    }

    /** createDims balances the factors, keeps the dimensions given, and creates no communicator. */
    public static class Dims {
        public static void main(String[] args) {
            MPI.Init(args);
            int[] a = {0, 0};
            CartComm.createDims(12, a);
            assertArrayEquals(new int[] {4, 3}, a);
            int[] b = {0, 3, 0};
            CartComm.createDims(24, b);
            assertArrayEquals(new int[] {4, 3, 2}, b);
            int[] c = {0};
            CartComm.createDims(7, c);
            assertArrayEquals(new int[] {7}, c);
            MPI.Finalize();
        }
    }

    @Test
    void createDimsBalancesTheFactors() {
        RankJobs.runOk(1, Dims.class);
    }

    /** A grid smaller than the world: the ranks outside it get a null communicator. */
    public static class Outside {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            CartComm cart = MPI.COMM_WORLD.createCart(new int[] {2, 2}, new boolean[] {true, true}, false);
            GraphComm graph = MPI.COMM_WORLD.createGraph(new int[] {1, 2}, new int[] {1, 0}, false);
            if (rank < 4) {
                assertFalse(cart.Is_null());
                assertEquals(4, cart.Size());
                assertEquals(rank, cart.Rank());
            } else {
                assertTrue(cart.Is_null());
                raises(MPI.ERR_COMM, "createCart", () -> cart.getTopo());
            }
            if (rank < 2) {
                assertFalse(graph.Is_null());
                assertArrayEquals(new int[] {1 - rank}, graph.getNeighbors(rank));
            } else {
                assertTrue(graph.Is_null());
                raises(MPI.ERR_COMM, "createGraph", () -> graph.getNeighbors(0));
            }
            MPI.Finalize();
        }
    }

    @Test
    void ranksOutsideTheTopologyGetANullCommunicator() {
        RankJobs.runOk(6, Outside.class);
    }

    /** A graph every rank knows whole: a ring with a chord from 0 to 2. */
    public static class Graph {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int[] index = {3, 5, 8, 10};
            int[] edges = {1, 3, 2, 0, 2, 1, 3, 0, 2, 0};
            GraphComm graph = MPI.COMM_WORLD.createGraph(index, edges, false);
            assertEquals(MPI.GRAPH, graph.Topo_test());
            GraphParms dims = graph.getDims();
            assertEquals(4, dims.getIndexCount());
            assertEquals(10, dims.getEdgeCount());
            for (int i = 0; i < 4; i++) {
                assertEquals(index[i], dims.getIndex(i));
            }
            for (int i = 0; i < 10; i++) {
                assertEquals(edges[i], dims.getEdge(i));
            }
            assertArrayEquals(new int[] {1, 3, 2}, graph.getNeighbors(0));
            assertArrayEquals(new int[] {0, 2}, graph.getNeighbors(1));
            assertArrayEquals(new int[] {1, 3, 0}, graph.getNeighbors(2));
            assertArrayEquals(new int[] {2, 0}, graph.getNeighbors(3));
            assertEquals(rank, graph.map(index, edges));
            Graphcomm old = graph;
            assertArrayEquals(graph.getNeighbors(2), old.Neighbours(2));
            assertTrue(MPI.COMM_WORLD.Create_graph(index, edges, false) instanceof GraphComm,
                "mpiJava's Create_graph makes a GraphComm too");
            GraphComm copy = graph.dup();
            assertArrayEquals(graph.getNeighbors(rank), copy.getNeighbors(rank));

            raises(MPI.ERR_RANK, "getNeighbors", () -> graph.getNeighbors(4));
            raises(MPI.ERR_TOPOLOGY, "getDistGraphNeighbors", () -> graph.getDistGraphNeighbors());
            raises(MPI.ERR_ARG, "createGraph", () -> MPI.COMM_WORLD.createGraph(new int[] {1, 2}, new int[] {1, 5}, false));
            raises(MPI.ERR_ARG, "createGraph", () -> MPI.COMM_WORLD.createGraph(new int[] {2, 1}, new int[] {1, 0}, false));
            MPI.Finalize();
        }
    }

    @Test
    void aGraphOfFourRanks() {
        RankJobs.runOk(4, Graph.class);
    }

    /** The edges of the distributed graph the DistGraph programs declare: r to r+1 and r to r+3, weight 10 r + d. */
    static List<int[]> declaredEdges(int n) {
        List<int[]> edges = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            edges.add(new int[] {r, (r + 1) % n, 10 * r + (r + 1) % n});
            edges.add(new int[] {r, (r + 3) % n, 10 * r + (r + 3) % n});
        }
        return edges;
    }

    /**
     * Every edge is declared by a rank other than its ends (rank r declares the edges of rank
     * r+2), and the edges into and out of each rank are checked with their weights; then the
     * same graph unweighted, and built from each rank's own edges.
     */
    public static class DistGraph {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            int owner = (rank + 2) % n;
            int[] sources = {owner};
            int[] degrees = {2};
            int[] destinations = {(owner + 1) % n, (owner + 3) % n};
            int[] weights = {10 * owner + destinations[0], 10 * owner + destinations[1]};
            GraphComm graph = MPI.COMM_WORLD.createDistGraph(sources, degrees, destinations, weights, new Info(), false);
            assertEquals(MPI.DIST_GRAPH, graph.Topo_test());
            assertEquals(n, graph.Size());
            assertEquals(rank, graph.Rank());
            DistGraphNeighbors adj = graph.getDistGraphNeighbors();
            assertTrue(adj.isWeighted());
            checkAdjacency(adj, rank, n, true);

            GraphComm unweighted = MPI.COMM_WORLD.createDistGraph(sources, degrees, destinations, new Info(), false);
            DistGraphNeighbors plain = unweighted.getDistGraphNeighbors();
            assertFalse(plain.isWeighted());
            checkAdjacency(plain, rank, n, false);

            int[] in = {(rank - 1 + n) % n, (rank - 3 + 2 * n) % n};
            int[] out = {(rank + 1) % n, (rank + 3) % n};
            GraphComm adjacent = MPI.COMM_WORLD.createDistGraphAdjacent(in, new int[] {7, 8}, out, new int[] {9, 10},
                new Info(), false);
            DistGraphNeighbors own = adjacent.getDistGraphNeighbors();
            assertTrue(own.isWeighted());
            assertEquals(2, own.getInDegree());
            assertEquals(2, own.getOutDegree());
            for (int i = 0; i < 2; i++) {
                assertEquals(in[i], own.getSource(i));
                assertEquals(7 + i, own.getSourceWeight(i));
                assertEquals(out[i], own.getDestination(i));
                assertEquals(9 + i, own.getDestinationWeight(i));
            }
            GraphComm adjacentPlain = MPI.COMM_WORLD.createDistGraphAdjacent(in, out, new Info(), false);
            assertFalse(adjacentPlain.getDistGraphNeighbors().isWeighted());
            assertEquals(out[1], adjacentPlain.getDistGraphNeighbors().getDestination(1));
            assertEquals(MPI.DIST_GRAPH, adjacentPlain.clone().Topo_test());
            assertEquals(in[0], adjacentPlain.dup().getDistGraphNeighbors().getSource(0));

            raises(MPI.ERR_TOPOLOGY, "getDims", () -> graph.getDims());
            raises(MPI.ERR_TOPOLOGY, "getNeighbors", () -> graph.getNeighbors(rank));
            raises(MPI.ERR_RANK, "createDistGraph", () -> MPI.COMM_WORLD.createDistGraph(new int[] {0}, new int[] {1},
                new int[] {n}, new Info(), false));
            raises(MPI.ERR_ARG, "createDistGraph", () -> MPI.COMM_WORLD.createDistGraph(new int[] {0}, new int[] {-1},
                new int[] {1}, new Info(), false));
            raises(MPI.ERR_ARG, "createDistGraph", () -> MPI.COMM_WORLD.createDistGraph(new int[] {0}, new int[] {2},
                new int[] {1}, new Info(), false));
            raises(MPI.ERR_ARG, "createDistGraph", () -> MPI.COMM_WORLD.createDistGraph(new int[] {0}, new int[] {1},
                new int[] {1}, new int[0], new Info(), false));
            raises(MPI.ERR_ARG, "createDistGraphAdjacent", () -> MPI.COMM_WORLD.createDistGraphAdjacent(new int[] {0},
                new int[] {-1}, new int[0], new int[0], new Info(), false));
            raises(MPI.ERR_RANK, "createDistGraphAdjacent", () -> MPI.COMM_WORLD.createDistGraphAdjacent(new int[] {-1},
                new int[0], new Info(), false));
            MPI.Finalize();
        }

        /** The edges into and out of {@code rank} are those of {@link #declaredEdges}, in any order, with their weights. */
        static void checkAdjacency(DistGraphNeighbors adj, int rank, int n, boolean weighted) {
            List<String> expectedIn = new ArrayList<>();
            List<String> expectedOut = new ArrayList<>();
            for (int[] e : declaredEdges(n)) {
                int w = weighted ? e[2] : 1;
                if (e[1] == rank) {
                    expectedIn.add(e[0] + ":" + w);
                }
                if (e[0] == rank) {
                    expectedOut.add(e[1] + ":" + w);
                }
            }
            List<String> in = new ArrayList<>();
            for (int i = 0; i < adj.getInDegree(); i++) {
                in.add(adj.getSource(i) + ":" + adj.getSourceWeight(i));
            }
            List<String> out = new ArrayList<>();
            for (int i = 0; i < adj.getOutDegree(); i++) {
                out.add(adj.getDestination(i) + ":" + adj.getDestinationWeight(i));
            }
            expectedIn.sort(null);
            expectedOut.sort(null);
            in.sort(null);
            out.sort(null);
            assertEquals(expectedIn, in, "edges into rank " + rank);
            assertEquals(expectedOut, out, "edges out of rank " + rank);
        }
    }

    @Test
    void aDistributedGraphOfFourRanks() {
        RankJobs.runOk(4, DistGraph.class);
    }

    @Test
    void aDistributedGraphOfSixRanks() {
        RankJobs.runOk(6, DistGraph.class);
    }

    @Test
    void aDistributedGraphOfRanksInTwoJvms() {
        ProcessJobs.runOk(4, 2, DistGraph.class);
    }
}
