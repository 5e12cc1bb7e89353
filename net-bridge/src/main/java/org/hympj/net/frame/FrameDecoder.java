package org.hympj.net.frame;

import static org.hympj.net.frame.FrameDescriptor.HEADER_LENGTH;
import static org.hympj.net.frame.FrameDescriptor.LENGTH_OFFSET;
import static org.hympj.net.frame.FrameDescriptor.TYPE_OFFSET;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteOrder;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Cuts the bytes of one connection into frames ({@link FrameDescriptor}) and hands each to a
 * {@link FrameHandler}. Its buffer has a fixed size, twice the largest frame the connection
 * accepts, allocated once: a frame whose header advertises more, or less than a header, or
 * a type nobody uses, fails with {@link FrameException} before its body is read.
 *
 * <p>Not thread-safe: one decoder per connection, used by the connection's reading thread.
 */
public final class FrameDecoder {
    private final int maxFrameLength;
    private final int applicationTypes;
    private final byte[] bytes;
    private final UnsafeBuffer buffer;
    private int start;
    private int end;

    /**
     * @param maxBodyLength    the largest body this connection accepts
     * @param applicationTypes how many application types (from {@link FrameDescriptor#FIRST_APPLICATION_TYPE}) it accepts
     */
    public FrameDecoder(int maxBodyLength, int applicationTypes) {
        if (maxBodyLength < 64 || maxBodyLength > (1 << 28)) {
            throw new IllegalArgumentException("a frame body limit of " + maxBodyLength + " bytes is outside 64 B .. 256 MiB");
        }
        if (applicationTypes < 0 || applicationTypes > FrameDescriptor.MAX_APPLICATION_TYPES) {
            throw new IllegalArgumentException(applicationTypes + " application frame types; at most "
                + FrameDescriptor.MAX_APPLICATION_TYPES);
        }
        if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
            throw new IllegalStateException("the net-bridge sends ring records as they are, in little-endian order, "
                + "and this machine is big-endian");
        }
        this.maxFrameLength = HEADER_LENGTH + maxBodyLength;
        this.applicationTypes = applicationTypes;
        this.bytes = new byte[2 * maxFrameLength];
        this.buffer = new UnsafeBuffer(bytes);
    }

    /**
     * Reads from {@code in} until at least one frame is whole, and hands over every whole frame
     * it then holds. Returns the number of frames handed over, or -1 at the end of the stream
     * on a frame boundary. Throws {@link EOFException} for a stream that ends inside a frame,
     * {@link FrameException} for a bad frame.
     */
    public int readFrames(InputStream in, FrameHandler handler) throws IOException {
        return read(in, handler, Integer.MAX_VALUE);
    }

    /**
     * Reads exactly one frame (the handshake's way: what follows it may be for a handler that
     * does not exist yet, so it stays in the buffer for the next call). -1 at the end of the stream.
     */
    public int readFrame(InputStream in, FrameHandler handler) throws IOException {
        return read(in, handler, 1);
    }

    /** Bytes read from the stream that no frame handed over yet (the start of the next frame). */
    public int buffered() {
        return end - start;
    }

    private int read(InputStream in, FrameHandler handler, int maxFrames) throws IOException {
        int frames = decode(handler, maxFrames);
        while (frames == 0) {
            if (end == bytes.length) {
                // Only a partial frame is left: move it to the front (it is shorter than maxFrameLength).
                System.arraycopy(bytes, start, bytes, 0, end - start);
                end -= start;
                start = 0;
            }
            int n = in.read(bytes, end, bytes.length - end);
            if (n < 0) {
                if (start == end) {
                    return -1;
                }
                throw new EOFException("the connection ended inside a frame (" + (end - start) + " bytes of it had arrived)");
            }
            end += n;
            frames = decode(handler, maxFrames);
        }
        return frames;
    }

    /** Hands over the whole frames in the buffer, at most {@code maxFrames}; returns how many. */
    private int decode(FrameHandler handler, int maxFrames) throws FrameException {
        int frames = 0;
        while (frames < maxFrames && end - start >= HEADER_LENGTH) {
            int length = buffer.getInt(start + LENGTH_OFFSET);
            int type = buffer.getInt(start + TYPE_OFFSET);
            check(length, type);
            if (end - start < length) {
                break;
            }
            handler.onFrame(type, buffer, start + HEADER_LENGTH, length - HEADER_LENGTH);
            start += length;
            frames++;
        }
        if (start == end) {
            start = 0;
            end = 0;
        }
        return frames;
    }

    private void check(int length, int type) throws FrameException {
        if (length < HEADER_LENGTH || length > maxFrameLength) {
            throw new FrameException("a frame (type " + type + ") claims a length of " + length + " bytes; this connection takes "
                + HEADER_LENGTH + ".." + maxFrameLength);
        }
        boolean application = type >= FrameDescriptor.FIRST_APPLICATION_TYPE
            && type < FrameDescriptor.FIRST_APPLICATION_TYPE + applicationTypes;
        if (!application && !FrameDescriptor.isBridgeType(type)) {
            throw new FrameException("a frame has type " + type + ", which this connection does not use");
        }
    }
}
