package org.hympj.comm.process;

import org.agrona.BitUtil;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * The layout of the data area of the segment each JVM of a job creates on its node (after
 * the segment header of shm-core): a control block that tells the other processes how this
 * one is doing, then one inbound ring per other JVM of the job, each written only by that
 * JVM and read only by this one (SPSC; docs/decisions/rings-one-per-ordered-pair.md says why not one MPSC ring).
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |          Status (volatile: RUNNING, FINISHED, ABORTED)        |  0
 *  +---------------------------------------------------------------+
 *  |                  Exit Code (valid if ABORTED)                 |  4
 *  +---------------------------------------------------------------+
 *  |                 Failed Rank (valid if ABORTED)                |  8
 *  +---------------------------------------------------------------+
 *  |                  Reason Length (UTF-8 bytes)                  | 12
 *  +---------------------------------------------------------------+
 *  |                 Reason (up to 1008 bytes) ...                 | 16
 *  +---------------------------------------------------------------+
 *  |                 Reserved to CONTROL_LENGTH                    | 1024
 *  +---------------------------------------------------------------+
 *  |  Inbound ring from the lowest other JVM (capacity + trailer)  | CONTROL_LENGTH
 *  +---------------------------------------------------------------+
 *  |  Inbound ring from the next other JVM ...                     | + ring stride
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * <p>The status goes RUNNING to FINISHED (every rank of the JVM ended and its
 * acknowledgements are out: its exit is not a death) or to ABORTED (with exit code, rank
 * and reason written before the status, which is written with release semantics). Ring
 * {@code k} is the inbound ring from JVM {@code k} if {@code k} is below this JVM's index,
 * else from JVM {@code k + 1}.
 */
public final class NodeSegmentDescriptor {
    public static final int STATUS_OFFSET = 0;
    public static final int EXIT_CODE_OFFSET = 4;
    public static final int FAILED_RANK_OFFSET = 8;
    public static final int REASON_LENGTH_OFFSET = 12;
    public static final int REASON_OFFSET = 16;
    public static final int MAX_REASON_LENGTH = 1008;
    /** Page-aligned, so every ring's memory starts on a page of its own. */
    public static final int CONTROL_LENGTH = 4096;

    public static final int STATUS_RUNNING = 1;
    public static final int STATUS_FINISHED = 2;
    public static final int STATUS_ABORTED = 3;

    private NodeSegmentDescriptor() {
    }

    /** Bytes from one ring to the next: its capacity and trailer, rounded up to a page. */
    public static int ringStride(int ringCapacity) {
        return BitUtil.align(ringCapacity + RingBufferDescriptor.TRAILER_LENGTH, 4096);
    }

    /** The data length of a segment with inbound rings from {@code jvms - 1} other JVMs. */
    public static long dataLength(int jvms, int ringCapacity) {
        return CONTROL_LENGTH + (long) (jvms - 1) * ringStride(ringCapacity);
    }

    /** Offset, in the data area of JVM {@code receiver}'s segment, of its inbound ring from {@code sender}. */
    public static int ringOffset(int sender, int receiver, int ringCapacity) {
        int slot = sender < receiver ? sender : sender - 1;
        return CONTROL_LENGTH + slot * ringStride(ringCapacity);
    }
}
