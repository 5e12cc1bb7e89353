package org.hympj.rings.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.hympj.rings.ProgressHook;
import org.hympj.rings.RingWriter;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * A record written with {@link RingWriter} and read concurrently: the reader either finds no
 * record yet or the whole record, never a record whose payload is not visible.
 */
@JCStressTest
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "read before the record was published")
@Outcome(id = "7, 4242424242", expect = ACCEPTABLE, desc = "the whole record")
@Outcome(expect = FORBIDDEN, desc = "a record without its payload")
@State
public class RecordPublication {
    private final OneToOneRingBuffer ring = Rings.oneToOne(256);
    private final RingWriter writer = new RingWriter(ring);
    private final UnsafeBuffer payload = new UnsafeBuffer(new byte[8]);

    public RecordPublication() {
        payload.putLong(0, 4_242_424_242L);
    }

    @Actor
    public void writer() {
        writer.write(7, payload, 0, 8, ProgressHook.NONE);
    }

    @Actor
    public void reader(JJ_Result r) {
        ring.read((type, buffer, index, length) -> {
            r.r1 = type;
            r.r2 = buffer.getLong(index);
        });
    }
}
