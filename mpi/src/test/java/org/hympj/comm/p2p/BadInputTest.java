package org.hympj.comm.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URL;
import java.util.List;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
import org.hympj.comm.testing.RankJobs;
import org.hympj.loaders.RankClassLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/** Every bad input named in the design raises MPIException with its class and a clear sentence. */
@Timeout(60)
class BadInputTest {

    static void expect(int errorClass, String fragment, Executable call) {
        MPIException e = assertThrows(MPIException.class, call);
        assertEquals(errorClass, e.getErrorClass(), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), "message '" + e.getMessage() + "' should mention '" + fragment + "'");
    }

    public static class BadArguments {
        public static void main(String[] args) {
            expect(MPI.ERR_OTHER, "MPI.Init has not been called", () -> MPI.COMM_WORLD.Rank());
            expect(MPI.ERR_OTHER, "MPI.Init has not been called", () -> MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 0, 0));
            MPI.Init(args);
            expect(MPI.ERR_OTHER, "already called", () -> MPI.Init(args));
            int[] buf = new int[4];
            var w = MPI.COMM_WORLD;
            expect(MPI.ERR_RANK, "destination rank 2 is out of range", () -> w.Send(buf, 0, 1, MPI.INT, 2, 0));
            expect(MPI.ERR_RANK, "destination rank -7", () -> w.Isend(buf, 0, 1, MPI.INT, -7, 0));
            expect(MPI.ERR_RANK, "source rank 5", () -> w.Recv(buf, 0, 1, MPI.INT, 5, 0));
            expect(MPI.ERR_RANK, "source rank 9", () -> w.Probe(9, 0));
            expect(MPI.ERR_COUNT, "count must not be negative, got -1", () -> w.Send(buf, 0, -1, MPI.INT, 1, 0));
            expect(MPI.ERR_COUNT, "count must not be negative", () -> w.Irecv(buf, 0, -3, MPI.INT, 1, 0));
            expect(MPI.ERR_BUFFER, "offset 3 and count 2 do not lie within the buffer of 4 elements",
                () -> w.Send(buf, 3, 2, MPI.INT, 1, 0));
            expect(MPI.ERR_BUFFER, "offset -1", () -> w.Recv(buf, -1, 1, MPI.INT, 1, 0));
            expect(MPI.ERR_BUFFER, "buffer is null", () -> w.Send(null, 0, 1, MPI.INT, 1, 0));
            expect(MPI.ERR_TYPE, "datatype MPI.INT needs a buffer of type int[], got double[]",
                () -> w.Send(new double[2], 0, 1, MPI.INT, 1, 0));
            expect(MPI.ERR_TYPE, "needs a buffer of type Object[]", () -> w.Send("text", 0, 1, MPI.OBJECT, 1, 0));
            expect(MPI.ERR_TYPE, "datatype is null", () -> w.Send(buf, 0, 1, null, 1, 0));
            expect(MPI.ERR_TAG, "tag -4 is invalid", () -> w.Send(buf, 0, 1, MPI.INT, 1, -4));
            expect(MPI.ERR_TAG, "tag -9 is invalid", () -> w.Recv(buf, 0, 1, MPI.INT, 1, -9));
            expect(MPI.ERR_TYPE, "must be serializable", () -> w.Send(new Object[] {new Object()}, 0, 1, MPI.OBJECT, 1, 0));
            expect(MPI.ERR_ARG, "required thread level 7", () -> MPI.Init_thread(args, 7));
            expect(MPI.ERR_BUFFER, "no buffer is attached", MPI::Buffer_detach);
            // Nothing above reached rank 1: the exchange below is the first message it sees.
            if (w.Rank() == 0) {
                w.Send(new int[] {42}, 0, 1, MPI.INT, 1, 0);
            } else {
                int[] in = new int[1];
                w.Recv(in, 0, 1, MPI.INT, 0, MPI.ANY_TAG);
                assertEquals(42, in[0]);
            }
            MPI.Finalize();
            expect(MPI.ERR_OTHER, "MPI.Finalize has been called", () -> w.Send(buf, 0, 1, MPI.INT, 1, 0));
            expect(MPI.ERR_OTHER, "MPI.Finalize has been called", MPI::Query_thread);
            expect(MPI.ERR_OTHER, "cannot be restarted", () -> MPI.Init(args));
        }
    }

    @Test
    void badArgumentsRaiseTheirErrorClassAndNothingIsSent() {
        RankJobs.runOk(2, BadArguments.class);
    }

    public static class Singleton {
        public static void main(String[] args) {
            MPI.Init(args);
            assertEquals(1, MPI.COMM_WORLD.Size());
            assertEquals(0, MPI.COMM_WORLD.Rank());
            MPI.COMM_WORLD.Send(new int[] {3}, 0, 1, MPI.INT, 0, 0);
            int[] in = new int[1];
            MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, 0, 0);
            assertEquals(3, in[0]);
            MPI.Finalize();
        }
    }

    /**
     * The completion calls: a missing request array is ERR_ARG with a sentence; null entries
     * and freed requests are MPI's null requests (MPJ Express skips null entries in Waitall,
     * Testall and Testany; here every array call does), complete with an empty status.
     */
    public static class CompletionCalls {
        public static void main(String[] args) {
            MPI.Init(args);
            var w = MPI.COMM_WORLD;
            expect(MPI.ERR_ARG, "Waitall needs an array of requests, got null", () -> Request.Waitall(null));
            expect(MPI.ERR_ARG, "Waitany needs an array of requests, got null", () -> Request.Waitany(null));
            expect(MPI.ERR_ARG, "Waitsome needs an array of requests, got null", () -> Request.Waitsome(null));
            expect(MPI.ERR_ARG, "Testall needs an array of requests, got null", () -> Request.Testall(null));
            expect(MPI.ERR_ARG, "Testany needs an array of requests, got null", () -> Request.Testany(null));
            expect(MPI.ERR_ARG, "Testsome needs an array of requests, got null", () -> Request.Testsome(null));
            int[] in = new int[1];
            Request recv = w.Irecv(in, 0, 1, MPI.INT, 0, 3);
            Request send = w.Isend(new int[] {9}, 0, 1, MPI.INT, 0, 3);
            Status any = Request.Waitany(new Request[] {null, recv});
            assertEquals(1, any.index);
            assertEquals(9, in[0]);
            Status[] all = Request.Waitall(new Request[] {send, null, recv});
            assertEquals(3, all.length);
            assertEquals(MPI.ANY_SOURCE, all[1].source, "a null entry completes with an empty status");
            assertEquals(null, Request.Waitsome(new Request[] {null, recv}), "no active request: MPI_UNDEFINED");
            assertEquals(null, Request.Testsome(new Request[] {null}));
            assertEquals(3, Request.Testall(new Request[] {null, recv, send}).length);
            assertEquals(MPI.UNDEFINED, Request.Testany(new Request[] {null}).index);
            Request freed = w.Irecv(in, 0, 1, MPI.INT, 0, 4);
            freed.Free();
            assertTrue(freed.Is_null());
            assertEquals(MPI.ANY_SOURCE, freed.Wait().source, "a freed request is MPI's null request");
            assertEquals(MPI.ANY_SOURCE, freed.Test().source);
            assertEquals(1, Request.Waitall(new Request[] {freed}).length);
            MPI.Finalize();
        }
    }

    @Test
    void completionCallsRejectAMissingArrayAndSkipNullRequests() {
        RankJobs.runOk(1, CompletionCalls.class);
    }

    /** A program started without a launcher is a job of one rank, as in MPI. */
    @Test
    void aProgramWithoutLauncherIsASingletonJob() throws Exception {
        URL classes = new File(Singleton.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toURI().toURL();
        try (RankClassLoader plain = new RankClassLoader(0, new URL[] {classes}, List.of("mpi"),
                List.of(), BadInputTest.class.getClassLoader(), null)) {
            Class<?> main = Class.forName(Singleton.class.getName(), true, plain);
            main.getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        }
    }
}
