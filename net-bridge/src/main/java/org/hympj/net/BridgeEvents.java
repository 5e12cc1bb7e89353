package org.hympj.net;

import org.agrona.DirectBuffer;
import org.hympj.net.frame.FrameException;

/** What the bridge tells the program above it. Called on the bridge's threads; must not block. */
public interface BridgeEvents {
    /**
     * An application frame from JVM {@code peer}, on that connection's reading thread, in the
     * order the peer's threads committed them to the connection. The body is valid only during
     * the call. Throws {@link FrameException} for a body it does not accept: the connection is
     * then taken for lost.
     */
    void onFrame(int peer, int type, DirectBuffer buffer, int index, int length) throws FrameException;

    /** The connection to JVM {@code peer} ended without its goodbye, or failed; once per peer. */
    void onPeerLost(int peer, String reason);

    /** Why writers must give up now (the job was aborted), or null. */
    String stopReason();

    /** Something worth a line on the job's error stream: a refused connection, say. */
    void log(String message);
}
