package org.hympj.comm.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mpi.Cartcomm;
import mpi.Comm;
import mpi.Graphcomm;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Errhandlers per communicator: {@code MPI.ERRORS_RETURN} (the initial handler) raises the
 * error in the caller and the rank goes on; {@code MPI.ERRORS_ARE_FATAL} ends the job with
 * the error even when the program catches it; communicators made from another start with its
 * handler. The programs are written as MPJ Express users write theirs.
 */
@Timeout(120)
public class ErrhandlersTest {

    /** With ERRORS_RETURN a bad call throws to the caller, which catches it and goes on communicating. */
    public static class ReturnGoesOn {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
            if (MPI.COMM_WORLD.Errhandler_get() != MPI.ERRORS_RETURN) {
                throw new AssertionError("Errhandler_get gave " + MPI.COMM_WORLD.Errhandler_get());
            }
            int[] buf = new int[1];
            int caught = 0;
            try {
                MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 99, 0);
            } catch (MPIException e) {
                if (e.getErrorClass() != MPI.ERR_RANK) {
                    throw new AssertionError("expected ERR_RANK, got " + e);
                }
                caught++;
            }
            try {
                MPI.COMM_WORLD.Recv(buf, 0, -1, MPI.INT, 0, 0);
            } catch (MPIException e) {
                caught++;
            }
            if (caught != 2) {
                throw new AssertionError("only " + caught + " of 2 errors reached the caller");
            }
            // The rank goes on: a ring exchange after the errors.
            int n = MPI.COMM_WORLD.Size();
            int[] in = new int[1];
            MPI.COMM_WORLD.Sendrecv(new int[] {me}, 0, 1, MPI.INT, (me + 1) % n, 5, in, 0, 1, MPI.INT, (me + n - 1) % n, 5);
            if (in[0] != (me + n - 1) % n) {
                throw new AssertionError("ring exchange after the errors gave " + in[0]);
            }
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    /**
     * ERRORS_ARE_FATAL on COMM_WORLD: rank 0 makes a bad call and catches the exception, yet the
     * job ends; rank 1, waiting for a message that never comes, is stopped with the reason.
     */
    public static class FatalEndsJob {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_ARE_FATAL);
            int[] buf = new int[1];
            if (MPI.COMM_WORLD.Rank() == 0) {
                try {
                    MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 99, 0);
                } catch (MPIException e) {
                    System.out.println("rank 0 caught " + e.getMessage());
                }
            }
            MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 42);
            MPI.Finalize();
        }
    }

    /** A receive completed by Wait on a fatal communicator is truncated: the error ends the job. */
    public static class FatalThroughRequest {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            Intracomm strict = MPI.COMM_WORLD.Dup();
            strict.Errhandler_set(MPI.ERRORS_ARE_FATAL);
            if (strict.Rank() == 0) {
                strict.Send(new int[] {1, 2, 3}, 0, 3, MPI.INT, 1, 7);
            } else if (strict.Rank() == 1) {
                Request r = strict.Irecv(new int[1], 0, 1, MPI.INT, 0, 7);
                try {
                    r.Wait();
                } catch (MPIException e) {
                    System.out.println("rank 1 caught " + e.getMessage());
                }
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 42);
            MPI.Finalize();
        }
    }

    /**
     * An error of a call on no communicator (here Group.Incl) goes to COMM_WORLD's handler,
     * even right after a call on a communicator that returns errors.
     */
    public static class FatalOnNoCommunicator {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            Intracomm lenient = MPI.COMM_WORLD.Dup();
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_ARE_FATAL);
            if (MPI.COMM_WORLD.Rank() == 0) {
                try {
                    lenient.Send(new int[1], 0, 1, MPI.INT, 99, 0);
                } catch (MPIException e) {
                    System.out.println("rank 0 goes on after " + e.getMessage());
                }
                try {
                    lenient.Group().Incl(new int[] {77});
                } catch (MPIException e) {
                    System.out.println("rank 0 caught " + e.getMessage());
                }
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 42);
            MPI.Finalize();
        }
    }

    /**
     * Handlers are per communicator and inherited at creation: with COMM_WORLD fatal, every
     * communicator made from it is fatal; errors on communicators set to return (and the
     * program's own MPIExceptions) do not end the job.
     */
    public static class Inheritance {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int me = world.Rank();
            int n = world.Size();
            check(world.Errhandler_get() == MPI.ERRORS_RETURN, "COMM_WORLD starts with ERRORS_RETURN");
            check(MPI.COMM_SELF.Errhandler_get() == MPI.ERRORS_RETURN, "COMM_SELF starts with ERRORS_RETURN");
            Intracomm returning = world.Dup();
            world.Errhandler_set(MPI.ERRORS_ARE_FATAL);
            check(MPI.Errorhandler_get() == MPI.ERRORS_ARE_FATAL, "MPI.Errorhandler_get names COMM_WORLD's handler");
            check(returning.Errhandler_get() == MPI.ERRORS_RETURN, "a communicator made before keeps its handler");

            Intracomm dup = world.Dup();
            Intracomm split = world.Split(me % 2, me);
            Intracomm created = world.Create(world.Group());
            Intracomm cloned = (Intracomm) world.clone();
            Cartcomm cart = world.Create_cart(new int[] {n}, new boolean[] {true}, false);
            Graphcomm graph = world.Create_graph(new int[] {1, 2, 3, 4}, new int[] {1, 0, 3, 2}, false);
            Intercomm inter = world.Create_intercomm(split, 0, me % 2 == 0 ? 1 : 0, 9);
            Intercomm interClone = inter.clone();
            Intracomm merged = inter.Merge(me % 2 == 1);
            Cartcomm row = cart.Sub(new boolean[] {true});
            Cartcomm cartClone = cart.clone();
            Graphcomm graphClone = graph.clone();
            check(cartClone.Topo_test() == MPI.CART && cartClone.Get().dims[0] == n, "a Cartcomm's clone keeps its grid");
            check(graphClone.Topo_test() == MPI.GRAPH && graphClone.Neighbours(1)[0] == 0, "a Graphcomm's clone keeps its graph");
            for (Comm c : new Comm[] {dup, split, created, cloned, cart, graph, inter, interClone, merged, row, cartClone, graphClone}) {
                check(c.Errhandler_get() == MPI.ERRORS_ARE_FATAL, c + " inherits ERRORS_ARE_FATAL");
            }
            Intracomm dupOfReturning = returning.Split(0, me);
            check(dupOfReturning.Errhandler_get() == MPI.ERRORS_RETURN, "Split of a returning communicator returns");

            // Per communicator: with COMM_WORLD fatal, errors on returning communicators are only thrown.
            expectReturned(() -> returning.Send(new int[1], 0, 1, MPI.INT, 99, 0));
            expectReturned(() -> dupOfReturning.Bcast(new int[1], 0, 1, MPI.INT, -5));
            // An error the program makes itself is not an MPI error of a call: it is only thrown.
            try {
                throw new MPIException(MPI.ERR_OTHER, "the program's own error");
            } catch (MPIException e) {
                check(e.getErrorClass() == MPI.ERR_OTHER, "own MPIException keeps its class");
            }
            // Back to returning: the handler can be changed again, and errors return once more.
            dup.Errhandler_set(MPI.ERRORS_RETURN);
            expectReturned(() -> dup.Recv(new int[1], 0, 1, MPI.INT, 99, 0));
            // Every communicator still works after the errors.
            int[] sum = new int[1];
            for (Intracomm c : new Intracomm[] {world, dup, split, created, cloned, cart, graph, merged, row, returning, cartClone, graphClone}) {
                c.Allreduce(new int[] {1}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
                check(sum[0] == c.Size(), "Allreduce on " + c);
            }
            world.Barrier();
            MPI.Finalize();
        }

        private static void expectReturned(Runnable call) {
            try {
                call.run();
            } catch (MPIException e) {
                return;
            }
            throw new AssertionError("the call did not raise MPIException");
        }

        private static void check(boolean ok, String what) {
            if (!ok) {
                throw new AssertionError(what);
            }
        }
    }

    /**
     * A call on a fatal communicator, then errors of calls on no communicator, on a null
     * communicator's handle and of Pack_size without a datatype: each goes to COMM_WORLD's handler
     * (ERRORS_RETURN here), not to the fatal one this thread was last in, and the rank goes on.
     */
    public static class ErrorsAfterAFatalCallGoToTheirOwnHandler {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            Intracomm fatal = MPI.COMM_WORLD.Dup();
            fatal.Errhandler_set(MPI.ERRORS_ARE_FATAL);
            fatal.Barrier();
            int caught = 0;
            try {
                Request.Waitall(null);
            } catch (MPIException e) {
                caught++;
            }
            fatal.Barrier();
            try {
                MPI.COMM_NULL.Send(new int[1], 0, 1, MPI.INT, 0, 0);
            } catch (MPIException e) {
                caught++;
            }
            fatal.Barrier();
            try {
                MPI.COMM_WORLD.Pack_size(1, null);
            } catch (MPIException e) {
                caught++;
            }
            if (caught != 3) {
                throw new AssertionError("only " + caught + " of 3 errors reached the caller");
            }
            fatal.Barrier();
            MPI.Finalize();
        }
    }

    @Test
    void errorsAfterACallOnAFatalCommunicatorGoToTheirOwnCommunicatorsHandler() {
        RankJobs.runOk(2, ErrorsAfterAFatalCallGoToTheirOwnHandler.class);
    }

    @Test
    void errorsReturnRaisesInTheCallerAndTheRankGoesOnOnThreadRanks() {
        RankJobs.runOk(3, ReturnGoesOn.class);
    }

    @Test
    void errorsReturnRaisesInTheCallerAndTheRankGoesOnInTwoJvms() {
        ProcessJobs.runOk(2, 2, ReturnGoesOn.class);
    }

    /** The thread job of {@code program} ended with a non-zero status, because of rank {@code rank}'s error naming each of {@code fragments}. */
    private static void assertEndedBy(Class<?> program, int rank, String... fragments) {
        JobOutcome outcome = RankJobs.run(2, program);
        assertFalse(outcome.succeeded(), "the job should have ended with the error");
        assertEquals(rank, outcome.failedRank());
        assertNotEquals(0, outcome.exitCode());
        String message = String.valueOf(outcome.cause());
        for (String fragment : fragments) {
            assertTrue(message.contains(fragment), "'" + fragment + "' should be in: " + message);
        }
    }

    @Test
    void errorsAreFatalEndTheJobOnThreadRanksEvenWhenTheErrorIsCaught() {
        assertEndedBy(FatalEndsJob.class, 0, "destination rank 99", "MPI.COMM_WORLD has MPI.ERRORS_ARE_FATAL");
    }

    @Test
    void errorsAreFatalEndTheJobInTwoJvms() {
        ProcessJobs.Result r = ProcessJobs.run(2, 2, FatalEndsJob.class);
        assertNotEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("destination rank 99") && r.output().contains("MPI.ERRORS_ARE_FATAL"), r.output());
    }

    @Test
    void anErrorCompletedByWaitOnAFatalCommunicatorEndsTheJob() {
        assertEndedBy(FatalThroughRequest.class, 1, "ERR_TRUNCATE", "Dup of MPI.COMM_WORLD has MPI.ERRORS_ARE_FATAL");
    }

    @Test
    void anErrorOfACallOnNoCommunicatorGoesToCommWorldsHandler() {
        assertEndedBy(FatalOnNoCommunicator.class, 0, "Incl: rank 77", "MPI.COMM_WORLD has MPI.ERRORS_ARE_FATAL");
    }

    @Test
    void communicatorsInheritTheirParentsHandlerAndHandlersArePerCommunicator() {
        RankJobs.runOk(4, Inheritance.class);
    }
}
