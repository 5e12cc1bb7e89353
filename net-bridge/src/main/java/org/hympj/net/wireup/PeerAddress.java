package org.hympj.net.wireup;

import java.net.InetSocketAddress;

/** Where one JVM of the job listens during wire-up: an address literal and an ephemeral port. */
public record PeerAddress(String host, int port) {
    /** Longest address literal a frame carries (an IPv6 literal with a scope is well under). */
    public static final int MAX_HOST_LENGTH = 64;

    public PeerAddress {
        if (host == null || host.isEmpty() || host.length() > MAX_HOST_LENGTH) {
            throw new IllegalArgumentException("a peer address needs a host of 1.." + MAX_HOST_LENGTH + " characters, not '" + host + "'");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is outside 1..65535");
        }
    }

    public static PeerAddress of(InetSocketAddress a) {
        return new PeerAddress(a.getAddress().getHostAddress(), a.getPort());
    }

    /** Parses "host:port" (the last colon separates the port, so IPv6 literals work). */
    public static PeerAddress parse(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("'" + text + "' is not host:port");
        }
        try {
            return new PeerAddress(text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not host:port");
        }
    }

    public InetSocketAddress socketAddress() {
        return new InetSocketAddress(host, port);
    }

    @Override
    public String toString() {
        return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
    }
}
