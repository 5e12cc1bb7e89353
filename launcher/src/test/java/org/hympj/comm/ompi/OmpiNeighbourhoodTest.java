package org.hympj.comm.ompi;

import static org.hympj.comm.ompi.OmpiTopologyTest.raises;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.Arrays;
import mpi.CartComm;
import mpi.DistGraphNeighbors;
import mpi.GraphComm;
import mpi.Info;
import mpi.MPI;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Open MPI's neighbourhood collectives (neighborAllGather, neighborAllGatherv,
 * neighborAllToAll, neighborAllToAllv, and their non-blocking forms) on Cartesian grids (periodic and not, dimensions of
 * size 1 and 2, where a rank's neighbours behind and ahead are one rank), graphs and
 * distributed graphs with repeated edges and self-loops; every element of every receive buffer
 * is checked, the blocks of PROC_NULL neighbours included, with arrays, heap buffers with an
 * offset and direct buffers.
 */
@Timeout(120)
public class OmpiNeighbourhoodTest {
    /** The value every buffer starts with: a block nobody writes keeps it. */
    static final int UNTOUCHED = -1;

    /** The rank {@code delta} steps along dimension {@code d} from {@code rank}, or PROC_NULL past a border. */
    static int step(int rank, int[] dims, boolean[] periods, int d, int delta) {
        int[] c = new int[dims.length];
        for (int i = dims.length - 1, r = rank; i >= 0; i--) {
            c[i] = r % dims[i];
            r /= dims[i];
        }
        c[d] += delta;
        if (c[d] < 0 || c[d] >= dims[d]) {
            if (!periods[d]) {
                return MPI.PROC_NULL;
            }
            c[d] = Math.floorMod(c[d], dims[d]);
        }
        int r = 0;
        for (int i = 0; i < dims.length; i++) {
            r = r * dims[i] + c[i];
        }
        return r;
    }

    /** args: the dimensions ("3x2") and their periods ("TF"). */
    public static class Cartesian {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int[] dims = Arrays.stream(args[0].split("x")).mapToInt(Integer::parseInt).toArray();
            boolean[] periods = new boolean[dims.length];
            for (int d = 0; d < dims.length; d++) {
                periods[d] = args[1].charAt(d) == 'T';
            }
            CartComm cart = MPI.COMM_WORLD.createCart(dims, periods, false);
            int k = 2 * dims.length;
            int[] nb = new int[k];
            for (int d = 0; d < dims.length; d++) {
                nb[2 * d] = step(rank, dims, periods, d, -1);
                nb[2 * d + 1] = step(rank, dims, periods, d, 1);
                assertEquals(nb[2 * d], cart.shift(d, 1).getRankSource());
                assertEquals(nb[2 * d + 1], cart.shift(d, 1).getRankDest());
            }

            // All-gather, arrays: block i holds neighbour i's two values.
            int[] gathered = filled(2 * k);
            cart.neighborAllGather(new int[] {rank * 10, rank * 10 + 1}, 2, MPI.INT, gathered, 2, MPI.INT);
            for (int i = 0; i < k; i++) {
                for (int e = 0; e < 2; e++) {
                    assertEquals(nb[i] == MPI.PROC_NULL ? UNTOUCHED : nb[i] * 10 + e, gathered[2 * i + e],
                        "neighborAllGather block " + i + " element " + e + " on rank " + rank);
                }
            }

            // All-gather, direct ByteBuffers of ints: staged, and the PROC_NULL blocks keep their contents.
            ByteBuffer out = ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder());
            out.asIntBuffer().put(new int[] {rank * 10, rank * 10 + 1});
            ByteBuffer in = ByteBuffer.allocateDirect(8 * k).order(ByteOrder.nativeOrder());
            in.asIntBuffer().put(filled(2 * k));
            in.position(4);
            cart.neighborAllGather(out, 2, MPI.INT, in, 2, MPI.INT);
            int[] fromDirect = new int[2 * k];
            in.duplicate().clear().order(ByteOrder.nativeOrder()).asIntBuffer().get(fromDirect);
            assertEquals(Arrays.toString(gathered), Arrays.toString(fromDirect), "direct buffers on rank " + rank);

            // All-to-all: block j goes to neighbour j; what a rank sends ahead arrives as its
            // neighbour's block from behind, and the other way round.
            int[] blocks = new int[2 * k];
            for (int j = 0; j < k; j++) {
                blocks[2 * j] = rank * 1000 + j * 10;
                blocks[2 * j + 1] = rank * 1000 + j * 10 + 1;
            }
            int[] exchanged = filled(2 * k);
            cart.neighborAllToAll(blocks, 2, MPI.INT, exchanged, 2, MPI.INT);
            int[] expected = new int[2 * k];
            for (int i = 0; i < k; i++) {
                for (int e = 0; e < 2; e++) {
                    expected[2 * i + e] = nb[i] == MPI.PROC_NULL ? UNTOUCHED : nb[i] * 1000 + (i ^ 1) * 10 + e;
                    assertEquals(expected[2 * i + e], exchanged[2 * i + e],
                        "neighborAllToAll block " + i + " element " + e + " on rank " + rank);
                }
            }

            // All-to-all, a direct IntBuffer to a heap IntBuffer that starts at element 3 of its array.
            IntBuffer directBlocks = ByteBuffer.allocateDirect(8 * k).order(ByteOrder.nativeOrder()).asIntBuffer();
            directBlocks.put(blocks);
            int[] backing = filled(2 * k + 5);
            IntBuffer slice = IntBuffer.wrap(backing, 3, 2 * k).slice();
            cart.neighborAllToAll(directBlocks, 2, MPI.INT, slice, 2, MPI.INT);
            for (int i = 0; i < backing.length; i++) {
                int want = i >= 3 && i < 3 + 2 * k ? expected[i - 3] : UNTOUCHED;
                assertEquals(want, backing[i], "element " + i + " of the sliced array on rank " + rank);
            }

            // All-gather-v of doubles into blocks in reverse order, one slot apart.
            double[] spread = new double[2 * k];
            Arrays.fill(spread, UNTOUCHED);
            int[] ones = new int[k];
            Arrays.fill(ones, 1);
            int[] displs = new int[k];
            for (int i = 0; i < k; i++) {
                displs[i] = 2 * (k - 1 - i);
            }
            cart.neighborAllGatherv(new double[] {rank + 0.5}, 1, MPI.DOUBLE, spread, ones, displs, MPI.DOUBLE);
            for (int i = 0; i < k; i++) {
                assertEquals(nb[i] == MPI.PROC_NULL ? UNTOUCHED : nb[i] + 0.5, spread[displs[i]], "block " + i + " on rank " + rank);
                assertEquals(UNTOUCHED, spread[displs[i] + 1], "the gap after block " + i + " on rank " + rank);
            }

            // All-to-all-v of longs: block j has j + 1 elements; the block from neighbour i is
            // that neighbour's block i ^ 1, so it has (i ^ 1) + 1; a gap of one after each.
            int[] sendcount = new int[k];
            int[] sdispls = new int[k];
            int[] recvcount = new int[k];
            int[] rdispls = new int[k];
            for (int j = 0, s = 0, r = 0; j < k; j++) {
                sendcount[j] = j + 1;
                sdispls[j] = s;
                s += j + 1;
                recvcount[j] = (j ^ 1) + 1;
                rdispls[j] = r;
                r += recvcount[j] + 1;
            }
            long[] sent = new long[sdispls[k - 1] + sendcount[k - 1]];
            for (int j = 0; j < k; j++) {
                for (int e = 0; e < sendcount[j]; e++) {
                    sent[sdispls[j] + e] = rank * 1000L + j * 10 + e;
                }
            }
            long[] received = new long[rdispls[k - 1] + recvcount[k - 1] + 1];
            Arrays.fill(received, UNTOUCHED);
            cart.neighborAllToAllv(sent, sendcount, sdispls, MPI.LONG, received, recvcount, rdispls, MPI.LONG);
            for (int i = 0; i < k; i++) {
                for (int e = 0; e < recvcount[i]; e++) {
                    assertEquals(nb[i] == MPI.PROC_NULL ? UNTOUCHED : nb[i] * 1000L + (i ^ 1) * 10 + e, received[rdispls[i] + e],
                        "neighborAllToAllv block " + i + " element " + e + " on rank " + rank);
                }
                assertEquals(UNTOUCHED, received[rdispls[i] + recvcount[i]], "the gap after block " + i + " on rank " + rank);
            }

            raises(MPI.ERR_TOPOLOGY, "neighborAllGather", () -> MPI.COMM_WORLD.neighborAllGather(new int[1], 1, MPI.INT,
                new int[8], 1, MPI.INT));
            raises(MPI.ERR_TOPOLOGY, "neighborAllToAllv", () -> MPI.COMM_WORLD.neighborAllToAllv(new int[1], new int[1],
                new int[1], MPI.INT, new int[1], new int[1], new int[1], MPI.INT));
            raises(MPI.ERR_ARG, "neighborAllToAllv", () -> cart.neighborAllToAllv(sent, new int[1], new int[1], MPI.LONG,
                received, recvcount, rdispls, MPI.LONG));
            raises(MPI.ERR_COUNT, "neighborAllGather", () -> cart.neighborAllGather(new int[2], -1, MPI.INT,
                new int[2 * k], 2, MPI.INT));
            raises(MPI.ERR_BUFFER, "neighborAllToAll", () -> cart.neighborAllToAll(new int[2 * k], 2, MPI.INT,
                new int[2 * k - 1], 2, MPI.INT));
            raises(MPI.ERR_TYPE, "neighborAllGather", () -> cart.neighborAllGather(new Object[2], 2, MPI.INT,
                new int[2 * k], 2, MPI.INT));
            MPI.Finalize();
        }
    }

    static int[] filled(int n) {
        int[] a = new int[n];
        Arrays.fill(a, UNTOUCHED);
        return a;
    }

    @Test
    void aPeriodicRingOfFour() {
        RankJobs.runOk(4, Cartesian.class, "4", "T");
    }

    @Test
    void aLineOfFour() {
        RankJobs.runOk(4, Cartesian.class, "4", "F");
    }

    /** Periodic dimensions of size 2: each rank's neighbour behind and ahead is the same rank. */
    @Test
    void aTorusOfTwoByTwo() {
        RankJobs.runOk(4, Cartesian.class, "2x2", "TT");
    }

    @Test
    void aGridOfThreeByTwoPeriodicInTheFirstDimension() {
        RankJobs.runOk(6, Cartesian.class, "3x2", "TF");
    }

    /** A periodic dimension of size 1: each rank is its own neighbour both ways. */
    @Test
    void aColumnOfSixWithAPeriodicDimensionOfOne() {
        RankJobs.runOk(6, Cartesian.class, "6x1", "FT");
    }

    @Test
    void aTorusOfRanksInTwoJvms() {
        ProcessJobs.runOk(4, 2, Cartesian.class, "2x2", "TT");
    }

    @Test
    void aGridOfRanksInTwoJvms() {
        ProcessJobs.runOk(4, 2, Cartesian.class, "2x2", "FT");
    }

    /** How many times {@code list[i]} appears in {@code list} before position i. */
    static int occurrence(int[] list, int i) {
        int k = 0;
        for (int j = 0; j < i; j++) {
            k += list[j] == list[i] ? 1 : 0;
        }
        return k;
    }

    /**
     * Sends to each destination the block sender * 100 + destination * 10 + (how many blocks
     * this rank sent that destination before), and checks that the blocks of repeated edges
     * arrive in order: the k-th block from a source is the k-th it sent here.
     */
    static void checkAllToAll(mpi.Comm comm, int rank, int[] sources, int[] destinations) {
        int[] sent = new int[destinations.length];
        for (int j = 0; j < destinations.length; j++) {
            sent[j] = rank * 100 + destinations[j] * 10 + occurrence(destinations, j);
        }
        int[] received = filled(sources.length);
        comm.neighborAllToAll(sent, 1, MPI.INT, received, 1, MPI.INT);
        for (int i = 0; i < sources.length; i++) {
            assertEquals(sources[i] * 100 + rank * 10 + occurrence(sources, i), received[i],
                "neighborAllToAll block " + i + " from rank " + sources[i] + " on rank " + rank);
        }
        int[] gathered = filled(2 * sources.length);
        comm.neighborAllGather(new int[] {rank * 7, rank * 7 + 1}, 2, MPI.INT, gathered, 2, MPI.INT);
        for (int i = 0; i < sources.length; i++) {
            assertEquals(sources[i] * 7, gathered[2 * i], "neighborAllGather block " + i + " on rank " + rank);
            assertEquals(sources[i] * 7 + 1, gathered[2 * i + 1], "neighborAllGather block " + i + " on rank " + rank);
        }
        // All-gather-v: each block 3 slots apart, two elements each, in reverse order.
        int[] counts = new int[sources.length];
        int[] displs = new int[sources.length];
        for (int i = 0; i < sources.length; i++) {
            counts[i] = 2;
            displs[i] = 3 * (sources.length - 1 - i);
        }
        int[] spread = filled(3 * sources.length);
        comm.neighborAllGatherv(new int[] {rank * 7, rank * 7 + 1}, 2, MPI.INT, spread, counts, displs, MPI.INT);
        for (int i = 0; i < sources.length; i++) {
            assertEquals(sources[i] * 7, spread[displs[i]]);
            assertEquals(sources[i] * 7 + 1, spread[displs[i] + 1]);
            assertEquals(UNTOUCHED, spread[displs[i] + 2]);
        }
    }

    /** A graph with repeated edges between ranks 1 and 2: neighbours in the order of getNeighbors. */
    public static class Graph {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int[] index = {3, 6, 10, 12};
            int[] edges = {1, 3, 2, 0, 2, 2, 1, 3, 0, 1, 2, 0};
            GraphComm graph = MPI.COMM_WORLD.createGraph(index, edges, false);
            int[] neighbours = graph.getNeighbors(rank);
            checkAllToAll(graph, rank, neighbours, neighbours);
            MPI.Finalize();
        }
    }

    @Test
    void aGraphWithRepeatedEdges() {
        RankJobs.runOk(4, Graph.class);
    }

    /**
     * A distributed graph with edges r to r+1 (twice), r to r+3 and r to itself, each rank
     * declaring the edges of the next; then a chain, whose ends have no source or no destination.
     */
    public static class DistGraph {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            int owner = (rank + 1) % n;
            int[] destinations = {(owner + 1) % n, (owner + 3) % n, owner, (owner + 1) % n};
            GraphComm graph = MPI.COMM_WORLD.createDistGraph(new int[] {owner}, new int[] {4}, destinations,
                new Info(), false);
            DistGraphNeighbors adj = graph.getDistGraphNeighbors();
            assertEquals(4, adj.getInDegree());
            assertEquals(4, adj.getOutDegree());
            checkAllToAll(graph, rank, sources(adj), destinations(adj));

            int[] from = rank == 0 ? new int[0] : new int[] {rank - 1};
            int[] to = rank == n - 1 ? new int[0] : new int[] {rank + 1};
            GraphComm chain = MPI.COMM_WORLD.createDistGraphAdjacent(from, to, new Info(), false);
            checkAllToAll(chain, rank, from, to);
            MPI.Finalize();
        }

        static int[] sources(DistGraphNeighbors adj) {
            int[] s = new int[adj.getInDegree()];
            for (int i = 0; i < s.length; i++) {
                s[i] = adj.getSource(i);
            }
            return s;
        }

        static int[] destinations(DistGraphNeighbors adj) {
            int[] d = new int[adj.getOutDegree()];
            for (int i = 0; i < d.length; i++) {
                d[i] = adj.getDestination(i);
            }
            return d;
        }
    }

    @Test
    void aDistributedGraphOfFour() {
        RankJobs.runOk(4, DistGraph.class);
    }

    @Test
    void aDistributedGraphOfSix() {
        RankJobs.runOk(6, DistGraph.class);
    }

    @Test
    void aDistributedGraphOfRanksInTwoJvms() {
        ProcessJobs.runOk(4, 2, DistGraph.class);
    }

    /**
     * The non-blocking forms, all four started before any is waited for, with direct and heap
     * buffers, give what the blocking forms (checked element by element above) give with arrays.
     * args: a grid as for {@link Cartesian}, or "dist" for the distributed graph of {@link DistGraph}.
     */
    public static class NonBlocking {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            mpi.Intracomm topo;
            if (args[0].equals("dist")) {
                int owner = (rank + 1) % n;
                topo = MPI.COMM_WORLD.createDistGraph(new int[] {owner}, new int[] {4},
                    new int[] {(owner + 1) % n, (owner + 3) % n, owner, (owner + 1) % n}, new Info(), false);
            } else {
                int[] dims = Arrays.stream(args[0].split("x")).mapToInt(Integer::parseInt).toArray();
                boolean[] periods = new boolean[dims.length];
                for (int d = 0; d < dims.length; d++) {
                    periods[d] = args[1].charAt(d) == 'T';
                }
                topo = MPI.COMM_WORLD.createCart(dims, periods, false);
            }
            int in = args[0].equals("dist") ? 4 : 2 * args[0].split("x").length;
            int out = in;

            int[] mine = {rank * 10, rank * 10 + 1};
            int[] blocks = new int[2 * out];
            for (int j = 0; j < 2 * out; j++) {
                blocks[j] = rank * 1000 + j;
            }
            int[] counts = new int[out];
            int[] sdispls = new int[out];
            int[] rcounts = new int[in];
            int[] rdispls = new int[in];
            for (int j = 0; j < out; j++) {
                counts[j] = 1;
                sdispls[j] = out - 1 - j;
            }
            for (int i = 0; i < in; i++) {
                rcounts[i] = 1;
                rdispls[i] = 2 * i;
            }
            double[] one = {rank + 0.25};

            int[] gathered = filled(2 * in);
            topo.neighborAllGather(mine, 2, MPI.INT, gathered, 2, MPI.INT);
            int[] exchanged = filled(2 * in);
            topo.neighborAllToAll(blocks, 2, MPI.INT, exchanged, 2, MPI.INT);
            double[] spread = new double[2 * in];
            Arrays.fill(spread, UNTOUCHED);
            topo.neighborAllGatherv(one, 1, MPI.DOUBLE, spread, rcounts, rdispls, MPI.DOUBLE);
            int[] picked = filled(2 * in);
            topo.neighborAllToAllv(blocks, counts, sdispls, MPI.INT, picked, rcounts, rdispls, MPI.INT);

            IntBuffer mineDirect = direct(mine);
            IntBuffer gatheredHeap = IntBuffer.wrap(filled(2 * in + 2), 2, 2 * in).slice();
            ByteBuffer blocksDirect = ByteBuffer.allocateDirect(8 * out).order(ByteOrder.nativeOrder());
            blocksDirect.asIntBuffer().put(blocks);
            ByteBuffer exchangedDirect = ByteBuffer.allocateDirect(8 * in).order(ByteOrder.nativeOrder());
            exchangedDirect.asIntBuffer().put(filled(2 * in));
            java.nio.DoubleBuffer spreadHeap = java.nio.DoubleBuffer.allocate(2 * in);
            for (int i = 0; i < 2 * in; i++) {
                spreadHeap.put(i, UNTOUCHED);
            }
            IntBuffer pickedDirect = direct(filled(2 * in));
            mpi.Request[] all = {
                topo.iNeighborAllGather(mineDirect, 2, MPI.INT, gatheredHeap, 2, MPI.INT),
                topo.iNeighborAllToAll(blocksDirect, 2, MPI.INT, exchangedDirect, 2, MPI.INT),
                topo.iNeighborAllGatherv(java.nio.DoubleBuffer.wrap(one), 1, MPI.DOUBLE, spreadHeap, rcounts, rdispls, MPI.DOUBLE),
                topo.iNeighborAllToAllv(direct(blocks), counts, sdispls, MPI.INT, pickedDirect, rcounts, rdispls, MPI.INT),
            };
            mpi.Request.Waitall(all);

            assertEquals(Arrays.toString(gathered), Arrays.toString(contents(gatheredHeap)), "iNeighborAllGather on rank " + rank);
            assertEquals(Arrays.toString(exchanged), Arrays.toString(contents(exchangedDirect.order(ByteOrder.nativeOrder())
                .asIntBuffer())), "iNeighborAllToAll on rank " + rank);
            assertEquals(Arrays.toString(spread), Arrays.toString(spreadHeap.array()), "iNeighborAllGatherv on rank " + rank);
            assertEquals(Arrays.toString(picked), Arrays.toString(contents(pickedDirect)), "iNeighborAllToAllv on rank " + rank);

            raises(MPI.ERR_TOPOLOGY, "iNeighborAllToAll", () -> MPI.COMM_WORLD.iNeighborAllToAll(direct(blocks), 2, MPI.INT,
                direct(blocks), 2, MPI.INT));
            raises(MPI.ERR_COUNT, "iNeighborAllGather", () -> topo.iNeighborAllGather(mineDirect, -2, MPI.INT,
                gatheredHeap, 2, MPI.INT));
            MPI.Finalize();
        }

        static IntBuffer direct(int[] values) {
            IntBuffer b = ByteBuffer.allocateDirect(4 * values.length).order(ByteOrder.nativeOrder()).asIntBuffer();
            b.put(values);
            return b;
        }

        static int[] contents(IntBuffer b) {
            int[] a = new int[b.capacity()];
            b.get(0, a);
            return a;
        }
    }

    @Test
    void nonBlockingFormsOnATorus() {
        RankJobs.runOk(4, NonBlocking.class, "2x2", "TT");
    }

    @Test
    void nonBlockingFormsOnAGridWithBorders() {
        RankJobs.runOk(6, NonBlocking.class, "3x2", "FF");
    }

    @Test
    void nonBlockingFormsOnADistributedGraph() {
        RankJobs.runOk(4, NonBlocking.class, "dist");
    }

    @Test
    void nonBlockingFormsOnRanksInTwoJvms() {
        ProcessJobs.runOk(4, 2, NonBlocking.class, "2x2", "FT");
    }

    /**
     * Blocks of a million bytes on a 2 x 2 torus, where each pair of neighbours exchanges two
     * blocks each way: large messages, which wait for their receive, still meet theirs, since
     * every rank posts all its receives before it sends.
     */
    public static class LargeBlocks {
        static final int ITEMS = 1 << 18;

        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            CartComm torus = MPI.COMM_WORLD.createCart(new int[] {2, 2}, new boolean[] {true, true}, false);
            int[] sent = new int[4 * ITEMS];
            for (int i = 0; i < sent.length; i++) {
                sent[i] = rank * 4 * ITEMS + i;
            }
            int[] received = new int[4 * ITEMS];
            torus.neighborAllToAll(sent, ITEMS, MPI.INT, received, ITEMS, MPI.INT);
            for (int b = 0; b < 4; b++) {
                int from = step(rank, new int[] {2, 2}, new boolean[] {true, true}, b / 2, b % 2 == 0 ? -1 : 1);
                for (int e = 0; e < ITEMS; e++) {
                    int want = from * 4 * ITEMS + (b ^ 1) * ITEMS + e;
                    if (received[b * ITEMS + e] != want) {
                        assertEquals(want, received[b * ITEMS + e], "block " + b + " element " + e + " on rank " + rank);
                    }
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    void largeBlocksOnThreadRanks() {
        RankJobs.runOk(4, LargeBlocks.class);
    }

    @Test
    void largeBlocksOnRanksInTwoJvms() {
        ProcessJobs.runOk(4, 2, LargeBlocks.class);
    }

    /** A block longer than its receive block raises ERR_TRUNCATE at the receiver. */
    public static class Truncation {
        public static void main(String[] args) {
            MPI.Init(args);
            CartComm ring = MPI.COMM_WORLD.createCart(new int[] {MPI.COMM_WORLD.Size()}, new boolean[] {true}, false);
            raises(MPI.ERR_TRUNCATE, "", () -> ring.neighborAllGather(new int[2], 2, MPI.INT, new int[2], 1, MPI.INT));
            MPI.Finalize();
        }
    }

    @Test
    void aLongerBlockIsTruncated() {
        RankJobs.runOk(4, Truncation.class);
    }
}
