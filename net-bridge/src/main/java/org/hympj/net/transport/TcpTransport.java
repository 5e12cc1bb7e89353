package org.hympj.net.transport;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * TCP links over blocking socket channels (so the bridge writes straight from its direct
 * ring memory, and reads through the socket's stream, whose timeout is the liveness check): no Nagle delay (the bridge batches frames itself and flushes at once), socket
 * buffers of {@link #SOCKET_BUFFER_BYTES} so a stream of large fragments keeps the wire busy,
 * ephemeral listening ports.
 */
public final class TcpTransport implements Transport {
    public static final int SOCKET_BUFFER_BYTES = 4 << 20;

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
        return new Link() {
            @Override
            public InputStream input() throws IOException {
                return socket.getInputStream();
            }

            @Override
            public void write(ByteBuffer bytes) throws IOException {
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
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
                channel.close();
            }
        };
    }
}
