package org.hympj.comm.ompi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mpi.Comm;
import mpi.Group;
import mpi.Info;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Open MPI's communicator management: rank, size, groups and comparison; dup (with its
 * attributes), iDup, names, attributes and keys; split, splitType by node, create,
 * createGroup; intercommunicators (create, remote group, dup, merge); free and null
 * communicators; errhandlers.
 */
@Timeout(120)
public class OmpiCommunicatorTest {

    /** Sends {@code me} round the ring of {@code comm} and checks what comes from the left. */
    static void ringCheck(Comm comm) {
        int me = comm.getRank();
        int n = comm.getSize();
        int[] got = new int[1];
        Status s = comm.sendRecv(new int[] {me}, 1, MPI.INT, (me + 1) % n, 21, got, 1, MPI.INT, (me + n - 1) % n, 21);
        assertEquals((me + n - 1) % n, got[0]);
        assertEquals((me + n - 1) % n, s.source);
    }

    public static class Management {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int me = world.getRank();
            int n = world.getSize();
            assertEquals(n, world.getGroup().Size());
            assertFalse(world.isInter());
            assertFalse(world.isNull());
            assertEquals(MPI.UNDEFINED, world.getTopology());
            assertEquals("MPI_COMM_WORLD", world.getName());
            assertEquals("MPI_COMM_SELF", MPI.COMM_SELF.getName());

            // Attributes: predefined ones, and user keys copied by dup.
            assertEquals(MPI.TAG_UB_VALUE, world.getAttr(MPI.TAG_UB));
            assertEquals(Boolean.TRUE, world.getAttr(MPI.WTIME_IS_GLOBAL));
            int key = Comm.createKeyval();
            assertNull(world.getAttr(key));
            world.setAttr(key, "value of " + me);
            Intracomm dup = world.dup();
            assertEquals("value of " + me, dup.getAttr(key));
            assertEquals(MPI.CONGRUENT, Comm.compare(world, dup));
            assertEquals(MPI.IDENT, Comm.compare(world, world));
            assertNull(dup.getRequest());
            dup.deleteAttr(key);
            assertNull(dup.getAttr(key));
            assertEquals("value of " + me, world.getAttr(key), "the original keeps its value");
            MPIException e = assertThrows(MPIException.class, () -> dup.deleteAttr(key));
            assertEquals(MPI.ERR_ARG, e.getErrorClass());
            e = assertThrows(MPIException.class, () -> world.setAttr(MPI.TAG_UB, 5));
            assertEquals(MPI.ERR_ARG, e.getErrorClass());
            Comm.freeKeyval(key);
            e = assertThrows(MPIException.class, () -> world.setAttr(key, 1));
            assertEquals(MPI.ERR_ARG, e.getErrorClass());
            world.deleteAttr(key);

            dup.setName("my dup");
            assertEquals("my dup", dup.getName());
            assertEquals("", world.split(0, me).getName());
            ringCheck(dup);

            Intracomm idup = world.iDup();
            assertNotNull(idup.getRequest());
            idup.getRequest().waitFor();
            ringCheck(idup);
            Intracomm withInfo = world.dupWithInfo(new Info());
            ringCheck(withInfo);
            assertNotNull(world.getInfo());
            world.setInfo(new Info());

            // split: by parity, ordered by descending key; MPI.UNDEFINED gives a null communicator.
            Intracomm parity = world.split(me % 2, -me);
            int sameParity = (n - me % 2 + 1) / 2;
            assertEquals(sameParity, parity.getSize());
            assertEquals(sameParity - 1 - me / 2, parity.getRank());
            assertEquals(MPI.UNEQUAL, Comm.compare(world, parity));
            ringCheck(parity);
            Intracomm none = world.split(me == 0 ? MPI.UNDEFINED : 1, 0);
            assertEquals(me == 0, none.isNull());

            // create: each parity passes its own group (disjoint groups).
            Group mine = world.split(me % 2, me).getGroup();
            Intracomm created = world.create(mine);
            assertEquals(sameParity, created.getSize());
            assertEquals(me / 2, created.getRank());
            ringCheck(created);

            // createGroup: called by the members only, both parities at once with one tag.
            Intracomm byGroup = world.createGroup(mine, 7);
            assertEquals(sameParity, byGroup.getSize());
            assertEquals(me / 2, byGroup.getRank());
            ringCheck(byGroup);
            e = assertThrows(MPIException.class, () -> world.createGroup(mine, -1));
            assertEquals(MPI.ERR_TAG, e.getErrorClass());

            // An intercommunicator between the parities.
            if (n >= 2) {
                Intracomm local = world.split(me % 2, me);
                Intercomm inter = world.createIntercomm(local, 0, me % 2 == 0 ? 1 : 0, 33);
                assertTrue(inter.isInter());
                assertEquals(n - sameParity, inter.getRemoteSize());
                assertEquals(n - sameParity, inter.getRemoteGroup().Size());
                Intercomm interDup = inter.dup();
                assertTrue(interDup.isInter());
                if (inter.getRank() == 0) {
                    // The leaders exchange through the duplicate, the receive by a matched probe of a remote rank.
                    mpi.Request sent = interDup.iSend(java.nio.IntBuffer.wrap(new int[] {me}), 1, MPI.INT, 0, 4);
                    mpi.Message m = new mpi.Message();
                    assertEquals(0, m.mProbe(MPI.ANY_SOURCE, 4, interDup).source);
                    int[] got = new int[1];
                    m.mRecv(got, 1, MPI.INT);
                    sent.waitFor();
                    assertEquals(me % 2 == 0 ? 1 : 0, got[0], "the remote leader is world rank 0 or 1");
                }
                Intracomm merged = inter.merge(me % 2 == 1);
                assertEquals(n, merged.getSize());
                ringCheck(merged);
                interDup.free();
                inter.free();
                assertTrue(inter.isNull());
            }

            // Free and null communicators.
            dup.free();
            assertTrue(dup.isNull());
            e = assertThrows(MPIException.class, () -> dup.send(new int[1], 1, MPI.INT, 0, 0));
            assertEquals(MPI.ERR_COMM, e.getErrorClass());
            e = assertThrows(MPIException.class, world::free);
            assertEquals(MPI.ERR_COMM, e.getErrorClass());
            assertTrue(Intercomm.getParent().isNull());

            // callErrhandler with MPI.ERRORS_RETURN returns.
            world.setErrhandler(MPI.ERRORS_RETURN);
            assertSame(MPI.ERRORS_RETURN, world.getErrhandler());
            world.callErrhandler(MPI.ERR_OTHER);
            MPI.Finalize();
        }
    }

    /** splitType(COMM_TYPE_SHARED) groups the ranks of a node: here all of them. */
    public static class SplitType {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int me = world.getRank();
            int n = world.getSize();
            Intracomm node = world.splitType(MPI.COMM_TYPE_SHARED, n - me, new Info());
            assertEquals(n, node.getSize(), "every rank of the job runs on this node");
            assertEquals(n - 1 - me, node.getRank(), "ordered by the key");
            ringCheck(node);
            assertTrue(world.splitType(MPI.UNDEFINED, 0, new Info()).isNull());
            assertEquals(Comm.TYPE_SHARED, MPI.COMM_TYPE_SHARED);
            MPIException e = assertThrows(MPIException.class, () -> world.splitType(12, 0, new Info()));
            assertEquals(MPI.ERR_ARG, e.getErrorClass());
            assertTrue(e.getMessage().contains("splitType: split type 12"), e.getMessage());
            MPI.Finalize();
        }
    }

    /**
     * On a cluster of nodes of {@code args[0]} consecutive ranks each, splitType gives each node's
     * ranks, in their world order (run by {@code ClusterTest}).
     */
    public static class SplitTypeByNode {
        public static void main(String[] args) {
            MPI.Init(args);
            int perNode = Integer.parseInt(args[0]);
            Intracomm world = MPI.COMM_WORLD;
            int me = world.getRank();
            Intracomm node = world.splitType(MPI.COMM_TYPE_SHARED, 0, new Info());
            int n = node.getSize();
            int r = node.getRank();
            assertEquals(perNode, n);
            assertEquals(me % perNode, r);
            int[] got = new int[1];
            node.sendRecv(new int[] {me}, 1, MPI.INT, (r + 1) % n, 3, got, 1, MPI.INT, (r + n - 1) % n, 3);
            assertEquals(me - r + (r + n - 1) % n, got[0], "the left neighbour on the node is of this node's block");
            MPI.Finalize();
        }
    }

    @Test
    void managementOnThreadRanks() {
        RankJobs.runOk(4, Management.class);
        RankJobs.runOk(3, Management.class);
    }

    @Test
    void managementInTwoJvms() {
        ProcessJobs.runOk(4, 2, Management.class);
    }

    @Test
    void splitTypeGroupsTheRanksOfANode() {
        RankJobs.runOk(3, SplitType.class);
        ProcessJobs.runOk(4, 2, SplitType.class);
    }
}
