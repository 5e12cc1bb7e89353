package org.hympj.examples;

import mpi.MPI;
import org.hympj.nested.Team;

/**
 * Hybrid MPI + threads: Jacobi iterations for Laplace's equation on an n × n grid (top edge
 * held at 1, the others at 0). Rows are split among the ranks, which swap halo rows with
 * their neighbours every iteration; inside a rank, a {@link Team} shares the row loop among
 * the rank's threads. Prints the time and an exact checksum of the final grid (a wrapping
 * sum of the cells' bits), which is the same for every split into ranks and threads.
 *
 * <pre>hympjrun -np RANKS -cp CLASSPATH org.hympj.examples.Jacobi2D [n] [iterations] [threadsPerRank]</pre>
 */
public class Jacobi2D {
    private static final int HALO = 1;
    private static final int CHECKSUM = 2;

    public static void main(String[] args) throws Exception {
        MPI.Init_thread(args, MPI.THREAD_FUNNELED);
        String[] own = args;
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int n = own.length > 0 ? Integer.parseInt(own[0]) : 1024;
        int iterations = own.length > 1 ? Integer.parseInt(own[1]) : 200;
        if (size > n) {
            throw new IllegalArgumentException(size + " ranks cannot share " + n + " rows");
        }
        int first = (int) ((long) n * rank / size);
        int rows = (int) ((long) n * (rank + 1) / size) - first;
        int width = n + 2;
        // Local rows 1..rows are ours; rows 0 and rows+1 are halos (or the grid's boundary).
        double[] u = new double[(rows + 2) * width];
        double[] next = new double[(rows + 2) * width];
        if (rank == 0) {
            for (int j = 0; j < width; j++) {
                u[j] = 1.0;
                next[j] = 1.0;
            }
        }
        int up = rank == 0 ? MPI.PROC_NULL : rank - 1;
        int down = rank == size - 1 ? MPI.PROC_NULL : rank + 1;

        try (Team team = own.length > 2 ? Team.create(Integer.parseInt(own[2])) : Team.create()) {
            double start = MPI.Wtime();
            for (int it = 0; it < iterations; it++) {
                MPI.COMM_WORLD.Sendrecv(u, width, width, MPI.DOUBLE, up, HALO,
                    u, (rows + 1) * width, width, MPI.DOUBLE, down, HALO);
                MPI.COMM_WORLD.Sendrecv(u, rows * width, width, MPI.DOUBLE, down, HALO,
                    u, 0, width, MPI.DOUBLE, up, HALO);
                double[] from = u;
                double[] to = next;
                team.parallelFor(1, rows + 1, (lo, hi) -> {
                    for (int i = lo; i < hi; i++) {
                        int row = i * width;
                        for (int j = 1; j <= n; j++) {
                            to[row + j] = 0.25 * (from[row + j - 1] + from[row + j + 1] + from[row - width + j] + from[row + width + j]);
                        }
                    }
                });
                next = u;
                u = to;
            }
            double seconds = MPI.Wtime() - start;

            long[] checksum = {0};
            for (int i = 1; i <= rows; i++) {
                for (int j = 1; j <= n; j++) {
                    checksum[0] += Double.doubleToRawLongBits(u[i * width + j]);
                }
            }
            if (rank != 0) {
                MPI.COMM_WORLD.Send(checksum, 0, 1, MPI.LONG, 0, CHECKSUM);
            } else {
                long[] part = new long[1];
                for (int r = 1; r < size; r++) {
                    MPI.COMM_WORLD.Recv(part, 0, 1, MPI.LONG, r, CHECKSUM);
                    checksum[0] += part[0];
                }
                System.out.printf("Jacobi2D n=%d iterations=%d ranks=%d threads/rank=%d: %.3f s, checksum %016x%n",
                    n, iterations, size, team.size(), seconds, checksum[0]);
            }
        }
        MPI.Finalize();
    }
}
