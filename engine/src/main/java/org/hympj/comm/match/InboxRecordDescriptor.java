package org.hympj.comm.match;

/**
 * The body of a record in a {@link RankInbox}: a small message from a rank of the same JVM,
 * envelope and payload together, so that the receiver reads one message from as few cache
 * lines as possible.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |              Agrona record header: length, type               |  -8
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
 *  +---------------------------------------------------------------+
 *  |                  Element Type (ordinal)                       | 20
 *  +---------------------------------------------------------------+
 *  |         Payload: Count elements in native byte order ...      | 24
 * </pre>
 * The payload is Count times the element size bytes; the writer pads the record to whole
 * 64-byte lines (Agrona's header included), so every record starts a cache line and a
 * message of up to 32 bytes is one line. Only the JVM that wrote a record reads it.
 */
public final class InboxRecordDescriptor {
    /** Agrona record type of a message. */
    public static final int MESSAGE = 1;

    public static final int CONTEXT_OFFSET = 0;
    public static final int COMM_SIZE_OFFSET = 4;
    public static final int SOURCE_OFFSET = 8;
    public static final int TAG_OFFSET = 12;
    public static final int COUNT_OFFSET = 16;
    public static final int TYPE_OFFSET = 20;
    public static final int HEADER_LENGTH = 24;

    private InboxRecordDescriptor() {
    }
}
