package org.hympj.comm.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.agrona.concurrent.UnsafeBuffer;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.protocol.MessageDescriptor;
import org.junit.jupiter.api.Test;

/**
 * The two envelopes of the process path's inline messages ({@link MessageDescriptor}): every
 * message the compact one carries reads back as the full one would give it, and the messages
 * it cannot carry are left to the full one. (Here, in the engine's package, to read the
 * decoded {@link Arrival} field by field.)
 */
class EnvelopeLayoutsTest {
    @Test
    void theCompactEnvelopeReadsBackAsTheFullOne() {
        SplittableRandom random = new SplittableRandom(3);
        UnsafeBuffer ring = new UnsafeBuffer(new byte[256]);
        for (ElementType type : ElementType.values()) {
            if (type.isObject()) {
                continue;
            }
            for (int dest : new int[] {0, 1, 12_345, MessageDescriptor.COMPACT_DESTINATION_LIMIT - 1}) {
                int count = random.nextInt(1_000);
                SendOperation s = new SendOperation().init(random.nextInt(), 1 + random.nextInt(1 << 20), random.nextInt(1 << 20),
                    random.nextInt(Integer.MAX_VALUE), SendOperation.STANDARD, type, count).withArray(type.newArray(count), 0);
                assertTrue(MessageDescriptor.fitsCompact(dest, s, 0), type + " to " + dest);
                MessageDescriptor.putCompactEnvelope(ring, 8, dest, s);
                Arrival compact = new Arrival();
                assertEquals(dest, MessageDescriptor.getCompactEnvelope(ring, 8, compact));
                MessageDescriptor.putEnvelope(ring, 8, dest, s, 0);
                Arrival full = new Arrival();
                assertEquals(dest, MessageDescriptor.getEnvelope(ring, 8, full));
                assertEquals(full.context, compact.context);
                assertEquals(full.commSize, compact.commSize);
                assertEquals(full.source, compact.source);
                assertEquals(full.tag, compact.tag);
                assertSame(full.type, compact.type);
                assertEquals(full.count, compact.count);
                assertEquals(full.form, compact.form);
                assertEquals(full.byteLength, compact.byteLength);
                assertEquals(full.syncToken, compact.syncToken);
            }
        }
    }

    @Test
    void synchronousSerializedAndFarMessagesTakeTheFullEnvelope() {
        SendOperation typed = new SendOperation().init(7, 4, 1, 9, SendOperation.STANDARD, ElementType.DOUBLE, 3)
            .withArray(new double[3], 0);
        assertFalse(MessageDescriptor.fitsCompact(2, typed, 42), "a synchronous send carries its token");
        assertFalse(MessageDescriptor.fitsCompact(MessageDescriptor.COMPACT_DESTINATION_LIMIT, typed, 0),
            "the destination does not fit 24 bits");
        SendOperation objects = new SendOperation().init(7, 4, 1, 9, SendOperation.STANDARD, ElementType.OBJECT, 2)
            .withSerialized(new byte[57]);
        assertFalse(MessageDescriptor.fitsCompact(2, objects, 0), "serialized objects carry their byte length");
    }
}
