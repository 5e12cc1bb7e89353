package org.hympj.comm.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Requests: the Wait and Test families, persistent requests, cancel, buffered sends. */
@Timeout(60)
public class RequestsTest {

    public static class WaitanyWaitsome {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            if (me == 0) {
                int[][] in = new int[3][1];
                Request[] rs = new Request[4];
                for (int i = 0; i < 3; i++) {
                    rs[i] = MPI.COMM_WORLD.Irecv(in[i], 0, 1, MPI.INT, 1, i);
                }
                rs[3] = null;
                assertNull(Request.Testany(rs), "nothing has arrived");
                assertEquals(0, Request.Testsome(rs).length);
                assertNull(Request.Testall(rs));
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 1, 99);
                Status s = Request.Waitany(rs);
                assertEquals(2, s.index, "rank 1 sends tag 2 first");
                assertEquals(12, in[2][0]);
                assertTrue(rs[2].Is_null());
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 1, 98);
                Set<Integer> done = new HashSet<>();
                while (done.size() < 2) {
                    for (Status x : Request.Waitsome(rs)) {
                        assertTrue(done.add(x.index));
                        assertEquals(10 + x.index, in[x.index][0]);
                    }
                }
                assertNull(Request.Waitsome(rs), "no active request left");
                assertEquals(MPI.UNDEFINED, Request.Waitany(rs).index);
                // Testall completes all at once when all are done.
                Request[] two = {MPI.COMM_WORLD.Irecv(in[0], 0, 1, MPI.INT, 1, 5), MPI.COMM_WORLD.Irecv(in[1], 0, 1, MPI.INT, 1, 6)};
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 1, 97);
                Status[] all;
                while ((all = Request.Testall(two)) == null) {
                    Thread.onSpinWait();
                }
                assertEquals(2, all.length);
                assertEquals(15, in[0][0]);
                assertEquals(16, in[1][0]);
                Status any;
                Request[] late = {MPI.COMM_WORLD.Irecv(in[0], 0, 1, MPI.INT, 1, 7)};
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 1, 96);
                while ((any = Request.Testany(late)) == null) {
                    Thread.onSpinWait();
                }
                assertEquals(0, any.index);
                assertEquals(17, in[0][0]);
            } else {
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, 99);
                MPI.COMM_WORLD.Send(new int[] {12}, 0, 1, MPI.INT, 0, 2);
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, 98);
                MPI.COMM_WORLD.Send(new int[] {10}, 0, 1, MPI.INT, 0, 0);
                MPI.COMM_WORLD.Send(new int[] {11}, 0, 1, MPI.INT, 0, 1);
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, 97);
                MPI.COMM_WORLD.Send(new int[] {16}, 0, 1, MPI.INT, 0, 6);
                MPI.COMM_WORLD.Send(new int[] {15}, 0, 1, MPI.INT, 0, 5);
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, 96);
                MPI.COMM_WORLD.Send(new int[] {17}, 0, 1, MPI.INT, 0, 7);
            }
            MPI.Finalize();
        }
    }

    @Test
    void waitanyWaitsomeTestanyTestsomeTestall() {
        RankJobs.runOk(2, WaitanyWaitsome.class);
    }

    public static class Persistent {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int[] buf = new int[4];
            if (me == 0) {
                Prequest send = MPI.COMM_WORLD.Send_init(buf, 0, 4, MPI.INT, 1, 3);
                Prequest ssend = MPI.COMM_WORLD.Ssend_init(buf, 0, 1, MPI.INT, 1, 4);
                for (int it = 0; it < 100; it++) {
                    buf[0] = it;
                    buf[3] = -it;
                    send.Start();
                    send.Wait();
                    assertFalse(send.Is_null(), "a persistent request stays allocated");
                    ssend.Start();
                    ssend.Wait();
                }
                send.Free();
                assertTrue(send.Is_null());
                MPIException e = assertThrows(MPIException.class, send::Start);
                assertEquals(MPI.ERR_REQUEST, e.getErrorClass());
            } else {
                int[] second = new int[1];
                Prequest recv = MPI.COMM_WORLD.Recv_init(buf, 0, 4, MPI.INT, 0, 3);
                Prequest recv2 = MPI.COMM_WORLD.Recv_init(second, 0, 1, MPI.INT, MPI.ANY_SOURCE, 4);
                for (int it = 0; it < 100; it++) {
                    Prequest.Startall(new Prequest[] {recv, recv2});
                    MPIException twice = assertThrows(MPIException.class, recv::Start);
                    assertEquals(MPI.ERR_REQUEST, twice.getErrorClass());
                    Status[] s = Request.Waitall(new Request[] {recv, recv2});
                    assertEquals(4, s[0].Get_count(MPI.INT));
                    assertEquals(it, buf[0]);
                    assertEquals(-it, buf[3]);
                    assertEquals(it, second[0]);
                }
                Status inactive = recv.Wait();
                assertEquals(0, inactive.Get_count(MPI.INT), "waiting on an inactive persistent request returns at once");
            }
            MPI.Finalize();
        }
    }

    @Test
    void persistentRequestsRestartManyTimes() {
        RankJobs.runOk(2, Persistent.class);
    }

    public static class Cancel {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            if (me == 0) {
                int[] in = new int[1];
                Request r = MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.INT, 1, 1);
                r.Cancel();
                Status s = r.Wait();
                assertTrue(s.Test_cancelled());
                // A cancelled synchronous send is never received (rank 1 never posts tag 20).
                Request ss = MPI.COMM_WORLD.Issend(new int[] {5}, 0, 1, MPI.INT, 1, 20);
                ss.Cancel();
                assertTrue(ss.Wait().Test_cancelled());
                MPI.COMM_WORLD.Send(new int[] {6}, 0, 1, MPI.INT, 1, 2);
                // Cancel after the match has no effect: the message is received.
                Request late = MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.INT, 1, 3);
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 1, 0);
                while (late.Test() == null) {
                    Thread.onSpinWait();
                }
                late.Cancel();
                assertEquals(8, in[0]);
            } else {
                int[] in = new int[1];
                MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, 0, 2);
                assertEquals(6, in[0]);
                assertNull(MPI.COMM_WORLD.Iprobe(0, 20), "the cancelled message is gone");
                MPI.COMM_WORLD.Send(new int[] {7}, 0, 1, MPI.INT, 0, 1);
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, 0);
                MPI.COMM_WORLD.Send(new int[] {8}, 0, 1, MPI.INT, 0, 3);
            }
            // Rank 1's tag-1 message was not taken by the cancelled receive: it is still there.
            if (me == 0) {
                int[] in = new int[1];
                Status s = MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, 1, 1);
                assertFalse(s.Test_cancelled());
                assertEquals(7, in[0]);
            }
            MPI.Finalize();
        }
    }

    @Test
    void cancelledReceivesAndSendsDoNotMatch() {
        RankJobs.runOk(2, Cancel.class);
    }

    public static class Buffered {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            if (me == 0) {
                // Without an attached buffer only a message sent eagerly goes (as a standard send).
                int beyondEager = org.hympj.comm.runtime.Configuration.fromSystem().eagerLimit() / 4 + 1;
                MPIException none = assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Bsend(new int[beyondEager], 0, beyondEager, MPI.INT, 1, 0));
                assertEquals(MPI.ERR_BUFFER, none.getErrorClass());
                assertTrue(none.getMessage().contains("MPI.Buffer_attach"), none.getMessage());
                byte[] attached = new byte[2 * (400 + MPI.BSEND_OVERHEAD)];
                MPI.Buffer_attach(attached);
                assertEquals(MPI.ERR_BUFFER, assertThrows(MPIException.class, () -> MPI.Buffer_attach(new byte[10])).getErrorClass());
                int[] data = new int[100];
                for (int i = 0; i < 100; i++) {
                    data[i] = i;
                }
                MPI.COMM_WORLD.Bsend(data, 0, 100, MPI.INT, 1, 1);
                data[0] = -1; // the message was copied out of data
                Request r = MPI.COMM_WORLD.Ibsend(data, 0, 100, MPI.INT, 1, 2);
                assertNotNull(r.Test(), "Ibsend completes once copied into the buffer");
                MPIException full = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Bsend(data, 0, 1, MPI.INT, 1, 3));
                assertEquals(MPI.ERR_BUFFER, full.getErrorClass());
                assertTrue(full.getMessage().contains("attached buffer"), full.getMessage());
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 1, 9);
                byte[] back = MPI.Buffer_detach();
                assertTrue(back == attached, "detach returns the attached array once both messages are delivered");
                MPI.Buffer_attach(back);
                MPI.COMM_WORLD.Bsend(new Object[] {"obj"}, 0, 1, MPI.OBJECT, 1, 4);
                Prequest p = MPI.COMM_WORLD.Bsend_init(data, 0, 2, MPI.INT, 1, 5);
                p.Start();
                p.Wait();
                MPI.Buffer_detach();
            } else {
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, 9);
                Thread.sleep(50);
                int[] in = new int[100];
                MPI.COMM_WORLD.Recv(in, 0, 100, MPI.INT, 0, 1);
                assertEquals(0, in[0]);
                assertEquals(99, in[99]);
                MPI.COMM_WORLD.Recv(in, 0, 100, MPI.INT, 0, 2);
                assertEquals(-1, in[0]);
                Object[] o = new Object[1];
                MPI.COMM_WORLD.Recv(o, 0, 1, MPI.OBJECT, 0, 4);
                assertEquals("obj", o[0]);
                MPI.COMM_WORLD.Recv(in, 0, 2, MPI.INT, 0, 5);
                assertArrayEquals(new int[] {-1, 1}, java.util.Arrays.copyOf(in, 2));
            }
            MPI.Finalize();
        }
    }

    @Test
    void bufferedSendsAccountForTheAttachedBuffer() {
        RankJobs.runOk(2, Buffered.class);
    }
}
