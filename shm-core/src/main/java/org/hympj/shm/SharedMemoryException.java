package org.hympj.shm;

/** A shared-memory segment or job directory cannot be created, opened or used; the message says why. */
public class SharedMemoryException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SharedMemoryException(String message) {
        super(message);
    }

    public SharedMemoryException(String message, Throwable cause) {
        super(message, cause);
    }
}
