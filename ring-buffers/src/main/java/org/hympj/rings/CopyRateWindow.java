package org.hympj.rings;

import java.util.Arrays;

/**
 * Chooses the window of a {@link WindowedProducer}, narrow or the whole ring, by timing its
 * writer's copies of payloads (inline messages and fragments of streamed ones) into each.
 * The narrow window keeps the ring in the caches: fastest while the writer's and the reader's
 * cores move lines between them fast (they share a cache), slower when they do not (cores on
 * other dies or sockets, or a VM's vCPUs placed so for a while), where a writer's store to a
 * line the reader last read waits for the other core, and a wide ring, whose lines the writer
 * finds in memory, streams faster. Which is faster, and by how much, changes while a job runs
 * (docs/decisions/ring-size-and-writer-window.md). So neither is assumed, both are measured:
 *
 * <pre>
 *            narrow rate measured, and the whole ring due or last seen faster
 *   NARROW ------------------------------------------------------------> MEASURE_WIDE
 *     ^  ^                                                                  |      |
 *     |  +------------- wide not 1.5x faster (next look later) ------------+      |
 *     |                                                     wide 1.5x faster       v
 *     +-------------------------- HOLD_NANOS later --------------------------- WIDE
 * </pre>
 *
 * While narrow, its rate is measured all along (its copies are timed anyway), so a phase that
 * slows it is seen within a few copies; the whole ring is looked at when the narrow rate falls
 * below what the whole ring last gave or to half its own last rate, and otherwise after
 * {@link #HOLD_NANOS}, a wait that doubles each time the narrow window wins, up to
 * {@link #MAX_EXPLORE_NANOS} (each look writes a few MiB into lines that come from memory and
 * push the program's data out of the cache).
 * The whole ring, once it wins, is kept for {@link #HOLD_NANOS}, then the narrow window is
 * measured again.
 *
 * <p>What is timed is the writer's copy of one payload in {@link #COPIES_PER_SAMPLE} of at
 * least {@link #TIMED_COPY_BYTES}, alone: not its waits for room, which in an exchange are the
 * other side's turns at writing. A window's rate is the median of its samples' rates, so that
 * a copy stretched by a preemption does not decide. Samples count only from lines that show
 * the window's steady state: a narrow window measured after a wide spell from its second lap
 * (in its first, its lines were last written a wide lap ago and come from memory), a wide one
 * once the writer has left the narrow part of the ring (whose lines are still in the caches).
 * The wide window must be {@link #WIDE_ADVANTAGE} times as fast to be kept: it takes the
 * shared cache's room from the program's own data for as long as it is in use.
 *
 * <p>Invariant: a copy is a sample of the window in use if it ended the producer's position
 * past {@code countFrom}, and the samples held are only such copies. Used by the ring's one
 * writer at a time.
 */
final class CopyRateWindow {
    /** How long the whole ring is kept once it measured faster, before the narrow window is measured again. */
    static final long HOLD_NANOS = 100_000_000L;
    /** The longest wait between two looks at the whole ring while the narrow window keeps winning. */
    static final long MAX_EXPLORE_NANOS = 1_600_000_000L;
    /** A narrow rate this many times lower than the one before it has the whole ring looked at again at once. */
    static final double NARROW_DROP = 2;
    /** How much faster than the narrow window the wide one must copy to be kept. */
    static final double WIDE_ADVANTAGE = 1.5;
    /** The writer times one copy in this many: a clock read on every one costs a few per cent in the cache. */
    static final int COPIES_PER_SAMPLE = 4;
    /** Copies smaller than this are not timed: a clock read would be much of their time. */
    static final int TIMED_COPY_BYTES = 4096;
    /** A window's rate needs at least this many samples (and a quarter of a narrow lap of timed bytes). */
    static final int MIN_SAMPLES = 8;
    /** At most this many samples are kept: a window's measurement ends when they are in. */
    static final int MAX_SAMPLES = 64;

    private enum Phase { NARROW, MEASURE_WIDE, WIDE }

    private final WindowedProducer producer;
    private final int narrow;
    private final double[] rates = new double[MAX_SAMPLES];
    private int samples;
    private long sampledBytes;
    private Phase phase;
    private long countFrom;
    private double narrowRate;
    /** The whole ring's rate when last measured; 0 before the first look. */
    private double wideRate;
    /** While narrow: when to look at the whole ring again. While wide or measuring it: when that ends on its own. */
    private long until;
    /** The wait before the next look at the whole ring while the narrow window wins: doubles with each win. */
    private long exploreEvery = HOLD_NANOS;

    CopyRateWindow(WindowedProducer producer, int narrow) {
        this.producer = producer;
        this.narrow = narrow;
        toNarrow(lapStart(1), 0); // a new ring's first lap finds its lines in no cache
    }

    boolean isNarrow() {
        return producer.window() == narrow;
    }

    /**
     * Before a claim, while wide: a wide window whose time is up is narrow again, and measured;
     * so is one whose measurement no timed copy finished in that time (small messages only, which
     * a narrow ring serves better).
     */
    void beforeClaim(long nowNanos) {
        if (!isNarrow() && nowNanos - until >= 0) {
            toNarrow(lapStart(2), nowNanos);
        }
    }

    /** The writer copied {@code bytes} into the ring in {@code nanos}, ending at {@code nowNanos}. */
    void copied(int bytes, long nanos, long nowNanos) {
        if (phase == Phase.WIDE || bytes < TIMED_COPY_BYTES || producer.position() <= countFrom) {
            return;
        }
        rates[samples++] = (double) bytes / Math.max(1, nanos);
        sampledBytes += bytes;
        if (samples < MAX_SAMPLES && (samples < MIN_SAMPLES || sampledBytes < narrow / COPIES_PER_SAMPLE)) {
            return;
        }
        double rate = medianRate();
        if (phase == Phase.NARROW) {
            // The narrow window is measured all along (its copies are timed anyway): the whole
            // ring is looked at the first time, when it is due, at once if it was faster than
            // this last time, and at once if the narrow window has lost half its rate (the phase
            // may have changed since the whole ring was measured).
            boolean due = wideRate == 0 || nowNanos - until >= 0 || rate * WIDE_ADVANTAGE < wideRate
                || rate * NARROW_DROP < narrowRate;
            narrowRate = rate;
            if (due) {
                phase = Phase.MEASURE_WIDE;
                until = nowNanos + HOLD_NANOS;
                producer.window(producer.capacity());
                // The writer is in the narrow part now; it has left it a narrow window's length on.
                startSamples(producer.position() + narrow);
            } else {
                startSamples(producer.position());
            }
            return;
        }
        wideRate = rate;
        if (rate >= narrowRate * WIDE_ADVANTAGE) {
            phase = Phase.WIDE;
            until = nowNanos + HOLD_NANOS;
            exploreEvery = HOLD_NANOS;
        } else {
            toNarrow(producer.position(), nowNanos + exploreEvery); // its lines are warm: nothing to skip
            exploreEvery = Math.min(MAX_EXPLORE_NANOS, 2 * exploreEvery);
        }
    }

    /**
     * The position where the narrow window's {@code laps}-th lap from now begins. A narrow lap
     * ends with a padding record to the ring's physical end, so each begins at a multiple of
     * the capacity. After a wide spell the second is the first whose lines are all in the
     * caches: the writer may be anywhere in the wide part (then the next lap, its first, is
     * written where it wrote a wide lap ago) or in the narrow part (then the rest of this lap
     * and the start of the next are).
     */
    private long lapStart(int laps) {
        long capacity = producer.capacity();
        return (producer.position() / capacity + laps) * capacity;
    }

    /** Narrow, its copies counted from {@code from}; the whole ring looked at again from {@code exploreAt}. */
    private void toNarrow(long from, long exploreAt) {
        phase = Phase.NARROW;
        until = exploreAt;
        producer.window(narrow);
        startSamples(from);
    }

    private void startSamples(long from) {
        countFrom = from;
        samples = 0;
        sampledBytes = 0;
    }

    private double medianRate() {
        Arrays.sort(rates, 0, samples);
        return rates[samples / 2];
    }
}
