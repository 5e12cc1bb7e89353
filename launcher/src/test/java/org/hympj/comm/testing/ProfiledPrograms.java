package org.hympj.comm.testing;

import mpi.MPI;
import mpi.Request;

/** Programs whose profile is known in advance, for the tests of {@code hympjrun --profile}. */
public final class ProfiledPrograms {
    /** Sends from rank 0 to rank 1. */
    public static final int SENDS = 100;
    /** Doubles per send. */
    public static final int DOUBLES = 1024;
    /** How long the last rank sleeps before the imbalanced collective. */
    public static final long SLEEP_MILLIS = 300;
    /** Marks the line of the imbalanced collective in this file's source, which the tests find by it. */
    public static final String IMBALANCED_LINE_MARK = "// the imbalanced collective";
    /** Large messages from rank 0 to rank 1 in {@link LargeSends}. */
    public static final int LARGE_SENDS = 3;
    /** Doubles per large message: above the default eager limit, and many fragments of a ring's or the bridge's. */
    public static final int LARGE_DOUBLES = 128 * 1024;

    private ProfiledPrograms() {
    }

    /**
     * Rank 0 sends {@link #SENDS} messages of {@link #DOUBLES} doubles to rank 1; then the last
     * rank sleeps {@link #SLEEP_MILLIS} before an {@code Allreduce}, which the others enter at once.
     */
    public static class Imbalanced {
        public static void main(String[] args) throws InterruptedException {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int size = MPI.COMM_WORLD.Size();
            double[] message = new double[DOUBLES];
            for (int i = 0; i < SENDS; i++) {
                if (me == 0) {
                    MPI.COMM_WORLD.Send(message, 0, DOUBLES, MPI.DOUBLE, 1, 7);
                } else if (me == 1) {
                    MPI.COMM_WORLD.Recv(message, 0, DOUBLES, MPI.DOUBLE, 0, 7);
                }
            }
            MPI.COMM_WORLD.Barrier();
            if (me == size - 1) {
                Thread.sleep(SLEEP_MILLIS);
            }
            double[] sum = new double[1];
            MPI.COMM_WORLD.Allreduce(new double[] {me}, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM); // the imbalanced collective
            MPI.Finalize();
        }
    }

    /**
     * Rank 0 starts {@link #LARGE_SENDS} sends of {@link #LARGE_DOUBLES} doubles to rank 1 before
     * a barrier, and rank 1 receives them after it: each send finds no receive posted, so between
     * thread ranks it is a rendezvous, and between JVMs it fills the ring (or crosses the bridge)
     * while rank 1 is not yet receiving.
     */
    public static class LargeSends {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            double[][] messages = new double[LARGE_SENDS][LARGE_DOUBLES];
            if (me == 0) {
                Request[] sends = new Request[LARGE_SENDS];
                for (int i = 0; i < LARGE_SENDS; i++) {
                    sends[i] = MPI.COMM_WORLD.Isend(messages[i], 0, LARGE_DOUBLES, MPI.DOUBLE, 1, 8);
                }
                MPI.COMM_WORLD.Barrier();
                Request.Waitall(sends);
            } else {
                MPI.COMM_WORLD.Barrier();
                if (me == 1) {
                    for (int i = 0; i < LARGE_SENDS; i++) {
                        MPI.COMM_WORLD.Recv(messages[i], 0, LARGE_DOUBLES, MPI.DOUBLE, 0, 8);
                    }
                }
            }
            MPI.Finalize();
        }
    }
}
