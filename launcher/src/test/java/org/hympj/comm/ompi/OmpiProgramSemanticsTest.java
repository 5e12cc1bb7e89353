package org.hympj.comm.ompi;

import static org.hympj.comm.ompi.OmpiEnvironmentTest.raises;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import mpi.CartComm;
import mpi.Comm;
import mpi.DistGraphNeighbors;
import mpi.GraphComm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Message;
import mpi.Op;
import mpi.Request;
import mpi.Status;
import mpi.UserFunction;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.runtime.Configuration;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What programs written for Open MPI's Java bindings rely on beyond the signatures: an array
 * as the memory it occupies, whatever the datatype; zero-dimensional grids and empty graphs;
 * a small buffered send without an attached buffer; the status of a message from
 * {@code MPI.PROC_NULL}; freeing a predefined op; the keys of {@code MPI.INFO_ENV}.
 */
@Timeout(120)
public class OmpiProgramSemanticsTest {

    /** The bytes of {@code ints} in the platform's order, as C would see the array's memory. */
    static byte[] memoryOf(int[] ints) {
        ByteBuffer b = ByteBuffer.allocate(4 * ints.length).order(ByteOrder.nativeOrder());
        b.asIntBuffer().put(ints);
        return b.array();
    }

    public static class ArraysAsMemory {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int[] ints = {0x01020304, 0x05060708, -2};
            if (w.getRank() == 0) {
                w.send(ints, 8, MPI.BYTE, 1, 1);
                w.rSend(ints, 6, MPI.CHAR, 1, 2);
                w.send(memoryOf(new int[] {42, -7}), 2, MPI.INT, 1, 3);
                w.send(new byte[5], 5, MPI.BYTE, 1, 4);
                w.send(new byte[] {0, 5, 1}, 3, MPI.BOOLEAN, 1, 5);
                raises(MPI.ERR_TYPE, "send", () -> w.send(new Object[] {"x"}, 1, MPI.INT, 1, 9));
                raises(MPI.ERR_TYPE, "send", () -> w.send(new int[1], 1, MPI.OBJECT, 1, 9));
                raises(MPI.ERR_BUFFER, "bytes", () -> w.send(new int[1], 1, MPI.DOUBLE, 1, 9));
            } else {
                byte[] bytes = new byte[8];
                Status s = w.recv(bytes, 8, MPI.BYTE, 0, 1);
                assertEquals(8, s.getCount(MPI.BYTE));
                assertArrayEquals(java.util.Arrays.copyOf(memoryOf(ints), 8), bytes);
                char[] chars = new char[6];
                w.recv(chars, 6, MPI.CHAR, 0, 2);
                char[] expected = new char[6];
                ByteBuffer.wrap(memoryOf(ints)).order(ByteOrder.nativeOrder()).asCharBuffer().get(expected);
                assertArrayEquals(expected, chars);
                // Sent from a byte[] as ints, received as ints into a byte[]: both staged.
                byte[] got = new byte[8];
                s = w.recv(got, 2, MPI.INT, 0, 3);
                assertEquals(2, s.getCount(MPI.INT));
                assertArrayEquals(memoryOf(new int[] {42, -7}), got);
                // Five bytes reach into the second int; the rest of the array is left as it was.
                int[] data = {-1, -1, -1};
                s = w.recv(data, 5, MPI.BYTE, 0, 4);
                assertEquals(5, s.getCount(MPI.BYTE));
                byte[] after = memoryOf(data);
                for (int i = 0; i < after.length; i++) {
                    assertEquals(i < 5 ? 0 : -1, after[i], "byte " + i);
                }
                boolean[] flags = new boolean[3];
                w.recv(flags, 3, MPI.BOOLEAN, 0, 5);
                assertArrayEquals(new boolean[] {false, true, true}, flags);
                raises(MPI.ERR_BUFFER, "bytes", () -> w.recv(new int[1], 5, MPI.BYTE, 0, 9));
            }
            w.barrier();
            MPI.Finalize();
        }
    }

    @Test
    void aPrimitiveArrayIsItsMemoryForAnyPrimitiveDatatype() {
        RankJobs.runOk(2, ArraysAsMemory.class);
    }

    public static class EmptyTopologies {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int rank = w.getRank();
            int n = w.getSize();
            CartComm point = w.createCart(new int[0], new boolean[0], false);
            assertEquals(rank != 0, point.isNull());
            if (rank == 0) {
                assertEquals(MPI.CART, point.getTopology());
                assertEquals(1, point.getSize());
                assertEquals(0, point.getTopo().getDimCount());
                assertEquals(0, point.getRank(new int[0]));
                // MPI reads one flag per dimension: none here, whatever the array holds.
                CartComm sub = point.sub(new boolean[] {true, false});
                assertEquals(MPI.CART, sub.getTopology());
                assertEquals(0, sub.getTopo().getDimCount());
                sub.free();
                point.free();
            }
            CartComm grid = w.createCart(new int[] {n}, new boolean[] {false}, false);
            CartComm none = grid.sub(new boolean[] {false});
            assertEquals(0, none.getTopo().getDimCount());
            assertEquals(1, none.getSize());
            GraphComm empty = w.createGraph(new int[0], new int[0], false);
            assertTrue(empty.isNull());
            // One source, its degree first in a longer array: the rest is not read.
            GraphComm ring = w.createDistGraph(new int[] {rank}, new int[] {1, -5, 99}, new int[] {(rank + 1) % n},
                MPI.INFO_NULL, false);
            DistGraphNeighbors nb = ring.getDistGraphNeighbors();
            assertEquals(1, nb.getInDegree());
            assertEquals((rank + n - 1) % n, nb.getSource(0));
            assertEquals(1, nb.getOutDegree());
            assertEquals((rank + 1) % n, nb.getDestination(0));
            raises(MPI.ERR_ARG, "createDistGraph", () -> w.createDistGraph(new int[] {rank, rank}, new int[] {1},
                new int[] {rank}, MPI.INFO_NULL, false));
            ring.free();
            none.free();
            grid.free();
            MPI.Finalize();
        }
    }

    @Test
    void zeroDimensionsNoNodesAndLongerDegreesAreLegal() {
        RankJobs.runOk(3, EmptyTopologies.class);
    }

    public static class BufferedWithoutBuffer {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int eager = Configuration.fromSystem().eagerLimit();
            if (w.getRank() == 0) {
                IntBuffer one = MPI.newIntBuffer(1).put(0, 11);
                Request r = w.ibSend(one, 1, MPI.INT, 1, 1);
                // Complete before rank 1 posts its receive (after the barrier): it was copied.
                r.waitFor();
                one.put(0, -1);
                w.bSend(new int[] {12}, 1, MPI.INT, 1, 2);
                w.Bsend(new int[] {13}, 0, 1, MPI.INT, 1, 3);
                int beyond = eager / 4 + 1;
                raises(MPI.ERR_BUFFER, "MPI.Buffer_attach", () -> w.bSend(new int[beyond], beyond, MPI.INT, 1, 4));
                raises(MPI.ERR_BUFFER, "MPI.Buffer_attach", () -> w.Bsend(new int[beyond], 0, beyond, MPI.INT, 1, 4));
                w.barrier();
            } else {
                w.barrier();
                int[] in = new int[1];
                for (int tag = 1; tag <= 3; tag++) {
                    w.recv(in, 1, MPI.INT, 0, tag);
                    assertEquals(10 + tag, in[0]);
                }
            }
            w.barrier();
            MPI.Finalize();
        }
    }

    @Test
    void aSmallBufferedSendWithoutAttachedBufferGoesEagerly() {
        RankJobs.runOk(2, BufferedWithoutBuffer.class);
        ProcessJobs.runOk(2, 2, BufferedWithoutBuffer.class);
    }

    /** The status MPI gives for a message or a receive from {@code MPI.PROC_NULL}. */
    static void assertProcNull(Status s) {
        assertNotNull(s);
        assertEquals(MPI.PROC_NULL, s.getSource());
        assertEquals(MPI.ANY_TAG, s.getTag());
        assertEquals(0, s.getCount(MPI.CHAR));
    }

    public static class ProcNullMessages {
        public static void main(String[] args) {
            MPI.Init(args);
            Comm w = MPI.COMM_WORLD;
            Message m = new Message();
            assertProcNull(m.imProbe(MPI.PROC_NULL, 30, w));
            assertTrue(m.isNoProc());
            Request r = m.imRecv(MPI.newIntBuffer(1), 1, MPI.INT);
            assertProcNull(r.waitStatus());
            assertTrue(m.isNull());
            assertProcNull(m.mProbe(MPI.PROC_NULL, 31, w));
            assertProcNull(m.mRecv(new int[1], 1, MPI.INT));
            assertProcNull(w.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, MPI.PROC_NULL, 32).testStatus());
            Request nothing = w.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, MPI.PROC_NULL, 33);
            assertProcNull(nothing.waitStatus());
            // Once completed, the request is a null one, whose status is the empty status.
            assertEquals(MPI.ANY_SOURCE, nothing.waitStatus().getSource());
            MPI.Finalize();
        }
    }

    @Test
    void aMessageOrReceiveFromProcNullHasTheProcNullStatus() {
        RankJobs.runOk(2, ProcNullMessages.class);
    }

    public static class FreeingOps {
        public static void main(String[] args) {
            MPI.Init(args);
            for (Op predefined : new Op[] {MPI.SUM, MPI.MAX, MPI.MAXLOC, MPI.BXOR}) {
                raises(MPI.ERR_OP, "predefined", predefined::free);
                assertFalse(predefined.isNull());
            }
            int[] out = new int[1];
            MPI.COMM_WORLD.allReduce(new int[] {1}, out, 1, MPI.INT, MPI.SUM);
            assertEquals(MPI.COMM_WORLD.getSize(), out[0]);
            Op mine = new Op(new UserFunction() { }, true);
            mine.free();
            assertTrue(mine.isNull());
            raises(MPI.ERR_OP, "freed", () -> MPI.COMM_WORLD.reduce(new int[] {1}, out, 1, MPI.INT, mine, 0));
            MPI.Finalize();
        }
    }

    @Test
    void aPredefinedOpCannotBeFreedAndAFreedUserOpCannotReduce() {
        RankJobs.runOk(2, FreeingOps.class);
    }

    public static class Environment {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            String size = Integer.toString(MPI.COMM_WORLD.getSize());
            assertEquals("OmpiProgramSemanticsTest$Environment", MPI.INFO_ENV.get("command"));
            assertEquals("alpha beta", MPI.INFO_ENV.get("argv"));
            assertEquals(size, MPI.INFO_ENV.get("maxprocs"));
            assertEquals(size, MPI.INFO_ENV.get("ompi_np"));
            assertEquals("1", MPI.INFO_ENV.get("ompi_num_apps"));
            assertEquals("0", MPI.INFO_ENV.get("ompi_first_rank"));
            assertEquals(InetAddress.getLocalHost().getHostName(), MPI.INFO_ENV.get("host"));
            assertEquals(System.getProperty("os.arch"), MPI.INFO_ENV.get("arch"));
            String pwd = System.getenv("PWD");
            assertEquals(pwd != null ? pwd : System.getProperty("user.dir"), MPI.INFO_ENV.get("wdir"));
            assertEquals("MPI_THREAD_MULTIPLE", MPI.INFO_ENV.get("thread_level"));
            MPI.Finalize();
        }
    }

    @Test
    void infoEnvHasTheKeysMpiAndOpenMpiDefine() {
        RankJobs.runOk(2, Environment.class, "alpha", "beta");
        ProcessJobs.runOk(2, 2, Environment.class, "alpha", "beta");
    }
}
