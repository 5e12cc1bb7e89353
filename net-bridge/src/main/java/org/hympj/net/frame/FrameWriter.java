package org.hympj.net.frame;

import static org.hympj.net.frame.FrameDescriptor.HEADER_LENGTH;
import static org.hympj.net.frame.FrameDescriptor.LENGTH_OFFSET;
import static org.hympj.net.frame.FrameDescriptor.TYPE_OFFSET;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.hympj.net.transport.Link;

/**
 * Builds a frame in a buffer of its own and writes it in one call: for the frames of the
 * handshake and the bridge's own small ones (heartbeat, goodbye), written by one thread.
 * Ranks' frames do not come this way: they are written into the connection's ring.
 */
public final class FrameWriter {
    private final UnsafeBuffer buffer;

    public FrameWriter(int maxBodyLength) {
        this.buffer = new UnsafeBuffer(new byte[HEADER_LENGTH + maxBodyLength]);
    }

    /** The body of the frame being built starts at index {@link FrameDescriptor#HEADER_LENGTH}. */
    public UnsafeBuffer buffer() {
        return buffer;
    }

    /** Writes the frame of {@code type} whose body is the first {@code bodyLength} bytes after the header. */
    public void write(Link link, int type, int bodyLength) throws IOException {
        buffer.putInt(LENGTH_OFFSET, HEADER_LENGTH + bodyLength);
        buffer.putInt(TYPE_OFFSET, type);
        link.write(ByteBuffer.wrap(buffer.byteArray(), 0, HEADER_LENGTH + bodyLength));
    }
}
