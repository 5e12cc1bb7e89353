package org.hympj.comm.process;

/**
 * The records the process path writes into a ring, by Agrona record type:
 * <ul>
 *   <li>{@link #INLINE}: a message whose payload follows its envelope in the same record;</li>
 *   <li>{@link #STREAMED}: the envelope of a large message whose payload follows as
 *       fragments of the ring-buffers bulk path ({@link #FRAGMENT} records, in order, with
 *       nothing between them: the writer holds the ring until the last one is in);</li>
 *   <li>{@link #SYNC_ACK}: an 8-byte token: a receive has matched the synchronous send
 *       that carried it.</li>
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
 * Native byte order throughout (rings never leave their node); the payload starts 8-byte
 * aligned, as Agrona aligns records to 8 bytes.
 */
public final class MessageDescriptor {
    public static final int INLINE = 1;
    public static final int STREAMED = 2;
    public static final int FRAGMENT = 3;
    public static final int SYNC_ACK = 4;

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

    private MessageDescriptor() {
    }
}
