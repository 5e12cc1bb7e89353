package org.hympj.net.frame;

import java.io.IOException;

/** A connection sent something that is not a frame this side accepts; the connection is closed. */
public final class FrameException extends IOException {
    private static final long serialVersionUID = 1L;

    public FrameException(String message) {
        super(message);
    }
}
