package org.hympj.comm.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.hympj.comm.data.ArrayMemory;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.runtime.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The blocking calls' operations: whose they are, and that completing one without a fence
 * (allowed only to its own thread) never costs a parked owner its wake-up.
 */
@Timeout(60)
class ThreadOperationsTest {

    @Test
    void theMainThreadKeepsItsOwnOperationsAndEveryOtherThreadHasItsOwn() throws Exception {
        ThreadOperations operations = new ThreadOperations();
        assertSame(operations.send(), operations.send());
        assertSame(operations.receive(), operations.receive());
        AtomicReference<SendOperation> otherSend = new AtomicReference<>();
        AtomicReference<ReceiveOperation> otherReceive = new AtomicReference<>();
        Thread other = new Thread(() -> {
            otherSend.set(operations.send());
            otherReceive.set(operations.receive());
            assertSame(otherSend.get(), operations.send());
        });
        other.start();
        other.join();
        assertNotSame(operations.send(), otherSend.get());
        assertNotSame(operations.receive(), otherReceive.get());
    }

    /**
     * Two threads ping-pong through their own blocking operations, parking at once on every
     * wait, so each completion is made by the other thread while the owner may be parked (the
     * volatile path must be taken, and must unpark). With the inbox on, the writer matches for
     * the sleeping receiver; with it off, the sender matches on its own side. A lost wake-up
     * would cost the park's 20 ms backstop per trip: 4,000 trips would run past the timeout.
     */
    @ParameterizedTest
    @ValueSource(strings = {"512", "0"})
    @Timeout(40)
    void anOwnOperationCompletedByAnotherThreadWakesItsParkedOwner(String inboxLimit) throws Exception {
        Job job = RankInboxTest.jobWith(2, Map.of("hympj.wait.spins", "0", "hympj.wait.yields", "0", "hympj.inbox.limit", inboxLimit));
        int trips = 2_000;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread echo = new Thread(() -> ConcurrentMatchingTest.run(failure, () -> {
            ThreadOperations own = new ThreadOperations();
            int[] in = new int[1];
            for (int i = 0; i < trips; i++) {
                ReceiveOperation r = own.receive().init(0, 2, 0, 0, ElementType.INT, in, 0, 1);
                job.engine(1).post(r);
                assertEquals(0, Waiting.await(r, job.engine(1), "a test", 0));
                r.reset();
                SendOperation s = own.send().init(0, 2, 1, 0, SendOperation.STANDARD, ElementType.INT, 1)
                    .withArray(new int[] {in[0] + 1}, 0);
                job.engine(0).deliver(s);
                assertEquals(0, Waiting.await(s, job.engine(1), "a test", 0));
                s.reset();
            }
        }));
        echo.start();
        ThreadOperations own = new ThreadOperations();
        int[] in = new int[1];
        for (int i = 0; i < trips; i++) {
            ReceiveOperation r = own.receive().init(0, 2, 1, 0, ElementType.INT, in, 0, 1);
            job.engine(0).post(r);
            SendOperation s = own.send().init(0, 2, 0, 0, SendOperation.STANDARD, ElementType.INT, 1)
                .withArray(new int[] {2 * i}, 0);
            job.engine(1).deliver(s);
            assertEquals(0, Waiting.await(s, job.engine(0), "a test", 0));
            s.reset();
            assertEquals(0, Waiting.await(r, job.engine(0), "a test", 0));
            assertEquals(2 * i + 1, in[0]);
            r.reset();
        }
        echo.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    /** A thread that sends to itself completes its own receive, without a fence, and sees it complete. */
    @Test
    void aThreadThatCompletesItsOwnReceiveSeesItCompleteAndCanReuseIt() {
        Job job = RankInboxTest.jobWith(1, Map.of("hympj.inbox.limit", "0"));
        ThreadOperations own = new ThreadOperations();
        int[] in = new int[1];
        for (int i = 0; i < 1_000; i++) {
            ReceiveOperation r = own.receive().init(0, 1, 0, 0, ElementType.INT, in, 0, 1);
            job.engine(0).post(r);
            SendOperation s = own.send().init(0, 1, 0, 0, SendOperation.STANDARD, ElementType.INT, 1).withArray(new int[] {i}, 0);
            job.engine(0).deliver(s);
            assertTrue(r.isComplete() && s.isComplete(), "a send matched on the sender's side completes both in the call");
            assertEquals(i, in[0]);
            r.reset();
            s.reset();
        }
    }

    /**
     * A collective's receive belongs to the thread that posts it. An arrival that this thread
     * delivers into it (as its drain of a ring does) reports the completion as its own, which
     * ends that drain; a request's receive does not, nor does one that another thread
     * completes, and that thread wakes the parked owner.
     */
    @Test
    void aReceiveOwnedByItsCallerIsItsOwnOnlyOnItsThread() throws Exception {
        Job job = RankInboxTest.jobWith(2, Map.of("hympj.inbox.limit", "0"));
        MatchingEngine engine = job.engine(0);
        int[] in = new int[1];
        int[] payload = {42};
        Arrival arrival = new Arrival().envelope(0, 2, 1, 7, ElementType.INT, 1, Arrival.ELEMENTS, 4, 0)
            .payload(payload, ArrayMemory.elementOffset(ElementType.INT, 0), false);

        ReceiveOperation collective = ReceiveOperation.ownedByCaller().init(0, 2, 1, 7, ElementType.INT, in, 0, 1);
        engine.post(collective);
        assertTrue(engine.deliver(arrival), "completed on its own thread, the receive is that thread's own");
        assertTrue(collective.isComplete());
        assertEquals(42, in[0]);

        ReceiveOperation request = new ReceiveOperation().init(0, 2, 1, 7, ElementType.INT, in, 0, 1);
        engine.post(request);
        assertFalse(engine.deliver(arrival), "a request's receive is no thread's own");
        assertTrue(request.isComplete());

        ReceiveOperation parked = ReceiveOperation.ownedByCaller().init(0, 2, 1, 7, ElementType.INT, in, 0, 1);
        engine.post(parked);
        AtomicReference<Boolean> ownOnTheOtherThread = new AtomicReference<>();
        Thread other = new Thread(() -> {
            LockSupport.parkNanos(20_000_000L);
            ownOnTheOtherThread.set(engine.deliver(new Arrival().envelope(0, 2, 1, 7, ElementType.INT, 1, Arrival.ELEMENTS, 4, 0)
                .payload(new int[] {43}, ArrayMemory.elementOffset(ElementType.INT, 0), false)));
        });
        parked.setWaiter(Thread.currentThread());
        other.start();
        // A lost wake-up would leave this loop parked until the test's timeout.
        while (!parked.isComplete()) {
            LockSupport.park(parked);
        }
        parked.setWaiter(null);
        other.join();
        assertEquals(Boolean.FALSE, ownOnTheOtherThread.get());
        assertEquals(43, in[0]);
    }
}
