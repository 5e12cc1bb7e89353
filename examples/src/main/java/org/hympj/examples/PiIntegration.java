package org.hympj.examples;

import mpi.MPI;

/**
 * Computes pi as the integral of 4/(1+x^2) over [0,1] with the midpoint rule: each rank sums
 * its share of the intervals, the partial sums travel to rank 0 with point-to-point messages
 * (ANY_SOURCE, so they are added as they arrive), and rank 0 prints the result, its error
 * and the time. Usage: PiIntegration [intervals]
 */
public class PiIntegration {
    private static final int PARTIAL_SUM = 7;

    public static void main(String[] args) throws Exception {
        String[] own = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        long intervals = own.length > 0 ? Long.parseLong(own[0]) : 200_000_000L;

        double start = MPI.Wtime();
        double h = 1.0 / intervals;
        double sum = 0;
        for (long i = rank; i < intervals; i += size) {
            double x = h * (i + 0.5);
            sum += 4.0 / (1.0 + x * x);
        }
        double[] partial = {sum * h};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(partial, 0, 1, MPI.DOUBLE, 0, PARTIAL_SUM);
        } else {
            double pi = partial[0];
            for (int i = 1; i < size; i++) {
                MPI.COMM_WORLD.Recv(partial, 0, 1, MPI.DOUBLE, MPI.ANY_SOURCE, PARTIAL_SUM);
                pi += partial[0];
            }
            double seconds = MPI.Wtime() - start;
            System.out.printf("pi = %.15f, error = %.3e, %d intervals on %d ranks in %.3f s%n",
                pi, Math.abs(pi - Math.PI), intervals, size, seconds);
        }
        MPI.Finalize();
    }
}
