package org.hympj.comm.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
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
                assertEquals(0, Waiting.await(r, job.engine(1)));
                r.reset();
                SendOperation s = own.send().init(0, 2, 1, 0, SendOperation.STANDARD, ElementType.INT, 1)
                    .withArray(new int[] {in[0] + 1}, 0);
                job.engine(0).deliver(s);
                assertEquals(0, Waiting.await(s, job.engine(1)));
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
            assertEquals(0, Waiting.await(s, job.engine(0)));
            s.reset();
            assertEquals(0, Waiting.await(r, job.engine(0)));
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
}
