package org.hympj.benchmarks.firstcalls;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.Arrays;
import mpi.MPI;

/**
 * What a plain program sees of its first calls: one operation, timed over its first
 * 50,000 calls right after {@code MPI.Init}, then called on for a few seconds, then timed
 * over another 50,000 (its steady state). The program warms nothing itself; it uses only
 * the {@code mpi} API. Its twin for a native MPI is {@code benchmarks/native/firstcalls.c},
 * and {@code benchmarks/firstcalls.sh} runs both.
 *
 * <pre>hympjrun -np N [--jvms M] -cp benchmarks/target/benchmarks.jar org.hympj.benchmarks.firstcalls.FirstCalls
 *     OPERATION [--mode LABEL] [--t0 EPOCH_NANOS] [--calls N] [--steady SECONDS] [--blocks true]</pre>
 *
 * Operations: {@code pingpong} (ranks in pairs 2i, 2i+1, 8 bytes, a call is half a round
 * trip, as OSU's latency counts it), {@code allreduce} (one double, sum), {@code barrier},
 * {@code bcast} (8 bytes from rank 0). Each phase starts at a barrier and its figure is the
 * slowest rank's time divided by the calls. Output, CSV without a header:
 * {@code impl,operation,ranks,mode,phase,value,unit} with the phases {@code first} and
 * {@code steady} (µs per call), {@code first-median-block} and {@code steady-median-block}
 * (µs per call in the median block of 1,000 calls of each phase: what a phase costs with the
 * machine's occasional preemptions left out), {@code start-to-init} (ms from this rank's JVM start to
 * Init's return, the slowest rank) and, given {@code --t0} (the wall clock when the job was
 * launched, in ns since the epoch), {@code launch-to-init} (ms, the slowest rank).
 *
 * {@code --blocks true} also prints rank 0's first-phase blocks to standard error, to show
 * where the first calls' time goes.
 *
 * <p>The per-rank results are combined only after both phases, so that no other operation
 * is called before the measured one except the barriers that start each phase.
 */
public final class FirstCalls {
    private static final int TAG = 1;
    /** Calls per block: each phase is also timed block by block, for its median block. */
    private static final int BLOCK = 1_000;

    private FirstCalls() {
    }

    public static void main(String[] args) {
        String[] own = MPI.Init(args);
        double initReturned = epochMillis();
        String operation = own.length > 0 ? own[0] : "pingpong";
        String mode = "threads";
        long t0 = -1;
        int calls = 50_000;
        double steadySeconds = 3;
        boolean printBlocks = false;
        for (int i = 1; i + 1 < own.length; i += 2) {
            switch (own[i]) {
                case "--mode": mode = own[i + 1]; break;
                case "--t0": t0 = Long.parseLong(own[i + 1]); break;
                case "--calls": calls = Integer.parseInt(own[i + 1]); break;
                case "--steady": steadySeconds = Double.parseDouble(own[i + 1]); break;
                case "--blocks": printBlocks = Boolean.parseBoolean(own[i + 1]); break;
                default: throw new IllegalArgumentException("unknown option " + own[i]);
            }
        }
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        Operation op = operation(operation, rank, size);
        double[] mine = new double[6];
        double[] blocks = new double[Math.max(1, calls / BLOCK)];
        mine[0] = timed(op, calls, blocks);
        mine[4] = median(blocks);
        if (printBlocks && rank == 0) {
            StringBuilder line = new StringBuilder("firstcalls: rank 0's first blocks, µs per call:");
            for (double b : blocks) {
                line.append(String.format(" %.2f", b * 1e6 / BLOCK));
            }
            System.err.println(line);
        }
        double until = MPI.Wtime() + steadySeconds;
        boolean[] more = {true};
        while (more[0]) {
            op.call(10_000);
            more[0] = MPI.Wtime() < until;
            MPI.COMM_WORLD.Bcast(more, 0, 1, MPI.BOOLEAN, 0);
        }
        mine[1] = timed(op, calls, blocks);
        mine[5] = median(blocks);
        mine[2] = initReturned - ManagementFactory.getRuntimeMXBean().getStartTime();
        mine[3] = t0 < 0 ? -1 : initReturned - t0 / 1e6;
        double[] slowest = new double[mine.length];
        MPI.COMM_WORLD.Reduce(mine, 0, slowest, 0, mine.length, MPI.DOUBLE, MPI.MAX, 0);
        if (rank == 0) {
            double perCall = operation.equals("pingpong") ? 2.0 * calls : calls;
            String prefix = "hympj," + operation + "," + size + "," + mode + ",";
            System.out.printf("%sfirst,%.3f,us%n", prefix, slowest[0] * 1e6 / perCall);
            System.out.printf("%ssteady,%.3f,us%n", prefix, slowest[1] * 1e6 / perCall);
            double perBlockCall = perCall / calls * BLOCK;
            System.out.printf("%sfirst-median-block,%.3f,us%n", prefix, slowest[4] * 1e6 / perBlockCall);
            System.out.printf("%ssteady-median-block,%.3f,us%n", prefix, slowest[5] * 1e6 / perBlockCall);
            System.out.printf("%sstart-to-init,%.0f,ms%n", prefix, slowest[2]);
            if (t0 >= 0) {
                System.out.printf("%slaunch-to-init,%.0f,ms%n", prefix, slowest[3]);
            }
        }
        MPI.Finalize();
    }

    private static double epochMillis() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1e3 + now.getNano() / 1e6;
    }

    /**
     * Seconds this rank took for {@code calls} calls, started together at a barrier, made in
     * blocks of {@link #BLOCK} calls whose seconds go to {@code blocks}.
     */
    private static double timed(Operation op, int calls, double[] blocks) {
        MPI.COMM_WORLD.Barrier();
        long start = System.nanoTime();
        long blockStart = start;
        for (int b = 0, done = 0; done < calls; b++) {
            int n = Math.min(BLOCK, calls - done);
            op.call(n);
            done += n;
            long now = System.nanoTime();
            if (b < blocks.length) {
                blocks[b] = (now - blockStart) / 1e9;
            }
            blockStart = now;
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** {@code calls} calls of one operation. */
    private interface Operation {
        void call(int calls);
    }

    private static Operation operation(String name, int rank, int size) {
        switch (name) {
            case "pingpong": {
                byte[] buf = new byte[8];
                int peer = rank ^ 1;
                if (peer >= size) {
                    return calls -> { };
                }
                return rank % 2 == 0
                    ? calls -> {
                        for (int i = 0; i < calls; i++) {
                            MPI.COMM_WORLD.Send(buf, 0, 8, MPI.BYTE, peer, TAG);
                            MPI.COMM_WORLD.Recv(buf, 0, 8, MPI.BYTE, peer, TAG);
                        }
                    }
                    : calls -> {
                        for (int i = 0; i < calls; i++) {
                            MPI.COMM_WORLD.Recv(buf, 0, 8, MPI.BYTE, peer, TAG);
                            MPI.COMM_WORLD.Send(buf, 0, 8, MPI.BYTE, peer, TAG);
                        }
                    };
            }
            case "allreduce": {
                double[] in = {rank};
                double[] out = new double[1];
                return calls -> {
                    for (int i = 0; i < calls; i++) {
                        MPI.COMM_WORLD.Allreduce(in, 0, out, 0, 1, MPI.DOUBLE, MPI.SUM);
                    }
                };
            }
            case "barrier":
                return calls -> {
                    for (int i = 0; i < calls; i++) {
                        MPI.COMM_WORLD.Barrier();
                    }
                };
            case "bcast": {
                byte[] buf = new byte[8];
                return calls -> {
                    for (int i = 0; i < calls; i++) {
                        MPI.COMM_WORLD.Bcast(buf, 0, 8, MPI.BYTE, 0);
                    }
                };
            }
            default:
                throw new IllegalArgumentException("unknown operation " + name + " (pingpong, allreduce, barrier, bcast)");
        }
    }
}
