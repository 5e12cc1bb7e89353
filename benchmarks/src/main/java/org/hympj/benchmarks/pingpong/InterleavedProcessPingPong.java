package org.hympj.benchmarks.pingpong;

import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import mpi.MPI;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * The process path's small-message latency against two baselines measured in the same
 * seconds between the same two JVMs: a cache line bounced through a shared file (the floor)
 * and a bare Agrona {@link OneToOneRingBuffer} pair in that file (what a ring costs without
 * MPI). Each round runs a burst of each, in lockstep on both ranks; the report gives the
 * medians and the median of each round's ratios, which the machine's drifting core-to-core
 * latency (up to 6x between phases) does not move as it moves the times.
 *
 * <pre>hympjrun -np 2 --jvms 2 -cp benchmarks/target/benchmarks.jar \
 *     org.hympj.benchmarks.pingpong.InterleavedProcessPingPong [bytes] [rounds] [roundTripsPerBurst]</pre>
 */
public final class InterleavedProcessPingPong {
    private static final int RING = 64 * 1024;
    private static final int SPAN = RING + RingBufferDescriptor.TRAILER_LENGTH;
    /** The floor's two words, each on a line (and its neighbour) of its own, after the rings. */
    private static final int PING_OFFSET = 2 * SPAN;
    private static final int PONG_OFFSET = PING_OFFSET + 128;
    private static final int FILE_BYTES = PONG_OFFSET + 128;
    private static final int MESSAGE = 1;

    private final int rank;
    private final int bytes;
    private final UnsafeBuffer shared;
    private final OneToOneRingBuffer out;
    private final OneToOneRingBuffer in;
    private final byte[] payload;
    private final UnsafeBuffer source;
    private final MessageHandler collect;
    private boolean received;
    private long sequence;

    private InterleavedProcessPingPong(int rank, int bytes, MappedByteBuffer file) {
        this.rank = rank;
        this.bytes = bytes;
        this.shared = new UnsafeBuffer(file);
        OneToOneRingBuffer ping = new OneToOneRingBuffer(new UnsafeBuffer(file, 0, SPAN));
        OneToOneRingBuffer pong = new OneToOneRingBuffer(new UnsafeBuffer(file, SPAN, SPAN));
        this.out = rank == 0 ? ping : pong;
        this.in = rank == 0 ? pong : ping;
        this.payload = new byte[bytes];
        this.source = new UnsafeBuffer(payload);
        this.collect = (type, buffer, index, length) -> {
            buffer.getBytes(index, payload, 0, length);
            received = true;
        };
    }

    public static void main(String[] args) throws Exception {
        args = MPI.Init(args);
        int bytes = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int trips = args.length > 2 ? Integer.parseInt(args[2]) : 100_000;
        int rank = MPI.COMM_WORLD.Rank();
        if (MPI.COMM_WORLD.Size() != 2) {
            throw new IllegalArgumentException("run it on 2 ranks in 2 JVMs (hympjrun -np 2 --jvms 2)");
        }
        char[] name = new char[256];
        Path file = null;
        if (rank == 0) {
            file = Files.createTempFile(Path.of("/dev/shm"), "hympj-pingpong-", ".rings");
            file.toFile().deleteOnExit(); // if the job ends before both ranks have mapped it
            String s = file.toString();
            s.getChars(0, s.length(), name, 0);
        }
        MPI.COMM_WORLD.Bcast(name, 0, name.length, MPI.CHAR, 0);
        Path path = Path.of(new String(name).trim());
        MappedByteBuffer mapped;
        try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "rw")) {
            if (rank == 0) {
                f.setLength(FILE_BYTES);
            }
            MPI.COMM_WORLD.Barrier();
            mapped = f.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, FILE_BYTES);
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) {
            Files.delete(file);
        }
        InterleavedProcessPingPong p = new InterleavedProcessPingPong(rank, bytes, mapped);
        byte[] buffer = new byte[bytes];

        int warmup = Math.max(3, rounds / 5);
        double[] floor = new double[rounds];
        double[] ring = new double[rounds];
        double[] hympj = new double[rounds];
        for (int round = -warmup; round < rounds; round++) {
            MPI.COMM_WORLD.Barrier();
            double f = p.floorBurst(trips);
            MPI.COMM_WORLD.Barrier();
            double r = p.ringBurst(trips);
            MPI.COMM_WORLD.Barrier();
            double h = hympjBurst(rank, buffer, bytes, trips);
            if (round >= 0) {
                floor[round] = f;
                ring[round] = r;
                hympj[round] = h;
            }
        }
        if (rank == 0) {
            double[] overRing = new double[rounds];
            double[] overFloor = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                overRing[i] = hympj[i] / ring[i];
                overFloor[i] = hympj[i] / floor[i];
            }
            System.out.printf("%d B, 2 ranks, %d rounds of %d round trips per path, JDK %s%n", bytes, rounds, trips,
                System.getProperty("java.version"));
            print("floor (cache line) round trip", floor, " ns");
            print("bare Agrona rings round trip ", ring, " ns");
            print("HyMPJ round trip             ", hympj, " ns");
            print("ratio HyMPJ / bare rings     ", overRing, "");
            print("ratio HyMPJ / floor          ", overFloor, "");
        }
        MPI.Finalize();
    }

    private static void print(String what, double[] values, String unit) {
        System.out.printf("%s: median %8.2f%s (q1 %8.2f, q3 %8.2f)%n", what, InterleavedPingPong.quartile(values, 2), unit,
            InterleavedPingPong.quartile(values, 1), InterleavedPingPong.quartile(values, 3));
    }

    /** Nanoseconds per round trip of one cache line written by each side in turn. */
    private double floorBurst(int trips) {
        long start = System.nanoTime();
        for (int i = 0; i < trips; i++) {
            long n = ++sequence;
            if (rank == 0) {
                shared.putLongVolatile(PING_OFFSET, n);
                while (shared.getLongVolatile(PONG_OFFSET) != n) {
                    // spin: the floor has no pause
                }
            } else {
                while (shared.getLongVolatile(PING_OFFSET) != n) {
                    // spin
                }
                shared.putLongVolatile(PONG_OFFSET, n);
            }
        }
        return (System.nanoTime() - start) / (double) trips;
    }

    /** Nanoseconds per round trip of a record of {@code bytes} through the bare rings, polled without pause. */
    private double ringBurst(int trips) {
        long start = System.nanoTime();
        for (int i = 0; i < trips; i++) {
            if (rank == 0) {
                write();
                read();
            } else {
                read();
                write();
            }
        }
        return (System.nanoTime() - start) / (double) trips;
    }

    private void write() {
        while (!out.write(MESSAGE, source, 0, bytes)) {
            Thread.onSpinWait();
        }
    }

    private void read() {
        received = false;
        while (!received) {
            in.read(collect, 1);
        }
    }

    /** Nanoseconds per round trip of MPI Send and Recv of {@code bytes}. */
    private static double hympjBurst(int rank, byte[] buffer, int bytes, int trips) {
        long start = System.nanoTime();
        for (int i = 0; i < trips; i++) {
            if (rank == 0) {
                MPI.COMM_WORLD.Send(buffer, 0, bytes, MPI.BYTE, 1, 0);
                MPI.COMM_WORLD.Recv(buffer, 0, bytes, MPI.BYTE, 1, 0);
            } else {
                MPI.COMM_WORLD.Recv(buffer, 0, bytes, MPI.BYTE, 0, 0);
                MPI.COMM_WORLD.Send(buffer, 0, bytes, MPI.BYTE, 0, 0);
            }
        }
        return (System.nanoTime() - start) / (double) trips;
    }
}
