package org.hympj.comm.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** MPI's matching rules: non-overtaking, wildcards, posting order, truncation. */
@Timeout(120)
public class MatchingSemanticsTest {

    /**
     * Every rank but 0 sends a stream of numbered messages to rank 0, mixing eager and
     * rendezvous sizes under one tag; rank 0 takes them with ANY_SOURCE and checks each
     * source's stream arrives in order and whole.
     */
    public static class ConcurrentSendersInOrder {
        static final int MESSAGES = 2_000;

        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            if (me != 0) {
                for (int i = 0; i < MESSAGES; i++) {
                    int length = i % 50 == 7 ? 9_000 : 1 + i % 5;
                    int[] m = new int[length];
                    Arrays.fill(m, i);
                    m[0] = me;
                    if (i % 3 == 0) {
                        MPI.COMM_WORLD.Isend(m, 0, length, MPI.INT, 0, 5).Wait();
                    } else {
                        MPI.COMM_WORLD.Send(m, 0, length, MPI.INT, 0, 5);
                    }
                }
            } else {
                int[] next = new int[n];
                int[] buf = new int[9_000];
                for (int k = 0; k < MESSAGES * (n - 1); k++) {
                    Status s = MPI.COMM_WORLD.Recv(buf, 0, buf.length, MPI.INT, MPI.ANY_SOURCE, 5);
                    int src = s.source;
                    assertEquals(src, buf[0], "the status names the sender");
                    int expected = next[src]++;
                    int length = s.Get_count(MPI.INT);
                    assertEquals(expected % 50 == 7 ? 9_000 : 1 + expected % 5, length, "message " + expected + " of rank " + src);
                    for (int j = 1; j < length; j++) {
                        assertEquals(expected, buf[j], "rank " + src + " message " + expected + " overtaken or damaged");
                    }
                }
                for (int src = 1; src < n; src++) {
                    assertEquals(MESSAGES, next[src]);
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    void messagesFromEachSenderAreNotOvertakenWithConcurrentSenders() {
        RankJobs.runOk(4, ConcurrentSendersInOrder.class);
    }

    /** A large (rendezvous) message followed by a small (eager) one with the same tag stays first. */
    public static class ProtocolSwitchKeepsOrder {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 0) {
                double[] big = new double[100_000];
                Arrays.fill(big, 1);
                Request r = MPI.COMM_WORLD.Isend(big, 0, big.length, MPI.DOUBLE, 1, 0);
                MPI.COMM_WORLD.Send(new double[] {2}, 0, 1, MPI.DOUBLE, 1, 0);
                r.Wait();
            } else {
                Thread.sleep(100);
                double[] in = new double[100_000];
                Status first = MPI.COMM_WORLD.Recv(in, 0, in.length, MPI.DOUBLE, 0, 0);
                assertEquals(100_000, first.Get_count(MPI.DOUBLE));
                Status second = MPI.COMM_WORLD.Recv(in, 0, in.length, MPI.DOUBLE, 0, 0);
                assertEquals(1, second.Get_count(MPI.DOUBLE));
                assertEquals(2, in[0]);
            }
            MPI.Finalize();
        }
    }

    @Test
    void aLargeMessageIsNotOvertakenByASmallerOneBehindIt() {
        RankJobs.runOk(2, ProtocolSwitchKeepsOrder.class);
    }

    public static class Wildcards {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            if (me == 0) {
                // Posted first: a specific receive, then wildcards; each message takes the earliest that matches.
                int[] a = new int[1];
                int[] b = new int[1];
                int[] c = new int[1];
                int[] d = new int[1];
                Request ra = MPI.COMM_WORLD.Irecv(a, 0, 1, MPI.INT, 2, 7);
                Request rb = MPI.COMM_WORLD.Irecv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 7);
                Request rc = MPI.COMM_WORLD.Irecv(c, 0, 1, MPI.INT, 1, MPI.ANY_TAG);
                Request rd = MPI.COMM_WORLD.Irecv(d, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 1, 100);
                Status sb = rb.Wait();
                Status sc = rc.Wait();
                Status sa = ra.Wait();
                Status sd = rd.Wait();
                assertEquals(1, sb.source, "rank 1's tag-7 message takes the wildcard-source receive");
                assertEquals(17, b[0]);
                assertEquals(1, sc.source);
                assertEquals(8, sc.tag);
                assertEquals(18, c[0]);
                assertEquals(2, sa.source);
                assertEquals(27, a[0], "rank 2's tag-7 message takes the earlier specific receive");
                assertEquals(2, sd.source);
                assertEquals(9, sd.tag);
                assertEquals(29, d[0]);
                // Arrived first: ANY_SOURCE/ANY_TAG take the unexpected messages in arrival order per source.
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 2, 101);
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 2, 102);
                int[] x = new int[1];
                Status s1 = MPI.COMM_WORLD.Recv(x, 0, 1, MPI.INT, MPI.ANY_SOURCE, 31);
                assertEquals(2, s1.source);
                assertEquals(1, x[0]);
                Status s2 = MPI.COMM_WORLD.Recv(x, 0, 1, MPI.INT, 2, MPI.ANY_TAG);
                assertEquals(30, s2.tag, "ANY_TAG takes the earliest message of the source");
                assertEquals(2, x[0]);
                Status s3 = MPI.COMM_WORLD.Recv(x, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                assertEquals(3, x[0]);
                assertEquals(32, s3.tag);
            } else if (me == 1) {
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, 100);
                MPI.COMM_WORLD.Send(new int[] {17}, 0, 1, MPI.INT, 0, 7);
                MPI.COMM_WORLD.Send(new int[] {18}, 0, 1, MPI.INT, 0, 8);
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 2, 200);
            } else {
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 1, 200);
                MPI.COMM_WORLD.Send(new int[] {27}, 0, 1, MPI.INT, 0, 7);
                MPI.COMM_WORLD.Send(new int[] {29}, 0, 1, MPI.INT, 0, 9);
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 0, 101);
                MPI.COMM_WORLD.Send(new int[] {2}, 0, 1, MPI.INT, 0, 30);
                MPI.COMM_WORLD.Send(new int[] {1}, 0, 1, MPI.INT, 0, 31);
                MPI.COMM_WORLD.Send(new int[] {3}, 0, 1, MPI.INT, 0, 32);
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 0, 102);
            }
            MPI.Finalize();
        }
    }

    @Test
    void wildcardsMatchInPostingAndArrivalOrder() {
        RankJobs.runOk(3, Wildcards.class);
    }

    /** A too-small receive raises ERR_TRUNCATE; the messages around it are untouched. */
    public static class Truncation {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 0) {
                MPI.COMM_WORLD.Send(new int[] {1, 2, 3, 4}, 0, 4, MPI.INT, 1, 1);
                MPI.COMM_WORLD.Send(new int[] {5}, 0, 1, MPI.INT, 1, 1);
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, 1, 9);
                MPI.COMM_WORLD.Send(new int[] {6, 7, 8}, 0, 3, MPI.INT, 1, 2);
                MPI.COMM_WORLD.Send(new int[] {9}, 0, 1, MPI.INT, 1, 2);
                double[] big = new double[50_000];
                Arrays.fill(big, 3.5);
                MPI.COMM_WORLD.Send(big, 0, big.length, MPI.DOUBLE, 1, 3);
                MPI.COMM_WORLD.Send(new Object[] {"a", "b"}, 0, 2, MPI.OBJECT, 1, 4);
                MPI.COMM_WORLD.Send(new int[] {10}, 0, 1, MPI.INT, 1, 5);
            } else {
                int[] small = new int[2];
                // Unexpected path: the message is already here.
                MPI.COMM_WORLD.Probe(0, 1);
                MPIException e = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Recv(small, 0, 2, MPI.INT, 0, 1));
                assertEquals(MPI.ERR_TRUNCATE, e.getErrorClass());
                assertTrue(e.getMessage().contains("4 INT elements"), e.getMessage());
                assertArrayEquals(new int[] {1, 2}, small);
                int[] one = new int[1];
                MPI.COMM_WORLD.Recv(one, 0, 1, MPI.INT, 0, 1);
                assertEquals(5, one[0], "the next message is intact");
                // Posted path: the receive waits for the message.
                Request r = MPI.COMM_WORLD.Irecv(small, 0, 2, MPI.INT, 0, 2);
                MPI.COMM_WORLD.Send(new int[0], 0, 0, MPI.INT, 0, 9);
                MPIException e2 = assertThrows(MPIException.class, r::Wait);
                assertEquals(MPI.ERR_TRUNCATE, e2.getErrorClass());
                assertTrue(r.Is_null());
                MPI.COMM_WORLD.Recv(one, 0, 1, MPI.INT, 0, 2);
                assertEquals(9, one[0]);
                // Rendezvous and objects truncate too.
                double[] part = new double[10];
                assertEquals(MPI.ERR_TRUNCATE, assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Recv(part, 0, 10, MPI.DOUBLE, 0, 3)).getErrorClass());
                assertEquals(3.5, part[9]);
                Object[] o = new Object[1];
                assertEquals(MPI.ERR_TRUNCATE, assertThrows(MPIException.class,
                    () -> MPI.COMM_WORLD.Recv(o, 0, 1, MPI.OBJECT, 0, 4)).getErrorClass());
                assertEquals("a", o[0]);
                MPI.COMM_WORLD.Recv(one, 0, 1, MPI.INT, 0, 5);
                assertEquals(10, one[0]);
            }
            MPI.Finalize();
        }
    }

    @Test
    void truncationRaisesErrTruncateAndLosesNothingElse() {
        RankJobs.runOk(2, Truncation.class);
    }

    /** A message of one type received as another is an ERR_TYPE error at the receiver. */
    public static class TypeMismatch {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 0) {
                MPI.COMM_WORLD.Send(new double[] {1}, 0, 1, MPI.DOUBLE, 1, 1);
                MPI.COMM_WORLD.Send(new long[] {2}, 0, 1, MPI.LONG, 1, 1);
            } else {
                MPIException e = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Recv(new long[1], 0, 1, MPI.LONG, 0, 1));
                assertEquals(MPI.ERR_TYPE, e.getErrorClass());
                long[] in = new long[1];
                MPI.COMM_WORLD.Recv(in, 0, 1, MPI.LONG, 0, 1);
                assertEquals(2, in[0]);
            }
            MPI.Finalize();
        }
    }

    @Test
    void mismatchedDatatypesRaiseErrType() {
        RankJobs.runOk(2, TypeMismatch.class);
    }
}
