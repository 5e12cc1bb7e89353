package org.hympj.comm.ompi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import mpi.Count;
import mpi.Freeable;
import mpi.Group;
import mpi.Info;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
import mpi.Version;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Open MPI's environment as its users call it: initialisation and thread queries, timers,
 * version, buffers and slices, error classes and MPIException, Status getters, Info and Group.
 */
@Timeout(120)
public class OmpiEnvironmentTest {

    /** Raises {@code call}'s MPIException and checks its class (and code) and that its message names {@code word}. */
    static MPIException raises(int errorClass, String word, Runnable call) {
        MPIException e = assertThrows(MPIException.class, call::run);
        assertEquals(errorClass, e.getErrorClass(), e.getMessage());
        assertEquals(errorClass, e.getErrorCode(), e.getMessage());
        assertTrue(e.getMessage().contains(word), e.getMessage());
        return e;
    }

    public static class Environment {
        public static void main(String[] args) throws Exception {
            assertFalse(MPI.isInitialized());
            Version v = MPI.getVersion();
            assertEquals(3, v.getVersion());
            assertEquals(1, v.getSubVersion());
            assertEquals(3, MPI.VERSION);
            assertEquals(1, MPI.SUBVERSION);
            assertTrue(MPI.getLibVersion().contains("MPI 3.1"), MPI.getLibVersion());
            raises(MPI.ERR_OTHER, "Init", MPI::wtime);

            assertEquals(MPI.THREAD_MULTIPLE, MPI.InitThread(args, MPI.THREAD_FUNNELED));
            assertEquals(MPI.THREAD_MULTIPLE, MPI.queryThread());
            assertTrue(MPI.isThreadMain());
            AtomicBoolean otherIsMain = new AtomicBoolean(true);
            Thread other = new Thread(() -> otherIsMain.set(MPI.isThreadMain()));
            other.start();
            other.join();
            assertFalse(otherIsMain.get());
            assertTrue(MPI.isInitialized());
            assertFalse(MPI.isFinalized());
            raises(MPI.ERR_OTHER, "already", () -> MPI.InitThread(args, MPI.THREAD_SINGLE));

            double t0 = MPI.wtime();
            Thread.sleep(5);
            assertTrue(MPI.wtime() - t0 >= 0.004);
            assertTrue(MPI.wtick() > 0 && MPI.wtick() < 1e-3);
            assertFalse(MPI.getProcessorName().isEmpty());
            int rank = MPI.COMM_WORLD.Rank();
            int size = MPI.COMM_WORLD.Size();

            buffersAndSlices();
            errorClasses();
            statuses(rank);
            infos(size);
            groups(rank, size);
            counts();

            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
            assertTrue(MPI.isFinalized());
            assertTrue(MPI.isInitialized());
        }

        private static void buffersAndSlices() {
            ByteBuffer bytes = MPI.newByteBuffer(16);
            assertTrue(bytes.isDirect());
            assertEquals(16, bytes.capacity());
            assertEquals(ByteOrder.nativeOrder(), bytes.order());
            IntBuffer ints = MPI.newIntBuffer(3);
            assertTrue(ints.isDirect());
            assertEquals(3, ints.capacity());
            assertEquals(ByteOrder.nativeOrder(), ints.order());
            assertEquals(5, MPI.newCharBuffer(5).capacity());
            assertEquals(5, MPI.newShortBuffer(5).capacity());
            assertEquals(5, MPI.newLongBuffer(5).capacity());
            assertEquals(5, MPI.newFloatBuffer(5).capacity());
            assertTrue(MPI.newDoubleBuffer(5).isDirect());
            raises(MPI.ERR_ARG, "capacity", () -> MPI.newDoubleBuffer(-1));

            int[] array = {10, 11, 12, 13};
            IntBuffer tail = MPI.slice(array, 2);
            assertEquals(2, tail.capacity());
            assertEquals(12, tail.get(0));
            tail.put(1, 99);
            assertEquals(99, array[3], "a slice of an array shares its content");
            DoubleBuffer doubles = MPI.newDoubleBuffer(4);
            doubles.position(3);
            DoubleBuffer part = MPI.slice(doubles, 1);
            assertEquals(3, doubles.position(), "slice leaves the buffer's position alone");
            assertEquals(3, part.capacity());
            part.put(0, 2.5);
            assertEquals(2.5, doubles.get(1));
            ByteBuffer big = ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN);
            assertEquals(ByteOrder.BIG_ENDIAN, MPI.slice(big, 4).order(), "a ByteBuffer's slice keeps its order");
            assertEquals(ByteOrder.nativeOrder(), MPI.slice(new byte[8], 4).order());
            assertEquals(4, MPI.slice(new byte[8], 4).capacity());
            raises(MPI.ERR_ARG, "offset 5", () -> MPI.slice(array, 5));
            raises(MPI.ERR_ARG, "offset -1", () -> MPI.slice(bytes, -1));

            byte[] space = new byte[1024];
            MPI.attachBuffer(space);
            raises(MPI.ERR_BUFFER, "already attached", () -> MPI.attachBuffer(new byte[8]));
            assertSame(space, MPI.detachBuffer());
            raises(MPI.ERR_BUFFER, "no buffer", MPI::detachBuffer);
            MPI.attachBuffer(MPI.newByteBuffer(512));
            assertNull(MPI.detachBuffer(), "a direct buffer lends only its capacity");
            MPI.pControl(1, null);
        }

        private static void errorClasses() {
            int[] classes = {MPI.SUCCESS, MPI.ERR_BUFFER, MPI.ERR_COUNT, MPI.ERR_TYPE, MPI.ERR_TAG, MPI.ERR_COMM, MPI.ERR_RANK,
                MPI.ERR_REQUEST, MPI.ERR_ROOT, MPI.ERR_GROUP, MPI.ERR_OP, MPI.ERR_TOPOLOGY, MPI.ERR_DIMS, MPI.ERR_ARG,
                MPI.ERR_UNKNOWN, MPI.ERR_TRUNCATE, MPI.ERR_OTHER, MPI.ERR_INTERN, MPI.ERR_IN_STATUS, MPI.ERR_PENDING,
                MPI.ERR_ACCESS, MPI.ERR_AMODE, MPI.ERR_ASSERT, MPI.ERR_BAD_FILE, MPI.ERR_BASE, MPI.ERR_CONVERSION, MPI.ERR_DISP,
                MPI.ERR_DUP_DATAREP, MPI.ERR_FILE_EXISTS, MPI.ERR_FILE_IN_USE, MPI.ERR_FILE, MPI.ERR_INFO_KEY,
                MPI.ERR_INFO_NOKEY, MPI.ERR_INFO_VALUE, MPI.ERR_INFO, MPI.ERR_IO, MPI.ERR_KEYVAL, MPI.ERR_LOCKTYPE, MPI.ERR_NAME,
                MPI.ERR_NO_MEM, MPI.ERR_NOT_SAME, MPI.ERR_NO_SPACE, MPI.ERR_NO_SUCH_FILE, MPI.ERR_PORT, MPI.ERR_QUOTA,
                MPI.ERR_READ_ONLY, MPI.ERR_RMA_CONFLICT, MPI.ERR_RMA_SYNC, MPI.ERR_SERVICE, MPI.ERR_SIZE, MPI.ERR_SPAWN,
                MPI.ERR_UNSUPPORTED_DATAREP, MPI.ERR_UNSUPPORTED_OPERATION, MPI.ERR_WIN, MPI.ERR_SYSRESOURCE, MPI.ERR_RMA_RANGE,
                MPI.ERR_RMA_ATTACH, MPI.ERR_RMA_SHARED, MPI.ERR_RMA_FLAVOR};
            Set<Integer> distinct = new HashSet<>();
            for (int c : classes) {
                assertTrue(distinct.add(c), "error class " + c + " is used twice");
                assertTrue(c <= MPI.ERR_LASTCODE);
            }
            MPIException e = raises(MPI.ERR_INFO_NOKEY, "not set", () -> new Info().delete("absent"));
            assertTrue(e.getMessage().contains("ERR_INFO_NOKEY"), e.getMessage());
            // A program's own MPIException: Open MPI's constructors.
            assertEquals("mine", new MPIException("mine").getMessage().replaceAll("^\\[\\w+\\] ", ""));
            Exception cause = new IllegalStateException("x");
            assertSame(cause, new MPIException(cause).getCause());
        }

        private static void statuses(int rank) {
            if (rank == 0) {
                MPI.COMM_WORLD.Send(new int[] {1, 2, 3}, 0, 3, MPI.INT, 1, 7);
                MPI.COMM_WORLD.Send(new int[] {4}, 0, 1, MPI.INT, 1, 8);
            } else if (rank == 1) {
                int[] in = new int[3];
                Status s = MPI.COMM_WORLD.Recv(in, 0, 3, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                assertEquals(0, s.getSource());
                assertEquals(7, s.getTag());
                assertEquals(MPI.SUCCESS, s.getError());
                assertEquals(3, s.getCount(MPI.INT));
                assertEquals(3, s.getElements(MPI.INT));
                assertEquals(new Count(3), s.getElementsX(MPI.INT));
                assertEquals(MPI.UNDEFINED, s.getCount(MPI.INT2), "3 ints make no whole number of int pairs");
                assertEquals(12, s.getCount(MPI.BYTE));
                assertFalse(s.isCancelled());
                Request[] requests = {MPI.REQUEST_NULL, MPI.COMM_WORLD.Irecv(new int[1], 0, 1, MPI.INT, 0, 8)};
                Status any = Request.Waitany(requests);
                assertEquals(1, any.getIndex());
                assertEquals(8, any.getTag());
            }
        }

        private static void infos(int size) {
            Info info = new Info();
            assertFalse(info.isNull());
            info.set("file", "halo.dat");
            info.set("access_style", "read_once");
            info.set("file", "mesh.dat");
            assertEquals(2, info.size());
            assertEquals("file", info.getKey(0));
            assertEquals("access_style", info.getKey(1));
            assertEquals("mesh.dat", info.get("file"));
            assertNull(info.get("nothing"));
            Info copy = info.dup();
            copy.delete("file");
            assertEquals(1, copy.size());
            assertEquals("mesh.dat", info.get("file"), "a duplicate is independent");
            Info cloned = info.clone();
            assertEquals(2, cloned.size());
            String longest = "k".repeat(MPI.MAX_INFO_KEY);
            info.set(longest, "v".repeat(MPI.MAX_INFO_VAL));
            raises(MPI.ERR_INFO_KEY, "MPI.MAX_INFO_KEY", () -> info.set(longest + "k", "v"));
            raises(MPI.ERR_INFO_KEY, "MPI.MAX_INFO_KEY", () -> info.get(""));
            raises(MPI.ERR_INFO_VALUE, "MPI.MAX_INFO_VAL", () -> info.set("key", "v".repeat(MPI.MAX_INFO_VAL + 1)));
            raises(MPI.ERR_INFO_VALUE, "null", () -> info.set("key", null));
            raises(MPI.ERR_INFO_NOKEY, "'nothing'", () -> info.delete("nothing"));
            raises(MPI.ERR_ARG, "key number 3", () -> info.getKey(3));
            Freeable freeable = info;
            freeable.free();
            assertTrue(info.isNull());
            raises(MPI.ERR_INFO, "null", info::size);
            assertTrue(MPI.INFO_NULL.isNull());
            raises(MPI.ERR_INFO, "null", () -> MPI.INFO_NULL.get("file"));
            assertFalse(MPI.INFO_ENV.isNull());
            assertEquals(Integer.toString(size), MPI.INFO_ENV.get("maxprocs"));
            assertEquals("MPI_THREAD_MULTIPLE", MPI.INFO_ENV.get("thread_level"));
            raises(MPI.ERR_INFO, "INFO_ENV", MPI.INFO_ENV::free);
        }

        private static void groups(int rank, int size) {
            Group world = MPI.COMM_WORLD.Group();
            assertEquals(size, world.getSize());
            assertEquals(rank, world.getRank());
            Group first = world.incl(new int[] {0});
            Group rest = world.excl(new int[] {0});
            assertEquals(1, first.getSize());
            assertEquals(rank == 0 ? 0 : MPI.UNDEFINED, first.getRank());
            assertEquals(size - 1, rest.getSize());
            assertEquals(MPI.IDENT, Group.compare(world, Group.union(first, rest)));
            assertEquals(MPI.SIMILAR, Group.compare(world, Group.union(rest, first)));
            assertEquals(MPI.UNEQUAL, Group.compare(world, rest));
            assertEquals(0, Group.intersection(first, rest).getSize());
            assertEquals(size - 1, Group.difference(world, first).getSize());
            assertArrayEquals(new int[] {MPI.UNDEFINED, 0}, Group.translateRanks(world, new int[] {0, 1}, rest));
            assertEquals(1, world.rangeIncl(new int[][] {{1, size - 1, size}}).getSize());
            assertEquals(size - 1, world.rangeExcl(new int[][] {{0, 0, 1}}).getSize());
            raises(MPI.ERR_RANK, "rank " + size, () -> world.incl(new int[] {size}));
            assertFalse(first.isNull());
            first.free();
            assertTrue(first.isNull());
            MPI.GROUP_EMPTY.free();
            assertFalse(MPI.GROUP_EMPTY.isNull(), "the empty group stays valid");
        }

        private static void counts() {
            Count big = new Count(5_000_000_000L);
            assertEquals(5_000_000_000L, big.getCount());
            assertEquals(new Count(5_000_000_000L), big);
            assertTrue(big.compareTo(new Count(1)) > 0);
            big.setCount(1);
            assertEquals(0, big.compareTo(new Count(1)));
            assertNotSame(big, new Count(1));
        }
    }

    @Test
    void theEnvironmentWorksAsOpenMpiUsersCallItOnThreadRanks() {
        RankJobs.runOk(2, Environment.class);
    }

    @Test
    void theEnvironmentWorksAsOpenMpiUsersCallItAcrossJvms() {
        ProcessJobs.runOk(2, 2, Environment.class);
    }
}
