package org.hympj.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.agrona.concurrent.UnsafeBuffer;
import org.hympj.net.frame.FrameDescriptor;
import org.hympj.net.wireup.Handshake;
import org.hympj.net.wireup.PeerAddress;

/**
 * A client that is not of the job but looks like it: it connects to a wire-up listener and
 * sends a HELLO that is well formed in every field but its proof of the secret, or a frame
 * header that claims a large body. Shared with the MPI layer's cluster tests through this
 * module's test jar.
 */
public final class RogueClient implements AutoCloseable {
    private final Socket socket;
    private final AtomicInteger sent = new AtomicInteger();
    private Thread trickler;

    private RogueClient(PeerAddress at) throws IOException {
        socket = new Socket(at.host(), at.port());
    }

    /**
     * A HELLO frame from JVM 1 to JVM 0 of some job, listening at 127.0.0.1:40000, with a
     * random MAC: every length and field is what a real one has.
     */
    public static byte[] validLookingHello() {
        byte[] host = "127.0.0.1".getBytes(StandardCharsets.US_ASCII);
        int body = 58 + host.length + Handshake.MAC_LENGTH;
        byte[] frame = new byte[FrameDescriptor.HEADER_LENGTH + body];
        ThreadLocalRandom.current().nextBytes(frame);
        UnsafeBuffer b = new UnsafeBuffer(frame);
        b.putInt(FrameDescriptor.LENGTH_OFFSET, frame.length);
        b.putInt(FrameDescriptor.TYPE_OFFSET, FrameDescriptor.HELLO);
        int at = FrameDescriptor.HEADER_LENGTH;
        b.putLong(at, Handshake.MAGIC);
        b.putInt(at + 8, Handshake.VERSION);
        b.putInt(at + 28, 1);
        b.putInt(at + 32, 0);
        b.putInt(at + 52, 40_000);
        b.putShort(at + 56, (short) host.length);
        b.putBytes(at + 58, host);
        return frame;
    }

    /** Connects to {@code at}, sends the first byte of a valid-looking HELLO, and the rest one byte every {@code everyMillis}. */
    public static RogueClient trickling(PeerAddress at, long everyMillis) throws IOException {
        RogueClient rogue = new RogueClient(at);
        byte[] hello = validLookingHello();
        OutputStream out = rogue.socket.getOutputStream();
        out.write(hello[0]);
        rogue.sent.set(1);
        rogue.trickler = new Thread(() -> {
            try {
                for (int i = 1; i < hello.length; i++) {
                    Thread.sleep(everyMillis);
                    out.write(hello[i]);
                    rogue.sent.incrementAndGet();
                }
            } catch (IOException | InterruptedException e) {
                // closed: by the listener, or by close()
            }
        }, "rogue-trickler");
        rogue.trickler.setDaemon(true);
        rogue.trickler.start();
        return rogue;
    }

    /** Connects to {@code at} and sends a HELLO header that claims a body of {@code bodyLength} bytes, and nothing after it. */
    public static RogueClient claiming(PeerAddress at, int bodyLength) throws IOException {
        RogueClient rogue = new RogueClient(at);
        byte[] header = new byte[FrameDescriptor.HEADER_LENGTH];
        UnsafeBuffer b = new UnsafeBuffer(header);
        b.putInt(FrameDescriptor.LENGTH_OFFSET, FrameDescriptor.HEADER_LENGTH + bodyLength);
        b.putInt(FrameDescriptor.TYPE_OFFSET, FrameDescriptor.HELLO);
        rogue.socket.getOutputStream().write(header);
        rogue.sent.set(header.length);
        return rogue;
    }

    /** Bytes sent so far. */
    public int sent() {
        return sent.get();
    }

    /** "127.0.0.1:PORT": how the listener sees this client. */
    public String address() {
        return socket.getLocalAddress().getHostAddress() + ":" + socket.getLocalPort();
    }

    /** Reads (the listener's CHALLENGE) until the listener closes the connection; false if it has not within {@code millis}. */
    public boolean closedByListenerWithin(int millis) throws IOException {
        socket.setSoTimeout(millis);
        InputStream in = socket.getInputStream();
        try {
            while (in.read() >= 0) {
                // the CHALLENGE, unanswered
            }
            return true;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
        if (trickler != null) {
            trickler.interrupt();
        }
    }
}
