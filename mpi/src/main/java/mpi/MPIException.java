package mpi;

import org.hympj.comm.errors.ErrorClass;

/**
 * An MPI error: its MPI error class ({@code MPI.ERR_RANK}, {@code MPI.ERR_TRUNCATE}, ...) and
 * a sentence saying what was wrong.
 *
 * <p>Unchecked, unlike mpiJava's: every program written against the checked original still
 * compiles (its {@code throws} clauses and {@code catch} blocks stay valid), and lambdas
 * that call MPI, such as bodies of thread-team regions, need no wrapping.
 *
 * <p>Each one the runtime makes goes through the errhandler of the communicator whose call
 * raised it ({@link Errhandler}) as it is made.
 */
public class MPIException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The MPI error class of this error. */
    private final int errorClass;

    /**
     * An error of class {@code errorClass}.
     *
     * @param errorClass one of the {@code MPI.ERR_*} constants
     * @param message what was wrong, in a sentence
     */
    public MPIException(int errorClass, String message) {
        super("[" + ErrorClass.name(errorClass) + "] " + message);
        this.errorClass = errorClass;
        Errhandler.raised(this);
    }

    /**
     * An error of class {@code errorClass} caused by another exception.
     *
     * @param errorClass one of the {@code MPI.ERR_*} constants
     * @param message what was wrong, in a sentence
     * @param cause the exception that caused it
     */
    public MPIException(int errorClass, String message, Throwable cause) {
        super("[" + ErrorClass.name(errorClass) + "] " + message, cause);
        this.errorClass = errorClass;
        Errhandler.raised(this);
    }

    /** An error of class {@code MPI.ERR_OTHER} with no message (MPJ Express's form). */
    public MPIException() {
        this(MPI.ERR_OTHER, "an MPI error");
    }

    /**
     * An error of class {@code MPI.ERR_OTHER} (mpiJava's form).
     *
     * @param message what was wrong, in a sentence
     */
    public MPIException(String message) {
        this(MPI.ERR_OTHER, message);
    }

    /**
     * An error of class {@code MPI.ERR_OTHER} caused by another exception.
     *
     * @param cause the exception that caused it
     */
    public MPIException(Throwable cause) {
        this(MPI.ERR_OTHER, String.valueOf(cause), cause);
    }

    /**
     * {@return the MPI error class, one of the {@code MPI.ERR_*} constants}
     */
    public int getErrorClass() {
        return errorClass;
    }

    /**
     * {@return the error code; HyMPJ's error codes are its error classes}
     */
    public int getErrorCode() {
        return errorClass;
    }
}
