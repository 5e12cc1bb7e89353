package org.hympj.comm.node;

import org.hympj.comm.protocol.MessageDescriptor;
import org.hympj.net.frame.FrameDescriptor;

/**
 * The frames of the MPI layer on a net-bridge connection (types from
 * {@link FrameDescriptor#FIRST_APPLICATION_TYPE}); each is a frame body:
 * <pre>
 *  MESSAGE        the 40-byte envelope of MessageDescriptor, then the whole payload
 *  STREAM_START   the envelope, then at 40 the stream id (8): the payload follows as FRAGMENTs
 *  FRAGMENT       the ring-buffers FragmentDescriptor header (stream id, total length,
 *                 offset), then up to a fragment of payload; one stream's fragments come in
 *                 order, other frames may come between them
 *  SYNC_ACK       the 8-byte token of a synchronous send that a receive has matched
 *  ABORT          failed rank (4), exit code (4), reason (UTF-8, the rest)
 * </pre>
 * A stream id is unique per sending JVM; a sync token names the sending JVM in its high bits
 * and has {@link MessageDescriptor#BRIDGE_TOKEN} set, so an acknowledgement finds its way back by the bridge
 * and never by the node's rings.
 */
public final class NodeFrameDescriptor {
    public static final int MESSAGE = FrameDescriptor.FIRST_APPLICATION_TYPE;
    public static final int STREAM_START = MESSAGE + 1;
    public static final int FRAGMENT = MESSAGE + 2;
    public static final int SYNC_ACK = MESSAGE + 3;
    public static final int ABORT = MESSAGE + 4;
    /** How many application frame types the MPI layer uses. */
    public static final int TYPES = 5;

    public static final int STREAM_ID_OFFSET = 40;
    public static final int STREAM_START_LENGTH = 48;
    public static final int SYNC_ACK_LENGTH = 8;
    /** A token's sending JVM is in bits 40..61. */
    public static final int TOKEN_JVM_SHIFT = 40;

    private NodeFrameDescriptor() {
    }

    public static long token(int jvm, long sequence) {
        return MessageDescriptor.BRIDGE_TOKEN | ((long) jvm << TOKEN_JVM_SHIFT) | (sequence & ((1L << TOKEN_JVM_SHIFT) - 1));
    }

    public static int tokenJvm(long token) {
        return (int) ((token & ~MessageDescriptor.BRIDGE_TOKEN) >>> TOKEN_JVM_SHIFT);
    }
}
