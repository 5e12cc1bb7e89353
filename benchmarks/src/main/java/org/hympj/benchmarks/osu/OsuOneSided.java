package org.hympj.benchmarks.osu;

import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Win;

/**
 * The Java twin of {@code benchmarks/native/osu_onesided.c}: one-sided latency, bandwidth and
 * accumulate tests in the manner of the OSU micro-benchmarks' osu_put_latency, osu_get_latency,
 * osu_put_bw, osu_get_bw and osu_acc_latency, through Open MPI's Java API ({@code Win}) with
 * direct buffers; 2 ranks, rank 0 the origin, rank 1 the target, which makes no call while
 * rank 0 measures (passive target).
 *
 * <pre>hympjrun -np 2 [--jvms 2] -cp benchmarks/target/benchmarks.jar org.hympj.benchmarks.osu.OsuOneSided put_latency [max_bytes] [create|shared]</pre>
 *
 * Tests: {@code put_latency} and {@code get_latency} (one operation then {@code flush}, per
 * iteration, in a {@code lockAll} epoch; microseconds per iteration), {@code put_bw} and
 * {@code get_bw} (windows of 64 operations then {@code flush}; MB/s), {@code acc_latency}
 * (one {@code accumulate} of longs with SUM then {@code flush}; microseconds). Sizes run from
 * 8 bytes, times 8, while they fit {@code max_bytes} (default 1 MiB: up to 256 KiB), the window's size.
 * The window is made over a direct buffer ({@code create}, the default) or as a shared-memory
 * window ({@code shared}, {@code Win.FLAVOR_SHARED}).
 */
public final class OsuOneSided {
    private static final int WINDOW = 64;
    private static final int LATENCY_ITERATIONS = 1_000;
    private static final int LATENCY_SKIP = 100;
    private static final int BW_WINDOWS = 20;
    private static final int BW_SKIP = 2;

    private OsuOneSided() {
    }

    public static void main(String[] args) {
        MPI.Init(args);
        String test = args.length > 0 ? args[0] : "put_latency";
        int max = args.length > 1 ? Integer.parseInt(args[1]) : 1 << 20;
        boolean shared = args.length > 2 && args[2].equals("shared");
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        if (world.getSize() != 2) {
            throw new IllegalArgumentException("OsuOneSided runs on 2 ranks");
        }
        boolean bandwidth = test.endsWith("_bw");
        ByteBuffer memory = MPI.newByteBuffer(max);
        Win win = shared ? new Win(max, 1, MPI.INFO_NULL, world, memory, Win.FLAVOR_SHARED)
            : new Win(memory, max, 1, MPI.INFO_NULL, world);
        ByteBuffer origin = MPI.newByteBuffer(max);
        if (rank == 0) {
            System.out.println("# OSU-lite one-sided " + test + ", 2 ranks (HyMPJ, Open MPI's Java API, direct buffers, "
                + (shared ? "a shared window" : "a window over a buffer") + ")");
            System.out.println(bandwidth ? "# Size      Bandwidth (MB/s)" : "# Size     Avg Latency (us)");
        }
        for (int size = 8; size <= max; size *= 8) {
            world.barrier();
            if (rank == 0) {
                win.lockAll(0);
                double value = bandwidth ? bandwidth(test, win, origin, size) : latency(test, win, origin, size);
                win.unlockAll();
                System.out.printf("%-10d %18.2f%n", size, value);
            }
            world.barrier();
        }
        win.free();
        MPI.Finalize();
    }

    private static double latency(String test, Win win, ByteBuffer origin, int size) {
        LongBuffer add = MPI.newLongBuffer(size / 8);
        long start = 0;
        for (int i = 0; i < LATENCY_SKIP + LATENCY_ITERATIONS; i++) {
            if (i == LATENCY_SKIP) {
                start = System.nanoTime();
            }
            switch (test) {
                case "put_latency" -> win.put(origin, size, MPI.BYTE, 1, 0, size, MPI.BYTE);
                case "get_latency" -> win.get(origin, size, MPI.BYTE, 1, 0, size, MPI.BYTE);
                case "acc_latency" -> win.accumulate(add, size / 8, MPI.LONG, 1, 0, size / 8, MPI.LONG, MPI.SUM);
                default -> throw new IllegalArgumentException("unknown test " + test);
            }
            win.flush(1);
        }
        return (System.nanoTime() - start) / 1e3 / LATENCY_ITERATIONS;
    }

    private static double bandwidth(String test, Win win, ByteBuffer origin, int size) {
        long start = 0;
        for (int w = 0; w < BW_SKIP + BW_WINDOWS; w++) {
            if (w == BW_SKIP) {
                start = System.nanoTime();
            }
            for (int k = 0; k < WINDOW; k++) {
                if (test.equals("put_bw")) {
                    win.put(origin, size, MPI.BYTE, 1, 0, size, MPI.BYTE);
                } else if (test.equals("get_bw")) {
                    win.get(origin, size, MPI.BYTE, 1, 0, size, MPI.BYTE);
                } else {
                    throw new IllegalArgumentException("unknown test " + test);
                }
            }
            win.flush(1);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return (double) size * WINDOW * BW_WINDOWS / seconds / 1e6;
    }
}
