package org.hympj.comm.match;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

abstract class MatchingLockWord extends LeadingPadding {
    /** 1 while a thread holds the lock. */
    volatile int held;
}

/**
 * Padding between the lock word, written on every match, and the sleeper count, read on every
 * inbox write. The int fills the slot after the lock word, which the JVM would otherwise give
 * to the count.
 */
abstract class MatchingLockMiddlePad extends MatchingLockWord {
    int m00;
    long m01, m02, m03, m04, m05, m06, m07, m08;
}

abstract class MatchingLockSleepers extends MatchingLockMiddlePad {
    /** Threads of the rank parked, or about to park, in a wait that a match would end. */
    volatile int sleepers;
}

abstract class MatchingLockRightPad extends MatchingLockSleepers {
    int q00;
    long q01, q02, q03, q04, q05, q06, q07, q08;
}

/**
 * The matching lock of one rank: whoever holds it may read the rank's inbox and change any
 * of its {@link ContextQueues}. One lock serves both, so the thread that drains a small
 * message from the inbox matches it without a second lock; ranks never share one, so
 * traffic towards different ranks never contends, and there is no global lock.
 *
 * <p>It is a test-and-set lock: a compare-and-set takes it and a release store frees it
 * (one locked instruction per critical section, where a monitor takes two). The sections it
 * guards are short and never block, so a thread that finds it held spins a little and then
 * yields, which also lets a holder that was descheduled run again.
 *
 * <p>It also keeps the rank's sleeper count (see {@link RankInbox}'s wake-up handshake),
 * because both are the rank's and both are padded: the lock word is written by every match,
 * the count is read by every inbox write from other ranks' threads, and each sits on a cache
 * line of its own, so neither pulls the other's line, nor any neighbour object's, between
 * cores.
 *
 * <p>Invariant: {@code held} is 1 exactly while one thread is between a successful
 * {@link #tryLock} or {@link #lock} and its {@link #unlock}; the lock is not reentrant.
 */
final class MatchingLock extends MatchingLockRightPad {
    private static final VarHandle HELD;
    private static final VarHandle SLEEPERS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HELD = lookup.findVarHandle(MatchingLockWord.class, "held", int.class);
            SLEEPERS = lookup.findVarHandle(MatchingLockSleepers.class, "sleepers", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Takes the lock if it is free; never waits. The plain read first keeps a held lock's line shared. */
    boolean tryLock() {
        return held == 0 && HELD.compareAndSet(this, 0, 1);
    }

    void lock() {
        for (int idle = 0; !tryLock(); ) {
            idle = backOff(idle);
        }
    }

    void unlock() {
        // Release: the next holder's compare-and-set sees every write of the section; no StoreLoad is needed to free it.
        HELD.setRelease(this, 0);
    }

    /** A thread of the rank is about to park. The add is a full fence: the count is visible before the caller drains. */
    void sleeperParking() {
        SLEEPERS.getAndAdd(this, 1);
    }

    void sleeperAwake() {
        SLEEPERS.getAndAdd(this, -1);
    }

    boolean anySleeper() {
        return sleepers != 0;
    }

    /** One step of a short wait for another thread: spin a hundred times, then yield; returns the steps so far. */
    static int backOff(int idle) {
        if (idle >= 100) {
            Thread.yield();
        } else {
            Thread.onSpinWait();
        }
        return idle + 1;
    }
}
