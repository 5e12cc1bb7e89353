package org.hympj.net.transport;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;

/** Where a JVM takes the connections of the others during wire-up; closed once they are all in. */
public interface Listener extends Closeable {
    /** The address and the (ephemeral) port it listens on. */
    InetSocketAddress address();

    /** The next connection, or null when none came within {@code timeoutMillis}. */
    Link accept(int timeoutMillis) throws IOException;
}
