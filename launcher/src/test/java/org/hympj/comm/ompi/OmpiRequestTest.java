package org.hympj.comm.ompi;

import static org.hympj.comm.ompi.OmpiPointToPointTest.LARGE;
import static org.hympj.comm.ompi.OmpiPointToPointTest.directInts;
import static org.hympj.comm.ompi.OmpiPointToPointTest.iota;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.IntBuffer;
import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Open MPI's non-blocking and persistent requests: completion into staged direct buffers,
 * the wait/test family with its return values and null rules, getStatus, cancel, and
 * persistent requests restarted over changing buffers.
 */
@Timeout(120)
public class OmpiRequestTest {

    /** Rank 0 sends small and large messages from direct buffers; rank 1 receives them into direct buffers and slices. */
    public static class NonBlocking {
        public static void main(String[] args) {
            MPI.Init(args);
            Comm world = MPI.COMM_WORLD;
            int me = world.getRank();
            if (me == 0) {
                IntBuffer small = directInts(4);
                small.put(iota(4, 10));
                IntBuffer large = directInts(LARGE);
                large.put(iota(LARGE, 3));
                Request a = world.iSend(small, 4, MPI.INT, 1, 1);
                Request b = world.isSend(large, LARGE, MPI.INT, 1, 2);
                Request c = world.iSend(IntBuffer.wrap(iota(6, 20)), 6, MPI.INT, 1, 3);
                Request.waitAll(new Request[] {a, b, c});
                assertTrue(a.isNull() && b.isNull() && c.isNull(), "completed requests are null");
                // rSend once the receiver says its receive is posted.
                world.recv(new int[1], 1, MPI.INT, 1, 4);
                world.rSend(iota(2, 40), 2, MPI.INT, 1, 5);
            } else if (me == 1) {
                IntBuffer small = directInts(4);
                IntBuffer large = directInts(LARGE);
                int[] backing = new int[10];
                IntBuffer slice = IntBuffer.wrap(backing).position(4).slice();
                Request[] rs = {
                    world.iRecv(small, 4, MPI.INT, 0, 1),
                    world.iRecv(large, LARGE, MPI.INT, 0, 2),
                    world.iRecv(slice, 6, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG)};
                Status[] statuses = Request.waitAllStatus(rs);
                assertEquals(3, statuses.length);
                assertEquals(1, statuses[0].tag);
                assertEquals(LARGE, statuses[1].count);
                assertEquals(3, statuses[2].tag);
                assertEquals(0, statuses[2].source);
                for (int i = 0; i < 4; i++) {
                    assertEquals(10 + i, small.get(i));
                }
                for (int i = 0; i < LARGE; i += 1009) {
                    assertEquals(3 + i, large.get(i));
                }
                assertArrayEquals(iota(6, 20), java.util.Arrays.copyOfRange(backing, 4, 10));

                IntBuffer ready = directInts(2);
                Request r = world.iRecv(ready, 2, MPI.INT, 0, 5);
                world.send(new int[1], 1, MPI.INT, 0, 4);
                while (!r.test()) {
                    Thread.onSpinWait();
                }
                assertTrue(r.isNull());
                assertEquals(40, ready.get(0));
                assertEquals(41, ready.get(1));
            }
            MPI.Finalize();
        }
    }

    /** The wait/test family over arrays with pending, completed, null and MPI.REQUEST_NULL entries. */
    public static class WaitAndTestRules {
        public static void main(String[] args) {
            MPI.Init(args);
            Comm world = MPI.COMM_WORLD;
            int me = world.getRank();
            Request[] none = {null, MPI.REQUEST_NULL};
            assertEquals(MPI.UNDEFINED, Request.waitAny(none));
            assertEquals(MPI.UNDEFINED, Request.waitAnyStatus(none).index);
            assertEquals(MPI.UNDEFINED, Request.testAny(none));
            Status allNull = Request.testAnyStatus(none);
            assertNotNull(allNull, "testAnyStatus over no active request is a completed call");
            assertEquals(MPI.UNDEFINED, allNull.index);
            assertNull(Request.waitSome(none));
            assertNull(Request.testSome(none));
            assertNull(Request.waitSomeStatus(none));
            assertNull(Request.testSomeStatus(none));
            assertTrue(Request.testAll(none));
            assertEquals(2, Request.waitAllStatus(none).length);
            assertTrue(MPI.REQUEST_NULL.isNull());
            assertTrue(MPI.REQUEST_NULL.test());

            if (me == 1) {
                int[] first = new int[1];
                int[] second = new int[1];
                Request pending = world.iRecv(IntBuffer.wrap(first), 1, MPI.INT, 0, 1);
                Request later = world.iRecv(IntBuffer.wrap(second), 1, MPI.INT, 0, 2);
                Request[] rs = {null, pending, MPI.REQUEST_NULL, later};
                assertEquals(MPI.UNDEFINED, Request.testAny(rs), "nothing has been sent yet");
                assertNull(Request.testAnyStatus(rs));
                assertEquals(0, Request.testSome(rs).length);
                assertEquals(0, Request.testSomeStatus(rs).length);
                assertFalse(Request.testAll(rs));
                assertNull(Request.testAllStatus(rs));
                assertNull(pending.getStatus(), "not complete");
                assertNull(pending.testStatus());
                world.send(new int[1], 1, MPI.INT, 0, 0);

                Status s = Request.waitAnyStatus(rs);
                assertEquals(1, s.index, "only tag 1 has been sent");
                assertEquals(1, s.tag);
                assertEquals(11, first[0]);
                assertTrue(pending.isNull());
                assertFalse(later.isNull());
                world.send(new int[1], 1, MPI.INT, 0, 0);
                int[] done = Request.waitSome(rs);
                assertArrayEquals(new int[] {3}, done);
                assertEquals(22, second[0]);
                assertNull(Request.waitSome(rs), "every request is null now");

                // getStatus reports completion and leaves the request to be completed.
                Request third = world.iRecv(IntBuffer.wrap(new int[1]), 1, MPI.INT, 0, 3);
                world.send(new int[1], 1, MPI.INT, 0, 0);
                Status peek;
                while ((peek = third.getStatus()) == null) {
                    Thread.onSpinWait();
                }
                assertEquals(3, peek.tag);
                assertFalse(third.isNull(), "getStatus does not complete the request");
                assertEquals(3, third.waitStatus().tag);
                assertTrue(third.isNull());
                assertEquals(MPI.UNDEFINED, Request.waitAny(new Request[] {third}));
            } else if (me == 0) {
                world.recv(new int[1], 1, MPI.INT, 1, 0);
                world.send(new int[] {11}, 1, MPI.INT, 1, 1);
                world.recv(new int[1], 1, MPI.INT, 1, 0);
                world.send(new int[] {22}, 1, MPI.INT, 1, 2);
                world.recv(new int[1], 1, MPI.INT, 1, 0);
                world.send(new int[] {33}, 1, MPI.INT, 1, 3);
            }
            MPI.Finalize();
        }
    }

    /** Persistent sends and receives over direct buffers whose contents change between starts. */
    public static class Persistent {
        public static void main(String[] args) {
            MPI.Init(args);
            Comm world = MPI.COMM_WORLD;
            int me = world.getRank();
            int n = world.getSize();
            int right = (me + 1) % n;
            int left = (me + n - 1) % n;
            IntBuffer out = directInts(3);
            IntBuffer in = directInts(3);
            Prequest send = world.sendInit(out, 3, MPI.INT, right, 8);
            Prequest recv = world.recvInit(in, 3, MPI.INT, left, 8);
            Prequest[] both = {recv, send};
            for (int round = 0; round < 5; round++) {
                for (int i = 0; i < 3; i++) {
                    out.put(i, 100 * round + 10 * me + i);
                }
                Prequest.startAll(both);
                MPIException e = assertThrows(MPIException.class, recv::start);
                assertEquals(MPI.ERR_REQUEST, e.getErrorClass());
                Status[] s = Request.waitAllStatus(both);
                assertEquals(left, s[0].source);
                for (int i = 0; i < 3; i++) {
                    assertEquals(100 * round + 10 * left + i, in.get(i), "round " + round);
                }
                assertFalse(send.isNull() || recv.isNull(), "a completed persistent request stays usable");
            }
            // A started persistent receive is completed by test as well.
            recv.start();
            send.start();
            while (!recv.test()) {
                Thread.onSpinWait();
            }
            send.waitFor();
            send.free();
            recv.free();
            assertTrue(send.isNull() && recv.isNull());
            MPI.Finalize();
        }
    }

    /** A receive that nothing matches is cancelled; its direct buffer keeps its contents. */
    public static class Cancel {
        public static void main(String[] args) {
            MPI.Init(args);
            Comm world = MPI.COMM_WORLD;
            IntBuffer buf = directInts(2);
            buf.put(0, 77).put(1, 78);
            Request r = world.iRecv(buf, 2, MPI.INT, MPI.ANY_SOURCE, 4242);
            r.cancel();
            Status s = r.waitStatus();
            assertTrue(s.Test_cancelled());
            assertTrue(r.isNull());
            assertEquals(77, buf.get(0));
            assertEquals(78, buf.get(1));
            // Argument errors of the non-blocking calls name them.
            MPIException e = assertThrows(MPIException.class, () -> world.iSend(buf, 2, MPI.INT, world.getSize(), 0));
            assertEquals(MPI.ERR_RANK, e.getErrorClass());
            assertTrue(e.getMessage().contains("iSend: destination rank"), e.getMessage());
            e = assertThrows(MPIException.class, () -> world.recvInit(buf, 2, MPI.INT, 0, -3));
            assertEquals(MPI.ERR_TAG, e.getErrorClass());
            assertTrue(e.getMessage().contains("recvInit: tag -3"), e.getMessage());
            e = assertThrows(MPIException.class, () -> world.iRecv(buf, 3, MPI.INT, 0, 0));
            assertEquals(MPI.ERR_BUFFER, e.getErrorClass());
            MPI.Finalize();
        }
    }

    /**
     * A derived type over direct buffers: its items are spread over the staging array, which is
     * then copied back, so the elements between them keep their values. (The type is made with
     * mpiJava's constructor; Open MPI's are the datatype area's.)
     */
    public static class DerivedIntoDirect {
        public static void main(String[] args) {
            MPI.Init(args);
            Comm world = MPI.COMM_WORLD;
            int me = world.getRank();
            mpi.Datatype everyOther = mpi.Datatype.Vector(3, 1, 2, MPI.INT);
            everyOther.Commit();
            if (me == 0) {
                IntBuffer out = directInts(5);
                out.put(new int[] {1, -9, 2, -9, 3});
                world.iSend(out, 1, everyOther, 1, 1).waitFor();
                world.send(out, 1, everyOther, 1, 2);
            } else if (me == 1) {
                IntBuffer in = directInts(6);
                in.put(new int[] {-1, -2, -3, -4, -5, -6});
                Request r = world.iRecv(in, 1, everyOther, 0, 1);
                assertEquals(1, r.waitStatus().count);
                assertArrayEquals(new int[] {1, -2, 2, -4, 3, -6}, contents(in));
                in.put(0, 0).put(2, 0).put(4, 0);
                world.recv(in, 1, everyOther, 0, 2);
                assertArrayEquals(new int[] {1, -2, 2, -4, 3, -6}, contents(in));
            }
            MPI.Finalize();
        }

        static int[] contents(IntBuffer b) {
            int[] a = new int[b.capacity()];
            b.get(0, a);
            return a;
        }
    }

    @Test
    void derivedTypesIntoDirectBuffers() {
        RankJobs.runOk(2, DerivedIntoDirect.class);
        ProcessJobs.runOk(2, 2, DerivedIntoDirect.class);
    }

    @Test
    void nonBlockingIntoStagedBuffers() {
        RankJobs.runOk(2, NonBlocking.class);
        ProcessJobs.runOk(2, 2, NonBlocking.class);
    }

    @Test
    void waitAndTestFollowOpenMpisRules() {
        RankJobs.runOk(2, WaitAndTestRules.class);
        ProcessJobs.runOk(2, 2, WaitAndTestRules.class);
    }

    @Test
    void persistentRequestsRestageAtEachStart() {
        RankJobs.runOk(3, Persistent.class);
        ProcessJobs.runOk(2, 2, Persistent.class);
    }

    @Test
    void cancelAndErrors() {
        RankJobs.runOk(2, Cancel.class);
    }
}
