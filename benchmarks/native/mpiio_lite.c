/* The C twin of org.hympj.benchmarks.mpiio.MpiIoLite: MPI-IO write bandwidth, the same tests,
 * sizes, repetitions and output columns (see that class).
 *   mpirun -np 2 ./mpiio_lite TEST DIR [MIN_BYTES MAX_BYTES REPETITIONS]
 * Tests: write_at_all, write_at, write_at_all_interleaved. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK (64 * 1024)

static int compare(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static double once(const char *test, const char *name, int rank, int size, const char *data, int bytes) {
    MPI_File f;
    MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &f);
    int interleaved = strcmp(test, "write_at_all_interleaved") == 0;
    MPI_Datatype contiguous, filetype;
    if (interleaved) {
        MPI_Type_contiguous(BLOCK, MPI_BYTE, &contiguous);
        MPI_Type_create_resized(contiguous, 0, (MPI_Aint) size * BLOCK, &filetype);
        MPI_Type_commit(&filetype);
        MPI_File_set_view(f, (MPI_Offset) rank * BLOCK, MPI_BYTE, filetype, "native", MPI_INFO_NULL);
    }
    MPI_Offset offset = interleaved ? 0 : (MPI_Offset) rank * bytes;
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    if (strcmp(test, "write_at") == 0) {
        MPI_File_write_at(f, offset, data, bytes, MPI_BYTE, MPI_STATUS_IGNORE);
    } else {
        MPI_File_write_at_all(f, offset, data, bytes, MPI_BYTE, MPI_STATUS_IGNORE);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double seconds = MPI_Wtime() - start;
    MPI_File_close(&f);
    if (interleaved) {
        MPI_Type_free(&filetype);
        MPI_Type_free(&contiguous);
    }
    if (rank == 0) {
        MPI_File_delete(name, MPI_INFO_NULL);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    return (double) bytes * size / seconds / 1e6;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    if (argc < 3) {
        fprintf(stderr, "usage: mpiio_lite TEST DIR [MIN_BYTES MAX_BYTES REPETITIONS]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    const char *test = argv[1];
    long min = argc > 3 ? atol(argv[3]) : 1L << 20;
    long max = argc > 4 ? atol(argv[4]) : 64L << 20;
    int repetitions = argc > 5 ? atoi(argv[5]) : 5;
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    char name[4096];
    snprintf(name, sizeof name, "%s/mpiio-lite-%s.dat", argv[2], test);
    char *data = malloc(max);
    memset(data, rank + 1, max);
    double *rates = malloc(sizeof(double) * repetitions);
    if (rank == 0) {
        printf("# MPI-IO-lite %s test, %d ranks (native MPI)\n", test, size);
        printf("# Size %20s\n", "MB/s");
    }
    for (long bytes = min; bytes <= max; bytes *= 2) {
        for (int r = 0; r < repetitions; r++) {
            rates[r] = once(test, name, rank, size, data, (int) bytes);
        }
        qsort(rates, repetitions, sizeof(double), compare);
        if (rank == 0) {
            printf("%-10ld%18.2f\n", bytes, rates[repetitions / 2]);
        }
    }
    free(rates);
    free(data);
    MPI_Finalize();
    return 0;
}
