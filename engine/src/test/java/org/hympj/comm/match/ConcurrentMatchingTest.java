package org.hympj.comm.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.runtime.Job;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Timeout;

/**
 * The engine under real races: several sender threads deliver numbered messages into one
 * receiving engine while several receiver threads post receives for them, with random
 * pauses so that sends find posted receives and receives find unexpected messages in every
 * interleaving; sizes and modes vary, so that one source's messages go through the
 * receiver's inbox and through sender-side matching in turn. Each receiver thread owns one source (so MPI's order is defined) and checks
 * that its source's messages arrive in order with the right contents; the queues must be
 * empty at the end.
 */
@Timeout(120)
class ConcurrentMatchingTest {
    static final int SENDERS = 4;
    /** Per sender; {@code -Pstress} multiplies it (hympj.test.scale). */
    static final int MESSAGES = 5_000 * Integer.getInteger("hympj.test.scale", 1);

    @RepeatedTest(3)
    void concurrentSendsAndReceivesKeepOrderAndLoseNothing(RepetitionInfo info) throws Exception {
        Job job = new Job(SENDERS + 1);
        MatchingEngine receiver = job.engine(SENDERS);
        int context = 0;
        int commSize = SENDERS + 1;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CyclicBarrier start = new CyclicBarrier(2 * SENDERS);
        List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < SENDERS; s++) {
            int source = s;
            threads.add(new Thread(() -> run(failure, () -> {
                SplittableRandom random = new SplittableRandom(info.getCurrentRepetition() * 100 + source);
                start.await();
                for (int i = 0; i < MESSAGES; i++) {
                    // Sizes on both sides of the inbox's limit and of the eager limit, so that messages of
                    // one source take every path: inbox records, eager and rendezvous sender-side matches.
                    int pick = random.nextInt(20);
                    int length = pick == 0 ? 6_000 : pick < 4 ? 200 + random.nextInt(100) : random.nextInt(8);
                    int mode = random.nextInt(10) == 0 ? SendOperation.SYNCHRONOUS : SendOperation.STANDARD;
                    int[] data = new int[length + 1];
                    data[0] = i;
                    for (int j = 1; j <= length; j++) {
                        data[j] = i ^ j;
                    }
                    SendOperation op = new SendOperation().init(context, commSize, source, source % 2, mode,
                        ElementType.INT, data.length).withArray(data, 0);
                    receiver.deliver(op);
                    assertEquals(0, Waiting.await(op, receiver, "a test", 0));
                    if (random.nextInt(50) == 0) {
                        Thread.yield();
                    }
                }
            })));
            threads.add(new Thread(() -> run(failure, () -> {
                SplittableRandom random = new SplittableRandom(info.getCurrentRepetition() * 100 + 50 + source);
                start.await();
                int[] buffer = new int[6_001];
                for (int i = 0; i < MESSAGES; i++) {
                    ReceiveOperation r = new ReceiveOperation().init(context, commSize, source,
                        random.nextBoolean() ? MatchingEngine.ANY_TAG : source % 2, ElementType.INT, buffer, 0, buffer.length);
                    receiver.post(r);
                    assertEquals(0, Waiting.await(r, receiver, "a test", 0));
                    assertEquals(0, r.error());
                    assertEquals(source, r.matchedSource());
                    assertEquals(i, buffer[0], "source " + source + " overtaken");
                    for (int j = 1; j < r.matchedCount(); j++) {
                        if (buffer[j] != (i ^ j)) {
                            throw new AssertionError("message " + i + " of source " + source + " damaged at " + j);
                        }
                    }
                    if (random.nextInt(50) == 0) {
                        Thread.yield();
                    }
                }
            })));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        ContextQueues q = receiver.queues(context, commSize);
        q.lock.lock();
        try {
            assertNull(q.unexpected.find(MatchingEngine.ANY_SOURCE, MatchingEngine.ANY_TAG), "no message left over");
            for (int s = 0; s < SENDERS; s++) {
                assertNull(q.posted.removeMatch(s, s % 2), "no receive left over");
            }
        } finally {
            q.lock.unlock();
        }
    }

    interface Body {
        void run() throws Exception;
    }

    static void run(AtomicReference<Throwable> failure, Body body) {
        try {
            body.run();
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
        }
    }
}
