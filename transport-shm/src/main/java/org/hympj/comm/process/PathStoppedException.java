package org.hympj.comm.process;

/**
 * Thrown out of a ring write that can no longer finish (the job was aborted, or the
 * receiving process finished or died); the send fails with this message.
 */
final class PathStoppedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PathStoppedException(String message) {
        super(message, null, false, false);
    }
}
