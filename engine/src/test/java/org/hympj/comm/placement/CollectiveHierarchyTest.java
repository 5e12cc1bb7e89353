package org.hympj.comm.placement;

import static org.hympj.comm.placement.CollectiveHierarchy.JOB;
import static org.hympj.comm.placement.CollectiveHierarchy.JVM;
import static org.hympj.comm.placement.CollectiveHierarchy.NODE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The groups and stand-ins of node-aware collectives, and a simulation of the broadcast walk
 * over them: every rank gets the data exactly once, and only one message crosses into each
 * JVM and each node that does not hold the root; the same for the chain of a pipelined broadcast.
 */
class CollectiveHierarchyTest {
    /** 2 nodes; node 0 has JVMs {0,1} and {2}, node 1 has JVMs {3,4} and {5,6,7}. */
    private static final int[] JVMS = {0, 0, 1, 2, 2, 3, 3, 3};
    private static final int[] NODES = {0, 0, 0, 1, 1, 1, 1, 1};

    @Test
    void groupsFollowJvmsAndNodesWithTheLowestRankLeading() {
        CollectiveHierarchy zero = new CollectiveHierarchy(JVMS, NODES, 0);
        assertArrayEquals(new int[] {0, 1}, zero.group(JVM));
        assertArrayEquals(new int[] {0, 2}, zero.group(NODE));
        assertArrayEquals(new int[] {0, 3}, zero.group(JOB));
        CollectiveHierarchy six = new CollectiveHierarchy(JVMS, NODES, 6);
        assertArrayEquals(new int[] {5, 6, 7}, six.group(JVM));
        assertEquals(1, six.myIndex(JVM));
        assertNull(six.group(NODE), "rank 6 does not lead its JVM");
        assertNull(six.group(JOB));
        CollectiveHierarchy five = new CollectiveHierarchy(JVMS, NODES, 5);
        assertArrayEquals(new int[] {3, 5}, five.group(NODE));
        assertNull(five.group(JOB), "rank 5 leads its JVM but does not head its node");
        assertTrue(zero.isUseful());
        assertEquals(JOB, zero.top());
        assertEquals(NODE, new CollectiveHierarchy(new int[] {0, 0, 1, 1}, new int[] {0, 0, 0, 0}, 3).top(), "one node");
    }

    @Test
    void theRootStandsForItselfInItsJvmAndItsLeadersStandForItAbove() {
        // Root 6: in its JVM {5,6,7} it is itself; among node 1's leaders {3,5} its JVM's leader 5; among heads {0,3}, 3.
        assertEquals(1, new CollectiveHierarchy(JVMS, NODES, 7).rootIndex(JVM, 6));
        assertEquals(1, new CollectiveHierarchy(JVMS, NODES, 3).rootIndex(NODE, 6));
        assertEquals(1, new CollectiveHierarchy(JVMS, NODES, 0).rootIndex(JOB, 6));
        // Groups without the root take it from their leader.
        assertEquals(0, new CollectiveHierarchy(JVMS, NODES, 1).rootIndex(JVM, 6));
        assertEquals(0, new CollectiveHierarchy(JVMS, NODES, 2).rootIndex(NODE, 6));
    }

    @Test
    void oneNonTrivialLevelIsTheFlatWalk() {
        assertFalse(new CollectiveHierarchy(new int[] {0, 0, 0, 0}, new int[] {0, 0, 0, 0}, 1).isUseful(), "one JVM");
        assertFalse(new CollectiveHierarchy(new int[] {0, 1, 2, 3}, new int[] {0, 0, 0, 0}, 1).isUseful(), "a JVM per rank, one node");
        assertFalse(new CollectiveHierarchy(new int[] {0, 1, 2, 3}, new int[] {0, 1, 2, 3}, 1).isUseful(), "a node per rank");
        assertTrue(new CollectiveHierarchy(new int[] {0, 0, 1, 1}, new int[] {0, 0, 0, 0}, 1).isUseful(), "2 JVMs of 2 ranks");
        assertTrue(new CollectiveHierarchy(new int[] {0, 1, 2, 3}, new int[] {0, 0, 1, 1}, 1).isUseful(), "2 nodes of 2 JVMs");
    }

    /**
     * The broadcast walk of {@code mpi.Intracomm} over random layouts and every root, as a
     * message simulation: a rank first takes the data in the one group where it does not stand
     * in for the root, then sends down the binomial tree of every group it stands in for.
     */
    @Test
    void aBroadcastReachesEveryRankOnceAndCrossesEachBoundaryOnce() {
        Random random = new Random(42);
        for (int trial = 0; trial < 300; trial++) {
            int size = 3 + random.nextInt(14);
            int[] jvm = new int[size];
            int[] node = new int[size];
            int currentJvm = 0;
            int currentNode = 0;
            for (int r = 1; r < size; r++) {
                if (random.nextInt(3) == 0) {
                    currentJvm++;
                    if (random.nextBoolean()) {
                        currentNode++;
                    }
                }
                jvm[r] = currentJvm;
                node[r] = currentNode;
            }
            CollectiveHierarchy[] views = new CollectiveHierarchy[size];
            for (int r = 0; r < size; r++) {
                views[r] = new CollectiveHierarchy(jvm, node, r);
            }
            for (int root = 0; root < size; root++) {
                String layout = Arrays.toString(jvm) + " " + Arrays.toString(node) + " root " + root;
                simulateBroadcast(views, jvm, node, root, layout);
                checkChain(views[random.nextInt(size)].chainFrom(root), jvm, node, root, layout);
                for (int r = 0; r < size; r++) {
                    assertEquals(r == root, views[r].feedLevel(root) < 0, layout + ": rank " + r + " is fed unless it is the root");
                }
            }
        }
    }

    /** A pipelined chain starts at the root, visits every rank once, and enters every other JVM and node once. */
    private static void checkChain(int[] chain, int[] jvm, int[] node, int root, String layout) {
        assertEquals(root, chain[0], layout);
        int[] sorted = chain.clone();
        Arrays.sort(sorted);
        for (int r = 0; r < sorted.length; r++) {
            assertEquals(r, sorted[r], layout + ": chain " + Arrays.toString(chain));
        }
        int jvmHops = 0;
        int nodeHops = 0;
        for (int i = 1; i < chain.length; i++) {
            jvmHops += jvm[chain[i]] != jvm[chain[i - 1]] ? 1 : 0;
            nodeHops += node[chain[i]] != node[chain[i - 1]] ? 1 : 0;
        }
        assertEquals(Arrays.stream(jvm).distinct().count() - 1, jvmHops, layout + ": chain " + Arrays.toString(chain));
        assertEquals(Arrays.stream(node).distinct().count() - 1, nodeHops, layout + ": chain " + Arrays.toString(chain));
    }

    private static void simulateBroadcast(CollectiveHierarchy[] views, int[] jvm, int[] node, int root, String layout) {
        int size = views.length;
        int[] received = new int[size];
        received[root] = 1;
        int crossJvm = 0;
        int crossNode = 0;
        ArrayDeque<Integer> ready = new ArrayDeque<>();
        ready.add(root);
        while (!ready.isEmpty()) {
            int r = ready.poll();
            CollectiveHierarchy h = views[r];
            for (int level = JOB; level >= JVM; level--) {
                if (!h.active(level)) {
                    continue;
                }
                int[] g = h.group(level);
                int rootIndex = h.rootIndex(level, root);
                int relative = (h.myIndex(level) - rootIndex + g.length) % g.length;
                int low = relative == 0 ? Integer.highestOneBit(Math.max(1, g.length - 1)) << 1 : Integer.lowestOneBit(relative);
                for (int mask = low >> 1; mask > 0; mask >>= 1) {
                    if (relative + mask < g.length) {
                        int child = g[(relative + mask + rootIndex) % g.length];
                        // The child must see the same group and root at this level.
                        assertEquals(rootIndex, Arrays.binarySearch(views[child].group(level), g[rootIndex]) >= 0
                            ? views[child].rootIndex(level, root) : -1, layout + " root " + root);
                        received[child]++;
                        crossJvm += jvm[child] != jvm[r] ? 1 : 0;
                        crossNode += node[child] != node[r] ? 1 : 0;
                        ready.add(child);
                    }
                }
            }
        }
        for (int r = 0; r < size; r++) {
            assertEquals(1, received[r], layout + " root " + root + ": rank " + r + " got the data " + received[r] + " times");
        }
        long jvms = Arrays.stream(jvm).distinct().count();
        long nodes = Arrays.stream(node).distinct().count();
        if (views[0].isUseful()) {
            assertEquals(jvms - 1, crossJvm, layout + " root " + root + ": messages between JVMs");
            assertEquals(nodes - 1, crossNode, layout + " root " + root + ": messages between nodes");
        }
    }
}
