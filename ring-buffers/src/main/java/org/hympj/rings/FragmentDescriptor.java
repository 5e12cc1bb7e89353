package org.hympj.rings;

/**
 * The layout of one fragment of a bulk payload: a record of the ring whose body starts with
 * this header. A payload too large for one record travels as fragments of one stream, in
 * order, each saying where its bytes go, so the reader can copy each into place as it
 * arrives while the writer is already copying the next one in (the two copies overlap).
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                          Stream Id                            |  0
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                 Total Length of the payload                   |  8
 *  +---------------------------------------------------------------+
 *  |             Offset of this fragment in the payload            | 12
 *  +---------------------------------------------------------------+
 *  |                        Fragment data ...                      | 16
 * </pre>
 *
 * The last fragment is the one whose offset plus data length equals the total length.
 */
public final class FragmentDescriptor {
    public static final int STREAM_ID_OFFSET = 0;
    public static final int TOTAL_LENGTH_OFFSET = 8;
    public static final int FRAGMENT_OFFSET_OFFSET = 12;
    public static final int HEADER_LENGTH = 16;

    private FragmentDescriptor() {
    }
}
