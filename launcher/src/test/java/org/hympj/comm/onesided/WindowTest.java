package org.hympj.comm.onesided;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import mpi.Datatype;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Win;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/**
 * One-sided communication through Open MPI's {@code Win}, written as an Open MPI user writes
 * it: MPI's memory model under each synchronisation (fence, post/start/complete/wait,
 * lock/unlock, lockAll with flush), concurrent accumulates from every rank, fetch-and-op
 * counters that count exactly, mutual exclusion by compare-and-swap, a target that applies
 * operations while it computes, a Jacobi stencil whose halos are puts, the errors, and the
 * end of the window's thread on free and Finalize. Each runs on thread ranks and on ranks in
 * two and three JVMs.
 */
@Timeout(300)
public class WindowTest {

    /** This rank's live window service threads (their names and class loader say whose they are). */
    static long windowThreads() {
        ClassLoader rankLoader = MPI.class.getClassLoader();
        return Thread.getAllStackTraces().keySet().stream()
            .filter(t -> t.getName().startsWith("hympj window service of ") && t.getContextClassLoader() == rankLoader
                && t.isAlive())
            .count();
    }

    static void assertMpiError(int errorClass, Executable call) {
        MPIException e = assertThrows(MPIException.class, call);
        assertEquals(errorClass, e.getErrorClass(), e.getMessage());
    }

    /**
     * Fence epochs: every rank puts its mark into every rank's window, gets every rank's
     * window back, and accumulates into one element of every rank; each epoch's results are
     * in place after the next fence, on direct and heap buffers.
     */
    public static class FenceEpochs {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.getRank();
            int size = world.getSize();
            for (IntBuffer memory : new IntBuffer[] {MPI.newIntBuffer(size + 1), IntBuffer.wrap(new int[size + 1])}) {
                Win win = new Win(memory, size + 1, 1, MPI.INFO_NULL, world);
                win.fence(0);
                IntBuffer mark = MPI.newIntBuffer(1);
                mark.put(0, 100 + rank);
                for (int t = 0; t < size; t++) {
                    win.put(mark, 1, MPI.INT, t, rank, 1, MPI.INT);
                }
                win.fence(0);
                for (int r = 0; r < size; r++) {
                    assertEquals(100 + r, memory.get(r), "rank " + r + "'s put into rank " + rank);
                }
                IntBuffer seen = MPI.newIntBuffer(size);
                for (int t = 0; t < size; t++) {
                    win.get(MPI.slice(seen, t), 1, MPI.INT, t, (rank + 1) % size, 1, MPI.INT);
                }
                IntBuffer one = IntBuffer.wrap(new int[] {rank + 1});
                for (int t = 0; t < size; t++) {
                    for (int k = 0; k < 10; k++) {
                        win.accumulate(one, 1, MPI.INT, t, size, 1, MPI.INT, MPI.SUM);
                    }
                }
                win.fence(MPI.MODE_NOSUCCEED);
                for (int t = 0; t < size; t++) {
                    assertEquals(100 + (rank + 1) % size, seen.get(t));
                }
                assertEquals(10 * size * (size + 1) / 2, memory.get(size));
                assertMpiError(MPI.ERR_RMA_SYNC, () -> win.put(mark, 1, MPI.INT, 0, 0, 1, MPI.INT));
                win.free();
            }
            assertEquals(0, windowThreads(), "free ends the window's thread");
            MPI.Finalize();
        }
    }

    /**
     * Every rank adds to every element of rank 0's window at once, under shared locks, with
     * SUM on longs and MAX on doubles: accumulates to one element are atomic, so nothing is lost.
     */
    public static class ConcurrentAccumulates {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.getRank();
            int size = world.getSize();
            int n = 64;
            int rounds = 200;
            LongBuffer sums = MPI.newLongBuffer(n);
            Win win = new Win(sums, n, 1, MPI.INFO_NULL, world);
            DoubleBuffer maxima = MPI.newDoubleBuffer(n);
            Win maxWin = new Win(maxima, n, 1, MPI.INFO_NULL, world);
            LongBuffer add = MPI.newLongBuffer(n);
            DoubleBuffer candidate = MPI.newDoubleBuffer(n);
            for (int i = 0; i < n; i++) {
                add.put(i, rank + 1);
            }
            world.barrier();
            win.lock(MPI.LOCK_SHARED, 0, 0);
            maxWin.lock(MPI.LOCK_SHARED, 0, 0);
            for (int k = 0; k < rounds; k++) {
                win.accumulate(add, n, MPI.LONG, 0, 0, n, MPI.LONG, MPI.SUM);
                for (int i = 0; i < n; i++) {
                    candidate.put(i, rank * 1000.0 + k);
                }
                maxWin.accumulate(candidate, n, MPI.DOUBLE, 0, 0, n, MPI.DOUBLE, MPI.MAX);
            }
            maxWin.unlock(0);
            win.unlock(0);
            world.barrier();
            if (rank == 0) {
                win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
                for (int i = 0; i < n; i++) {
                    assertEquals((long) rounds * size * (size + 1) / 2, sums.get(i), "element " + i);
                }
                win.unlock(0);
                maxWin.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
                for (int i = 0; i < n; i++) {
                    assertEquals((size - 1) * 1000.0 + rounds - 1, maxima.get(i));
                }
                maxWin.unlock(0);
            }
            world.barrier();
            maxWin.free();
            win.free();
            MPI.Finalize();
        }
    }

    /**
     * A shared counter on rank 0 that every rank increments N times with fetchAndOp, in a
     * lockAll epoch: it ends at np × N and every fetched value is distinct.
     */
    public static class FetchAndOpCounter {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.getRank();
            int size = world.getSize();
            int n = 300;
            LongBuffer counter = MPI.newLongBuffer(1);
            Win win = new Win(counter, 1, 1, MPI.INFO_NULL, world);
            LongBuffer one = MPI.newLongBuffer(1);
            one.put(0, 1);
            LongBuffer fetched = MPI.newLongBuffer(1);
            long[] mine = new long[n];
            win.lockAll(0);
            for (int k = 0; k < n; k++) {
                win.fetchAndOp(one, fetched, MPI.LONG, 0, 0, MPI.SUM);
                mine[k] = fetched.get(0);
            }
            win.flushAll();
            win.unlockAll();
            long[] all = new long[n * size];
            world.allGather(mine, n, MPI.LONG, all, n, MPI.LONG);
            Arrays.sort(all);
            for (int i = 0; i < all.length; i++) {
                assertEquals(i, all[i], "every fetched value is distinct and none is skipped");
            }
            world.barrier();
            if (rank == 0) {
                win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
                assertEquals((long) n * size, counter.get(0));
                win.unlock(0);
            }
            win.free();
            MPI.Finalize();
        }
    }

    /**
     * A spin lock made of compareAndSwap guards a read-modify-write of a counter by get and
     * put: it excludes the other ranks, so no increment is lost.
     */
    public static class CompareAndSwapMutex {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.getRank();
            int size = world.getSize();
            int n = 50;
            IntBuffer memory = MPI.newIntBuffer(2);
            Win win = new Win(memory, 2, 1, MPI.INFO_NULL, world);
            IntBuffer free = MPI.newIntBuffer(1);
            IntBuffer me = MPI.newIntBuffer(1);
            me.put(0, rank + 1);
            IntBuffer before = MPI.newIntBuffer(1);
            IntBuffer value = MPI.newIntBuffer(1);
            win.lockAll(0);
            for (int k = 0; k < n; k++) {
                do {
                    win.compareAndSwap(me, free, before, MPI.INT, 0, 0);
                } while (before.get(0) != 0);
                win.get(value, 1, MPI.INT, 0, 1, 1, MPI.INT);
                value.put(0, value.get(0) + 1);
                win.put(value, 1, MPI.INT, 0, 1, 1, MPI.INT);
                win.flush(0);
                win.compareAndSwap(free, me, before, MPI.INT, 0, 0);
                assertEquals(rank + 1, before.get(0), "the lock was held by this rank");
            }
            win.unlockAll();
            world.barrier();
            if (rank == 0) {
                win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
                assertEquals(n * size, memory.get(1));
                assertEquals(0, memory.get(0));
                win.unlock(0);
            }
            win.free();
            MPI.Finalize();
        }
    }

    /**
     * Passive target: rank 0 makes no MPI call while the others lock its window, put and
     * unlock, one after another under an exclusive lock; it sees every put arrive while it
     * only reads its own memory. Then each rank reads the others' windows under shared locks.
     */
    public static class PassiveTargetProgress {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.getRank();
            int size = world.getSize();
            IntBuffer memory = MPI.newIntBuffer(size);
            Win win = new Win(memory, size, 1, MPI.INFO_NULL, world);
            world.barrier();
            if (rank == 0) {
                for (int r = 1; r < size; r++) {
                    while (memory.get(r) != 7 * r) {
                        win.sync();
                        Thread.onSpinWait();
                    }
                }
            } else {
                IntBuffer mark = MPI.newIntBuffer(1);
                mark.put(0, 7 * rank);
                win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
                win.put(mark, 1, MPI.INT, 0, rank, 1, MPI.INT);
                win.unlock(0);
            }
            win.lock(MPI.LOCK_EXCLUSIVE, rank, 0);
            memory.put(rank, 1000 + rank);
            win.unlock(rank);
            world.barrier();
            IntBuffer seen = MPI.newIntBuffer(1);
            for (int t = 0; t < size; t++) {
                win.lock(MPI.LOCK_SHARED, t, MPI.MODE_NOCHECK);
                Request r = win.rGet(seen, 1, MPI.INT, t, t, 1, MPI.INT);
                r.waitFor();
                win.unlock(t);
                assertEquals(1000 + t, seen.get(0));
            }
            world.barrier();
            win.free();
            MPI.Finalize();
        }
    }

    /**
     * Generalized active target on a ring: each rank exposes its window to its left
     * neighbour and puts into its right neighbour's; waitFor and test end the exposure.
     */
    public static class PostStartCompleteWait {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.getRank();
            int size = world.getSize();
            int left = (rank + size - 1) % size;
            int right = (rank + 1) % size;
            ByteBuffer memory = MPI.newByteBuffer(16);
            Win win = new Win(memory, 16, 8, MPI.INFO_NULL, world);
            Group group = world.getGroup();
            for (int round = 0; round < 4; round++) {
                win.post(group.incl(new int[] {left}), 0);
                win.start(group.incl(new int[] {right}), 0);
                LongBuffer mark = MPI.newLongBuffer(1);
                mark.put(0, 1000L * round + rank);
                win.put(mark, 1, MPI.LONG, right, round % 2, 1, MPI.LONG);
                win.complete();
                if (round % 2 == 0) {
                    win.waitFor();
                } else {
                    while (!win.test()) {
                        Thread.onSpinWait();
                    }
                }
                assertEquals(1000L * round + left, memory.asLongBuffer().get(round % 2));
            }
            assertMpiError(MPI.ERR_RMA_SYNC, win::complete);
            assertMpiError(MPI.ERR_RMA_SYNC, win::waitFor);
            win.free();
            MPI.Finalize();
        }
    }

    /**
     * A 1-D Jacobi stencil whose halo cells are filled by puts into the neighbours' windows
     * between fences, checked against the same stencil with halo messages.
     */
    public static class JacobiStencil {
        static final int CELLS = 32;
        static final int STEPS = 50;

        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.getRank();
            int size = world.getSize();
            double[] byMessages = byMessages(world);

            DoubleBuffer cells = MPI.newDoubleBuffer(CELLS + 2);
            cells.put(0, initial(rank));
            Win win = new Win(cells, CELLS + 2, 1, MPI.INFO_NULL, world);
            win.fence(MPI.MODE_NOPRECEDE);
            for (int s = 0; s < STEPS; s++) {
                if (rank > 0) {
                    win.put(MPI.slice(cells, 1), 1, MPI.DOUBLE, rank - 1, CELLS + 1, 1, MPI.DOUBLE);
                }
                if (rank < size - 1) {
                    win.put(MPI.slice(cells, CELLS), 1, MPI.DOUBLE, rank + 1, 0, 1, MPI.DOUBLE);
                }
                win.fence(0);
                double[] local = new double[CELLS + 2];
                cells.get(0, local);
                relax(local, new double[CELLS + 2]);
                cells.put(0, local);
                win.fence(0);
            }
            double[] byWindow = new double[CELLS + 2];
            cells.get(0, byWindow);
            win.free();
            for (int i = 1; i <= CELLS; i++) {
                assertEquals(byMessages[i], byWindow[i], "cell " + i + " of rank " + rank);
            }
            MPI.Finalize();
        }

        /** The stencil with halo messages: the reference; this rank's cells, with its halo. */
        static double[] byMessages(Intracomm world) {
            int rank = world.getRank();
            int size = world.getSize();
            double[] u = initial(rank);
            double[] scratch = new double[CELLS + 2];
            double[] halo = new double[1];
            for (int s = 0; s < STEPS; s++) {
                if (rank > 0) {
                    world.sendRecv(new double[] {u[1]}, 1, MPI.DOUBLE, rank - 1, 0, halo, 1, MPI.DOUBLE, rank - 1, 1);
                    u[0] = halo[0];
                }
                if (rank < size - 1) {
                    world.sendRecv(new double[] {u[CELLS]}, 1, MPI.DOUBLE, rank + 1, 1, halo, 1, MPI.DOUBLE, rank + 1, 0);
                    u[CELLS + 1] = halo[0];
                }
                relax(u, scratch);
            }
            return u;
        }

        static double[] initial(int rank) {
            double[] u = new double[CELLS + 2];
            for (int i = 1; i <= CELLS; i++) {
                // StrictMath: the same values compiled or interpreted, so both versions start alike.
                u[i] = StrictMath.sin(rank * CELLS + i);
            }
            return u;
        }

        static void relax(double[] u, double[] scratch) {
            for (int i = 1; i <= CELLS; i++) {
                scratch[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
            }
            System.arraycopy(scratch, 1, u, 1, CELLS);
        }
    }

    /**
     * The same stencil on a shared window: each rank's cells lie in the node's one memory, and a
     * rank reads its neighbours' edge cells straight from their parts (sharedQuery), with no
     * message and no put; two generations of cells, a barrier between steps.
     */
    public static class SharedWindowStencil {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.getRank();
            int size = world.getSize();
            int cells = JacobiStencil.CELLS;
            double[] reference = JacobiStencil.byMessages(world);

            DoubleBuffer start = MPI.newDoubleBuffer(2 * cells);
            double[] u = JacobiStencil.initial(rank);
            start.put(0, u, 1, cells);
            Win win = new Win(2 * cells, 1, MPI.INFO_NULL, world, start, Win.FLAVOR_SHARED);
            DoubleBuffer mine = (DoubleBuffer) win.getAttr(MPI.WIN_BASE);
            DoubleBuffer left = rank > 0 ? (DoubleBuffer) win.sharedQuery(rank - 1) : null;
            DoubleBuffer right = rank < size - 1 ? (DoubleBuffer) win.sharedQuery(rank + 1) : null;
            assertTrue(win.sharedQuery(rank) instanceof DoubleBuffer);
            world.barrier();
            double[] scratch = new double[cells + 2];
            for (int s = 0; s < JacobiStencil.STEPS; s++) {
                int from = (s % 2) * cells;
                int to = cells - from;
                u[0] = left == null ? 0 : left.get(from + cells - 1);
                u[cells + 1] = right == null ? 0 : right.get(from);
                mine.get(from, u, 1, cells);
                JacobiStencil.relax(u, scratch);
                mine.put(to, u, 1, cells);
                win.sync();
                world.barrier();
                win.sync();
            }
            int last = (JacobiStencil.STEPS % 2) * cells;
            for (int i = 1; i <= cells; i++) {
                assertEquals(reference[i], mine.get(last + i - 1), "cell " + i + " of rank " + rank);
            }
            world.barrier();
            win.free();
            MPI.Finalize();
        }
    }

    /**
     * A shared window: every rank's stores are seen by every rank's loads, one-sided puts and
     * accumulates reach the same memory, and no file of it is left in the job's shared-memory
     * directory once every JVM has mapped it, nor after free.
     */
    public static class SharedWindowMemory {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            exercise(MPI.COMM_WORLD, MPI.COMM_WORLD);
            MPI.Finalize();
        }

        /**
         * The checks on a shared window over {@code world}'s ranks; {@code everyone} holds the
         * ranks of every node that makes such windows at the same time, whose files lie in one
         * base directory, and meets before a look for files.
         */
        static void exercise(Intracomm world, Intracomm everyone) throws Exception {
            int rank = world.getRank();
            int size = world.getSize();
            int n = 4 + rank;
            IntBuffer first = MPI.newIntBuffer(n);
            for (int i = 0; i < n; i++) {
                first.put(i, 100 * rank + i);
            }
            Win win = new Win(n, 1, MPI.INFO_NULL, world, first, Win.FLAVOR_SHARED);
            everyone.barrier();
            assertEquals(0, windowFiles(), "the window's file is removed once every JVM has mapped it");
            for (int r = 0; r < size; r++) {
                IntBuffer part = (IntBuffer) win.sharedQuery(r);
                assertEquals(4 + r, part.capacity());
                for (int i = 0; i < 4 + r; i++) {
                    assertEquals(100 * r + i, part.get(i), "rank " + r + "'s element " + i);
                }
            }
            assertEquals(4, ((IntBuffer) win.sharedQuery(MPI.PROC_NULL)).capacity());
            world.barrier();
            ((IntBuffer) win.sharedQuery((rank + 1) % size)).put(0, -rank);
            win.sync();
            world.barrier();
            win.sync();
            assertEquals(-((rank + size - 1) % size), ((IntBuffer) win.getAttr(MPI.WIN_BASE)).get(0));
            win.fence(0);
            win.accumulate(IntBuffer.wrap(new int[] {1}), 1, MPI.INT, 0, 1, 1, MPI.INT, MPI.SUM);
            win.fence(0);
            assertEquals(1 + size, ((IntBuffer) win.sharedQuery(0)).get(1));
            win.free();
            everyone.barrier();
            assertEquals(0, windowFiles());
        }

        /** Files of shared windows in the jobs' directories of the shared-memory base directory (only shared windows make such files). */
        static long windowFiles() throws java.io.IOException {
            java.nio.file.Path base = org.hympj.shm.JobDirectory.baseDirectory();
            long found = 0;
            try (var jobs = java.nio.file.Files.newDirectoryStream(base, org.hympj.shm.JobDirectory.PREFIX + "*")) {
                for (java.nio.file.Path job : jobs) {
                    try (var files = java.nio.file.Files.newDirectoryStream(job, "window-*")) {
                        for (java.nio.file.Path ignored : files) {
                            found++;
                        }
                    } catch (java.io.IOException goneOrNotOurs) {
                        // another job's directory, removed or unreadable meanwhile
                    }
                }
            }
            return found;
        }
    }

    /**
     * Across nodes: a shared window over ranks of several nodes is refused on every rank with
     * ERR_RMA_SHARED; over each node's ranks (splitType) it works as on one node.
     */
    public static class SharedWindowsPerNode {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            assertMpiError(MPI.ERR_RMA_SHARED,
                () -> new Win(4, 1, MPI.INFO_NULL, world, MPI.newIntBuffer(4), Win.FLAVOR_SHARED));
            Intracomm node = world.splitType(MPI.COMM_TYPE_SHARED, 0, MPI.INFO_NULL);
            assertTrue(node.getSize() < world.getSize(), "the job spans nodes");
            SharedWindowMemory.exercise(node, world);
            node.free();
            MPI.Finalize();
        }
    }

    /** Bad calls raise MPIException with their class; the window stays usable, and nothing is left locked. */
    public static class Errors {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.getRank();
            int size = world.getSize();
            IntBuffer memory = MPI.newIntBuffer(4);
            IntBuffer two = MPI.newIntBuffer(2);
            Win win = new Win(memory, 4, 1, MPI.INFO_NULL, world);
            int other = (rank + 1) % size;

            assertMpiError(MPI.ERR_RMA_SYNC, () -> win.put(two, 1, MPI.INT, other, 0, 1, MPI.INT));
            assertMpiError(MPI.ERR_RMA_SYNC, () -> win.unlock(other));
            assertMpiError(MPI.ERR_RMA_SYNC, () -> win.flush(other));
            assertMpiError(MPI.ERR_RMA_SYNC, win::unlockAll);
            assertMpiError(MPI.ERR_RMA_SYNC, win::complete);
            assertMpiError(MPI.ERR_RMA_SYNC, () -> win.test());
            assertMpiError(MPI.ERR_LOCKTYPE, () -> win.lock(3, other, 0));
            assertMpiError(MPI.ERR_RANK, () -> win.lock(MPI.LOCK_SHARED, size, 0));
            assertMpiError(MPI.ERR_ASSERT, () -> win.fence(1 << 10));

            win.lock(MPI.LOCK_SHARED, other, 0);
            assertMpiError(MPI.ERR_RMA_RANGE, () -> win.put(two, 2, MPI.INT, other, 3, 2, MPI.INT));
            assertMpiError(MPI.ERR_RMA_RANGE, () -> win.get(two, 1, MPI.INT, other, -1, 1, MPI.INT));
            assertMpiError(MPI.ERR_TYPE, () -> win.put(MPI.newDoubleBuffer(1), 1, MPI.DOUBLE, other, 0, 1, MPI.DOUBLE));
            assertMpiError(MPI.ERR_TYPE, () -> win.put(two, 1, MPI.INT, other, 0, 1, MPI.LONG));
            assertMpiError(MPI.ERR_COUNT, () -> win.put(two, 2, MPI.INT, other, 0, 1, MPI.INT));
            assertMpiError(MPI.ERR_OP, () -> win.accumulate(two, 1, MPI.INT, other, 0, 1, MPI.INT, null));
            assertMpiError(MPI.ERR_RMA_SYNC, () -> win.lock(MPI.LOCK_EXCLUSIVE, other, 0));
            assertMpiError(MPI.ERR_RMA_SYNC, () -> win.fence(0));
            assertMpiError(MPI.ERR_RMA_SYNC, win::free);
            win.put(two, 2, MPI.INT, other, 2, 2, MPI.INT);
            win.unlock(other);

            assertMpiError(MPI.ERR_RMA_FLAVOR, () -> new Win(4, 1, MPI.INFO_NULL, world, MPI.newIntBuffer(4), 7));
            assertMpiError(MPI.ERR_RMA_FLAVOR, () -> win.sharedQuery(0));
            assertMpiError(MPI.ERR_SIZE, () -> new Win(MPI.newIntBuffer(2), 3, 1, MPI.INFO_NULL, world));
            assertMpiError(MPI.ERR_DISP, () -> new Win(MPI.newIntBuffer(2), 2, 0, MPI.INFO_NULL, world));

            assertEquals(world.getSize(), win.getGroup().getSize());
            assertEquals("", win.getName());
            win.setName("errors' window");
            assertEquals("errors' window", win.getName());
            assertEquals(16L, win.getAttr(MPI.WIN_SIZE));
            assertEquals(4, win.getAttr(MPI.WIN_DISP_UNIT));
            assertTrue(win.getAttr(MPI.WIN_BASE) == memory);

            world.barrier();
            win.free();
            assertEquals(0, windowThreads());
            assertMpiError(MPI.ERR_WIN, () -> win.fence(0));
            assertMpiError(MPI.ERR_WIN, win::free);

            Win allocated = new Win(4, 1, MPI.INFO_NULL, world, MPI.newIntBuffer(4), Win.FLAVOR_PRIVATE);
            allocated.fence(0);
            allocated.put(IntBuffer.wrap(new int[] {rank}), 1, MPI.INT, other, 0, 1, MPI.INT);
            allocated.fence(0);
            assertEquals((rank + size - 1) % size, ((IntBuffer) allocated.getAttr(MPI.WIN_BASE)).get(0));
            assertEquals(1, windowThreads());
            MPI.Finalize();
            assertEquals(0, windowThreads(), "Finalize ends the thread of a window not freed");
        }
    }

    /**
     * Dynamic windows: each rank attaches a buffer and tells the others its address; puts,
     * gets, accumulates, fetch-and-op and compare-and-swap reach it under fence, post/start,
     * lock and lockAll; accesses outside every attached buffer, of another element type, or
     * to a detached buffer raise their errors at the origin, as do attach and detach misused.
     */
    public static class DynamicWindows {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.getRank();
            int size = world.getSize();
            int right = (rank + 1) % size;
            int left = (rank + size - 1) % size;
            Win win = new Win(MPI.INFO_NULL, world);
            IntBuffer spare = MPI.newIntBuffer(4);
            win.attach(spare, 4);
            IntBuffer memory = rank % 2 == 0 ? MPI.newIntBuffer(8) : IntBuffer.wrap(new int[8]);
            win.attach(memory, 8);
            long[] addresses = new long[size];
            world.allGather(new long[] {MPI.getAddress(memory)}, 1, MPI.LONG, addresses, 1, MPI.LONG);
            int there = (int) addresses[right];

            win.fence(0);
            win.put(IntBuffer.wrap(new int[] {100 + rank, 200 + rank}), 2, MPI.INT, right, there + 4, 2, MPI.INT);
            win.fence(0);
            assertEquals(100 + left, memory.get(1));
            assertEquals(200 + left, memory.get(2));
            IntBuffer seen = IntBuffer.allocate(2);
            win.get(seen, 2, MPI.INT, right, there + 4, 2, MPI.INT);
            win.fence(MPI.MODE_NOSUCCEED);
            assertEquals(100 + rank, seen.get(0));
            assertEquals(200 + rank, seen.get(1));

            win.lockAll(0);
            IntBuffer one = IntBuffer.wrap(new int[] {1});
            for (int t = 0; t < size; t++) {
                win.accumulate(one, 1, MPI.INT, t, (int) addresses[t], 1, MPI.INT, MPI.SUM);
            }
            win.flushAll();
            IntBuffer fetched = IntBuffer.allocate(1);
            win.fetchAndOp(one, fetched, MPI.INT, 0, (int) addresses[0] + 12, MPI.SUM);
            win.unlockAll();
            world.barrier();
            assertEquals(size, memory.get(0), "every rank's accumulate reached every rank");
            if (rank == 0) {
                assertEquals(size, memory.get(3), "fetchAndOp counts each rank once");
            }
            world.barrier();

            win.lock(MPI.LOCK_EXCLUSIVE, right, 0);
            IntBuffer before = IntBuffer.allocate(1);
            win.compareAndSwap(IntBuffer.wrap(new int[] {-7}), IntBuffer.wrap(new int[] {size}), before, MPI.INT, right, there);
            win.unlock(right);
            world.barrier();
            assertEquals(size, before.get(0));
            assertEquals(-7, memory.get(0));

            Group leftGroup = world.getGroup().incl(new int[] {left});
            Group rightGroup = world.getGroup().incl(new int[] {right});
            win.post(leftGroup, 0);
            win.start(rightGroup, 0);
            win.put(IntBuffer.wrap(new int[] {300 + rank}), 1, MPI.INT, right, there + 28, 1, MPI.INT);
            win.complete();
            win.waitFor();
            assertEquals(300 + left, memory.get(7));

            win.lock(MPI.LOCK_SHARED, right, 0);
            assertMpiError(MPI.ERR_RMA_RANGE, () -> win.put(one, 1, MPI.INT, right, there + 32, 1, MPI.INT));
            assertMpiError(MPI.ERR_RMA_RANGE, () -> win.get(seen, 2, MPI.INT, right, there + 28, 2, MPI.INT));
            assertMpiError(MPI.ERR_RMA_RANGE, () -> win.accumulate(one, 1, MPI.INT, right, 8, 1, MPI.INT, MPI.SUM));
            assertMpiError(MPI.ERR_TYPE, () -> win.put(DoubleBuffer.wrap(new double[1]), 1, MPI.DOUBLE, right, there, 1,
                MPI.DOUBLE));
            win.unlock(right);
            assertMpiError(MPI.ERR_RMA_ATTACH, () -> win.attach(memory, 8));
            assertMpiError(MPI.ERR_ARG, () -> win.detach(MPI.newIntBuffer(8)));

            world.barrier();
            win.detach(memory);
            world.barrier();
            win.lock(MPI.LOCK_SHARED, right, 0);
            assertMpiError(MPI.ERR_RMA_RANGE, () -> win.put(one, 1, MPI.INT, right, there, 1, MPI.INT));
            win.unlock(right);
            world.barrier();
            win.detach(spare);
            assertEquals(MPI.getAddress(memory), MPI.getAddress(memory), "a buffer keeps its address");
            assertTrue(MPI.getAddress(memory) != MPI.getAddress(MPI.slice(memory, 0)), "a slice is another buffer");

            Win fixed = new Win(MPI.newIntBuffer(1), 1, 1, MPI.INFO_NULL, world);
            assertMpiError(MPI.ERR_RMA_FLAVOR, () -> fixed.attach(memory, 8));
            assertMpiError(MPI.ERR_RMA_FLAVOR, () -> fixed.detach(memory));
            fixed.free();
            win.free();
            assertEquals(0, windowThreads(), "free ends the dynamic window's thread");
            MPI.Finalize();
        }
    }

    /**
     * Derived datatypes with gaps (vector, indexed, a struct of one base type, resized) as the
     * origin's and the target's datatypes of put, get, accumulate and getAccumulate, on a window
     * of fixed memory and on a dynamic one: each element lands where the typemaps say, and the
     * gaps between them keep their values.
     */
    public static class DatatypesWithGaps {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.getRank();
            int size = world.getSize();
            int right = (rank + 1) % size;
            int left = (rank + size - 1) % size;
            Datatype everyOther = Datatype.createVector(3, 1, 2, MPI.INT);
            Datatype twoThenOne = Datatype.createIndexed(new int[] {2, 1}, new int[] {0, 5}, MPI.INT);
            Datatype firstAndFourth = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 12}, new Datatype[] {MPI.INT, MPI.INT});
            Datatype spaced = Datatype.createResized(MPI.INT, 0, 8);
            for (Datatype t : new Datatype[] {everyOther, twoThenOne, firstAndFourth, spaced}) {
                t.commit();
            }
            for (boolean dynamic : new boolean[] {false, true}) {
                IntBuffer memory = MPI.newIntBuffer(16);
                for (int i = 0; i < 16; i++) {
                    memory.put(i, -1);
                }
                Win win = dynamic ? new Win(MPI.INFO_NULL, world) : new Win(memory, 16, 1, MPI.INFO_NULL, world);
                long[] bases = new long[size];
                if (dynamic) {
                    win.attach(memory, 16);
                    world.allGather(new long[] {MPI.getAddress(memory)}, 1, MPI.LONG, bases, 1, MPI.LONG);
                }
                int unit = dynamic ? 4 : 1;
                int there = (int) bases[right];

                win.fence(0);
                IntBuffer origin = IntBuffer.wrap(new int[] {10, 11, 12, 13, 14});
                win.put(origin, 1, everyOther, right, there + 2 * unit, 1, twoThenOne);
                for (int t = 0; t < size; t++) {
                    win.accumulate(IntBuffer.wrap(new int[] {1, 2, 3}), 3, MPI.INT, t, (int) bases[t] + 9 * unit, 3, spaced,
                        MPI.SUM);
                }
                win.fence(0);
                int[] expected = {-1, -1, 10, 12, -1, -1, -1, 14, -1, -1 + size, -1, -1 + 2 * size, -1, -1 + 3 * size, -1, -1};
                int[] actual = new int[16];
                memory.get(0, actual);
                assertEquals(Arrays.toString(expected), Arrays.toString(actual), (dynamic ? "dynamic" : "fixed") + " window");

                int[] got = {-5, -5, -5, -5, -5, -5};
                IntBuffer into = IntBuffer.wrap(got);
                win.get(into, 1, firstAndFourth, right, there + 2 * unit, 2, spaced);
                win.fence(0);
                assertEquals(Arrays.toString(new int[] {10, -5, -5, -1, -5, -5}), Arrays.toString(got));

                int[] results = {-9, -9, -9, -9, -9};
                win.getAccumulate(IntBuffer.wrap(new int[] {5, 6, 7}), 3, MPI.INT, IntBuffer.wrap(results), 1, everyOther,
                    right, there + 2 * unit, 1, twoThenOne, MPI.SUM);
                win.fence(MPI.MODE_NOSUCCEED);
                assertEquals(Arrays.toString(new int[] {10, -9, 12, -9, 14}), Arrays.toString(results));
                assertEquals(15, memory.get(2));
                assertEquals(18, memory.get(3));
                assertEquals(21, memory.get(7));
                assertEquals(-1, memory.get(4));
                world.barrier();
                if (dynamic) {
                    win.detach(memory);
                }
                win.free();
            }
            MPI.Finalize();
        }
    }

    /**
     * A shared window's operations from every JVM of the node at once, which origins of other
     * JVMs apply to the target's part themselves: accumulates of every rank to every element of
     * rank 0's part lose nothing, a fetch-and-op counter on the last rank counts exactly with
     * every fetched value distinct, compare-and-swap sees each value once, and a put then flush
     * is in the target's part when a later message says so.
     */
    public static class SharedWindowAtomics {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.getRank();
            int size = world.getSize();
            int n = 16;
            int rounds = 200;
            int last = size - 1;
            Win win = new Win(n + 3, 1, MPI.INFO_NULL, world, MPI.newLongBuffer(n + 3), Win.FLAVOR_SHARED);
            LongBuffer add = MPI.newLongBuffer(n);
            for (int i = 0; i < n; i++) {
                add.put(i, rank + 1);
            }
            LongBuffer one = LongBuffer.wrap(new long[] {1});
            LongBuffer fetched = LongBuffer.allocate(1);
            long[] mine = new long[rounds];
            int swapped = 0;
            win.lockAll(0);
            for (int k = 0; k < rounds; k++) {
                win.accumulate(add, n, MPI.LONG, 0, 0, n, MPI.LONG, MPI.SUM);
                win.fetchAndOp(one, fetched, MPI.LONG, last, n, MPI.SUM);
                mine[k] = fetched.get(0);
                LongBuffer before = LongBuffer.allocate(1);
                win.compareAndSwap(LongBuffer.wrap(new long[] {k + 1}), LongBuffer.wrap(new long[] {k}), before, MPI.LONG,
                    last, n + 1);
                swapped += before.get(0) == k ? 1 : 0;
            }
            win.put(LongBuffer.wrap(new long[] {1000 + rank}), 1, MPI.LONG, (rank + 1) % size, n + 2, 1, MPI.LONG);
            win.flushAll();
            win.unlockAll();
            long[] all = new long[rounds * size];
            world.allGather(mine, rounds, MPI.LONG, all, rounds, MPI.LONG);
            Arrays.sort(all);
            for (int i = 0; i < all.length; i++) {
                assertEquals(i, all[i], "every fetched value is distinct and none is skipped");
            }
            int[] swaps = new int[1];
            world.allReduce(new int[] {swapped}, swaps, 1, MPI.INT, MPI.SUM);
            LongBuffer zero = (LongBuffer) win.sharedQuery(0);
            LongBuffer counters = (LongBuffer) win.sharedQuery(last);
            win.sync();
            for (int i = 0; i < n; i++) {
                assertEquals((long) rounds * size * (size + 1) / 2, zero.get(i), "element " + i);
            }
            assertEquals(counters.get(n + 1), swaps[0], "each compare-and-swap that saw its value moved the counter once");
            assertEquals(1000 + (rank + size - 1) % size, ((LongBuffer) win.getAttr(MPI.WIN_BASE)).get(n + 2));
            world.barrier();
            win.free();
            MPI.Finalize();
        }
    }

    /**
     * Once warm, a put, a get and an accumulate, each with its flush, to a rank whose memory the
     * origin reaches directly (a thread rank's, or a shared window's part in another JVM) make no
     * object, from direct and heap buffers: the origin's thread allocates under a byte per
     * operation on average over tens of thousands of them (counted by the JVM, not timed), far
     * below one object per operation (16 bytes or more) and above what the JVM itself now and
     * then allocates in a thread; and the accumulates all land.
     */
    public static class WarmOperationsAllocateNothing {
        static final int WARM = 20_000;
        static final int COUNTED = 10_000;
        /** Operations and flushes of one turn of {@link #operate}. */
        static final int OPERATIONS = 8;

        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            boolean shared = args.length > 0 && args[0].equals("shared");
            ByteBuffer memory = MPI.newByteBuffer(64);
            Win win = shared ? new Win(64, 1, MPI.INFO_NULL, world, memory, Win.FLAVOR_SHARED)
                : new Win(memory, 64, 1, MPI.INFO_NULL, world);
            world.barrier();
            if (world.getRank() == 0) {
                com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean)
                    java.lang.management.ManagementFactory.getThreadMXBean();
                long me = Thread.currentThread().getId();
                ByteBuffer bytes = MPI.newByteBuffer(8);
                LongBuffer direct = MPI.newLongBuffer(1);
                direct.put(0, 1);
                LongBuffer heap = LongBuffer.wrap(new long[] {1});
                win.lockAll(0);
                operate(win, bytes, direct, heap, WARM);
                long before = mx.getThreadAllocatedBytes(me);
                operate(win, bytes, direct, heap, COUNTED);
                long allocated = mx.getThreadAllocatedBytes(me) - before;
                LongBuffer sum = MPI.newLongBuffer(1);
                win.get(sum, 1, MPI.LONG, 1, 8, 1, MPI.LONG);
                win.unlockAll();
                assertTrue(allocated < OPERATIONS * COUNTED, allocated + " bytes allocated by " + OPERATIONS * COUNTED
                    + " warm operations and flushes" + (shared ? " on a shared window" : ""));
                assertEquals(2L * (WARM + COUNTED), sum.get(0), "every accumulate landed");
            }
            world.barrier();
            win.free();
            MPI.Finalize();
        }

        /** {@code n} times: a put and a get of 8 bytes, accumulates of a long from a direct and a heap buffer, each flushed. */
        static void operate(Win win, ByteBuffer bytes, LongBuffer direct, LongBuffer heap, int n) {
            for (int i = 0; i < n; i++) {
                win.put(bytes, 8, MPI.BYTE, 1, 0, 8, MPI.BYTE);
                win.flush(1);
                win.get(bytes, 8, MPI.BYTE, 1, 0, 8, MPI.BYTE);
                win.flush(1);
                win.accumulate(direct, 1, MPI.LONG, 1, 8, 1, MPI.LONG, MPI.SUM);
                win.flush(1);
                win.accumulate(heap, 1, MPI.LONG, 1, 8, 1, MPI.LONG, MPI.SUM);
                win.flushAll();
            }
        }
    }

    /**
     * Every rank ends its program with its window alive, neither freed nor finalized: with
     * "fail" rank 0 throws while the others wait in a barrier, else every rank returns. Its
     * window's service thread may still be reading the rings as the JVM ends.
     */
    public static class EndsWithAWindowAlive {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            Win win = new Win(MPI.newIntBuffer(8), 8, 1, MPI.INFO_NULL, world);
            win.fence(0);
            if (args.length > 0 && args[0].equals("fail") && world.getRank() == 0) {
                throw new IllegalStateException("deliberate failure with a window alive");
            }
            world.barrier();
        }
    }

    @Test
    void fenceEpochsOnThreadRanks() {
        RankJobs.runOk(1, FenceEpochs.class);
        RankJobs.runOk(3, FenceEpochs.class);
    }

    @Test
    void fenceEpochsAcrossJvms() {
        ProcessJobs.runOk(2, 2, FenceEpochs.class);
        ProcessJobs.runOk(4, 3, FenceEpochs.class);
    }

    @Test
    void concurrentAccumulatesLoseNothing() {
        RankJobs.runOk(4, ConcurrentAccumulates.class);
        ProcessJobs.runOk(3, 2, ConcurrentAccumulates.class);
        ProcessJobs.runOk(3, 3, ConcurrentAccumulates.class);
    }

    @Test
    void fetchAndOpCountsExactly() {
        RankJobs.runOk(4, FetchAndOpCounter.class);
        ProcessJobs.runOk(4, 2, FetchAndOpCounter.class);
        ProcessJobs.runOk(3, 3, FetchAndOpCounter.class);
    }

    @Test
    void compareAndSwapExcludes() {
        RankJobs.runOk(4, CompareAndSwapMutex.class);
        ProcessJobs.runOk(3, 2, CompareAndSwapMutex.class);
        ProcessJobs.runOk(3, 3, CompareAndSwapMutex.class);
    }

    @Test
    void passiveTargetProgressesWithoutTheTarget() {
        RankJobs.runOk(3, PassiveTargetProgress.class);
        ProcessJobs.runOk(2, 2, PassiveTargetProgress.class);
        ProcessJobs.runOk(3, 3, PassiveTargetProgress.class);
    }

    @Test
    void postStartCompleteWaitOnARing() {
        RankJobs.runOk(2, PostStartCompleteWait.class);
        RankJobs.runOk(3, PostStartCompleteWait.class);
        ProcessJobs.runOk(3, 2, PostStartCompleteWait.class);
        ProcessJobs.runOk(3, 3, PostStartCompleteWait.class);
    }

    @Test
    void jacobiStencilByPutsEqualsTheMessageVersion() {
        RankJobs.runOk(3, JacobiStencil.class);
        ProcessJobs.runOk(2, 2, JacobiStencil.class);
        ProcessJobs.runOk(3, 3, JacobiStencil.class);
    }

    @Test
    void errorsAndTheEndOfTheThread() {
        RankJobs.runOk(2, Errors.class);
        ProcessJobs.runOk(2, 2, Errors.class);
    }

    @Test
    void sharedWindowStencilEqualsTheMessageVersion() {
        RankJobs.runOk(3, SharedWindowStencil.class);
        ProcessJobs.runOk(2, 2, SharedWindowStencil.class);
        ProcessJobs.runOk(4, 3, SharedWindowStencil.class);
    }

    @Test
    void sharedWindowLoadsStoresAndLeavesNoFile() {
        RankJobs.runOk(3, SharedWindowMemory.class);
        ProcessJobs.runOk(2, 2, SharedWindowMemory.class);
        ProcessJobs.runOk(4, 3, SharedWindowMemory.class);
    }

    @Test
    void dynamicWindowsReachAttachedBuffers() {
        RankJobs.runOk(3, DynamicWindows.class);
        ProcessJobs.runOk(2, 2, DynamicWindows.class);
        ProcessJobs.runOk(3, 3, DynamicWindows.class);
    }

    @Test
    void datatypesWithGapsPlaceEachElement() {
        RankJobs.runOk(3, DatatypesWithGaps.class);
        ProcessJobs.runOk(2, 2, DatatypesWithGaps.class);
        ProcessJobs.runOk(3, 3, DatatypesWithGaps.class);
    }

    @Test
    void sharedWindowOperationsFromEveryJvmAreAtomic() {
        RankJobs.runOk(3, SharedWindowAtomics.class);
        ProcessJobs.runOk(2, 2, SharedWindowAtomics.class);
        ProcessJobs.runOk(4, 2, SharedWindowAtomics.class);
        ProcessJobs.runOk(3, 3, SharedWindowAtomics.class);
    }

    @Test
    void warmOperationsOnMemoryReachedDirectlyAllocateNothing() {
        RankJobs.runOk(2, WarmOperationsAllocateNothing.class);
        RankJobs.runOk(2, WarmOperationsAllocateNothing.class, "shared");
        ProcessJobs.runOk(2, 2, WarmOperationsAllocateNothing.class, "shared");
    }

    @Test
    void aRankThatFailsWithAWindowAliveEndsItsJvmCleanly() {
        // Several runs: the service thread reads the rings only some of the time as the JVM ends.
        for (int run = 0; run < 4; run++) {
            ProcessJobs.Result r = ProcessJobs.run(2, 2, EndsWithAWindowAlive.class, "fail");
            assertEquals(1, r.exitCode(), r.output());
            assertTrue(r.output().contains("deliberate failure with a window alive"), r.output());
            assertFalse(r.output().contains("fatal error has been detected"), r.output());
            assertFalse(r.output().contains("killed by signal"), r.output());
        }
    }

    @Test
    void aJobWhoseRanksReturnWithAWindowAliveEndsWell() {
        for (int run = 0; run < 4; run++) {
            ProcessJobs.Result r = ProcessJobs.run(2, 2, EndsWithAWindowAlive.class);
            assertEquals(0, r.exitCode(), r.output());
            assertFalse(r.output().contains("fatal error has been detected"), r.output());
        }
    }
}
