package org.hympj.benchmarks.osu;

import mpi.MPI;
import mpi.Request;

/**
 * The Java twin of {@code benchmarks/native/osu_lite.c}: the same tests, sizes, iteration
 * counts and output columns, run by hympjrun, so HyMPJ and a native MPI can be compared on
 * one machine in one session.
 *
 * <pre>hympjrun -np 4 -cp benchmarks/target/benchmarks.jar org.hympj.benchmarks.osu.OsuLite allreduce [max_bytes]</pre>
 *
 * Tests: latency (2 ranks, half round trip), bw (2 ranks, window of 64 messages), bcast,
 * allreduce (float sum), alltoall, barrier (average time per call over the ranks).
 */
public final class OsuLite {
    private static final int WINDOW = 64;

    private OsuLite() {
    }

    static int iterations(long size) {
        return size <= 8192 ? 2000 : size <= 262144 ? 200 : 50;
    }

    static int warmup(long size) {
        return size <= 8192 ? 200 : 10;
    }

    public static void main(String[] args) {
        String[] own = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        String test = own.length > 0 ? own[0] : "latency";
        int max = own.length > 1 ? Integer.parseInt(own[1]) : (test.equals("latency") || test.equals("bw") ? 4_194_304 : 1_048_576);
        byte[] a = new byte[max * size];
        byte[] b = new byte[max * size];
        java.util.Arrays.fill(a, (byte) 1);
        float[] fa = new float[max / 4 + 1];
        float[] fb = new float[max / 4 + 1];
        if (rank == 0) {
            System.out.printf("# OSU-lite %s test, %d ranks (HyMPJ, JDK %s)%n", test, size, System.getProperty("java.version"));
            System.out.printf("# Size %20s%n", test.equals("bw") ? "Bandwidth (MB/s)" : "Avg Latency (us)");
        }
        jitWarmup(test, rank, a, b, fa, fb);
        if (test.equals("barrier")) {
            for (int i = 0; i < 200; i++) {
                MPI.COMM_WORLD.Barrier();
            }
            double t0 = MPI.Wtime();
            int n = 5000;
            for (int i = 0; i < n; i++) {
                MPI.COMM_WORLD.Barrier();
            }
            report(rank, size, 0, (MPI.Wtime() - t0) * 1e6 / n);
            MPI.Finalize();
            return;
        }
        for (int s = 8; s <= max; s *= 2) {
            int n = iterations(s);
            int w = warmup(s);
            double t0 = 0;
            switch (test) {
                case "latency":
                    if (rank < 2) {
                        for (int i = 0; i < n + w; i++) {
                            if (i == w) {
                                t0 = MPI.Wtime();
                            }
                            if (rank == 0) {
                                MPI.COMM_WORLD.Send(a, 0, s, MPI.BYTE, 1, 1);
                                MPI.COMM_WORLD.Recv(b, 0, s, MPI.BYTE, 1, 1);
                            } else {
                                MPI.COMM_WORLD.Recv(b, 0, s, MPI.BYTE, 0, 1);
                                MPI.COMM_WORLD.Send(a, 0, s, MPI.BYTE, 0, 1);
                            }
                        }
                        if (rank == 0) {
                            System.out.printf("%-10d%18.2f%n", s, (MPI.Wtime() - t0) * 1e6 / (2.0 * n));
                        }
                    }
                    break;
                case "bw":
                    if (rank < 2) {
                        Request[] req = new Request[WINDOW];
                        int rounds = n / 10 + 5;
                        for (int i = 0; i < rounds + 2; i++) {
                            if (i == 2) {
                                t0 = MPI.Wtime();
                            }
                            if (rank == 0) {
                                for (int k = 0; k < WINDOW; k++) {
                                    req[k] = MPI.COMM_WORLD.Isend(a, 0, s, MPI.BYTE, 1, 2);
                                }
                                Request.Waitall(req);
                                MPI.COMM_WORLD.Recv(b, 0, 4, MPI.BYTE, 1, 3);
                            } else {
                                for (int k = 0; k < WINDOW; k++) {
                                    req[k] = MPI.COMM_WORLD.Irecv(b, 0, s, MPI.BYTE, 0, 2);
                                }
                                Request.Waitall(req);
                                MPI.COMM_WORLD.Send(a, 0, 4, MPI.BYTE, 0, 3);
                            }
                        }
                        if (rank == 0) {
                            System.out.printf("%-10d%18.2f%n", s, (double) s * WINDOW * rounds / (MPI.Wtime() - t0) / 1e6);
                        }
                    }
                    break;
                case "bcast":
                case "allreduce":
                case "alltoall":
                    for (int i = 0; i < n + w; i++) {
                        if (i == w) {
                            MPI.COMM_WORLD.Barrier();
                            t0 = MPI.Wtime();
                        }
                        if (test.equals("bcast")) {
                            MPI.COMM_WORLD.Bcast(a, 0, s, MPI.BYTE, 0);
                        } else if (test.equals("allreduce")) {
                            MPI.COMM_WORLD.Allreduce(fa, 0, fb, 0, s / 4, MPI.FLOAT, MPI.SUM);
                        } else {
                            MPI.COMM_WORLD.Alltoall(a, 0, s, MPI.BYTE, b, 0, s, MPI.BYTE);
                        }
                    }
                    report(rank, size, s, (MPI.Wtime() - t0) * 1e6 / n);
                    break;
                default:
                    throw new IllegalArgumentException("unknown test '" + test + "': latency, bw, bcast, allreduce, alltoall or barrier");
            }
        }
        MPI.Finalize();
    }

    /**
     * Runs the test's smallest case many times before anything is timed, so that the timed
     * sizes run compiled code: C's twin needs no such pass, a JVM does.
     */
    private static void jitWarmup(String test, int rank, byte[] a, byte[] b, float[] fa, float[] fb) {
        for (int i = 0; i < 30_000; i++) {
            switch (test) {
                case "bw":
                    if (i % 64 == 0 && rank < 2) {
                        Request[] req = new Request[WINDOW];
                        for (int k = 0; k < WINDOW; k++) {
                            req[k] = rank == 0 ? MPI.COMM_WORLD.Isend(a, 0, 8, MPI.BYTE, 1, 8) : MPI.COMM_WORLD.Irecv(b, 0, 8, MPI.BYTE, 0, 8);
                        }
                        Request.Waitall(req);
                    }
                    break;
                case "latency":
                    if (rank == 0) {
                        MPI.COMM_WORLD.Send(a, 0, 8, MPI.BYTE, 1, 9);
                        MPI.COMM_WORLD.Recv(b, 0, 8, MPI.BYTE, 1, 9);
                    } else if (rank == 1) {
                        MPI.COMM_WORLD.Recv(b, 0, 8, MPI.BYTE, 0, 9);
                        MPI.COMM_WORLD.Send(a, 0, 8, MPI.BYTE, 0, 9);
                    }
                    break;
                case "bcast":
                    MPI.COMM_WORLD.Bcast(a, 0, 8, MPI.BYTE, 0);
                    break;
                case "allreduce":
                    MPI.COMM_WORLD.Allreduce(fa, 0, fb, 0, 2, MPI.FLOAT, MPI.SUM);
                    break;
                case "alltoall":
                    MPI.COMM_WORLD.Alltoall(a, 0, 8, MPI.BYTE, b, 0, 8, MPI.BYTE);
                    break;
                default:
                    MPI.COMM_WORLD.Barrier();
            }
        }
        MPI.COMM_WORLD.Barrier();
    }

    /** Prints the average over the ranks of each rank's time per call, as the OSU collective tests do. */
    private static void report(int rank, int size, int bytes, double microseconds) {
        double[] sum = new double[1];
        MPI.COMM_WORLD.Reduce(new double[] {microseconds}, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM, 0);
        if (rank == 0) {
            System.out.printf("%-10d%18.2f%n", bytes, sum[0] / size);
        }
    }
}
