package org.hympj.rings;

/**
 * Chooses the window of a {@link WindowedProducer} from how fast its writer copies payloads
 * (inline messages and fragments of streamed ones) into the ring. The narrow window keeps the
 * ring in the caches: fastest while the writer's and the reader's cores move lines between
 * them fast (they share a cache), slowest when they do not (cores on other dies or sockets, or
 * a VM's vCPUs placed so for a while), where a writer's store to a line the reader last read
 * waits for the other core, and a wide ring, whose lines the writer finds in memory, streams
 * several times faster (docs/architecture.md, "the cap"). So: narrow, and measured; wide for
 * {@link #WIDE_NANOS} when most of a narrow lap copied slower than
 * {@link #SLOW_BYTES_PER_NANO}; then narrow again to look.
 *
 * <p>What is timed is the writer's copy of one payload in {@link #COPIES_PER_SAMPLE} of at
 * least {@link #TIMED_COPY_BYTES}, alone: not its waits for room, which in an exchange are the
 * other side's turns at writing (timing them widened NPB IS's key exchanges in phases where the
 * narrow ring was the faster). Measured on 2 JVMs (OSU-lite `bw`): in uncapped runs 99.9 % of
 * such copies ran at 20 GB/s or more, in capped runs 99 % under 5; NPB IS and MG, whose
 * sources come from memory, at 5 to 20. A narrow lap counts from its second lap on: in the
 * first, its lines were last written a wide lap ago and have left every cache, so they copy at
 * the wide ring's pace whatever the cores do.
 *
 * <p>Invariant: {@code narrowFrom} is the producer's position when the window last became
 * narrow, and the counts hold only copies made since its first lap ended. Used by the ring's
 * one writer at a time.
 */
final class CopyRateWindow {
    /** Copies slower than this (GB/s) are the cap's: between the phases measured (under 5, and 20 and more). */
    static final double SLOW_BYTES_PER_NANO = 4.0;
    /** How long the window stays wide before the narrow one is tried again. */
    static final long WIDE_NANOS = 100_000_000L;
    /** The writer times one copy in this many: a clock read on every one costs a few per cent in the cache. */
    static final int COPIES_PER_SAMPLE = 4;
    /** Copies smaller than this are not timed: a clock read would be much of their time. */
    static final int TIMED_COPY_BYTES = 4096;

    private final WindowedProducer producer;
    private final int narrow;
    private long narrowFrom;
    private long slowBytes;
    private long fastBytes;
    private long wideUntil;

    CopyRateWindow(WindowedProducer producer, int narrow) {
        this.producer = producer;
        this.narrow = narrow;
        producer.window(narrow);
        narrowFrom = producer.position();
    }

    boolean isNarrow() {
        return producer.window() == narrow;
    }

    /** Before a claim, while wide: a wide window whose time is up becomes narrow again. */
    void beforeClaim(long nowNanos) {
        if (!isNarrow() && nowNanos - wideUntil >= 0) {
            producer.window(narrow);
            narrowFrom = producer.position();
            slowBytes = 0;
            fastBytes = 0;
        }
    }

    /** The writer copied {@code bytes} into the ring in {@code nanos}, ending at {@code nowNanos}. */
    void copied(int bytes, long nanos, long nowNanos) {
        if (!isNarrow() || bytes < TIMED_COPY_BYTES || producer.position() - narrowFrom <= narrow) {
            return;
        }
        if (bytes < nanos * SLOW_BYTES_PER_NANO) {
            slowBytes += bytes;
        } else {
            fastBytes += bytes;
        }
        // A lap's worth of the samples (one copy in COPIES_PER_SAMPLE) decides.
        if (slowBytes + fastBytes >= narrow / COPIES_PER_SAMPLE) {
            if (slowBytes > fastBytes) {
                producer.window(producer.capacity());
                wideUntil = nowNanos + WIDE_NANOS;
            }
            slowBytes = 0;
            fastBytes = 0;
        }
    }
}
