/*
 * osu_lite: a small OSU-style benchmark in C, to measure a native MPI on the same machine as
 * HyMPJ's Java twin (org.hympj.benchmarks.osu.OsuLite): the same tests, sizes, iteration
 * counts and output columns, so the two outputs can be put side by side.
 *
 *   mpicc -O2 -o osu_lite osu_lite.c
 *   mpirun -np 2 ./osu_lite latency [max_bytes]
 *   mpirun -np 4 ./osu_lite allreduce [max_bytes] [iterations] [skip]
 *
 * Each size runs OSU's skip (untimed iterations), then OSU's timed iterations, with OSU's
 * counts for the kind of test (see iterations() and skip()); a third and fourth argument
 * replace them for every size, as OsuLite's --iterations and --warmup do.
 *
 * Tests: latency (2 ranks, half round trip), bw (2 ranks, window of 64 messages), bibw
 * (both ways at once), mbw_mr (ranks i and i + N/2 in pairs, all pairs streaming at once:
 * total MB/s and messages/s), bcast, allreduce (float sum), allgather, alltoall, barrier (average
 * time per call over the ranks).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 64

#define LARGE_MESSAGE_BYTES 8192

/* OSU's counts (osu_util.h), per kind of test, up to 8 KiB and above; OsuLite has the same. */
static int fixed_iterations = 0;
static int fixed_skip = -1;
static int windowed(const char *test) { return strcmp(test, "bw") == 0 || strcmp(test, "bibw") == 0 || strcmp(test, "mbw_mr") == 0; }
static int iterations(const char *test, long size) {
    int small = size <= LARGE_MESSAGE_BYTES;
    if (fixed_iterations > 0) return fixed_iterations;
    if (strcmp(test, "latency") == 0) return small ? 10000 : 1000;
    if (windowed(test)) return small ? 100 : 20;
    return small ? 1000 : 100;
}
static int skip(const char *test, long size) {
    int small = size <= LARGE_MESSAGE_BYTES;
    if (fixed_skip >= 0) return fixed_skip;
    if (strcmp(test, "latency") == 0) return small ? 100 : 10;
    if (windowed(test)) return small ? 10 : 2;
    return small ? 100 : 10;
}

/* Computes for the given seconds with no MPI call, as OSU's dummy compute does; returns the seconds it took. */
static volatile double sink;
static double compute_for(double seconds) {
    double start = MPI_Wtime(), x = 1;
    while (MPI_Wtime() - start < seconds)
        for (int k = 0; k < 64; k++) x = x * 1.000001 + 1e-9;
    sink = x;
    return MPI_Wtime() - start;
}

static int nonblocking(const char *test) {
    return strcmp(test, "iallreduce") == 0 || strcmp(test, "ibcast") == 0 || strcmp(test, "ialltoall") == 0 || strcmp(test, "ibarrier") == 0;
}

static void start_nonblocking(const char *test, char *a, char *b, long s, int floats, MPI_Request *r) {
    if (strcmp(test, "iallreduce") == 0) MPI_Iallreduce(a, b, floats, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD, r);
    else if (strcmp(test, "ibcast") == 0) MPI_Ibcast(a, (int) s, MPI_CHAR, 0, MPI_COMM_WORLD, r);
    else if (strcmp(test, "ialltoall") == 0) MPI_Ialltoall(a, (int) s, MPI_CHAR, b, (int) s, MPI_CHAR, MPI_COMM_WORLD, r);
    else MPI_Ibarrier(MPI_COMM_WORLD, r);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *test = argc > 1 ? argv[1] : "latency";
    int p2p = strcmp(test, "latency") == 0 || strcmp(test, "bw") == 0 || strcmp(test, "bibw") == 0 || strcmp(test, "mbw_mr") == 0;
    long max = argc > 2 && atol(argv[2]) > 0 ? atol(argv[2]) : (p2p ? 4194304 : 1048576);
    if (argc > 3) fixed_iterations = atoi(argv[3]);
    if (argc > 4) fixed_skip = atoi(argv[4]);
    char *a = malloc(max * (size_t) size + 64);
    char *b = malloc(max * (size_t) size + 64);
    memset(a, 1, max * (size_t) size);
    memset(b, 0, max * (size_t) size);

    if (rank == 0) {
        printf("# OSU-lite %s test, %d ranks (native MPI)\n", test, size);
        if (strcmp(test, "mbw_mr") == 0) printf("# Size %20s %17s\n", "MB/s", "Messages/s");
        else if (nonblocking(test)) printf("# Size %17s %17s %17s %17s\n", "Overall(us)", "Compute(us)", "Pure Comm.(us)", "Overlap(%)");
        else printf("# Size %20s\n", strcmp(test, "bw") == 0 || strcmp(test, "bibw") == 0 ? "Bandwidth (MB/s)" : "Avg Latency (us)");
    }
    if (strcmp(test, "barrier") == 0) {
        int n = iterations(test, 0), w = skip(test, 0);
        for (int i = 0; i < w; i++) MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        for (int i = 0; i < n; i++) MPI_Barrier(MPI_COMM_WORLD);
        double us = (MPI_Wtime() - t0) * 1e6 / n, avg;
        MPI_Reduce(&us, &avg, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        if (rank == 0) printf("%-10d%18.2f\n", 0, avg / size);
        MPI_Finalize();
        return 0;
    }
    for (long s = strcmp(test, "ibarrier") == 0 ? 0 : 8; s <= max; s *= 2) {
        int n = iterations(test, s), w = skip(test, s);
        double t0 = 0, us = 0;
        if (strcmp(test, "latency") == 0 && rank < 2) {
            for (int i = 0; i < n + w; i++) {
                if (i == w) t0 = MPI_Wtime();
                if (rank == 0) {
                    MPI_Send(a, (int) s, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
                    MPI_Recv(b, (int) s, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                } else {
                    MPI_Recv(b, (int) s, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    MPI_Send(a, (int) s, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
                }
            }
            us = (MPI_Wtime() - t0) * 1e6 / (2.0 * n);
            if (rank == 0) printf("%-10ld%18.2f\n", s, us);
        } else if (strcmp(test, "bw") == 0 && rank < 2) {
            MPI_Request req[WINDOW];
            int rounds = n;
            for (int i = 0; i < rounds + w; i++) {
                if (i == w) t0 = MPI_Wtime();
                if (rank == 0) {
                    for (int k = 0; k < WINDOW; k++) MPI_Isend(a, (int) s, MPI_CHAR, 1, 2, MPI_COMM_WORLD, &req[k]);
                    MPI_Waitall(WINDOW, req, MPI_STATUSES_IGNORE);
                    MPI_Recv(b, 4, MPI_CHAR, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                } else {
                    for (int k = 0; k < WINDOW; k++) MPI_Irecv(b, (int) s, MPI_CHAR, 0, 2, MPI_COMM_WORLD, &req[k]);
                    MPI_Waitall(WINDOW, req, MPI_STATUSES_IGNORE);
                    MPI_Send(a, 4, MPI_CHAR, 0, 3, MPI_COMM_WORLD);
                }
            }
            double seconds = MPI_Wtime() - t0;
            if (rank == 0) printf("%-10ld%18.2f\n", s, (double) s * WINDOW * rounds / seconds / 1e6);
        } else if (strcmp(test, "bibw") == 0 && rank < 2) {
            MPI_Request req[2 * WINDOW];
            int rounds = n, peer = 1 - rank;
            for (int i = 0; i < rounds + w; i++) {
                if (i == w) t0 = MPI_Wtime();
                for (int k = 0; k < WINDOW; k++) MPI_Irecv(b, (int) s, MPI_CHAR, peer, 2, MPI_COMM_WORLD, &req[k]);
                for (int k = 0; k < WINDOW; k++) MPI_Isend(a, (int) s, MPI_CHAR, peer, 2, MPI_COMM_WORLD, &req[WINDOW + k]);
                MPI_Waitall(2 * WINDOW, req, MPI_STATUSES_IGNORE);
            }
            double mbs = 2.0 * s * WINDOW * rounds / (MPI_Wtime() - t0) / 1e6;
            if (rank == 0) printf("%-10ld%18.2f\n", s, mbs);
        } else if (strcmp(test, "mbw_mr") == 0) {
            MPI_Request req[WINDOW];
            int rounds = n, pairs = size / 2;
            double elapsed = 0, slowest;
            for (int round = 0; round < 2; round++) {
                int m = round == 0 ? w : rounds;
                MPI_Barrier(MPI_COMM_WORLD);
                t0 = MPI_Wtime();
                for (int i = 0; i < m; i++) {
                    if (rank < pairs) {
                        for (int k = 0; k < WINDOW; k++) MPI_Isend(a, (int) s, MPI_CHAR, rank + pairs, 2, MPI_COMM_WORLD, &req[k]);
                        MPI_Waitall(WINDOW, req, MPI_STATUSES_IGNORE);
                        MPI_Recv(b, 4, MPI_CHAR, rank + pairs, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    } else if (rank < 2 * pairs) {
                        for (int k = 0; k < WINDOW; k++) MPI_Irecv(b, (int) s, MPI_CHAR, rank - pairs, 2, MPI_COMM_WORLD, &req[k]);
                        MPI_Waitall(WINDOW, req, MPI_STATUSES_IGNORE);
                        MPI_Send(a, 4, MPI_CHAR, rank - pairs, 3, MPI_COMM_WORLD);
                    }
                }
                elapsed = MPI_Wtime() - t0;
            }
            double mine = rank < pairs ? elapsed : 0;
            MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
            double mbs = (double) pairs * s * WINDOW * rounds / slowest / 1e6;
            if (rank == 0) printf("%-10ld%18.2f%18.2f\n", s, mbs, mbs * 1e6 / s);
        } else if (strcmp(test, "bcast") == 0 || strcmp(test, "allreduce") == 0 || strcmp(test, "allgather") == 0
                   || strcmp(test, "alltoall") == 0) {
            for (int i = 0; i < n + w; i++) {
                if (i == w) { MPI_Barrier(MPI_COMM_WORLD); t0 = MPI_Wtime(); }
                if (strcmp(test, "bcast") == 0) MPI_Bcast(a, (int) s, MPI_CHAR, 0, MPI_COMM_WORLD);
                else if (strcmp(test, "allreduce") == 0) MPI_Allreduce(a, b, (int) (s / 4), MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
                else if (strcmp(test, "allgather") == 0) MPI_Allgather(a, (int) s, MPI_CHAR, b, (int) s, MPI_CHAR, MPI_COMM_WORLD);
                else MPI_Alltoall(a, (int) s, MPI_CHAR, b, (int) s, MPI_CHAR, MPI_COMM_WORLD);
            }
            us = (MPI_Wtime() - t0) * 1e6 / n;
            double avg;
            MPI_Reduce(&us, &avg, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
            if (rank == 0) printf("%-10ld%18.2f\n", s, avg / size);
        } else if (nonblocking(test)) {
            /* OSU's non-blocking collective tests, as OsuNonBlocking runs them: the pure time of
               start + wait, then start, a computation as long, and wait, with no MPI call in
               the computation; the overlap is the share of the communication it hid. */
            int floats = (int) (s / 4);
            MPI_Request r;
            double pure = 0, overall = 0, compute = 0;
            for (int i = 0; i < n + w; i++) {
                if (i == w) { MPI_Barrier(MPI_COMM_WORLD); pure = MPI_Wtime(); }
                start_nonblocking(test, a, b, s, floats, &r);
                MPI_Wait(&r, MPI_STATUS_IGNORE);
            }
            pure = (MPI_Wtime() - pure) / n;
            for (int i = 0; i < n + w; i++) {
                if (i == w) { MPI_Barrier(MPI_COMM_WORLD); overall = MPI_Wtime(); compute = 0; }
                start_nonblocking(test, a, b, s, floats, &r);
                compute += compute_for(pure);
                MPI_Wait(&r, MPI_STATUS_IGNORE);
            }
            overall = (MPI_Wtime() - overall) / n;
            compute /= n;
            double hidden = pure > 0 ? 100 * (1 - (overall - compute) / pure) : 0;
            hidden = hidden < 0 ? 0 : hidden > 100 ? 100 : hidden;
            double mine[4] = {overall * 1e6, compute * 1e6, pure * 1e6, hidden}, sum[4];
            MPI_Reduce(mine, sum, 4, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
            if (rank == 0) printf("%-10ld%18.2f%18.2f%18.2f%18.2f\n", s, sum[0] / size, sum[1] / size, sum[2] / size, sum[3] / size);
            if (strcmp(test, "ibarrier") == 0) break;
        }
    }
    free(a);
    free(b);
    MPI_Finalize();
    return 0;
}
