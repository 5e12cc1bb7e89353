package org.hympj.rings.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.hympj.rings.WindowedProducer;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * A record that does not fit before the end of the producer's window goes to the start of the
 * ring behind a padding record that runs to the ring's physical end. A reader that follows the
 * padding either finds nothing at the start yet or the whole record, never a record whose
 * header or payload is stale (the ring held an older record there).
 */
@JCStressTest
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "read before the record was published")
@Outcome(id = "7, 4242424242", expect = ACCEPTABLE, desc = "the padding, then the whole record at the start")
@Outcome(expect = FORBIDDEN, desc = "a stale or partial record")
@State
public class WindowWrapPublication {
    private static final int RING = 8192;
    private final OneToOneRingBuffer ring = Rings.oneToOne(RING);
    private final WindowedProducer producer = new WindowedProducer(ring);

    public WindowWrapPublication() {
        producer.window(WindowedProducer.MIN_WINDOW);
        // Old records of another type and payload fill the ring's start, and are read: the
        // tail then stands 40 bytes before the window's end, where the next record does not fit.
        while ((int) producer.position() < WindowedProducer.MIN_WINDOW - 40) {
            int index = producer.tryClaim(5, Math.min(1000, WindowedProducer.MIN_WINDOW - 40 - (int) producer.position() - 8));
            ring.buffer().putLong(index, 1111L);
            producer.commit(index);
            ring.read((type, buffer, at, length) -> { });
        }
    }

    @Actor
    public void writer() {
        int index = producer.tryClaim(7, 64);
        ring.buffer().putLong(index, 4_242_424_242L);
        producer.commit(index);
    }

    @Actor
    public void reader(JJ_Result r) {
        // The first read may end at the padding (the ring's end); the second starts at 0.
        for (int reads = 0; reads < 2; reads++) {
            ring.read((type, buffer, index, length) -> {
                r.r1 = type;
                r.r2 = buffer.getLong(index);
            });
        }
    }
}
