package org.hympj.shm;

/**
 * The layout of the header at the start of every HyMPJ shared segment: one cache line that
 * says what the file is, which job it belongs to and which process made it. The segment's
 * data follow from {@link #DATA_OFFSET}.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                     Magic ("HYMPJSEG")                        |  0
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                        Layout Version                         |  8
 *  +---------------------------------------------------------------+
 *  |                        Header Length                          | 12
 *  +---------------------------------------------------------------+
 *  |                     Job Id (high 64 bits)                     | 16
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                     Job Id (low 64 bits)                      | 24
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                        Creator Pid                            | 32
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |              Creator Start Time (epoch millis)                | 40
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |              Heartbeats (a count, volatile)                   | 48
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |        State (volatile): CREATING, RESERVING, READY           | 56
 *  +---------------------------------------------------------------+
 *  |                        Reserved                               | 60
 *  +---------------------------------------------------------------+
 *  |                        Data ...                               | 64
 * </pre>
 *
 * <p>All fields are in native byte order (segments never leave their node). The creator's
 * start time tells a live creator from an unrelated process that reused its pid. The state
 * goes CREATING (0) to RESERVING (2) with an ordered write once every other field is
 * written, before the creator takes the file's pages, which is slow; then to READY (1) with
 * another ordered write once the data area is reserved and mapped. A process that reads
 * RESERVING or READY (with acquire) sees the whole header, so it knows the creator even of
 * a segment whose creator died while reserving it; only READY lets a segment be used. The
 * heartbeat is a count that the creator raises, not a time: its watchers measure how long
 * it stands still on their own monotonic clocks, which a step of the wall clock does not move.
 */
public final class SegmentHeaderDescriptor {
    /** "HYMPJSEG" in ASCII, as a little-endian long. */
    public static final long MAGIC = 0x4745_534A_504D_5948L;
    public static final int LAYOUT_VERSION = 3;

    public static final int MAGIC_OFFSET = 0;
    public static final int LAYOUT_VERSION_OFFSET = 8;
    public static final int HEADER_LENGTH_OFFSET = 12;
    public static final int JOB_ID_HIGH_OFFSET = 16;
    public static final int JOB_ID_LOW_OFFSET = 24;
    public static final int CREATOR_PID_OFFSET = 32;
    public static final int CREATOR_START_OFFSET = 40;
    public static final int HEARTBEAT_OFFSET = 48;
    public static final int STATE_OFFSET = 56;

    public static final int HEADER_LENGTH = 64;
    public static final int DATA_OFFSET = HEADER_LENGTH;

    public static final int STATE_CREATING = 0;
    public static final int STATE_READY = 1;
    public static final int STATE_RESERVING = 2;

    private SegmentHeaderDescriptor() {
    }
}
