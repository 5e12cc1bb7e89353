package org.hympj.benchmarks.firstcalls;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import mpi.MPI;

/**
 * What a plain program sees of its first calls: one operation, timed over its first
 * 50,000 calls right after {@code MPI.Init}, then called on for a few seconds, then timed
 * over another 50,000 (its steady state). The program warms nothing itself; it uses only
 * the {@code mpi} API. Its twin for a native MPI is {@code benchmarks/native/firstcalls.c},
 * and {@code benchmarks/firstcalls.sh} runs both.
 *
 * <pre>hympjrun -np N [--jvms M] -cp benchmarks/target/benchmarks.jar org.hympj.benchmarks.firstcalls.FirstCalls
 *     OPERATION [--mode LABEL] [--t0 EPOCH_NANOS] [--calls N] [--steady SECONDS]</pre>
 *
 * Operations: {@code pingpong} (ranks in pairs 2i, 2i+1, 8 bytes, a call is half a round
 * trip, as OSU's latency counts it), {@code allreduce} (one double, sum), {@code barrier},
 * {@code bcast} (8 bytes from rank 0). Each phase starts at a barrier and its figure is the
 * slowest rank's time divided by the calls. Output, CSV without a header:
 * {@code impl,operation,ranks,mode,phase,value,unit} with the phases {@code first} and
 * {@code steady} (µs per call), {@code start-to-init} (ms from this rank's JVM start to
 * Init's return, the slowest rank) and, given {@code --t0} (the wall clock when the job was
 * launched, in ns since the epoch), {@code launch-to-init} (ms, the slowest rank).
 *
 * <p>The per-rank results are combined only after both phases, so that no other operation
 * is called before the measured one except the barriers that start each phase.
 */
public final class FirstCalls {
    private static final int TAG = 1;

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
        for (int i = 1; i + 1 < own.length; i += 2) {
            switch (own[i]) {
                case "--mode": mode = own[i + 1]; break;
                case "--t0": t0 = Long.parseLong(own[i + 1]); break;
                case "--calls": calls = Integer.parseInt(own[i + 1]); break;
                case "--steady": steadySeconds = Double.parseDouble(own[i + 1]); break;
                default: throw new IllegalArgumentException("unknown option " + own[i]);
            }
        }
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        Operation op = operation(operation, rank, size);
        double[] mine = new double[4];
        mine[0] = timed(op, calls);
        double until = MPI.Wtime() + steadySeconds;
        boolean[] more = {true};
        while (more[0]) {
            op.call(10_000);
            more[0] = MPI.Wtime() < until;
            MPI.COMM_WORLD.Bcast(more, 0, 1, MPI.BOOLEAN, 0);
        }
        mine[1] = timed(op, calls);
        mine[2] = initReturned - ManagementFactory.getRuntimeMXBean().getStartTime();
        mine[3] = t0 < 0 ? -1 : initReturned - t0 / 1e6;
        double[] slowest = new double[4];
        MPI.COMM_WORLD.Reduce(mine, 0, slowest, 0, 4, MPI.DOUBLE, MPI.MAX, 0);
        if (rank == 0) {
            double perCall = operation.equals("pingpong") ? 2.0 * calls : calls;
            String prefix = "hympj," + operation + "," + size + "," + mode + ",";
            System.out.printf("%sfirst,%.3f,us%n", prefix, slowest[0] * 1e6 / perCall);
            System.out.printf("%ssteady,%.3f,us%n", prefix, slowest[1] * 1e6 / perCall);
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

    /** Seconds this rank took for {@code calls} calls, started together at a barrier. */
    private static double timed(Operation op, int calls) {
        MPI.COMM_WORLD.Barrier();
        long start = System.nanoTime();
        op.call(calls);
        return (System.nanoTime() - start) / 1e9;
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
