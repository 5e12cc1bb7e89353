package org.hympj.net.ucx;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * Linux's {@code struct sockaddr_in} and {@code sockaddr_in6}, which UCX takes for where to
 * listen and connect: the family in host order, the port in network order, then the address
 * (at 4 for IPv4, at 8 for IPv6).
 */
final class SocketAddresses {
    static final short AF_INET = 2;
    static final short AF_INET6 = 10;

    private SocketAddresses() {
    }

    static MemorySegment encode(Arena arena, InetSocketAddress address) {
        InetAddress ip = address.getAddress();
        byte[] raw = ip.getAddress();
        boolean v4 = ip instanceof Inet4Address;
        MemorySegment s = arena.allocate(v4 ? 16 : 28, 8);
        s.set(JAVA_SHORT, 0, v4 ? AF_INET : AF_INET6);
        s.set(JAVA_BYTE, 2, (byte) (address.getPort() >>> 8));
        s.set(JAVA_BYTE, 3, (byte) address.getPort());
        MemorySegment.copy(MemorySegment.ofArray(raw), 0, s, v4 ? 4 : 8, raw.length);
        return s;
    }

    static InetSocketAddress decode(MemorySegment s) {
        short family = s.get(JAVA_SHORT, 0);
        int port = (s.get(JAVA_BYTE, 2) & 0xff) << 8 | s.get(JAVA_BYTE, 3) & 0xff;
        byte[] raw = new byte[family == AF_INET ? 4 : 16];
        MemorySegment.copy(s, family == AF_INET ? 4 : 8, MemorySegment.ofArray(raw), 0, raw.length);
        try {
            return new InetSocketAddress(InetAddress.getByAddress(raw), port);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("a socket address of family " + family, e);
        }
    }
}
