/*
 * firstcalls: the native twin of org.hympj.benchmarks.firstcalls.FirstCalls: one operation,
 * timed over its first 50,000 calls right after MPI_Init, then called on for a few seconds,
 * then timed over another 50,000, each also in blocks of 1,000 for its median block. Same
 * operations, options and CSV lines, with impl "openmpi"
 * (start-to-init is the process's start to Init's return, from /proc/self/stat).
 *
 *   mpicc -O2 -o firstcalls firstcalls.c
 *   mpirun -np 2 ./firstcalls pingpong [--mode LABEL] [--t0 EPOCH_NANOS] [--calls N] [--steady SECONDS]
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define TAG 1
#define BLOCK 1000
#define MAX_BLOCKS 4096

static double epoch_millis(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* This process's start, in ms since the epoch: its start time in clock ticks after boot, plus the boot time. */
static double process_start_millis(void) {
    FILE *f = fopen("/proc/self/stat", "r");
    char buf[4096];
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f) fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    if (!p) return -1;
    unsigned long long start = 0;
    int field = 2;
    for (char *tok = strtok(p + 1, " "); tok; tok = strtok(NULL, " ")) {
        if (++field == 22) { start = strtoull(tok, NULL, 10); break; }
    }
    struct timespec now, up;
    clock_gettime(CLOCK_REALTIME, &now);
    clock_gettime(CLOCK_BOOTTIME, &up);
    double boot = now.tv_sec * 1e3 + now.tv_nsec / 1e6 - (up.tv_sec * 1e3 + up.tv_nsec / 1e6);
    return boot + start * 1e3 / sysconf(_SC_CLK_TCK);
}

static const char *op;
static int rank, size;
static char buf[8];
static double din, dout;

static void call(int calls) {
    if (strcmp(op, "pingpong") == 0) {
        int peer = rank ^ 1;
        if (peer >= size) return;
        for (int i = 0; i < calls; i++) {
            if (rank % 2 == 0) {
                MPI_Send(buf, 8, MPI_BYTE, peer, TAG, MPI_COMM_WORLD);
                MPI_Recv(buf, 8, MPI_BYTE, peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(buf, 8, MPI_BYTE, peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(buf, 8, MPI_BYTE, peer, TAG, MPI_COMM_WORLD);
            }
        }
    } else if (strcmp(op, "allreduce") == 0) {
        for (int i = 0; i < calls; i++) MPI_Allreduce(&din, &dout, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    } else if (strcmp(op, "barrier") == 0) {
        for (int i = 0; i < calls; i++) MPI_Barrier(MPI_COMM_WORLD);
    } else if (strcmp(op, "bcast") == 0) {
        for (int i = 0; i < calls; i++) MPI_Bcast(buf, 8, MPI_BYTE, 0, MPI_COMM_WORLD);
    }
}

static double blocks[MAX_BLOCKS];

/* Seconds for calls calls, started together at a barrier, in blocks of BLOCK calls whose seconds go to blocks. */
static double timed(int calls) {
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime(), block_start = start;
    for (int b = 0, done = 0; done < calls; b++) {
        int n = calls - done < BLOCK ? calls - done : BLOCK;
        call(n);
        done += n;
        double now = MPI_Wtime();
        if (b < MAX_BLOCKS) blocks[b] = now - block_start;
        block_start = now;
    }
    return MPI_Wtime() - start;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

static double median_block(int calls) {
    int n = calls / BLOCK < 1 ? 1 : calls / BLOCK > MAX_BLOCKS ? MAX_BLOCKS : calls / BLOCK;
    qsort(blocks, n, sizeof blocks[0], compare_doubles);
    return blocks[n / 2];
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    double init_returned = epoch_millis();
    op = argc > 1 ? argv[1] : "pingpong";
    const char *mode = "processes";
    long long t0 = -1;
    int calls = 50000;
    double steady = 3;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--mode") == 0) mode = argv[i + 1];
        else if (strcmp(argv[i], "--t0") == 0) t0 = atoll(argv[i + 1]);
        else if (strcmp(argv[i], "--calls") == 0) calls = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--steady") == 0) steady = atof(argv[i + 1]);
        else { fprintf(stderr, "unknown option %s\n", argv[i]); MPI_Abort(MPI_COMM_WORLD, 2); }
    }
    if (strcmp(op, "pingpong") && strcmp(op, "allreduce") && strcmp(op, "barrier") && strcmp(op, "bcast")) {
        fprintf(stderr, "unknown operation %s (pingpong, allreduce, barrier, bcast)\n", op);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    din = rank;
    double mine[6], slowest[6];
    mine[0] = timed(calls);
    mine[4] = median_block(calls);
    double until = MPI_Wtime() + steady;
    int more = 1;
    while (more) {
        call(10000);
        more = MPI_Wtime() < until;
        MPI_Bcast(&more, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    mine[1] = timed(calls);
    mine[5] = median_block(calls);
    mine[2] = init_returned - process_start_millis();
    mine[3] = t0 < 0 ? -1 : init_returned - t0 / 1e6;
    MPI_Reduce(mine, slowest, 6, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        double per_call = strcmp(op, "pingpong") == 0 ? 2.0 * calls : calls;
        printf("openmpi,%s,%d,%s,first,%.3f,us\n", op, size, mode, slowest[0] * 1e6 / per_call);
        printf("openmpi,%s,%d,%s,steady,%.3f,us\n", op, size, mode, slowest[1] * 1e6 / per_call);
        double per_block_call = per_call / calls * BLOCK;
        printf("openmpi,%s,%d,%s,first-median-block,%.3f,us\n", op, size, mode, slowest[4] * 1e6 / per_block_call);
        printf("openmpi,%s,%d,%s,steady-median-block,%.3f,us\n", op, size, mode, slowest[5] * 1e6 / per_block_call);
        printf("openmpi,%s,%d,%s,start-to-init,%.0f,ms\n", op, size, mode, slowest[2]);
        if (t0 >= 0) printf("openmpi,%s,%d,%s,launch-to-init,%.0f,ms\n", op, size, mode, slowest[3]);
    }
    MPI_Finalize();
    return 0;
}
