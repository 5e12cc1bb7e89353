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
import org.openjdk.jcstress.infra.results.JJJ_Result;

/**
 * A bulk payload of two fragments (the ring's largest record is 32 bytes here), read
 * concurrently: the reader sees a prefix of the fragments in order, each with its header
 * (stream, offset) and data whole, never a fragment with a stale header or data.
 */
@JCStressTest
@Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "nothing published yet")
@Outcome(id = "1, 11, 0", expect = ACCEPTABLE, desc = "the first fragment, whole")
@Outcome(id = "2, 11, 22", expect = ACCEPTABLE, desc = "both fragments, whole and in order")
@Outcome(expect = FORBIDDEN, desc = "a fragment seen without its header or data")
@State
public class FragmentPublication {
    private final OneToOneRingBuffer ring = Rings.oneToOne(256);
    private final RingWriter writer = new RingWriter(ring);
    private final UnsafeBuffer payload = new UnsafeBuffer(new byte[2 * 16]);

    public FragmentPublication() {
        // Each fragment carries 16 data bytes (32-byte records minus the 16-byte fragment header).
        payload.putLong(0, 11);
        payload.putLong(16, 22);
    }

    @Actor
    public void writer() {
        writer.writeBulk(3, 99L, payload, 0, 32, ProgressHook.NONE);
    }

    @Actor
    public void reader(JJJ_Result r) {
        ring.read((type, buffer, index, length) -> RingWriter.decodeFragment(type, buffer, index, length,
            (typeId, stream, total, offset, data, at, n) -> {
                if (stream != 99L || total != 32 || n != 16) {
                    r.r1 = -100;
                    return;
                }
                r.r1++;
                if (offset == 0) {
                    r.r2 = data.getLong(at);
                } else if (offset == 16) {
                    r.r3 = data.getLong(at);
                } else {
                    r.r1 = -200;
                }
            }));
    }
}
