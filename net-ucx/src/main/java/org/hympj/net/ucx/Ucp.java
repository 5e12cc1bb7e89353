package org.hympj.net.ucx;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;

/**
 * The part of UCX's UCP API (and two libc calls) the UCX link uses, bound through the JDK's
 * foreign-function API; no header is read at build time. The structure offsets and constants
 * below are those of UCP API 1.13 on 64-bit Linux ({@code ucp.h}, {@code ucp_def.h},
 * {@code ucs/type/status.h}); UCP keeps them stable across minor versions (each parameter
 * structure begins with a field mask that names the fields a caller set, and new fields go
 * at the end); docs/decisions/ucx-bridge.md shows how they are checked against the headers.
 *
 * <p>Loading this class loads {@code libucp.so.0}; a machine without it fails here, with
 * the loader's reason, which the transport's choice reports.
 *
 * <p>{@code ucs_status_t} is a packed enumeration, one byte wide, which UCX returns
 * zero-extended: every status, returned or passed to a handler, is bound as a byte, so that
 * an error arrives negative, as the constants below are.
 */
final class Ucp {
    private Ucp() {
    }

    // ---------------------------------------------------------------- constants

    static final int API_MAJOR = 1;
    static final int API_MINOR = 13;

    static final int UCS_OK = 0;
    static final int UCS_INPROGRESS = 1;
    static final int UCS_ERR_BUSY = -15;
    static final int UCS_ERR_CANCELED = -16;
    static final int UCS_ERR_NOT_CONNECTED = -24;
    static final int UCS_ERR_CONNECTION_RESET = -25;
    /** A status pointer at or above this (as an unsigned number) is an error status. */
    static final long UCS_ERR_LAST = -100;

    static final long PARAM_FIELD_FEATURES = 1;
    static final long FEATURE_TAG = 1;
    static final long FEATURE_WAKEUP = 1L << 4;
    static final long FEATURE_STREAM = 1L << 5;

    static final long WORKER_PARAM_FIELD_THREAD_MODE = 1;
    static final int THREAD_MODE_MULTI = 2;

    static final long LISTENER_PARAM_FIELD_SOCK_ADDR = 1;
    static final long LISTENER_PARAM_FIELD_CONN_HANDLER = 1L << 2;
    static final long LISTENER_ATTR_FIELD_SOCKADDR = 1;
    static final long CONN_REQUEST_ATTR_FIELD_CLIENT_ADDR = 1;

    static final long EP_PARAM_FIELD_ERR_HANDLING_MODE = 1L << 1;
    static final long EP_PARAM_FIELD_ERR_HANDLER = 1L << 2;
    static final long EP_PARAM_FIELD_USER_DATA = 1L << 3;
    static final long EP_PARAM_FIELD_SOCK_ADDR = 1L << 4;
    static final long EP_PARAM_FIELD_FLAGS = 1L << 5;
    static final long EP_PARAM_FIELD_CONN_REQUEST = 1L << 6;
    static final int EP_PARAMS_FLAGS_CLIENT_SERVER = 1;
    static final int ERR_HANDLING_MODE_PEER = 1;

    static final int OP_ATTR_FIELD_CALLBACK = 1 << 1;
    static final int OP_ATTR_FIELD_USER_DATA = 1 << 2;
    static final int OP_ATTR_FIELD_FLAGS = 1 << 4;
    static final int OP_ATTR_FLAG_NO_IMM_CMPL = 1 << 16;
    static final int EP_CLOSE_FLAG_FORCE = 1;
    static final int STREAM_RECV_FLAG_WAITALL = 1;

    // ---------------------------------------------------------------- structure layouts (offsets, sizes)

    static final long PARAMS_SIZE = 80;
    static final long PARAMS_FIELD_MASK = 0;
    static final long PARAMS_FEATURES = 8;

    static final long WORKER_PARAMS_SIZE = 200;
    static final long WORKER_PARAMS_THREAD_MODE = 8;

    static final long LISTENER_PARAMS_SIZE = 56;
    static final long LISTENER_PARAMS_SOCKADDR_ADDR = 8;
    static final long LISTENER_PARAMS_SOCKADDR_LEN = 16;
    static final long LISTENER_PARAMS_CONN_HANDLER_CB = 40;
    static final long LISTENER_PARAMS_CONN_HANDLER_ARG = 48;
    static final long LISTENER_ATTR_SIZE = 136;
    static final long LISTENER_ATTR_SOCKADDR = 8;
    static final long CONN_REQUEST_ATTR_SIZE = 144;
    static final long CONN_REQUEST_ATTR_CLIENT_ADDRESS = 8;

    static final long EP_PARAMS_SIZE = 104;
    static final long EP_PARAMS_ERR_MODE = 16;
    static final long EP_PARAMS_ERR_HANDLER_CB = 24;
    static final long EP_PARAMS_ERR_HANDLER_ARG = 32;
    static final long EP_PARAMS_USER_DATA = 40;
    static final long EP_PARAMS_FLAGS = 48;
    static final long EP_PARAMS_SOCKADDR_ADDR = 56;
    static final long EP_PARAMS_SOCKADDR_LEN = 64;
    static final long EP_PARAMS_CONN_REQUEST = 72;

    static final long REQUEST_PARAM_SIZE = 72;
    static final long REQUEST_PARAM_OP_ATTR_MASK = 0;
    static final long REQUEST_PARAM_FLAGS = 4;
    static final long REQUEST_PARAM_CALLBACK = 16;
    static final long REQUEST_PARAM_USER_DATA = 32;

    /** {@code ucp_tag_recv_info_t}: the sender's tag, then the message's length. */
    static final long TAG_RECV_INFO_SIZE = 16;
    static final long TAG_RECV_INFO_SENDER_TAG = 0;
    static final long TAG_RECV_INFO_LENGTH = 8;
    /** {@code struct sockaddr_storage}. */
    static final long SOCKADDR_STORAGE_SIZE = 128;

    // ---------------------------------------------------------------- functions

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();

    static {
        keepSignalsToTheJvm();
    }

    private static final SymbolLookup UCP = SymbolLookup.libraryLookup("libucp.so.0", Arena.global());
    private static final SymbolLookup UCS = SymbolLookup.libraryLookup("libucs.so.0", Arena.global());

    static final MethodHandle CONFIG_READ = ucp("ucp_config_read", JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS);
    static final MethodHandle CONFIG_MODIFY = ucp("ucp_config_modify", JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS);
    static final MethodHandle CONFIG_RELEASE = ucpVoid("ucp_config_release", ADDRESS);
    static final MethodHandle INIT_VERSION = ucp("ucp_init_version", JAVA_BYTE, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS);
    static final MethodHandle GET_VERSION_STRING = ucp("ucp_get_version_string", ADDRESS);
    static final MethodHandle WORKER_CREATE = ucp("ucp_worker_create", JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS);
    static final MethodHandle WORKER_PROGRESS = ucp("ucp_worker_progress", JAVA_INT, ADDRESS);
    static final MethodHandle WORKER_GET_EFD = ucp("ucp_worker_get_efd", JAVA_BYTE, ADDRESS, ADDRESS);
    static final MethodHandle WORKER_ARM = ucp("ucp_worker_arm", JAVA_BYTE, ADDRESS);
    static final MethodHandle WORKER_SIGNAL = ucp("ucp_worker_signal", JAVA_BYTE, ADDRESS);
    static final MethodHandle LISTENER_CREATE = ucp("ucp_listener_create", JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS);
    static final MethodHandle LISTENER_DESTROY = ucpVoid("ucp_listener_destroy", ADDRESS);
    static final MethodHandle LISTENER_QUERY = ucp("ucp_listener_query", JAVA_BYTE, ADDRESS, ADDRESS);
    static final MethodHandle LISTENER_REJECT = ucp("ucp_listener_reject", JAVA_BYTE, ADDRESS, ADDRESS);
    static final MethodHandle CONN_REQUEST_QUERY = ucp("ucp_conn_request_query", JAVA_BYTE, ADDRESS, ADDRESS);
    static final MethodHandle EP_CREATE = ucp("ucp_ep_create", JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS);
    static final MethodHandle EP_CLOSE_NBX = ucp("ucp_ep_close_nbx", ADDRESS, ADDRESS, ADDRESS);
    static final MethodHandle EP_FLUSH_NBX = ucp("ucp_ep_flush_nbx", ADDRESS, ADDRESS, ADDRESS);
    static final MethodHandle STREAM_SEND_NBX = ucp("ucp_stream_send_nbx", ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS);
    static final MethodHandle STREAM_RECV_NBX = ucp("ucp_stream_recv_nbx", ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS);
    static final MethodHandle TAG_SEND_NBX = ucp("ucp_tag_send_nbx", ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS);
    static final MethodHandle TAG_RECV_NBX = ucp("ucp_tag_recv_nbx", ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS);
    static final MethodHandle TAG_RECV_REQUEST_TEST = ucp("ucp_tag_recv_request_test", JAVA_BYTE, ADDRESS, ADDRESS);
    static final MethodHandle REQUEST_CHECK_STATUS = ucp("ucp_request_check_status", JAVA_BYTE, ADDRESS);
    static final MethodHandle REQUEST_CANCEL = ucpVoid("ucp_request_cancel", ADDRESS, ADDRESS);
    static final MethodHandle REQUEST_FREE = ucpVoid("ucp_request_free", ADDRESS);
    static final MethodHandle STATUS_STRING = LINKER.downcallHandle(symbol(UCS, "ucs_status_string"),
        FunctionDescriptor.of(ADDRESS, JAVA_BYTE));
    /** libc's {@code poll(struct pollfd *, nfds_t, int)}: the wait for the worker's event descriptor. */
    static final MethodHandle POLL = LINKER.downcallHandle(symbol(LIBC, "poll"), FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));

    /** {@code void (*)(ucp_conn_request_h, void *arg)}: the listener's connection handler. */
    static final FunctionDescriptor CONN_HANDLER = FunctionDescriptor.ofVoid(ADDRESS, ADDRESS);
    /** {@code void (*)(void *request, ucs_status_t, size_t length, void *user_data)}: a stream receive's completion. */
    static final FunctionDescriptor STREAM_RECV_CALLBACK = FunctionDescriptor.ofVoid(ADDRESS, JAVA_BYTE, JAVA_LONG, ADDRESS);
    /** {@code void (*)(void *arg, ucp_ep_h, ucs_status_t)}: an endpoint's error handler. */
    static final FunctionDescriptor ERR_HANDLER = FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, JAVA_BYTE);

    /**
     * UCX catches SIGSEGV, SIGBUS, SIGILL and SIGFPE when it loads, to print a backtrace and
     * end the process; the JVM raises SIGSEGV on purpose (safepoint polls, null checks), so
     * UCX's handler would end it at its first safepoint. {@code UCX_ERROR_SIGNALS} empty keeps
     * those signals to the JVM; a value the user set is left as it is.
     */
    private static void keepSignalsToTheJvm() {
        MethodHandle setenv = LINKER.downcallHandle(symbol(LIBC, "setenv"), FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        try (Arena a = Arena.ofConfined()) {
            int ignored = (int) setenv.invokeExact(a.allocateFrom("UCX_ERROR_SIGNALS"), a.allocateFrom(""), 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static MemorySegment symbol(SymbolLookup lookup, String name) {
        return lookup.find(name).orElseThrow(() -> new UnsatisfiedLinkError("no symbol " + name + " in the UCX libraries"));
    }

    private static MethodHandle ucp(String name, java.lang.foreign.MemoryLayout result, java.lang.foreign.MemoryLayout... args) {
        return LINKER.downcallHandle(symbol(UCP, name), FunctionDescriptor.of(result, args));
    }

    private static MethodHandle ucpVoid(String name, java.lang.foreign.MemoryLayout... args) {
        return LINKER.downcallHandle(symbol(UCP, name), FunctionDescriptor.ofVoid(args));
    }

    /** A stub UCX can call, in the global arena (the handlers live as long as the JVM's one worker). */
    static MemorySegment upcall(MethodHandles.Lookup owner, String method, FunctionDescriptor descriptor) {
        try {
            MethodHandle target = owner.findStatic(owner.lookupClass(), method, descriptor.toMethodType());
            return LINKER.upcallStub(target, descriptor, Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(owner.lookupClass().getName() + "." + method + " " + descriptor.toMethodType(), e);
        }
    }

    // ---------------------------------------------------------------- status

    /** The status a {@code ucs_status_ptr_t} carries: OK (null), in progress (a request), or an error. */
    static int statusOf(MemorySegment statusPointer) {
        long p = statusPointer.address();
        if (p == 0) {
            return UCS_OK;
        }
        return Long.compareUnsigned(p, UCS_ERR_LAST) >= 0 ? (int) p : UCS_INPROGRESS;
    }

    /** UCX's words for {@code status} ("Connection reset by remote peer"). */
    static String describe(int status) {
        try {
            MemorySegment s = (MemorySegment) STATUS_STRING.invokeExact((byte) status);
            return s.reinterpret(256).getString(0);
        } catch (Throwable t) {
            return "UCX status " + status;
        }
    }

    /** UCP's version ("1.13.1"). */
    static String version() {
        try {
            MemorySegment s = (MemorySegment) GET_VERSION_STRING.invokeExact();
            return s.reinterpret(64).getString(0);
        } catch (Throwable t) {
            return "unknown";
        }
    }

    /** A method handle's failure as what it is: the foreign calls here throw nothing checked. */
    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
