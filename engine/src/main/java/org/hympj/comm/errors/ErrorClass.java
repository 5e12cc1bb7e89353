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
    /** The classes MPI-2 and MPI-3 add (files, info, windows, names, spawning), and Open MPI's ERR_SYSRESOURCE. */
    public static final int ERR_ACCESS = 20;
    public static final int ERR_AMODE = 21;
    public static final int ERR_ASSERT = 22;
    public static final int ERR_BAD_FILE = 23;
    public static final int ERR_BASE = 24;
    public static final int ERR_CONVERSION = 25;
    public static final int ERR_DISP = 26;
    public static final int ERR_DUP_DATAREP = 27;
    public static final int ERR_FILE_EXISTS = 28;
    public static final int ERR_FILE_IN_USE = 29;
    public static final int ERR_FILE = 30;
    public static final int ERR_INFO_KEY = 31;
    public static final int ERR_INFO_NOKEY = 32;
    public static final int ERR_INFO_VALUE = 33;
    public static final int ERR_INFO = 34;
    public static final int ERR_IO = 35;
    public static final int ERR_KEYVAL = 36;
    public static final int ERR_LOCKTYPE = 37;
    public static final int ERR_NAME = 38;
    public static final int ERR_NO_MEM = 39;
    public static final int ERR_NOT_SAME = 40;
    public static final int ERR_NO_SPACE = 41;
    public static final int ERR_NO_SUCH_FILE = 42;
    public static final int ERR_PORT = 43;
    public static final int ERR_QUOTA = 44;
    public static final int ERR_READ_ONLY = 45;
    public static final int ERR_RMA_CONFLICT = 46;
    public static final int ERR_RMA_SYNC = 47;
    public static final int ERR_SERVICE = 48;
    public static final int ERR_SIZE = 49;
    public static final int ERR_SPAWN = 50;
    public static final int ERR_UNSUPPORTED_DATAREP = 51;
    public static final int ERR_UNSUPPORTED_OPERATION = 52;
    public static final int ERR_WIN = 53;
    public static final int ERR_SYSRESOURCE = 54;
    /** MPI-3's classes of one-sided communication: an access outside a window, and its kinds of window. */
    public static final int ERR_RMA_RANGE = 55;
    public static final int ERR_RMA_ATTACH = 56;
    public static final int ERR_RMA_SHARED = 57;
    public static final int ERR_RMA_FLAVOR = 58;
    public static final int ERR_LASTCODE = 58;

    private static final String[] NAMES = {
        "SUCCESS", "ERR_BUFFER", "ERR_COUNT", "ERR_TYPE", "ERR_TAG", "ERR_COMM", "ERR_RANK",
        "ERR_REQUEST", "ERR_ROOT", "ERR_GROUP", "ERR_OP", "ERR_TOPOLOGY", "ERR_DIMS", "ERR_ARG",
        "ERR_UNKNOWN", "ERR_TRUNCATE", "ERR_OTHER", "ERR_INTERN", "ERR_IN_STATUS", "ERR_PENDING",
        "ERR_ACCESS", "ERR_AMODE", "ERR_ASSERT", "ERR_BAD_FILE", "ERR_BASE", "ERR_CONVERSION", "ERR_DISP",
        "ERR_DUP_DATAREP", "ERR_FILE_EXISTS", "ERR_FILE_IN_USE", "ERR_FILE", "ERR_INFO_KEY",
        "ERR_INFO_NOKEY", "ERR_INFO_VALUE", "ERR_INFO", "ERR_IO", "ERR_KEYVAL", "ERR_LOCKTYPE", "ERR_NAME",
        "ERR_NO_MEM", "ERR_NOT_SAME", "ERR_NO_SPACE", "ERR_NO_SUCH_FILE", "ERR_PORT", "ERR_QUOTA",
        "ERR_READ_ONLY", "ERR_RMA_CONFLICT", "ERR_RMA_SYNC", "ERR_SERVICE", "ERR_SIZE", "ERR_SPAWN",
        "ERR_UNSUPPORTED_DATAREP", "ERR_UNSUPPORTED_OPERATION", "ERR_WIN", "ERR_SYSRESOURCE", "ERR_RMA_RANGE",
        "ERR_RMA_ATTACH", "ERR_RMA_SHARED", "ERR_RMA_FLAVOR"
    };

    private ErrorClass() {
    }

    public static String name(int errorClass) {
        return errorClass >= 0 && errorClass < NAMES.length ? NAMES[errorClass] : "ERR_" + errorClass;
    }
}
