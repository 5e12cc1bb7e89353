package org.hympj.nested;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Padding so that a counter's line is not shared with its neighbour's (superclass fields come first). */
abstract class LoopCounterPad {
    long p01, p02, p03, p04, p05, p06, p07;
}

abstract class LoopCounterValue extends LoopCounterPad {
    /** Offsets from a loop's {@code lo} already handed out (or sections, or a single's claim). */
    volatile long next;
}

/**
 * The shared state of one work-sharing construct: the next offset of a dynamic or guided
 * loop, the next section, or whether a {@code single} has been claimed. Every thread takes
 * from it with atomic adds, so each offset goes to exactly one thread. Padded: the threads of
 * a team hammer it, and it must not share a line with the other counter.
 */
final class LoopCounter extends LoopCounterValue {
    long q01, q02, q03, q04, q05, q06, q07;

    private static final VarHandle NEXT;

    static {
        try {
            NEXT = MethodHandles.lookup().findVarHandle(LoopCounterValue.class, "next", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Takes {@code amount} offsets and returns the first. */
    long take(long amount) {
        return (long) NEXT.getAndAdd(this, amount);
    }

    long current() {
        return next;
    }

    boolean takeIfAt(long expected, long amount) {
        return NEXT.compareAndSet(this, expected, expected + amount);
    }

    /**
     * Back to 0, for the construct after next. Plain write: it is made by the last thread to
     * reach a barrier, before the barrier's volatile release, which orders it for the others.
     */
    void reset() {
        NEXT.set(this, 0L);
    }
}
