package org.hympj.comm.errors;

/**
 * An MPI error raised inside the engine: its MPI error class (one of {@link ErrorClass}) and
 * a sentence saying what was wrong. The {@code mpi} package turns it into
 * {@code mpi.MPIException} at its boundary, where the calling communicator's error handler
 * applies; the engine has no error handlers, since it is shared by every rank of the JVM.
 */
public final class EngineException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int errorClass;

    public EngineException(int errorClass, String message) {
        super(message);
        this.errorClass = errorClass;
    }

    public EngineException(int errorClass, String message, Throwable cause) {
        super(message, cause);
        this.errorClass = errorClass;
    }

    /** The MPI error class, one of {@link ErrorClass}'s values. */
    public int errorClass() {
        return errorClass;
    }
}
