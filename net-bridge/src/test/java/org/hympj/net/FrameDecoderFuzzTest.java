package org.hympj.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.agrona.concurrent.UnsafeBuffer;
import org.hympj.net.frame.FrameDecoder;
import org.hympj.net.frame.FrameDescriptor;
import org.hympj.net.frame.FrameException;
import org.junit.jupiter.api.Test;

/**
 * The frame decoder against what a connection may bring: valid streams cut at every kind of
 * boundary, and random or mutated bytes (a JUnit-driven random fuzzer, seeded so a failure
 * replays). Whatever comes, the decoder hands over exactly the frames that were sent, or fails
 * with {@link FrameException} / {@link EOFException}: never another exception, never a read
 * past a header that advertises more than the connection takes.
 */
class FrameDecoderFuzzTest {
    private static final int MAX_BODY = 4096;
    private static final int APP_TYPES = 4;

    private record Frame(int type, byte[] body) {
    }

    @Test
    void validStreamsCutAnywhereDecodeToTheFramesSent() throws IOException {
        SplittableRandom random = new SplittableRandom(20261122);
        for (int round = 0; round < 300; round++) {
            List<Frame> sent = new ArrayList<>();
            ByteArrayOutputStream wire = new ByteArrayOutputStream();
            int n = 1 + random.nextInt(40);
            for (int i = 0; i < n; i++) {
                int type = random.nextInt(3) == 0 ? FrameDescriptor.HEARTBEAT
                    : FrameDescriptor.FIRST_APPLICATION_TYPE + random.nextInt(APP_TYPES);
                byte[] body = new byte[random.nextInt(4) == 0 ? random.nextInt(MAX_BODY + 1) : random.nextInt(64)];
                random.nextBytes(body);
                sent.add(new Frame(type, body));
                wire.writeBytes(encode(type, body));
            }
            List<Frame> got = decodeAll(new ChoppyStream(wire.toByteArray(), random.split()));
            assertEquals(sent.size(), got.size(), "round " + round);
            for (int i = 0; i < sent.size(); i++) {
                assertEquals(sent.get(i).type(), got.get(i).type());
                assertArrayEquals(sent.get(i).body(), got.get(i).body());
            }
        }
    }

    @Test
    void randomAndMutatedBytesFailCleanly() {
        SplittableRandom random = new SplittableRandom(7);
        int failures = 0;
        for (int round = 0; round < 20_000; round++) {
            byte[] wire;
            if (round % 2 == 0) {
                wire = new byte[random.nextInt(256)];
                random.nextBytes(wire);
            } else {
                ByteArrayOutputStream valid = new ByteArrayOutputStream();
                for (int i = 0; i < 1 + random.nextInt(5); i++) {
                    byte[] body = new byte[random.nextInt(100)];
                    valid.writeBytes(encode(FrameDescriptor.FIRST_APPLICATION_TYPE, body));
                }
                wire = valid.toByteArray();
                for (int k = 0; k < 1 + random.nextInt(4); k++) {
                    wire[random.nextInt(wire.length)] ^= (byte) (1 + random.nextInt(255));
                }
            }
            try {
                decodeAll(new ChoppyStream(wire, random.split()));
            } catch (FrameException | EOFException expected) {
                failures++;
            } catch (Throwable t) {
                fail("round " + round + ": the decoder threw " + t);
            }
        }
        assertTrue(failures > 10_000, "most random inputs are not valid frames; " + failures + " failed");
    }

    @Test
    void anOversizedOrUndersizedLengthFailsBeforeTheBodyIsRead() {
        for (int length : new int[] {Integer.MAX_VALUE, -8, 0, 7, FrameDescriptor.HEADER_LENGTH + MAX_BODY + 1}) {
            byte[] header = new byte[8];
            UnsafeBuffer b = new UnsafeBuffer(header);
            b.putInt(0, length);
            b.putInt(4, FrameDescriptor.FIRST_APPLICATION_TYPE);
            // A stream that fails the test if the decoder asks for more than the header.
            InputStream headerOnly = new InputStream() {
                int at;

                @Override
                public int read() {
                    throw new AssertionError();
                }

                @Override
                public int read(byte[] into, int off, int len) {
                    if (at == header.length) {
                        throw new AssertionError("the decoder read past a header that claimed " + length + " bytes");
                    }
                    int n = Math.min(len, header.length - at);
                    System.arraycopy(header, at, into, off, n);
                    at += n;
                    return n;
                }
            };
            FrameException e = assertThrows(FrameException.class,
                () -> new FrameDecoder(MAX_BODY, APP_TYPES).readFrames(headerOnly, (t, buf, i, l) -> fail("no frame")));
            assertTrue(e.getMessage().contains("claims a length of " + length), e.getMessage());
        }
    }

    @Test
    void unknownTypesAreRefused() {
        for (int type : new int[] {0, 7, 15, FrameDescriptor.FIRST_APPLICATION_TYPE + APP_TYPES, -1}) {
            FrameException e = assertThrows(FrameException.class, () -> decodeAll(new ByteArrayInputStream(encode(type, new byte[4]))));
            assertTrue(e.getMessage().contains("type " + type), e.getMessage());
        }
    }

    static byte[] encode(int type, byte[] body) {
        byte[] frame = new byte[FrameDescriptor.HEADER_LENGTH + body.length];
        UnsafeBuffer b = new UnsafeBuffer(frame);
        b.putInt(FrameDescriptor.LENGTH_OFFSET, frame.length);
        b.putInt(FrameDescriptor.TYPE_OFFSET, type);
        b.putBytes(FrameDescriptor.HEADER_LENGTH, body);
        return frame;
    }

    private static List<Frame> decodeAll(InputStream in) throws IOException {
        FrameDecoder decoder = new FrameDecoder(MAX_BODY, APP_TYPES);
        List<Frame> got = new ArrayList<>();
        while (decoder.readFrames(in, (type, buffer, index, length) -> {
            byte[] body = new byte[length];
            buffer.getBytes(index, body);
            got.add(new Frame(type, body));
        }) >= 0) {
            // until the end of the stream
        }
        return got;
    }

    /** Hands out its bytes in reads of random sizes, as a socket does. */
    private static final class ChoppyStream extends InputStream {
        private final byte[] bytes;
        private final SplittableRandom random;
        private int at;

        ChoppyStream(byte[] bytes, SplittableRandom random) {
            this.bytes = bytes;
            this.random = random;
        }

        @Override
        public int read() {
            return at < bytes.length ? bytes[at++] & 0xff : -1;
        }

        @Override
        public int read(byte[] into, int off, int len) {
            if (at == bytes.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, bytes.length - at), 1 + random.nextInt(random.nextBoolean() ? 16 : 9000));
            System.arraycopy(bytes, at, into, off, n);
            at += n;
            return n;
        }
    }
}
