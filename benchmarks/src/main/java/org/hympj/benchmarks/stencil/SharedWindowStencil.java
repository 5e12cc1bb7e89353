package org.hympj.benchmarks.stencil;

import java.nio.DoubleBuffer;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Win;

/**
 * A 1-D Jacobi stencil two ways on the ranks of one node: halo cells by messages
 * ({@code sendRecv} with each neighbour), and a shared-memory window ({@code Win.FLAVOR_SHARED})
 * in which each rank computes in place and reads its neighbours' edge cells directly, a barrier
 * between steps.
 * Prints the microseconds per step of each (rank 0's, the best of the repetitions) and checks
 * that both end with the same cells.
 *
 * <pre>hympjrun -np 4 [--jvms 2] -cp benchmarks/target/benchmarks.jar org.hympj.benchmarks.stencil.SharedWindowStencil [cells] [steps] [repetitions]</pre>
 */
public final class SharedWindowStencil {
    private SharedWindowStencil() {
    }

    public static void main(String[] args) {
        MPI.Init(args);
        int cells = args.length > 0 ? Integer.parseInt(args[0]) : 1 << 16;
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        int repetitions = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        DoubleBuffer start = MPI.newDoubleBuffer(2 * cells);
        Win win = new Win(2 * cells, 1, MPI.INFO_NULL, world, start, Win.FLAVOR_SHARED);
        double bestMessages = Double.MAX_VALUE;
        double bestShared = Double.MAX_VALUE;
        double[] byMessages = null;
        double[] byWindow = null;
        for (int r = 0; r < repetitions; r++) {
            world.barrier();
            long t0 = System.nanoTime();
            byMessages = byMessages(world, cells, steps);
            world.barrier();
            long t1 = System.nanoTime();
            byWindow = byWindow(world, win, cells, steps);
            world.barrier();
            long t2 = System.nanoTime();
            bestMessages = Math.min(bestMessages, (t1 - t0) / 1e3 / steps);
            bestShared = Math.min(bestShared, (t2 - t1) / 1e3 / steps);
        }
        for (int i = 1; i <= cells; i++) {
            if (byMessages[i] != byWindow[i]) {
                throw new AssertionError("rank " + rank + " cell " + i + ": " + byMessages[i] + " by messages, " + byWindow[i]
                    + " by the shared window");
            }
        }
        if (rank == 0) {
            System.out.println("# 1-D Jacobi, " + world.getSize() + " ranks, " + cells + " cells a rank, " + steps
                + " steps (best of " + repetitions + ")");
            System.out.println("# version        us/step");
            System.out.printf("messages %14.2f%n", bestMessages);
            System.out.printf("shared-window %9.2f%n", bestShared);
        }
        world.barrier();
        win.free();
        MPI.Finalize();
    }

    static double[] initial(int rank, int cells) {
        double[] u = new double[cells + 2];
        for (int i = 1; i <= cells; i++) {
            // StrictMath: the same values compiled or interpreted, so both versions start alike.
            u[i] = StrictMath.sin((double) rank * cells + i);
        }
        return u;
    }

    static void relax(double[] u, double[] scratch, int cells) {
        for (int i = 1; i <= cells; i++) {
            scratch[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
        }
        System.arraycopy(scratch, 1, u, 1, cells);
    }

    static double[] byMessages(Intracomm world, int cells, int steps) {
        int rank = world.getRank();
        int size = world.getSize();
        double[] u = initial(rank, cells);
        double[] scratch = new double[cells + 2];
        double[] edge = new double[1];
        double[] halo = new double[1];
        for (int s = 0; s < steps; s++) {
            if (rank > 0) {
                edge[0] = u[1];
                world.sendRecv(edge, 1, MPI.DOUBLE, rank - 1, 0, halo, 1, MPI.DOUBLE, rank - 1, 1);
                u[0] = halo[0];
            }
            if (rank < size - 1) {
                edge[0] = u[cells];
                world.sendRecv(edge, 1, MPI.DOUBLE, rank + 1, 1, halo, 1, MPI.DOUBLE, rank + 1, 0);
                u[cells + 1] = halo[0];
            }
            relax(u, scratch, cells);
        }
        return u;
    }

    /**
     * The same steps on the window itself: each rank's two halves of cells take turns as the
     * step's input and output, read and written in place, and a neighbour's edge cell is read
     * from its half of the node's memory, as a program that shares its array would.
     */
    static double[] byWindow(Intracomm world, Win win, int cells, int steps) {
        int rank = world.getRank();
        int size = world.getSize();
        DoubleBuffer mine = (DoubleBuffer) win.getAttr(MPI.WIN_BASE);
        DoubleBuffer left = rank > 0 ? (DoubleBuffer) win.sharedQuery(rank - 1) : null;
        DoubleBuffer right = rank < size - 1 ? (DoubleBuffer) win.sharedQuery(rank + 1) : null;
        double[] u = initial(rank, cells);
        mine.put(0, u, 1, cells);
        win.sync();
        world.barrier();
        win.sync();
        for (int s = 0; s < steps; s++) {
            int from = (s % 2) * cells;
            int to = cells - from;
            double before = left == null ? 0 : left.get(from + cells - 1);
            double after = right == null ? 0 : right.get(from);
            double here = mine.get(from);
            for (int i = 0; i < cells; i++) {
                double next = i + 1 < cells ? mine.get(from + i + 1) : after;
                mine.put(to + i, 0.5 * here + 0.25 * (before + next));
                before = here;
                here = next;
            }
            win.sync();
            world.barrier();
            win.sync();
        }
        int last = (steps % 2) * cells;
        mine.get(last, u, 1, cells);
        return u;
    }
}
