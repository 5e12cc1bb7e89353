package org.hympj.net.frame;

import org.agrona.DirectBuffer;

/** Takes the frames a {@link FrameDecoder} finds, one at a time, on the decoder's thread. */
@FunctionalInterface
public interface FrameHandler {
    /**
     * One whole frame: its body is {@code length} bytes at {@code index} of {@code buffer},
     * valid only during the call. Throws {@link FrameException} for a body it does not accept.
     */
    void onFrame(int type, DirectBuffer buffer, int index, int length) throws FrameException;
}
