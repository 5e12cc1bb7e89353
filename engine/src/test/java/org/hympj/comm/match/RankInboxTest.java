package org.hympj.comm.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.runtime.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The inbox on its own terms: a full ring that nobody reads, receivers that park on every
 * wait (so only writers can wake them), and a capacity too small for its limit.
 */
@Timeout(120)
class RankInboxTest {

    /** A job of {@code size} ranks built with these system properties, restored afterwards. */
    static Job jobWith(int size, Map<String, String> properties) {
        Map<String, String> before = new java.util.HashMap<>();
        properties.forEach((k, v) -> before.put(k, System.setProperty(k, v)));
        try {
            return new Job(size);
        } finally {
            before.forEach((k, v) -> {
                if (v == null) {
                    System.clearProperty(k);
                } else {
                    System.setProperty(k, v);
                }
            });
        }
    }

    static SendOperation send(int source, int tag, int[] data) {
        return new SendOperation().init(0, 2, source, tag, SendOperation.STANDARD, ElementType.INT, data.length).withArray(data, 0);
    }

    /**
     * 20,000 small messages into an inbox of 4 KiB (about 60 records) before any receive is
     * posted: the writer must put them into the receiver's queues itself, in order, and every
     * one must arrive whole.
     */
    @Test
    void aWriterDrainsAFullInboxItselfAndLosesNothing() {
        Job job = jobWith(2, Map.of("hympj.inbox.limit", "64", "hympj.inbox.bytes", "4096"));
        MatchingEngine receiver = job.engine(1);
        int messages = 20_000;
        SplittableRandom random = new SplittableRandom(7);
        int[] lengths = new int[messages];
        for (int i = 0; i < messages; i++) {
            lengths[i] = 1 + random.nextInt(16);
            int[] data = new int[lengths[i]];
            for (int j = 0; j < data.length; j++) {
                data[j] = i * 31 + j;
            }
            SendOperation s = send(0, i % 3, data);
            receiver.deliver(s);
            assertTrue(s.isComplete(), "a small send completes when its record is written");
            assertEquals(0, s.error());
        }
        int[] into = new int[16];
        for (int i = 0; i < messages; i++) {
            ReceiveOperation r = new ReceiveOperation().init(0, 2, 0, MatchingEngine.ANY_TAG, ElementType.INT, into, 0, into.length);
            receiver.post(r);
            assertEquals(0, Waiting.await(r, receiver, "a test", 0));
            assertEquals(i % 3, r.matchedTag(), "message " + i + " out of order");
            assertEquals(lengths[i], r.matchedCount());
            for (int j = 0; j < lengths[i]; j++) {
                assertEquals(i * 31 + j, into[j], "message " + i + " damaged at " + j);
            }
        }
    }

    /**
     * With no spinning and no yielding, every wait parks at once; only the writer's check of
     * the inbox's sleepers can wake the receiver before the park's 20 ms backstop. A lost
     * wake-up path would make these 4,000 one-way trips take over 80 s and hit the timeout.
     */
    @Test
    @Timeout(40)
    void writersWakeReceiversThatParkAtOnce() throws Exception {
        Job job = jobWith(2, Map.of("hympj.wait.spins", "0", "hympj.wait.yields", "0"));
        int trips = 2_000;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread echo = new Thread(() -> ConcurrentMatchingTest.run(failure, () -> {
            int[] in = new int[1];
            for (int i = 0; i < trips; i++) {
                ReceiveOperation r = new ReceiveOperation().init(0, 2, 0, 0, ElementType.INT, in, 0, 1);
                job.engine(1).post(r);
                assertEquals(0, Waiting.await(r, job.engine(1), "a test", 0));
                job.engine(0).deliver(send(1, 0, new int[] {in[0] + 1}));
            }
        }));
        echo.start();
        int[] in = new int[1];
        for (int i = 0; i < trips; i++) {
            ReceiveOperation r = new ReceiveOperation().init(0, 2, 1, 0, ElementType.INT, in, 0, 1);
            job.engine(0).post(r);
            job.engine(1).deliver(send(0, 0, new int[] {2 * i}));
            assertEquals(0, Waiting.await(r, job.engine(0), "a test", 0));
            assertEquals(2 * i + 1, in[0]);
        }
        echo.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    /**
     * A record that does not fit before the ring's end follows a padding record and starts at
     * the ring's start. Reading the padding hands nothing to the engine; a drain that stopped
     * there would leave the record unread while its receiver parks (the writer saw no sleeper),
     * and a probe that drains every record sent before it would answer "no".
     */
    @Test
    void aRecordAfterTheRingsWrapIsReadByTheDrainBeforeAPark() {
        assertRecordAfterWrapIsRead((engine, receive) -> {
            engine.beforePark();
            try {
                assertTrue(receive.isComplete(), "the drain before a park read the record that follows the padding");
            } finally {
                engine.afterPark();
            }
        });
    }

    @Test
    void aRecordAfterTheRingsWrapIsReadByADrainOfEverything() {
        assertRecordAfterWrapIsRead((engine, receive) -> {
            engine.progressAll();
            assertTrue(receive.isComplete(), "a drain of every record sent before it read the one after the padding");
        });
    }

    private static void assertRecordAfterWrapIsRead(java.util.function.BiConsumer<MatchingEngine, ReceiveOperation> drain) {
        // Records of 25 ints take 192 bytes: 21 fill 4032 of the ring's 4096, and the 22nd wraps.
        Job job = jobWith(2, Map.of("hympj.inbox.limit", "128", "hympj.inbox.bytes", "4096"));
        MatchingEngine receiver = job.engine(1);
        int[] data = new int[25];
        for (int i = 0; i < 21; i++) {
            receiver.deliver(send(0, 1, data));
        }
        assertEquals(21, receiver.progressAll(), "every record before the ring's end is read");
        data[0] = 42;
        receiver.deliver(send(0, 2, data));
        int[] into = new int[25];
        ReceiveOperation r = new ReceiveOperation().init(0, 2, 0, 2, ElementType.INT, into, 0, into.length);
        receiver.post(r);
        assertTrue(!r.isComplete(), "the record is still in the ring");
        drain.accept(receiver, r);
        assertEquals(42, into[0]);
    }

    @Test
    void anInboxTooSmallForItsLimitIsRefusedWithTheSizeItNeeds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> jobWith(2, Map.of("hympj.inbox.limit", "4096", "hympj.inbox.bytes", "8192")));
        assertTrue(e.getMessage().contains("at least 8 times"), e.getMessage());
    }
}
