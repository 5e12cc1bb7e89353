package org.hympj.comm.match;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The rank's {@link MatchingLock}: two threads each take it, read and rewrite a plain field
 * that only a holder touches, and free it. The second holder must see the first one's write
 * (the release store that frees the lock, the compare-and-set that takes it); a lost update
 * means two holders at once or a stale read.
 */
@JCStressTest
@Outcome(id = "2, 1", expect = ACCEPTABLE, desc = "the first actor held the lock first")
@Outcome(id = "1, 2", expect = ACCEPTABLE, desc = "the second actor held the lock first")
@Outcome(expect = FORBIDDEN, desc = "an update was lost (1, 1): both held the lock at once, or one read a stale value")
@State
public class MatchingLockExclusion {
    private final MatchingLock lock = new MatchingLock();
    private int count;

    @Actor
    public void first(II_Result r) {
        r.r1 = incrementHoldingTheLock();
    }

    @Actor
    public void second(II_Result r) {
        r.r2 = incrementHoldingTheLock();
    }

    private int incrementHoldingTheLock() {
        lock.lock();
        try {
            return ++count;
        } finally {
            lock.unlock();
        }
    }
}
