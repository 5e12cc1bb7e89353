package org.hympj.benchmarks.pingpong;

import java.net.URL;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import mpi.MPI;
import org.hympj.benchmarks.floors.PaddedCounter;
import org.hympj.comm.runtime.Bootstrap;
import org.hympj.comm.runtime.Job;
import org.hympj.comm.runtime.ThreadJob;

/**
 * Latency ratio to the floor on a machine whose core-to-core latency drifts: alternates short
 * bursts of the raw two-thread cache-line ping-pong and of the HyMPJ thread-rank ping-pong
 * (8 B by default) in one JVM, takes the ratio of each adjacent pair of bursts, and reports
 * the median and quartiles of those ratios, beside the medians of both.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar org.hympj.benchmarks.pingpong.InterleavedPingPong [bytes] [rounds] [burstMillis]</pre>
 */
public final class InterleavedPingPong {
    private static final PaddedCounter PING = new PaddedCounter();
    private static final PaddedCounter PONG = new PaddedCounter();
    private static volatile boolean floorActive;
    private static volatile boolean running = true;
    private static long sequence;

    private InterleavedPingPong() {
    }

    public static void main(String[] args) throws Exception {
        int bytes = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 40;
        long burstNanos = (args.length > 2 ? Long.parseLong(args[2]) : 200) * 1_000_000L;
        InboxRequired.check();

        Thread floorEcho = new Thread(InterleavedPingPong::floorEcho, "floor-echo");
        floorEcho.setDaemon(true);
        floorEcho.start();

        Job job = new Job(2);
        Bootstrap.host(MPI.class.getClassLoader(), job.rank(0));
        MPI.Init(args);
        URL here = EchoRank.class.getProtectionDomain().getCodeSource().getLocation();
        ThreadJob echo = ThreadJob.start(job, 1, new URL[] {here}, EchoRank.class.getName(), new String[] {Integer.toString(bytes)});
        byte[] buffer = new byte[bytes];

        int warmup = Math.max(3, rounds / 5);
        double[] floor = new double[rounds];
        double[] hympj = new double[rounds];
        double[] ratio = new double[rounds];
        for (int round = -warmup; round < rounds; round++) {
            double f = floorBurst(burstNanos);
            double h = hympjBurst(buffer, bytes, burstNanos);
            if (round >= 0) {
                floor[round] = f;
                hympj[round] = h;
                ratio[round] = h / f;
            }
        }
        MPI.COMM_WORLD.Send(buffer, 0, 0, MPI.BYTE, 1, EchoRank.STOP);
        echo.await(5_000);
        MPI.Finalize();
        running = false;

        System.out.printf("%d B, %d rounds of %d ms each, JDK %s%n", bytes, rounds, burstNanos / 1_000_000,
            System.getProperty("java.version"));
        System.out.printf("floor round trip:  median %8.1f ns  (q1 %8.1f, q3 %8.1f)%n", median(floor), quartile(floor, 1), quartile(floor, 3));
        System.out.printf("HyMPJ round trip:  median %8.1f ns  (q1 %8.1f, q3 %8.1f)%n", median(hympj), quartile(hympj, 1), quartile(hympj, 3));
        System.out.printf("ratio HyMPJ/floor: median %8.2f     (q1 %8.2f, q3 %8.2f)%n", median(ratio), quartile(ratio, 1), quartile(ratio, 3));
    }

    private static void floorEcho() {
        long seen = 0;
        while (running) {
            if (!floorActive) {
                LockSupport.parkNanos(200_000);
                continue;
            }
            long v = PING.value;
            if (v != seen) {
                seen = v;
                PONG.value = v;
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /** Nanoseconds per round trip of the raw floor, over one burst. */
    private static double floorBurst(long burstNanos) {
        floorActive = true;
        LockSupport.parkNanos(1_000_000);
        long count = 0;
        long start = System.nanoTime();
        long end = start + burstNanos;
        long now;
        do {
            for (int i = 0; i < 1000; i++) {
                floorRoundTrip();
            }
            count += 1000;
            now = System.nanoTime();
        } while (now < end);
        floorActive = false;
        return (now - start) / (double) count;
    }

    private static void floorRoundTrip() {
        long n = ++sequence;
        PING.value = n;
        while (PONG.value != n) {
            Thread.onSpinWait();
        }
    }

    /** Nanoseconds per round trip between two thread ranks, over one burst. */
    private static double hympjBurst(byte[] buffer, int bytes, long burstNanos) {
        long count = 0;
        long start = System.nanoTime();
        long end = start + burstNanos;
        long now;
        do {
            for (int i = 0; i < 1000; i++) {
                hympjRoundTrip(buffer, bytes);
            }
            count += 1000;
            now = System.nanoTime();
        } while (now < end);
        return (now - start) / (double) count;
    }

    private static void hympjRoundTrip(byte[] buffer, int bytes) {
        MPI.COMM_WORLD.Send(buffer, 0, bytes, MPI.BYTE, 1, 0);
        MPI.COMM_WORLD.Recv(buffer, 0, bytes, MPI.BYTE, 1, 0);
    }

    private static double median(double[] values) {
        return quartile(values, 2);
    }

    /** The q-th quartile of {@code values} (2: the median), as both interleaved tools report it. */
    static double quartile(double[] values, int q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, sorted.length * q / 4)];
    }
}
