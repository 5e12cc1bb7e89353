package org.hympj.comm.errors;

/**
 * MPI error classes, with the values of the MPI standard's reference implementation, shared
 * by the engine (which reports them as values) and the {@code mpi} package (which raises
 * them as {@code MPIException}).
 */
public final class ErrorClass {
    public static final int SUCCESS = 0;
    public static final int ERR_BUFFER = 1;
    public static final int ERR_COUNT = 2;
    public static final int ERR_TYPE = 3;
    public static final int ERR_TAG = 4;
    public static final int ERR_COMM = 5;
    public static final int ERR_RANK = 6;
    public static final int ERR_REQUEST = 7;
    public static final int ERR_ROOT = 8;
    public static final int ERR_GROUP = 9;
    public static final int ERR_OP = 10;
    public static final int ERR_TOPOLOGY = 11;
    public static final int ERR_DIMS = 12;
    public static final int ERR_ARG = 13;
    public static final int ERR_UNKNOWN = 14;
    public static final int ERR_TRUNCATE = 15;
    public static final int ERR_OTHER = 16;
    public static final int ERR_INTERN = 17;
    public static final int ERR_IN_STATUS = 18;
    public static final int ERR_PENDING = 19;
    public static final int ERR_LASTCODE = 19;

    private static final String[] NAMES = {
        "SUCCESS", "ERR_BUFFER", "ERR_COUNT", "ERR_TYPE", "ERR_TAG", "ERR_COMM", "ERR_RANK",
        "ERR_REQUEST", "ERR_ROOT", "ERR_GROUP", "ERR_OP", "ERR_TOPOLOGY", "ERR_DIMS", "ERR_ARG",
        "ERR_UNKNOWN", "ERR_TRUNCATE", "ERR_OTHER", "ERR_INTERN", "ERR_IN_STATUS", "ERR_PENDING"
    };

    private ErrorClass() {
    }

    public static String name(int errorClass) {
        return errorClass >= 0 && errorClass < NAMES.length ? NAMES[errorClass] : "ERR_" + errorClass;
    }
}
