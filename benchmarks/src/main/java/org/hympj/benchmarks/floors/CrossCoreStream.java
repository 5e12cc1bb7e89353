package org.hympj.benchmarks.floors;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * What streaming data from one core to another costs on this machine, beside the cache-line
 * floor, in alternating bursts so that every row is one phase of a machine whose cores drift
 * apart and together (docs/decisions/ring-size-and-writer-window.md). One row per round:
 *
 * <ul>
 *   <li>the floor: a round trip of a volatile counter between the two threads, ns;</li>
 *   <li>a ring of 16 KiB chunks in direct memory, one per ring size given: the writer copies
 *       a chunk in from its heap array and publishes it, the reader copies it out to its own,
 *       which is the process path's two copies with no MPI around them, GB/s;</li>
 *   <li>one copy: the writer rewrites 1 MiB of a heap array, the reader copies it to its own,
 *       as thread ranks move a large message, GB/s.</li>
 * </ul>
 *
 * <p>Both threads run in this JVM: a ring between two JVMs behaves the same way, so what this
 * shows is the cores, not shared memory between processes. At the end it prints
 * the medians of each column in two groups of rounds, parted where the sorted floor jumps
 * most: the machine's two phases, when the run saw both.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar org.hympj.benchmarks.floors.CrossCoreStream [rounds [millis [ringKiB,...]]]</pre>
 */
public final class CrossCoreStream {
    private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final int CHUNK = 16 * 1024;
    private static final int BLOCK = 1 << 20;
    private static final int BLOCKS = 8;
    private static final int HEAD = 0;
    private static final int TAIL = 128;
    private static final int DATA = 256;
    private static final int IDLE = -1;
    private static final int STOP = -2;

    private final PaddedCounter ping = new PaddedCounter();
    private final PaddedCounter pong = new PaddedCounter();
    private final PaddedCounter handedOver = new PaddedCounter();
    private final PaddedCounter copiedOut = new PaddedCounter();
    private final ByteBuffer[] rings;
    private final int[] slots;
    /** Chunks written (writer's) and read (reader's) per ring; each slot touched by one thread only. */
    private final long[] written;
    private final long[] read;
    private final byte[] source = new byte[BLOCKS * BLOCK];
    private final byte[] shared = new byte[BLOCKS * BLOCK];
    private final byte[] sink = new byte[BLOCKS * BLOCK];
    /** What the reader does: a ring's index, {@code rings.length} for one copy, floor after that. */
    private volatile int mode = IDLE;

    private CrossCoreStream(int[] ringKiB) {
        rings = new ByteBuffer[ringKiB.length];
        slots = new int[ringKiB.length];
        for (int i = 0; i < ringKiB.length; i++) {
            slots[i] = ringKiB[i] * 1024 / CHUNK;
            rings[i] = ByteBuffer.allocateDirect(DATA + slots[i] * CHUNK);
        }
        written = new long[rings.length];
        read = new long[rings.length];
        Arrays.fill(source, (byte) 1);
    }

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        long burstNanos = (args.length > 1 ? Long.parseLong(args[1]) : 200) * 1_000_000;
        int[] ringKiB = Arrays.stream((args.length > 2 ? args[2] : "1024,32768").split(",")).mapToInt(Integer::parseInt).toArray();
        if (rounds < 2 || burstNanos <= 0 || Arrays.stream(ringKiB).anyMatch(kib -> kib < 2 * CHUNK / 1024 || kib > 1 << 20)) {
            System.err.println("usage: CrossCoreStream [rounds >= 2 [millis > 0 [ringKiB,... each 32 to 1048576]]]");
            System.exit(2);
        }
        new CrossCoreStream(ringKiB).run(rounds, burstNanos, ringKiB);
    }

    private void run(int rounds, long burstNanos, int[] ringKiB) throws InterruptedException {
        Thread reader = new Thread(this::readerLoop, "cross-core-reader");
        reader.setDaemon(true);
        reader.start();
        int columns = rings.length + 2;
        String[] labels = new String[columns];
        labels[0] = "floor rt ns";
        for (int i = 0; i < rings.length; i++) {
            labels[1 + i] = "ring " + ringKiB[i] + " KiB GB/s";
        }
        labels[columns - 1] = "one copy GB/s";
        System.out.println("round  " + String.join("  ", labels));
        double[][] rows = new double[rounds][columns];
        for (int r = 0; r < rounds; r++) {
            rows[r][0] = floor(burstNanos);
            for (int i = 0; i < rings.length; i++) {
                rows[r][1 + i] = ring(i, burstNanos);
            }
            rows[r][columns - 1] = oneCopy(burstNanos);
            StringBuilder line = new StringBuilder(String.format("%5d", r + 1));
            for (int c = 0; c < columns; c++) {
                line.append(String.format("  %" + labels[c].length() + (c == 0 ? ".0f" : ".2f"), rows[r][c]));
            }
            System.out.println(line);
        }
        mode = STOP;
        reader.join();
        // Two phases, if the machine had both in this run, part where the sorted floor jumps most.
        Arrays.sort(rows, (a, b) -> Double.compare(a[0], b[0]));
        int split = 1;
        for (int r = 2; r < rounds; r++) {
            if (rows[r][0] / rows[r - 1][0] > rows[split][0] / rows[split - 1][0]) {
                split = r;
            }
        }
        System.out.println(summary("with the faster floor", Arrays.copyOfRange(rows, 0, split), columns));
        System.out.println(summary("with the slower floor", Arrays.copyOfRange(rows, split, rounds), columns));
    }

    private static String summary(String name, double[][] rows, int columns) {
        StringBuilder s = new StringBuilder(String.format("medians, %s (%d rounds):", name, rows.length));
        for (int c = 0; c < columns; c++) {
            int column = c;
            double[] values = Arrays.stream(rows).mapToDouble(row -> row[column]).sorted().toArray();
            s.append(String.format(c == 0 ? " %.0f ns" : " %.2f", values.length == 0 ? Double.NaN : values[values.length / 2]));
        }
        return s.toString();
    }

    private double floor(long burstNanos) {
        mode = rings.length + 1;
        long start = System.nanoTime();
        long end = start + burstNanos;
        long trips = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 1000; i++) {
                long n = ping.value + 1;
                ping.value = n;
                while (pong.value != n) {
                    Thread.onSpinWait();
                }
            }
            trips += 1000;
        }
        mode = IDLE;
        return (System.nanoTime() - start) / (double) trips;
    }

    private double ring(int i, long burstNanos) {
        ByteBuffer ring = rings[i];
        int n = slots[i];
        mode = i;
        long start = System.nanoTime();
        long end = start + burstNanos;
        long bytes = 0;
        while (System.nanoTime() < end) {
            for (int k = 0; k < BLOCK / CHUNK; k++) {
                long t = written[i];
                // Acquire: the reader's copy out of this slot is finished before we overwrite it.
                while (t - (long) LONG.getAcquire(ring, HEAD) >= n) {
                    Thread.onSpinWait();
                }
                ring.put(DATA + (int) (t % n) * CHUNK, source, (int) (t * CHUNK % source.length), CHUNK);
                // Release: the chunk's bytes are visible before the reader sees the new tail.
                LONG.setRelease(ring, TAIL, t + 1);
                written[i] = t + 1;
            }
            bytes += BLOCK;
        }
        while ((long) LONG.getAcquire(ring, HEAD) < written[i]) {
            Thread.onSpinWait();
        }
        mode = IDLE;
        return bytes / ((System.nanoTime() - start) / 1e9) / 1e9;
    }

    private double oneCopy(long burstNanos) {
        mode = rings.length;
        long start = System.nanoTime();
        long end = start + burstNanos;
        long bytes = 0;
        while (System.nanoTime() < end) {
            long h = handedOver.value;
            while (h - copiedOut.value >= BLOCKS / 2) {
                Thread.onSpinWait();
            }
            int at = (int) (h % BLOCKS) * BLOCK;
            System.arraycopy(source, at, shared, at, BLOCK);
            handedOver.value = h + 1;
            bytes += BLOCK;
        }
        while (copiedOut.value < handedOver.value) {
            Thread.onSpinWait();
        }
        mode = IDLE;
        return bytes / ((System.nanoTime() - start) / 1e9) / 1e9;
    }

    private void readerLoop() {
        long seen = 0;
        while (true) {
            int m = mode;
            if (m == STOP) {
                return;
            }
            if (m >= 0 && m < rings.length) {
                readChunk(m);
            } else if (m == rings.length) {
                long c = copiedOut.value;
                if (handedOver.value > c) {
                    int at = (int) (c % BLOCKS) * BLOCK;
                    System.arraycopy(shared, at, sink, at, BLOCK);
                    copiedOut.value = c + 1;
                } else {
                    Thread.onSpinWait();
                }
            } else if (m == rings.length + 1 && ping.value != seen) {
                seen = ping.value;
                pong.value = seen;
            } else {
                Thread.onSpinWait();
            }
        }
    }

    private void readChunk(int i) {
        ByteBuffer ring = rings[i];
        long h = read[i];
        // Acquire: the chunk's bytes are read after the tail that published them.
        if ((long) LONG.getAcquire(ring, TAIL) <= h) {
            Thread.onSpinWait();
            return;
        }
        ring.get(DATA + (int) (h % slots[i]) * CHUNK, sink, (int) (h * CHUNK % sink.length), CHUNK);
        // Release: our copy out is done before the writer may reuse the slot.
        LONG.setRelease(ring, HEAD, h + 1);
        read[i] = h + 1;
    }
}
