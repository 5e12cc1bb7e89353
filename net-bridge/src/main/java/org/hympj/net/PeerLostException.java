package org.hympj.net;

/** A writer gave up: the connection to its peer is lost, or the job was aborted. */
public final class PeerLostException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PeerLostException(String message) {
        super(message, null, false, false);
    }
}
