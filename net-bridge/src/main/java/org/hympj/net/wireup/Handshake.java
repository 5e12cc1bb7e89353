package org.hympj.net.wireup;

import static org.hympj.net.frame.FrameDescriptor.CHALLENGE;
import static org.hympj.net.frame.FrameDescriptor.HEADER_LENGTH;
import static org.hympj.net.frame.FrameDescriptor.HELLO;
import static org.hympj.net.frame.FrameDescriptor.WELCOME;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.hympj.net.frame.FrameDecoder;
import org.hympj.net.frame.FrameDescriptor;
import org.hympj.net.frame.FrameException;
import org.hympj.net.frame.FrameWriter;
import org.hympj.net.transport.Link;

/**
 * The first three frames of every connection, by which each side proves to the other that it
 * belongs to the same job and knows the job's secret, without the secret crossing the wire:
 * <pre>
 *  acceptor                                   connector
 *     | -- CHALLENGE: magic, version, nonce A --> |
 *     | &lt;-- HELLO: magic, version, job id, from, to, nonce C, listen address,
 *     |            HMAC-SHA256(secret, nonce A | HELLO body before the MAC) --- |
 *     | -- WELCOME: HMAC-SHA256(secret, "W" | nonce C | to | from) ----------> |
 * </pre>
 * Bodies (little-endian):
 * <pre>
 *  CHALLENGE   0 magic (8)  8 version (4)  12 nonce A (16)                          = 28
 *  HELLO       0 magic (8)  8 version (4)  12 job id (16)  28 from JVM (4)  32 to JVM (4)
 *             36 nonce C (16)  52 listen port (4)  56 host length (2)  58 host (n)  58+n MAC (32)
 *  WELCOME     0 MAC (32)
 * </pre>
 * The acceptor answers a HELLO with a wrong magic, version, job, destination or MAC by
 * closing the connection (and its caller logs why); it tells the other side nothing. Fresh
 * nonces on both sides make a recorded handshake useless for a second connection.
 *
 * <p>Until the connector has proved the secret, the acceptor reads through a decoder that
 * takes no frame longer than a HELLO ({@link #MAX_BODY_LENGTH}), so an unauthenticated client
 * costs a few hundred bytes at most; and every read of a handshake is bounded by one deadline
 * for the whole handshake, so a client that trickles its bytes cannot stretch it.
 */
public final class Handshake {
    /** "HYMPJNET" as a little-endian long. */
    public static final long MAGIC = 0x54454E4A504D5948L;
    public static final int VERSION = 1;
    public static final int NONCE_LENGTH = 16;
    public static final int MAC_LENGTH = 32;

    static final int CHALLENGE_LENGTH = 28;
    static final int HELLO_FIXED_LENGTH = 58;
    static final int WELCOME_LENGTH = MAC_LENGTH;
    /** Longest handshake frame body. */
    public static final int MAX_BODY_LENGTH = HELLO_FIXED_LENGTH + PeerAddress.MAX_HOST_LENGTH + MAC_LENGTH;

    private static final SecureRandom RANDOM = new SecureRandom();

    /** Who this side is: its job, its JVM index, and the job's secret. */
    public record Identity(long jobHigh, long jobLow, int jvm, JobSecret secret) {
    }

    /** What an accepted connector said of itself. */
    public record Hello(int fromJvm, PeerAddress listenAddress) {
    }

    private Handshake() {
    }

    /**
     * The acceptor's side, on a fresh connection; returns who connected. Throws
     * {@link FrameException} when the connector is not of this job (wrong magic, version, job,
     * destination or secret) or sends more than its HELLO before the WELCOME, and
     * {@link SocketTimeoutException} when its HELLO is not whole by {@code deadline} (epoch
     * milliseconds): the caller closes and logs. The connection reads nothing else before it.
     */
    public static Hello accept(Link link, Identity me, long deadline) throws IOException {
        FrameDecoder decoder = new FrameDecoder(MAX_BODY_LENGTH, 0);
        FrameWriter w = new FrameWriter(MAX_BODY_LENGTH);
        byte[] nonceA = nonce();
        UnsafeBuffer b = w.buffer();
        b.putLong(HEADER_LENGTH, MAGIC);
        b.putInt(HEADER_LENGTH + 8, VERSION);
        b.putBytes(HEADER_LENGTH + 12, nonceA);
        w.write(link, CHALLENGE, CHALLENGE_LENGTH);

        UnsafeBuffer hello = readOne(link, decoder, HELLO, "HELLO", deadline);
        if (decoder.buffered() > 0) {
            throw new FrameException("it sent more than its HELLO before the WELCOME");
        }
        int length = hello.capacity();
        if (length < HELLO_FIXED_LENGTH + MAC_LENGTH) {
            throw new FrameException("a HELLO of " + length + " bytes is too short");
        }
        checkMagic(hello);
        int hostLength = hello.getShort(56) & 0xffff;
        if (hostLength < 1 || hostLength > PeerAddress.MAX_HOST_LENGTH || length != HELLO_FIXED_LENGTH + hostLength + MAC_LENGTH) {
            throw new FrameException("a HELLO's host length " + hostLength + " does not fit its " + length + " bytes");
        }
        byte[] expected = mac(me.secret(), nonceA, hello, HELLO_FIXED_LENGTH + hostLength);
        byte[] got = new byte[MAC_LENGTH];
        hello.getBytes(HELLO_FIXED_LENGTH + hostLength, got);
        // Check the MAC before believing anything else the frame says.
        if (!MessageDigest.isEqual(expected, got)) {
            throw new FrameException("its HELLO does not prove the job's secret (another job, or no secret at all)");
        }
        if (hello.getLong(12) != me.jobHigh() || hello.getLong(20) != me.jobLow()) {
            throw new FrameException("it belongs to another job");
        }
        int from = hello.getInt(28);
        int to = hello.getInt(32);
        if (to != me.jvm()) {
            throw new FrameException("it wanted JVM " + to + ", and this is JVM " + me.jvm());
        }
        byte[] nonceC = new byte[NONCE_LENGTH];
        hello.getBytes(36, nonceC);
        int port = hello.getInt(52);
        String host = hello.getStringWithoutLengthAscii(HELLO_FIXED_LENGTH, hostLength);
        PeerAddress listen;
        try {
            listen = new PeerAddress(host, port);
        } catch (IllegalArgumentException e) {
            throw new FrameException("its HELLO names a bad listening address: " + e.getMessage());
        }

        b.putBytes(HEADER_LENGTH, welcomeMac(me.secret(), nonceC, me.jvm(), from));
        w.write(link, WELCOME, WELCOME_LENGTH);
        return new Hello(from, listen);
    }

    /**
     * The connector's side: answers the challenge as JVM {@code me.jvm()} wanting JVM
     * {@code toJvm}, and checks that the acceptor knows the secret too, all by {@code deadline}
     * (epoch milliseconds).
     */
    public static void connect(Link link, FrameDecoder decoder, Identity me, int toJvm, PeerAddress listen, long deadline)
        throws IOException {
        UnsafeBuffer challenge = readOne(link, decoder, CHALLENGE, "CHALLENGE", deadline);
        if (challenge.capacity() != CHALLENGE_LENGTH) {
            throw new FrameException("a CHALLENGE of " + challenge.capacity() + " bytes");
        }
        checkMagic(challenge);
        byte[] nonceA = new byte[NONCE_LENGTH];
        challenge.getBytes(12, nonceA);

        FrameWriter w = new FrameWriter(MAX_BODY_LENGTH);
        UnsafeBuffer b = w.buffer();
        UnsafeBuffer body = new UnsafeBuffer(b, HEADER_LENGTH, MAX_BODY_LENGTH);
        byte[] nonceC = nonce();
        byte[] host = listen.host().getBytes(StandardCharsets.US_ASCII);
        body.putLong(0, MAGIC);
        body.putInt(8, VERSION);
        body.putLong(12, me.jobHigh());
        body.putLong(20, me.jobLow());
        body.putInt(28, me.jvm());
        body.putInt(32, toJvm);
        body.putBytes(36, nonceC);
        body.putInt(52, listen.port());
        body.putShort(56, (short) host.length);
        body.putBytes(HELLO_FIXED_LENGTH, host);
        body.putBytes(HELLO_FIXED_LENGTH + host.length, mac(me.secret(), nonceA, body, HELLO_FIXED_LENGTH + host.length));
        w.write(link, HELLO, HELLO_FIXED_LENGTH + host.length + MAC_LENGTH);

        UnsafeBuffer welcome = readOne(link, decoder, WELCOME, "WELCOME", deadline);
        byte[] got = new byte[MAC_LENGTH];
        if (welcome.capacity() != WELCOME_LENGTH) {
            throw new FrameException("a WELCOME of " + welcome.capacity() + " bytes");
        }
        welcome.getBytes(0, got);
        if (!MessageDigest.isEqual(got, welcomeMac(me.secret(), nonceC, toJvm, me.jvm()))) {
            throw new FrameException("JVM " + toJvm + " at " + link.remote() + " does not know the job's secret");
        }
    }

    /** Reads one frame that must be of {@code type}, whole by {@code deadline}; returns a copy of its body. */
    static UnsafeBuffer readOne(Link link, FrameDecoder decoder, int type, String name, long deadline) throws IOException {
        UnsafeBuffer[] body = new UnsafeBuffer[1];
        int n = decoder.readFrame(until(deadline, link, name), (t, buffer, index, length) -> {
            if (t != type) {
                throw new FrameException("expected " + name + ", got " + FrameDescriptor.typeName(t));
            }
            if (length > MAX_BODY_LENGTH && type != FrameDescriptor.PEER_TABLE) {
                throw new FrameException("a " + name + " of " + length + " bytes is longer than any handshake frame");
            }
            byte[] copy = new byte[length];
            buffer.getBytes(index, copy);
            body[0] = new UnsafeBuffer(copy);
        });
        if (n < 0) {
            throw new FrameException("the connection closed before its " + name + " (the other side refused the handshake,"
                + " or is not a HyMPJ bridge)");
        }
        return body[0];
    }

    /**
     * The link's input, each read waiting no longer than what is left until {@code deadline}:
     * the deadline holds for the frame as a whole, however its bytes are spread out.
     */
    private static InputStream until(long deadline, Link link, String name) throws IOException {
        InputStream in = link.input();
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] bytes, int offset, int length) throws IOException {
                long left = deadline - System.currentTimeMillis();
                if (left > 0) {
                    link.readTimeout((int) Math.min(left, Integer.MAX_VALUE));
                    try {
                        return in.read(bytes, offset, length);
                    } catch (SocketTimeoutException e) {
                        // the same as no time left
                    }
                }
                throw new SocketTimeoutException("its " + name + " did not come whole in time");
            }
        };
    }

    private static void checkMagic(DirectBuffer body) throws FrameException {
        if (body.getLong(0) != MAGIC) {
            throw new FrameException("it does not speak the HyMPJ bridge protocol (bad magic)");
        }
        if (body.getInt(8) != VERSION) {
            throw new FrameException("it speaks bridge protocol version " + body.getInt(8) + ", this JVM version " + VERSION
                + " (mixed HyMPJ versions in one job)");
        }
    }

    private static byte[] nonce() {
        byte[] n = new byte[NONCE_LENGTH];
        RANDOM.nextBytes(n);
        return n;
    }

    private static byte[] mac(JobSecret secret, byte[] nonce, DirectBuffer body, int length) {
        Mac mac = hmac(secret);
        mac.update(nonce);
        byte[] bytes = new byte[length];
        body.getBytes(0, bytes);
        return mac.doFinal(bytes);
    }

    private static byte[] welcomeMac(JobSecret secret, byte[] nonceC, int acceptor, int connector) {
        Mac mac = hmac(secret);
        mac.update((byte) 'W');
        mac.update(nonceC);
        byte[] ids = new byte[8];
        new UnsafeBuffer(ids).putInt(0, acceptor);
        new UnsafeBuffer(ids).putInt(4, connector);
        return mac.doFinal(ids);
    }

    private static Mac hmac(JobSecret secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.keyBytes(), "HmacSHA256"));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
        }
    }
}
