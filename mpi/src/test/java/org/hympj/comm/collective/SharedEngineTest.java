package org.hympj.comm.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.User_function;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The package {@code mpi}, defined anew in every thread rank, is a facade: the collective
 * algorithms run in engine classes that every rank of the JVM shares (so they are compiled
 * once), and the errors the engine raises reach the program as {@code MPIException}s with their
 * class and message, through the communicator's errhandler.
 */
@Timeout(120)
public class SharedEngineTest {

    /**
     * Sums longs, and remembers the class that called it, past the {@code mpi} package's
     * adapters: the class that runs the reduction algorithm.
     */
    public static class RecordingSum extends User_function {
        Class<?> algorithm;

        @Override
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            long[] in = (long[]) invec;
            long[] inout = (long[]) inoutvec;
            for (int i = 0; i < count; i++) {
                inout[inoutoffset + i] += in[inoffset + i];
            }
            algorithm = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(frames -> frames
                .map(StackWalker.StackFrame::getDeclaringClass)
                .filter(c -> c != RecordingSum.class && !c.getPackageName().equals("mpi"))
                .findFirst().orElseThrow());
        }
    }

    /** Every rank reduces with a user op and checks who ran the algorithm, and that it is the same class on every rank. */
    public static class WhoReduces {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            RecordingSum sum = new RecordingSum();
            long[] total = new long[1];
            world.Allreduce(new long[] {world.Rank() + 1}, 0, total, 0, 1, MPI.LONG, new Op(sum, true));
            int n = world.Size();
            check(total[0] == (long) n * (n + 1) / 2, "Allreduce with the user op gave " + total[0]);
            if (sum.algorithm == null) {
                throw new AssertionError("rank " + world.Rank() + " combined nothing, so it cannot tell who reduces");
            }
            check(sum.algorithm.getPackageName().equals("org.hympj.comm.coll"),
                "the reduction ran in " + sum.algorithm.getName() + ", not in the engine's collectives");
            check(sum.algorithm.getClassLoader() != MPI.class.getClassLoader(),
                sum.algorithm.getName() + " is defined by the rank's own class loader, so every rank compiles its own copy");
            int[] mine = {System.identityHashCode(sum.algorithm)};
            int[] all = new int[n];
            world.Allgather(mine, 0, 1, MPI.INT, all, 0, 1, MPI.INT);
            for (int r = 0; r < n; r++) {
                check(all[r] == mine[0], "rank " + r + " reduced in another class than rank " + world.Rank());
            }
            MPI.Finalize();
        }
    }

    /**
     * Errors made inside the engine (a truncated blocking receive, a truncated block of a
     * collective) keep their class and message; the rank goes on with ERRORS_RETURN.
     */
    public static class EngineErrorsReturn {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int me = world.Rank();
            if (me == 0) {
                world.Send(new int[] {1, 2, 3}, 0, 3, MPI.INT, 1, 7);
            } else if (me == 1) {
                MPIException e = expect(() -> world.Recv(new int[1], 0, 1, MPI.INT, 0, 7));
                check(e.getErrorClass() == MPI.ERR_TRUNCATE, "a truncated Recv raised " + e.getMessage());
                check(e.getMessage().startsWith("[ERR_TRUNCATE] message truncated: 3 INT elements from rank 0"),
                    "a truncated Recv says " + e.getMessage());
            }
            MPIException e = expect(() -> world.Allgather(new int[2], 0, 2, MPI.INT, new int[world.Size()], 0, 1, MPI.INT));
            check(e.getErrorClass() == MPI.ERR_TRUNCATE, "a truncated Allgather block raised " + e.getMessage());
            check(e.getMessage().equals("[ERR_TRUNCATE] Allgather: a block of 2 items of MPI.INT does not fit a receive block"
                + " of 1 items of MPI.INT"), "a truncated Allgather block says " + e.getMessage());
            world.Barrier();
            MPI.Finalize();
        }
    }

    /** A truncated blocking receive on a fatal communicator ends the job, even though the program catches it. */
    public static class EngineErrorIsFatal {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm strict = MPI.COMM_WORLD.Dup();
            strict.Errhandler_set(MPI.ERRORS_ARE_FATAL);
            if (strict.Rank() == 0) {
                strict.Send(new int[] {1, 2, 3}, 0, 3, MPI.INT, 1, 7);
            } else {
                try {
                    strict.Recv(new int[1], 0, 1, MPI.INT, 0, 7);
                } catch (MPIException e) {
                    System.out.println("rank 1 caught " + e.getMessage());
                }
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 42);
            MPI.Finalize();
        }
    }

    static MPIException expect(Runnable call) {
        try {
            call.run();
        } catch (MPIException e) {
            return e;
        }
        throw new AssertionError("the call raised no MPIException");
    }

    static void check(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }

    @Test
    void reductionsRunInOneEngineClassThatEveryThreadRankShares() {
        RankJobs.runOk(4, WhoReduces.class);
    }

    @Test
    void errorsRaisedInTheEngineKeepTheirClassAndMessage() {
        RankJobs.runOk(3, EngineErrorsReturn.class);
    }

    @Test
    void anErrorRaisedInTheEngineMeetsAFatalErrhandler() {
        JobOutcome outcome = RankJobs.run(2, EngineErrorIsFatal.class);
        assertFalse(outcome.succeeded(), "the job should have ended with the error");
        assertEquals(1, outcome.failedRank());
        String message = String.valueOf(outcome.cause());
        assertTrue(message.contains("ERR_TRUNCATE") && message.contains("Dup of MPI.COMM_WORLD has MPI.ERRORS_ARE_FATAL"),
            message);
    }
}
