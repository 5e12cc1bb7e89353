package org.hympj.net.frame;

import static org.hympj.net.frame.FrameDescriptor.HEADER_LENGTH;
import static org.hympj.net.frame.FrameDescriptor.LENGTH_OFFSET;
import static org.hympj.net.frame.FrameDescriptor.TYPE_OFFSET;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.agrona.concurrent.UnsafeBuffer;
import org.hympj.net.transport.PolledLink;

/**
 * Cuts the bytes of one connection into frames ({@link FrameDescriptor}) and hands each to a
 * {@link FrameHandler}. Its buffer has a fixed size, twice the largest frame the connection
 * accepts, allocated once: a frame whose header advertises more, or less than a header, or
 * a type nobody uses, fails with {@link FrameException} before its body is read.
 *
 * <p>Not thread-safe: one decoder per connection, used by one thread at a time (the
 * connection's reading thread, or a thread that reads a {@link PolledLink} in its turn).
 */
public final class FrameDecoder {
    private final int maxFrameLength;
    private final int applicationTypes;
    private final byte[] bytes;
    private final UnsafeBuffer buffer;
    /** The same bytes, for reads from a {@link PolledLink}. */
    private final ByteBuffer view;
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
        this.view = ByteBuffer.wrap(bytes);
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

    /**
     * Reads what has arrived on {@code link}, without waiting for more, and hands over every
     * whole frame it then holds (also those left from an earlier read). Returns the number of
     * frames handed over, 0 if none is whole yet, or -1 at the end of the stream on a frame
     * boundary; throws as {@link #readFrames}.
     */
    public int pollFrames(PolledLink link, FrameHandler handler) throws IOException {
        int frames = decode(handler, Integer.MAX_VALUE);
        while (true) {
            int room = makeRoom();
            int n = link.readNow(view.limit(bytes.length).position(end));
            if (n <= 0) {
                return n < 0 ? endOfStream(frames) : frames;
            }
            end += n;
            frames += decode(handler, Integer.MAX_VALUE);
            if (n < room) {
                return frames;
            }
        }
    }

    private int read(InputStream in, FrameHandler handler, int maxFrames) throws IOException {
        int frames = decode(handler, maxFrames);
        while (frames == 0) {
            int room = makeRoom();
            int n = in.read(bytes, end, room);
            if (n < 0) {
                return endOfStream(0);
            }
            end += n;
            frames = decode(handler, maxFrames);
        }
        return frames;
    }

    /** Room after the buffered bytes, made by moving a partial frame to the front when the buffer's end is reached. */
    private int makeRoom() {
        if (end == bytes.length) {
            // Only a partial frame is left (it is shorter than maxFrameLength).
            System.arraycopy(bytes, start, bytes, 0, end - start);
            end -= start;
            start = 0;
        }
        return bytes.length - end;
    }

    /** The stream ended: fine after whole frames ({@code frames} of them just handed over, or -1 if none), not inside one. */
    private int endOfStream(int frames) throws EOFException {
        if (start != end) {
            throw new EOFException("the connection ended inside a frame (" + (end - start) + " bytes of it had arrived)");
        }
        return frames > 0 ? frames : -1;
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
