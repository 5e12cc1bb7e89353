package org.hympj.net.transport;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * TCP links over socket channels (so the bridge writes straight from its direct ring memory):
 * no Nagle delay (the bridge batches frames itself and flushes at once), socket buffers of
 * {@link #SOCKET_BUFFER_BYTES} so a stream of large fragments keeps the wire busy, ephemeral
 * listening ports. A link is blocking through the handshake, which reads through the
 * socket's stream; the bridge then turns it to {@link PolledLink polled} reads, and a write
 * that finds the socket's buffer full waits on a selector of its own until it drains.
 */
public final class TcpTransport implements Transport {
    public static final int SOCKET_BUFFER_BYTES = 4 << 20;
    /** The longest a writer waits for room in the socket's buffer before it tries again. */
    private static final long WRITE_WAIT_MILLIS = 100;

    @Override
    public Listener listen(InetAddress address) throws IOException {
        if (address.isAnyLocalAddress()) {
            throw new IllegalArgumentException("the net-bridge does not listen on every interface (" + address.getHostAddress()
                + "): name one interface or network with -Dhympj.net.address");
        }
        ServerSocketChannel channel = ServerSocketChannel.open();
        ServerSocket server = channel.socket();
        server.setReceiveBufferSize(SOCKET_BUFFER_BYTES);
        server.bind(new InetSocketAddress(address, 0), 64);
        return new Listener() {
            @Override
            public InetSocketAddress address() {
                return (InetSocketAddress) server.getLocalSocketAddress();
            }

            @Override
            public Link accept(int timeoutMillis) throws IOException {
                server.setSoTimeout(Math.max(1, timeoutMillis));
                try {
                    return link(server.accept());
                } catch (SocketTimeoutException e) {
                    return null;
                }
            }

            @Override
            public void close() throws IOException {
                channel.close();
            }
        };
    }

    @Override
    public Link connect(InetSocketAddress address, int timeoutMillis) throws IOException {
        SocketChannel channel = SocketChannel.open();
        try {
            Socket socket = channel.socket();
            socket.setReceiveBufferSize(SOCKET_BUFFER_BYTES);
            socket.connect(address, Math.max(1, timeoutMillis));
            return link(socket);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    private static Link link(Socket socket) throws IOException {
        socket.setTcpNoDelay(true);
        socket.setSendBufferSize(SOCKET_BUFFER_BYTES);
        socket.setKeepAlive(true);
        String remote = socket.getInetAddress().getHostAddress() + ":" + socket.getPort();
        SocketChannel channel = socket.getChannel();
        return new PolledLink() {
            /** Null until {@link #pollReads}: the reading thread waits on one, a writer whose socket is full on the other. */
            private volatile Selector readable;
            private volatile Selector writable;

            @Override
            public InputStream input() throws IOException {
                return socket.getInputStream();
            }

            @Override
            public void pollReads() throws IOException {
                channel.configureBlocking(false);
                readable = Selector.open();
                writable = Selector.open();
                channel.register(readable, SelectionKey.OP_READ);
                channel.register(writable, SelectionKey.OP_WRITE);
            }

            @Override
            public int readNow(ByteBuffer into) throws IOException {
                return channel.read(into);
            }

            @Override
            public boolean awaitReadable(long millis) throws IOException {
                try {
                    boolean ready = readable.select(Math.max(1, millis)) > 0;
                    readable.selectedKeys().clear();
                    return ready;
                } catch (ClosedSelectorException closed) {
                    throw closedMeanwhile(closed);
                }
            }

            @Override
            public void write(ByteBuffer bytes) throws IOException {
                while (bytes.hasRemaining()) {
                    if (channel.write(bytes) == 0) {
                        // Bounded, so that a channel closed meanwhile fails the next write instead of waiting here.
                        try {
                            writable.select(WRITE_WAIT_MILLIS);
                            writable.selectedKeys().clear();
                        } catch (ClosedSelectorException closed) {
                            throw closedMeanwhile(closed);
                        }
                    }
                }
            }

            @Override
            public void readTimeout(int millis) throws IOException {
                socket.setSoTimeout(millis);
            }

            @Override
            public void shutdownOutput() throws IOException {
                if (!socket.isClosed() && !socket.isOutputShutdown()) {
                    socket.shutdownOutput();
                }
            }

            @Override
            public String remote() {
                return remote;
            }

            @Override
            public void close() throws IOException {
                try {
                    channel.close();
                } finally {
                    // A channel's socket is released once no selector holds it any more.
                    try {
                        if (readable != null) {
                            readable.close();
                        }
                    } finally {
                        if (writable != null) {
                            writable.close();
                        }
                    }
                }
            }
        };
    }

    /**
     * The failure of a wait on a connection that was closed during it, as the channel's own
     * operations report one: an {@code IOException}, which the link's callers handle.
     */
    private static IOException closedMeanwhile(ClosedSelectorException cause) {
        IOException closed = new ClosedChannelException();
        closed.initCause(cause);
        return closed;
    }
}
