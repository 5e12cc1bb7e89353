package org.hympj.benchmarks.osu;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

/**
 * The non-blocking collective tests of the OSU micro-benchmarks ({@code osu_iallreduce},
 * {@code osu_ibcast}, {@code osu_ialltoall}, {@code osu_ibarrier}), written against Open MPI's
 * Java API, with OSU's method and columns: per size, the pure communication time (start and
 * wait at once), then the overall time of start, computation as long as the pure
 * communication, and wait; the overlap is the share of the communication hidden behind the
 * computation, {@code 100 * (1 - (overall - compute) / pure)}, within 0 to 100. Each figure is the
 * average over the ranks.
 *
 * <pre>hympjrun -np 4 [--jvms M] -cp benchmarks/target/benchmarks.jar org.hympj.benchmarks.osu.OsuNonBlocking iallreduce
 *     [--max BYTES] [--iterations N] [--warmup N]</pre>
 *
 * Iteration counts and sizes are {@link OsuLite}'s for collectives (OSU's). Buffers are direct,
 * as Open MPI's non-blocking calls need.
 */
public final class OsuNonBlocking {
    /** Where the computation's result goes, so that the JIT keeps the computation. */
    static volatile double sink;

    private OsuNonBlocking() {
    }

    /** OSU's header line of the non-blocking collective tests. */
    static String columns() {
        return String.format("# Size %17s %17s %17s %17s", "Overall(us)", "Compute(us)", "Pure Comm.(us)", "Overlap(%)");
    }

    public static void main(String[] args) {
        OsuLite.Options options = OsuLite.Options.parse(MPI.Init(args));
        if (options.csv != null || options.plot != null) {
            throw new IllegalArgumentException("OsuNonBlocking prints OSU's columns only (no --csv, no --plot)");
        }
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        String test = options.test;
        Operation operation = operation(test, world, options.max, size);
        if (rank == 0) {
            System.out.printf("# OSU-lite %s test, %d ranks (HyMPJ, Open MPI's Java API, JDK %s)%n", test, size,
                System.getProperty("java.version"));
            System.out.println(columns());
        }
        StringBuilder lines = new StringBuilder();
        // A barrier has one size, 0; the others double from 8 bytes.
        int last = test.equals("ibarrier") ? 0 : options.max;
        for (int s = test.equals("ibarrier") ? 0 : 8; s <= last; s = Math.max(8, 2 * s)) {
            double[] mine = measure(world, operation, s, options.iterations(test, s), options.skip(test, s));
            double[] sum = new double[4];
            world.reduce(mine, sum, 4, MPI.DOUBLE, MPI.SUM, 0);
            if (rank == 0) {
                lines.append(String.format("%-10d%18.2f%18.2f%18.2f%18.2f%n", s, sum[0] / size, sum[1] / size, sum[2] / size,
                    sum[3] / size));
            }
        }
        System.out.print(lines);
        MPI.Finalize();
    }

    /** One start of the test's collective for a message of {@code bytes} bytes. */
    interface Operation {
        Request start(int bytes);
    }

    private static Operation operation(String test, Intracomm world, int max, int ranks) {
        ByteBuffer a = direct(Math.max(max, 1) * (long) ranks);
        ByteBuffer b = direct(Math.max(max, 1) * (long) ranks);
        Buffer floats = a.asFloatBuffer();
        Buffer sums = b.asFloatBuffer();
        return switch (test) {
            case "iallreduce" -> bytes -> world.iAllReduce(floats, sums, bytes / 4, MPI.FLOAT, MPI.SUM);
            case "ibcast" -> bytes -> world.iBcast(a, bytes, MPI.BYTE, 0);
            case "ialltoall" -> bytes -> world.iAllToAll(a, bytes, MPI.BYTE, b, bytes, MPI.BYTE);
            case "ibarrier" -> bytes -> world.iBarrier();
            default -> throw new IllegalArgumentException("unknown test '" + test + "': iallreduce, ibcast, ialltoall or ibarrier");
        };
    }

    private static ByteBuffer direct(long bytes) {
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("--max times the ranks must stay below 2 GiB, got " + bytes + " bytes");
        }
        return ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.nativeOrder());
    }

    /**
     * This rank's {overall, compute, pure communication} in microseconds per call and its
     * overlap in percent, over {@code n} timed calls after {@code w} untimed ones.
     */
    static double[] measure(Intracomm world, Operation op, int bytes, int n, int w) {
        double pure = 0;
        for (int i = 0; i < n + w; i++) {
            if (i == w) {
                world.barrier();
                pure = MPI.Wtime();
            }
            op.start(bytes).Wait();
        }
        pure = (MPI.Wtime() - pure) / n;
        long computeNanos = (long) (pure * 1e9);
        double overall = 0;
        double compute = 0;
        for (int i = 0; i < n + w; i++) {
            if (i == w) {
                world.barrier();
                overall = MPI.Wtime();
                compute = 0;
            }
            Request request = op.start(bytes);
            compute += compute(computeNanos);
            request.Wait();
        }
        overall = (MPI.Wtime() - overall) / n;
        compute /= n;
        double overlap = pure > 0 ? Math.min(100, Math.max(0, 100 * (1 - (overall - compute) / pure))) : 0;
        return new double[] {overall * 1e6, compute * 1e6, pure * 1e6, overlap};
    }

    /** Computes, without MPI calls, for {@code nanos} nanoseconds; returns the seconds it took. */
    private static double compute(long nanos) {
        long start = System.nanoTime();
        double x = 1;
        while (System.nanoTime() - start < nanos) {
            for (int k = 0; k < 64; k++) {
                x = x * 1.000001 + 1e-9;
            }
        }
        sink = x;
        return (System.nanoTime() - start) / 1e9;
    }
}
