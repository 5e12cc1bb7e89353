package org.hympj.comm.protocol;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.match.Arrival;
import org.hympj.comm.match.SendOperation;

/**
 * The records the process path writes into a ring, by Agrona record type:
 * <ul>
 *   <li>{@link #INLINE}: a message whose payload follows its envelope in the same record;</li>
 *   <li>{@link #STREAMED}: the envelope of a large message whose payload follows as
 *       fragments of the ring-buffers bulk path ({@link #FRAGMENT} records, in order, with
 *       nothing between them: the writer holds the ring until the last one is in);</li>
 *   <li>{@link #SYNC_ACK}: an 8-byte token: a receive has matched the synchronous send
 *       that carried it;</li>
 *   <li>{@link #INLINE_COMPACT}: an {@code INLINE} message in the common case (typed elements,
 *       not synchronous, destination below 2^24) with the compact envelope below, so that
 *       with Agrona's 8-byte header up to 32 bytes of payload share the envelope's cache line,
 *       which the reader then fetches once (with the full envelope, only 16 bytes do).</li>
 * </ul>
 *
 * <p>The envelope:
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                     Context (communicator)                    |  0
 *  +---------------------------------------------------------------+
 *  |                     Communicator Size                         |  4
 *  +---------------------------------------------------------------+
 *  |                Source (rank in the communicator)              |  8
 *  +---------------------------------------------------------------+
 *  |                             Tag                               | 12
 *  +---------------------------------------------------------------+
 *  |                Destination (world rank)                       | 16
 *  +-------------------------------+-------------------------------+
 *  |       Element Type            |   Form (elements/serialized)  | 20
 *  +-------------------------------+-------------------------------+
 *  |                         Count (elements)                      | 24
 *  +---------------------------------------------------------------+
 *  |                      Payload Length (bytes)                   | 28
 *  +---------------------------------------------------------------+
 *  |         Sync Token (0 unless the send is synchronous)         | 32
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                 Payload (INLINE records only) ...             | 40
 * </pre>
 * The compact envelope ({@link #INLINE_COMPACT}):
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                     Context (communicator)                    |  0
 *  +---------------------------------------------------------------+
 *  |                     Communicator Size                         |  4
 *  +---------------------------------------------------------------+
 *  |                Source (rank in the communicator)              |  8
 *  +---------------------------------------------------------------+
 *  |                             Tag                               | 12
 *  +---------------------------------------------------------------+
 *  |                         Count (elements)                      | 16
 *  +---------------+-----------------------------------------------+
 *  | Element Type  |          Destination (world rank)             | 20
 *  +---------------+-----------------------------------------------+
 *  |                 Payload (count times the type's size) ...     | 24
 * </pre>
 * (the type in the int's low byte, the destination in its upper 24 bits).
 * Native byte order throughout; the payload starts 8-byte aligned, as Agrona aligns records
 * to 8 bytes. The net-bridge carries the same envelope between nodes (see
 * {@code NodeFrameDescriptor}); it runs on little-endian machines only, so native order is
 * the wire's order there too.
 */
public final class MessageDescriptor {
    public static final int INLINE = 1;
    public static final int STREAMED = 2;
    public static final int FRAGMENT = 3;
    public static final int SYNC_ACK = 4;
    public static final int INLINE_COMPACT = 5;

    public static final int CONTEXT_OFFSET = 0;
    public static final int COMM_SIZE_OFFSET = 4;
    public static final int SOURCE_OFFSET = 8;
    public static final int TAG_OFFSET = 12;
    public static final int DESTINATION_OFFSET = 16;
    public static final int TYPE_OFFSET = 20;
    public static final int FORM_OFFSET = 22;
    public static final int COUNT_OFFSET = 24;
    public static final int LENGTH_OFFSET = 28;
    public static final int SYNC_TOKEN_OFFSET = 32;
    public static final int HEADER_LENGTH = 40;

    public static final int SYNC_ACK_LENGTH = 8;

    public static final int COMPACT_COUNT_OFFSET = 16;
    public static final int COMPACT_TYPE_AND_DESTINATION_OFFSET = 20;
    public static final int COMPACT_HEADER_LENGTH = 24;
    /** Destinations from here on need the full envelope. */
    public static final int COMPACT_DESTINATION_LIMIT = 1 << 24;

    /**
     * Set in the sync tokens of sends that crossed the net-bridge (ring tokens are below 2^62),
     * so that an acknowledgement finds its way back by the path its send took.
     */
    public static final long BRIDGE_TOKEN = 1L << 62;

    public static boolean isBridgeToken(long token) {
        return (token & BRIDGE_TOKEN) != 0;
    }

    private MessageDescriptor() {
    }

    /** Writes the envelope of {@code s} for world rank {@code dest} at {@code index}. */
    public static void putEnvelope(MutableDirectBuffer b, int index, int dest, SendOperation s, long syncToken) {
        b.putInt(index + CONTEXT_OFFSET, s.context());
        b.putInt(index + COMM_SIZE_OFFSET, s.commSize());
        b.putInt(index + SOURCE_OFFSET, s.source());
        b.putInt(index + TAG_OFFSET, s.tag());
        b.putInt(index + DESTINATION_OFFSET, dest);
        b.putShort(index + TYPE_OFFSET, (short) s.type().ordinal());
        b.putShort(index + FORM_OFFSET, (short) (s.isSerialized() ? 1 : 0));
        b.putInt(index + COUNT_OFFSET, s.count());
        b.putInt(index + LENGTH_OFFSET, s.byteLength());
        b.putLong(index + SYNC_TOKEN_OFFSET, syncToken);
    }

    /** True if the message of {@code s} to world rank {@code dest}, sent inline, fits the compact envelope. */
    public static boolean fitsCompact(int dest, SendOperation s, long syncToken) {
        return syncToken == 0 && !s.isSerialized() && dest < COMPACT_DESTINATION_LIMIT
            && s.byteLength() == s.count() * s.type().size();
    }

    /** Writes the compact envelope of {@code s} (which {@link #fitsCompact}) for world rank {@code dest} at {@code index}. */
    public static void putCompactEnvelope(MutableDirectBuffer b, int index, int dest, SendOperation s) {
        b.putInt(index + CONTEXT_OFFSET, s.context());
        b.putInt(index + COMM_SIZE_OFFSET, s.commSize());
        b.putInt(index + SOURCE_OFFSET, s.source());
        b.putInt(index + TAG_OFFSET, s.tag());
        b.putInt(index + COMPACT_COUNT_OFFSET, s.count());
        b.putInt(index + COMPACT_TYPE_AND_DESTINATION_OFFSET, dest << 8 | s.type().ordinal());
    }

    /** Reads the compact envelope at {@code index} into {@code a}; returns its destination world rank. */
    public static int getCompactEnvelope(DirectBuffer b, int index, Arrival a) {
        int typeAndDestination = b.getInt(index + COMPACT_TYPE_AND_DESTINATION_OFFSET);
        ElementType type = ElementType.of(typeAndDestination & 0xff);
        int count = b.getInt(index + COMPACT_COUNT_OFFSET);
        a.envelope(b.getInt(index + CONTEXT_OFFSET), b.getInt(index + COMM_SIZE_OFFSET), b.getInt(index + SOURCE_OFFSET),
            b.getInt(index + TAG_OFFSET), type, count, Arrival.ELEMENTS, count * type.size(), 0);
        return typeAndDestination >>> 8;
    }

    /** Reads the envelope at {@code index} into {@code a}; returns its destination world rank. */
    public static int getEnvelope(DirectBuffer b, int index, Arrival a) {
        a.envelope(b.getInt(index + CONTEXT_OFFSET), b.getInt(index + COMM_SIZE_OFFSET), b.getInt(index + SOURCE_OFFSET),
            b.getInt(index + TAG_OFFSET), ElementType.of(b.getShort(index + TYPE_OFFSET)), b.getInt(index + COUNT_OFFSET),
            b.getShort(index + FORM_OFFSET), b.getInt(index + LENGTH_OFFSET), b.getLong(index + SYNC_TOKEN_OFFSET));
        return b.getInt(index + DESTINATION_OFFSET);
    }
}
