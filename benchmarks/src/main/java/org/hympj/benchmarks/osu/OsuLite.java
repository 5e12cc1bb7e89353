package org.hympj.benchmarks.osu;

import mpi.MPI;
import mpi.Request;

/**
 * The Java twin of {@code benchmarks/native/osu_lite.c}: the same tests, sizes, iteration
 * counts and output columns, run by hympjrun, so HyMPJ and a native MPI can be compared on
 * one machine in one session.
 *
 * <pre>hympjrun -np 4 [--jvms M] -cp benchmarks/target/benchmarks.jar org.hympj.benchmarks.osu.OsuLite allreduce [max_bytes]
 *     [--max BYTES] [--iterations N] [--warmup N] [--csv FILE] [--plot FILE.png]</pre>
 *
 * {@code --iterations} and {@code --warmup} replace OSU's timed and untimed counts for every size;
 * {@code --csv} also writes {@code test,ranks,bytes,value,unit} rows to FILE;
 * {@code --plot} draws the figures against the size into a PNG ({@link OsuPlot}).
 *
 * Tests: latency (2 ranks, half round trip), bw (2 ranks, window of 64 messages), bibw
 * (2 ranks, windows both ways at once), mbw_mr (ranks i and i + N/2 in pairs, each pair
 * streaming windows: the bandwidth of all pairs together and its message rate), bcast,
 * allreduce (float sum), allgather, alltoall, barrier (average time per call over the ranks).
 *
 * <p>Each size runs as in the OSU micro-benchmarks: OSU's {@link #skip} untimed iterations,
 * then its {@link #iterations} timed ones, with OSU's counts for the kind of test and the
 * size. The program gets no warm-up of its own, so its figures are those any program's calls
 * of that size and count would see.
 */
public final class OsuLite {
    private static final int WINDOW = 64;
    /** OSU's LARGE_MESSAGE_SIZE: sizes above it get the smaller counts. */
    private static final int LARGE_MESSAGE_BYTES = 8192;

    private OsuLite() {
    }

    /**
     * OSU's timed iterations per size (the OSU micro-benchmarks' osu_util.h): latency 10,000 up to
     * 8 KiB and 1,000 above; the window tests (bw, bibw, mbw_mr) 100 windows and 20; the
     * collectives 1,000 and 100. C's twin uses the same counts.
     */
    static int iterations(String test, long size) {
        boolean small = size <= LARGE_MESSAGE_BYTES;
        return switch (test) {
            case "latency" -> small ? 10_000 : 1_000;
            case "bw", "bibw", "mbw_mr" -> small ? 100 : 20;
            default -> small ? 1_000 : 100;
        };
    }

    /** OSU's untimed iterations before each size's timed ones: latency 100 and 10, the window tests 10 and 2, the collectives 100 and 10. */
    static int skip(String test, long size) {
        boolean small = size <= LARGE_MESSAGE_BYTES;
        return switch (test) {
            case "latency" -> small ? 100 : 10;
            case "bw", "bibw", "mbw_mr" -> small ? 10 : 2;
            default -> small ? 100 : 10;
        };
    }

    /** The command line: the test, then options. */
    static final class Options {
        String test = "latency";
        int max = -1;
        int iterations = -1;
        int warmup = -1;
        String csv;
        String plot;
        /** Which of package mpi's APIs makes the calls: mpiJava 1.2's ({@code mpijava}) or Open MPI's ({@code ompi}). */
        String api = "mpijava";
        /** The buffers of Open MPI's API: {@code direct} ({@code MPI.newByteBuffer}) or {@code heap} (wrapped arrays). */
        String buffers = "direct";

        static Options parse(String[] args) {
            Options o = new Options();
            boolean testSeen = false;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--max": o.max = Integer.parseInt(value(args, ++i, a)); break;
                    case "--iterations": o.iterations = Integer.parseInt(value(args, ++i, a)); break;
                    case "--warmup": o.warmup = Integer.parseInt(value(args, ++i, a)); break;
                    case "--csv": o.csv = value(args, ++i, a); break;
                    case "--plot": o.plot = value(args, ++i, a); break;
                    case "--api": o.api = choice(value(args, ++i, a), a, "mpijava", "ompi"); break;
                    case "--buffers": o.buffers = choice(value(args, ++i, a), a, "direct", "heap"); break;
                    default:
                        if (a.startsWith("--")) {
                            throw new IllegalArgumentException("unknown option " + a
                                + " (options: --max, --iterations, --warmup, --csv, --plot, --api, --buffers)");
                        } else if (!testSeen) {
                            o.test = a;
                            testSeen = true;
                        } else {
                            o.max = Integer.parseInt(a);
                        }
                }
            }
            if (o.max < 0) {
                o.max = pointToPoint(o.test) ? 4_194_304 : 1_048_576;
            }
            if (o.plot != null && o.test.equals("barrier")) {
                throw new IllegalArgumentException("--plot draws figures against the message size, and barrier has none");
            }
            return o;
        }

        /** The timed iterations of a size: {@code --iterations} or OSU's. */
        int iterations(String test, long size) {
            return iterations > 0 ? iterations : OsuLite.iterations(test, size);
        }

        /** The untimed iterations before a size's timed ones: {@code --warmup} or OSU's skip. */
        int skip(String test, long size) {
            return warmup >= 0 ? warmup : OsuLite.skip(test, size);
        }

        private static String choice(String value, String option, String... allowed) {
            if (!java.util.List.of(allowed).contains(value)) {
                throw new IllegalArgumentException("option " + option + " takes one of " + String.join(", ", allowed) + ", got " + value);
            }
            return value;
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length) {
                throw new IllegalArgumentException("option " + option + " needs a value");
            }
            return args[i];
        }
    }

    /** True for the tests between pairs of ranks, whose figure is rank 0's own. */
    static boolean pointToPoint(String test) {
        return switch (test) {
            case "latency", "bw", "bibw", "mbw_mr" -> true;
            default -> false;
        };
    }

    /** The OSU header line naming the test's columns. */
    static String columns(String test) {
        return switch (test) {
            case "bw", "bibw" -> String.format("# Size %20s", "Bandwidth (MB/s)");
            case "mbw_mr" -> String.format("# Size %20s %17s", "MB/s", "Messages/s");
            default -> String.format("# Size %20s", "Avg Latency (us)");
        };
    }

    public static void main(String[] args) throws java.io.IOException {
        Options options = Options.parse(MPI.Init(args));
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        String test = options.test;
        int max = options.max;
        Buffers buffers = new Buffers(max, size, options);
        if (rank == 0) {
            System.out.printf("# OSU-lite %s test, %d ranks (HyMPJ, %s API%s, JDK %s)%n", test, size,
                options.api.equals("ompi") ? "Open MPI's" : "mpiJava 1.2's", options.api.equals("ompi") ? ", " + options.buffers + " buffers" : "",
                System.getProperty("java.version"));
            System.out.println(columns(test));
        }
        // Lines are printed after the last size: formatting is new code for the JIT, and its
        // compilation would take a core from the ranks while the next sizes are timed.
        StringBuilder lines = new StringBuilder();
        if (test.equals("barrier")) {
            report(rank, size, 0, run(test, rank, 0, options.iterations(test, 0), options.skip(test, 0), buffers), lines);
        } else {
            for (int s = 8; s <= max; s *= 2) {
                double value = run(test, rank, s, options.iterations(test, s), options.skip(test, s), buffers);
                if (pointToPoint(test)) {
                    lines.append(s).append(' ').append(value).append('\n');
                } else {
                    report(rank, size, s, value, lines);
                }
            }
        }
        if (rank == 0) {
            StringBuilder csv = new StringBuilder("test,ranks,bytes,value,unit\n");
            String unit = test.equals("bw") || test.equals("bibw") || test.equals("mbw_mr") ? "MB/s" : "us";
            for (String line : lines.toString().split("\n")) {
                String[] f = line.split(" ");
                int bytes = Integer.parseInt(f[0]);
                double value = Double.parseDouble(f[1]);
                csv.append(test).append(',').append(size).append(',').append(f[0]).append(',').append(f[1]).append(',').append(unit).append('\n');
                if (test.equals("mbw_mr")) {
                    double rate = value * 1e6 / bytes;
                    System.out.printf("%-10d%18.2f%18.2f%n", bytes, value, rate);
                    csv.append(test).append(',').append(size).append(',').append(bytes).append(',').append(rate).append(",messages/s\n");
                } else {
                    System.out.printf("%-10d%18.2f%n", bytes, value);
                }
            }
            if (options.csv != null) {
                java.nio.file.Files.writeString(java.nio.file.Path.of(options.csv), csv);
            }
            if (options.plot != null) {
                String name = "HyMPJ, " + size + " ranks" + (System.getProperty("hympj.jvm.index") != null ? " (several JVMs)" : "");
                OsuPlot.draw(java.util.List.of(OsuPlot.parse(name, java.util.List.of(csv.toString().split("\n")))),
                    java.nio.file.Path.of(options.plot));
            }
        }
        MPI.Finalize();
    }

    /** The message buffers and requests of one run: allocated once, at the largest size, in the form the chosen API takes. */
    static final class Buffers {
        final OsuCalls calls;
        final Request[] window = new Request[WINDOW];
        final Request[] bothWays = new Request[2 * WINDOW];

        Buffers(int max, int ranks, Options options) {
            calls = options.api.equals("ompi") ? new OpenMpiCalls(max, ranks, options.buffers.equals("direct"))
                : new MpiJavaCalls(max, ranks);
        }
    }

    /** Runs {@code n} timed iterations after {@code w} untimed ones; returns the test's figure for this size. */
    static double run(String test, int rank, int s, int n, int w, Buffers buf) {
        switch (test) {
            case "latency":
                return latency(rank, s, n, w, buf);
            case "bw":
                return bandwidth(rank, s, n, w, buf);
            case "bibw":
                return bidirectionalBandwidth(rank, s, n, w, buf);
            case "mbw_mr":
                return multiPairBandwidth(rank, s, n, w, buf);
            case "bcast":
            case "allreduce":
            case "allgather":
            case "alltoall":
            case "barrier":
                return collective(test, s, n, w, buf);
            default:
                throw new IllegalArgumentException("unknown test '" + test
                    + "': latency, bw, bibw, mbw_mr, bcast, allreduce, allgather, alltoall or barrier");
        }
    }

    /** Half the average round trip of a ping-pong between ranks 0 and 1, in microseconds. */
    private static double latency(int rank, int s, int n, int w, Buffers buf) {
        if (rank >= 2) {
            return 0;
        }
        double t0 = 0;
        for (int i = 0; i < n + w; i++) {
            if (i == w) {
                t0 = MPI.Wtime();
            }
            if (rank == 0) {
                buf.calls.send(s, 1, 1);
                buf.calls.recv(s, 1, 1);
            } else {
                buf.calls.recv(s, 0, 1);
                buf.calls.send(s, 0, 1);
            }
        }
        return (MPI.Wtime() - t0) * 1e6 / (2.0 * n);
    }

    /** MB/s from rank 0 to rank 1: {@code rounds} timed windows of non-blocking sends after {@code w} untimed ones, each window acknowledged. */
    private static double bandwidth(int rank, int s, int rounds, int w, Buffers buf) {
        if (rank >= 2) {
            return 0;
        }
        Request[] req = buf.window;
        double t0 = 0;
        for (int i = 0; i < rounds + w; i++) {
            if (i == w) {
                t0 = MPI.Wtime();
            }
            if (rank == 0) {
                for (int k = 0; k < WINDOW; k++) {
                    req[k] = buf.calls.isend(s, 1, 2);
                }
                buf.calls.waitAll(req);
                buf.calls.recv(4, 1, 3);
            } else {
                for (int k = 0; k < WINDOW; k++) {
                    req[k] = buf.calls.irecv(s, 0, 2);
                }
                buf.calls.waitAll(req);
                buf.calls.send(4, 0, 3);
            }
        }
        return (double) s * WINDOW * rounds / (MPI.Wtime() - t0) / 1e6;
    }

    /** MB/s both ways together between ranks 0 and 1: each posts a window of receives and a window of sends, {@code w} untimed rounds first. */
    private static double bidirectionalBandwidth(int rank, int s, int rounds, int w, Buffers buf) {
        if (rank >= 2) {
            return 0;
        }
        int peer = 1 - rank;
        Request[] req = buf.bothWays;
        double t0 = 0;
        for (int i = 0; i < rounds + w; i++) {
            if (i == w) {
                t0 = MPI.Wtime();
            }
            for (int k = 0; k < WINDOW; k++) {
                req[k] = buf.calls.irecv(s, peer, 2);
            }
            for (int k = 0; k < WINDOW; k++) {
                req[WINDOW + k] = buf.calls.isend(s, peer, 2);
            }
            buf.calls.waitAll(req);
        }
        return 2.0 * s * WINDOW * rounds / (MPI.Wtime() - t0) / 1e6;
    }

    /**
     * The MB/s of all pairs together: rank i &lt; N/2 streams windows to rank i + N/2, each
     * window acknowledged, all pairs at once; the time is the slowest sender's. Every rank
     * returns the figure (an odd rank out only joins the barriers). {@code w} untimed windows come first.
     */
    private static double multiPairBandwidth(int rank, int s, int rounds, int w, Buffers buf) {
        int pairs = MPI.COMM_WORLD.Size() / 2;
        Request[] req = buf.window;
        double elapsed = 0;
        for (int round = 0; round < 2; round++) {
            // Round 0 is the untimed one of OSU's skip.
            int n = round == 0 ? w : rounds;
            MPI.COMM_WORLD.Barrier();
            double t0 = MPI.Wtime();
            for (int i = 0; i < n; i++) {
                if (rank < pairs) {
                    for (int k = 0; k < WINDOW; k++) {
                        req[k] = buf.calls.isend(s, rank + pairs, 2);
                    }
                    buf.calls.waitAll(req);
                    buf.calls.recv(4, rank + pairs, 3);
                } else if (rank < 2 * pairs) {
                    for (int k = 0; k < WINDOW; k++) {
                        req[k] = buf.calls.irecv(s, rank - pairs, 2);
                    }
                    buf.calls.waitAll(req);
                    buf.calls.send(4, rank - pairs, 3);
                }
            }
            elapsed = MPI.Wtime() - t0;
        }
        double[] mine = {rank < pairs ? elapsed : 0};
        double[] slowest = new double[1];
        MPI.COMM_WORLD.Allreduce(mine, 0, slowest, 0, 1, MPI.DOUBLE, MPI.MAX);
        return (double) pairs * s * WINDOW * rounds / slowest[0] / 1e6;
    }

    /** This rank's average time per call of a collective, in microseconds. */
    private static double collective(String test, int s, int n, int w, Buffers buf) {
        double t0 = 0;
        for (int i = 0; i < n + w; i++) {
            if (i == w) {
                MPI.COMM_WORLD.Barrier();
                t0 = MPI.Wtime();
            }
            switch (test) {
                case "bcast":
                    buf.calls.bcast(s);
                    break;
                case "allreduce":
                    buf.calls.allreduce(s / 4);
                    break;
                case "allgather":
                    buf.calls.allgather(s);
                    break;
                case "alltoall":
                    buf.calls.alltoall(s);
                    break;
                default:
                    buf.calls.barrier();
            }
        }
        return (MPI.Wtime() - t0) * 1e6 / n;
    }

    /** Adds the average over the ranks of each rank's time per call to rank 0's lines, as the OSU collective tests report. */
    private static void report(int rank, int size, int bytes, double microseconds, StringBuilder lines) {
        double[] sum = new double[1];
        MPI.COMM_WORLD.Reduce(new double[] {microseconds}, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM, 0);
        if (rank == 0) {
            lines.append(bytes).append(' ').append(sum[0] / size).append('\n');
        }
    }
}
