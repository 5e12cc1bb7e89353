/*
 * The C twin of org.hympj.benchmarks.osu.OsuOneSided: the same one-sided tests, sizes and
 * counts, with MPI_Win_allocate and a lock_all epoch; rank 0 the origin, rank 1 the target.
 *   mpicc -O3 -o osu_onesided osu_onesided.c
 *   mpirun -np 2 --mca osc sm ./osu_onesided put_latency [max_bytes]
 * Tests: put_latency, get_latency, acc_latency (us per operation and flush), put_bw, get_bw
 * (MB/s, windows of 64 operations then a flush).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 64
#define LATENCY_ITERATIONS 1000
#define LATENCY_SKIP 100
#define BW_WINDOWS 20
#define BW_SKIP 2

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    const char *test = argc > 1 ? argv[1] : "put_latency";
    int max = argc > 2 ? atoi(argv[2]) : 1 << 20;
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int bandwidth = strstr(test, "_bw") != NULL;
    char *memory;
    MPI_Win win;
    MPI_Win_allocate(max, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &memory, &win);
    char *origin = calloc(max, 1);
    long *add = calloc(max / 8 + 1, sizeof(long));
    if (rank == 0) {
        printf("# OSU-lite one-sided %s, 2 ranks (native MPI)\n", test);
        printf(bandwidth ? "# Size      Bandwidth (MB/s)\n" : "# Size     Avg Latency (us)\n");
    }
    for (int size = 8; size <= max; size *= 8) {
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0) {
            MPI_Win_lock_all(0, win);
            double start = 0, value;
            if (!bandwidth) {
                for (int i = 0; i < LATENCY_SKIP + LATENCY_ITERATIONS; i++) {
                    if (i == LATENCY_SKIP) start = MPI_Wtime();
                    if (strcmp(test, "put_latency") == 0) {
                        MPI_Put(origin, size, MPI_BYTE, 1, 0, size, MPI_BYTE, win);
                    } else if (strcmp(test, "get_latency") == 0) {
                        MPI_Get(origin, size, MPI_BYTE, 1, 0, size, MPI_BYTE, win);
                    } else {
                        MPI_Accumulate(add, size / 8, MPI_LONG, 1, 0, size / 8, MPI_LONG, MPI_SUM, win);
                    }
                    MPI_Win_flush(1, win);
                }
                value = (MPI_Wtime() - start) * 1e6 / LATENCY_ITERATIONS;
            } else {
                for (int w = 0; w < BW_SKIP + BW_WINDOWS; w++) {
                    if (w == BW_SKIP) start = MPI_Wtime();
                    for (int k = 0; k < WINDOW; k++) {
                        if (strcmp(test, "put_bw") == 0) {
                            MPI_Put(origin, size, MPI_BYTE, 1, 0, size, MPI_BYTE, win);
                        } else {
                            MPI_Get(origin, size, MPI_BYTE, 1, 0, size, MPI_BYTE, win);
                        }
                    }
                    MPI_Win_flush(1, win);
                }
                value = (double) size * WINDOW * BW_WINDOWS / (MPI_Wtime() - start) / 1e6;
            }
            MPI_Win_unlock_all(win);
            printf("%-10d %18.2f\n", size, value);
            fflush(stdout);
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Win_free(&win);
    free(origin);
    free(add);
    MPI_Finalize();
    return 0;
}
