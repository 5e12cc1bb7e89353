package mpi;

import java.util.Set;
import org.hympj.comm.runtime.RankRuntime;

/**
 * What an MPI error in a call on a communicator does: {@link MPI#ERRORS_RETURN} raises it as
 * an {@link MPIException} in the caller, and the rank goes on if the program catches it;
 * {@link MPI#ERRORS_ARE_FATAL} ends the whole job with the error's message and a non-zero
 * status, and still raises it in the caller (a thread cannot be stopped from outside).
 * A communicator made from another ({@code Dup}, {@code Split}, {@code Create},
 * {@code clone}, topologies, intercommunicators) starts with its parent's handler. A
 * {@link File} has a handler of its own, {@code ERRORS_RETURN} until {@link File#setErrhandler}
 * sets another, which its calls' errors meet.
 *
 * <p>Every {@code MPIException} the runtime makes passes through {@link #raised}, the one
 * place that applies the handler. Which communicator or file a call is on is known only while
 * some communicator or file of this rank is fatal: until then every handler in use returns,
 * nothing has to be looked up, and the calls pay nothing for the lookup. Each rank has its own copy of this
 * class (the {@code mpi} package is loaded per rank), so that state is per rank.
 */
public final class Errhandler {
    /** The package whose classes make the runtime's errors: the {@code mpi} faces. */
    private static final String RUNTIME_PACKAGE = "mpi";
    private static final Set<String> CALL_CLASSES = Set.of("mpi.Comm", "mpi.Intracomm", "mpi.Intercomm",
        "mpi.Cartcomm", "mpi.Graphcomm", "mpi.Request", "mpi.Prequest", "mpi.Message", "mpi.File",
        "mpi.Win");
    /** The communicator of the calling thread's call, or for a call on a file the file's errhandler. */
    private static final ThreadLocal<Object> CALL = new ThreadLocal<>();
    /** Set once a communicator of this rank is fatal; from then on calls say which communicator they are on. */
    private static volatile boolean tracking;

    private final boolean fatal;
    private final String name;

    Errhandler(boolean fatal, String name) {
        this.fatal = fatal;
        this.name = name;
    }

    /** Starts naming the communicator of each call, as a communicator of this rank is being made fatal. */
    static void fatalInUse() {
        tracking = true;
    }

    /** Notes that the calling thread is in a call on {@code comm}. */
    static void entering(Comm comm) {
        if (tracking) {
            CALL.set(comm);
        }
    }

    /** Notes that the calling thread is in a call on a file whose errhandler is {@code handler}. */
    static void enteringFile(Errhandler handler) {
        if (tracking) {
            CALL.set(handler);
        }
    }

    /**
     * Applies the errhandler of the communicator whose call raises {@code error}: a fatal one
     * aborts the job. An error made by the program itself (not by the runtime), or raised
     * before {@code Init} or after {@code Finalize}, is only thrown.
     */
    static void raised(MPIException error) {
        if (!tracking || !MPI.isActive()) {
            return;
        }
        Class<?>[] entry = new Class<?>[1];
        boolean byRuntime = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(frames -> {
            var callers = frames.filter(f -> f.getDeclaringClass() != Errhandler.class
                && f.getDeclaringClass() != MPIException.class).iterator();
            if (!callers.hasNext()) {
                return false;
            }
            StackWalker.StackFrame f = callers.next();
            if (!f.getDeclaringClass().getPackageName().equals(RUNTIME_PACKAGE)) {
                return false;
            }
            // The outermost runtime frame is the API call the program made.
            while (f.getDeclaringClass().getPackageName().equals(RUNTIME_PACKAGE) && callers.hasNext()) {
                entry[0] = f.getDeclaringClass();
                f = callers.next();
            }
            return true;
        });
        if (!byRuntime) {
            return;
        }
        Object callee = entry[0] != null && CALL_CLASSES.contains(entry[0].getName()) ? CALL.get() : null;
        // MPI attaches errors of calls on no communicator (groups, datatypes, MPI.*) to COMM_WORLD.
        Object on = callee == null ? MPI.COMM_WORLD : callee;
        Errhandler handler = on instanceof Errhandler ? (Errhandler) on : ((Comm) on).errhandler;
        if (handler.fatal) {
            RankRuntime rt = MPI.runtime();
            rt.job().abort(rt.rank(), "rank " + rt.rank() + ": " + error.getMessage() + " (" + (on instanceof Errhandler ? "the file" : on) + " has MPI.ERRORS_ARE_FATAL)");
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
