package org.hympj.benchmarks.mpiio;

import java.nio.ByteBuffer;
import java.util.Arrays;
import mpi.Datatype;
import mpi.File;
import mpi.MPI;

/**
 * The Java twin of {@code benchmarks/native/mpiio_lite.c}: write bandwidth of MPI-IO through
 * Open MPI's Java API, the same tests, sizes, repetitions and output columns, so HyMPJ and a
 * native MPI can be compared on one machine in one session.
 *
 * <pre>hympjrun -np 2 [--jvms M] -cp benchmarks/target/benchmarks.jar org.hympj.benchmarks.mpiio.MpiIoLite TEST DIR
 *     [MIN_BYTES MAX_BYTES REPETITIONS]</pre>
 *
 * Tests, each rank writing SIZE bytes (1 MiB to 64 MiB, doubling) into a new file of DIR:
 * {@code write_at_all} (rank r's block at byte r × SIZE, collective), {@code write_at} (the
 * same, independent), {@code write_at_all_interleaved} (a view of 64 KiB blocks, rank r's
 * the r-th of every N, written with one collective {@code writeAtAll}). A repetition opens
 * the file, waits at a barrier, times the write from before it to after a barrier that
 * follows it, closes and deletes the file; each size's figure is the median of its
 * repetitions' bandwidth, all ranks' bytes over the time, in MB/s (10^6 bytes). The data
 * stay in the page cache: the figure is what the calls cost, not the disk.
 */
public final class MpiIoLite {
    /** The block of the interleaved view, in bytes. */
    private static final int BLOCK = 64 * 1024;

    private MpiIoLite() {
    }

    public static void main(String[] args) {
        String[] a = MPI.Init(args);
        String test = a[0];
        String dir = a[1];
        long min = a.length > 2 ? Long.parseLong(a[2]) : 1 << 20;
        long max = a.length > 3 ? Long.parseLong(a[3]) : 64 << 20;
        int repetitions = a.length > 4 ? Integer.parseInt(a[4]) : 5;
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        byte[] data = new byte[(int) max];
        Arrays.fill(data, (byte) (rank + 1));
        if (rank == 0) {
            System.out.printf("# MPI-IO-lite %s test, %d ranks (HyMPJ, Open MPI's API, JDK %s)%n", test, size,
                System.getProperty("java.version"));
            System.out.printf("# Size %20s%n", "MB/s");
        }
        StringBuilder lines = new StringBuilder();
        for (long bytes = min; bytes <= max; bytes *= 2) {
            double[] rates = new double[repetitions];
            for (int r = 0; r < repetitions; r++) {
                rates[r] = once(test, dir + "/mpiio-lite-" + test + ".dat", rank, size, data, (int) bytes);
            }
            Arrays.sort(rates);
            lines.append(String.format("%-10d%18.2f%n", bytes, rates[repetitions / 2]));
        }
        if (rank == 0) {
            System.out.print(lines);
        }
        MPI.Finalize();
    }

    /** One repetition: the bandwidth of all ranks' writes of {@code bytes} bytes each, in MB/s. */
    private static double once(String test, String name, int rank, int size, byte[] data, int bytes) {
        File f = new File(MPI.COMM_WORLD, name, MPI.MODE_CREATE | MPI.MODE_WRONLY);
        if (test.equals("write_at_all_interleaved")) {
            Datatype filetype = Datatype.createResized(Datatype.createContiguous(BLOCK, MPI.BYTE), 0, size * BLOCK);
            filetype.commit();
            f.setView((long) rank * BLOCK, MPI.BYTE, filetype, "native");
        }
        long offset = test.equals("write_at_all_interleaved") ? 0 : (long) rank * bytes;
        MPI.COMM_WORLD.barrier();
        long start = System.nanoTime();
        if (test.equals("write_at")) {
            f.writeAt(offset, data, bytes, MPI.BYTE);
        } else {
            f.writeAtAll(offset, data, bytes, MPI.BYTE);
        }
        MPI.COMM_WORLD.barrier();
        long nanos = System.nanoTime() - start;
        f.close();
        if (rank == 0) {
            File.delete(name);
        }
        MPI.COMM_WORLD.barrier();
        return (double) bytes * size * 1e3 / nanos;
    }
}
