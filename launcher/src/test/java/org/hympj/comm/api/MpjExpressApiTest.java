package org.hympj.comm.api;

import java.nio.ByteBuffer;
import mpi.Comm;
import mpi.Errhandler;
import mpi.Group;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;
import mpi.Status;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The members of MPJ Express's {@code mpi} package that HyMPJ adds, used as MPJ Express
 * programs use them, with MPJ Express's constant values; null requests in every completion
 * call; {@code Group.Rank()} of a process outside the group.
 */
@Timeout(120)
class MpjExpressApiTest {

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    static void expectError(int errorClass, Runnable call) {
        try {
            call.run();
        } catch (MPIException e) {
            check(e.getErrorClass() == errorClass, "expected error class " + errorClass + ", got " + e);
            return;
        }
        throw new AssertionError("the call did not raise MPIException");
    }

    /** MPJ Express's constants, with its values. */
    public static class Constants {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            check(MPI.UNDEFINED == -1, "UNDEFINED");
            check(MPI.ANY_SOURCE == -2 && MPI.ANY_TAG == -2 && MPI.PROC_NULL == -3, "ANY_SOURCE, ANY_TAG, PROC_NULL");
            check(MPI.IDENT == 0 && MPI.CONGRUENT == 3 && MPI.SIMILAR == 1 && MPI.UNEQUAL == 2, "comparison results");
            check(MPI.GRAPH == 1 && MPI.CART == 2, "topology kinds");
            check(MPI.NUM_OF_PROCESSORS == Runtime.getRuntime().availableProcessors(), "NUM_OF_PROCESSORS");
            check(MPI.SEND_OVERHEAD == MPI.BSEND_OVERHEAD && MPI.RECV_OVERHEAD == 0, "overheads");
            check(MPI.EMPTY_STATUS.source == MPI.ANY_SOURCE && MPI.EMPTY_STATUS.tag == MPI.ANY_TAG, "EMPTY_STATUS");
            check(MPI.EMPTY_STATUS.Get_count(MPI.INT) == 0, "EMPTY_STATUS count");
            // ANY_TAG matches whatever tag was sent, and the status carries the real one.
            int me = MPI.COMM_WORLD.Rank();
            int[] in = new int[1];
            if (me == 0) {
                MPI.COMM_WORLD.Send(new int[] {5}, 0, 1, MPI.INT, 1, 1);
            } else if (me == 1) {
                Status s = MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                check(s.source == 0 && s.tag == 1 && in[0] == 5, "ANY_SOURCE/ANY_TAG receive gave " + s);
            }
            MPI.Finalize();
        }
    }

    /** MPI's environment members of MPJ Express: thread queries, Pcontrol, errhandlers on COMM_WORLD, buffers as ByteBuffer. */
    public static class Environment {
        public static void main(String[] args) throws MPIException {
            String[] rest = MPI.initThread(MPI.THREAD_MULTIPLE, MPI.THREAD_MULTIPLE, args);
            check(rest.length == args.length, "initThread returns the program's arguments");
            check(MPI.isMainThread(), "isMainThread on the thread that initialised");
            check(MPI.queryThread() == MPI.THREAD_MULTIPLE, "queryThread");
            MPI.Pcontrol(1);
            MPI.Pcontrol(0, "any object");
            MPI.Pcontrol(2, "two", "objects");
            Errhandler initial = MPI.Errorhandler_get();
            check(initial == MPI.ERRORS_RETURN, "COMM_WORLD's initial handler is " + initial);
            MPI.Errorhandler_set(MPI.ERRORS_RETURN);
            check(MPI.COMM_WORLD.Errhandler_get() == MPI.ERRORS_RETURN, "Errorhandler_set applies to COMM_WORLD");
            // mpiJava 1.2's names on a communicator.
            MPI.COMM_SELF.Errorhandler_set(MPI.ERRORS_ARE_FATAL);
            check(MPI.COMM_SELF.Errorhandler_get() == MPI.ERRORS_ARE_FATAL, "Comm.Errorhandler_set and _get");
            MPI.COMM_SELF.Errorhandler_set(MPI.ERRORS_RETURN);
            check(MPI.COMM_SELF.Errhandler_get() == MPI.ERRORS_RETURN, "Comm.Errorhandler_set is Errhandler_set");

            int me = MPI.COMM_WORLD.Rank();
            int other = 1 - me;
            int[] data = {me, me + 10, me + 20};
            int[] in = new int[3];
            // A heap ByteBuffer: its array holds the buffered messages, and Buffer_detach gives it back.
            ByteBuffer heap = ByteBuffer.allocate(3 * 4 + MPI.BSEND_OVERHEAD);
            MPI.Buffer_attach(heap);
            MPI.COMM_WORLD.Bsend(data, 0, 3, MPI.INT, other, 1);
            MPI.COMM_WORLD.Recv(in, 0, 3, MPI.INT, other, 1);
            check(in[2] == other + 20, "Bsend through a heap ByteBuffer");
            check(MPI.Buffer_detach() == heap.array(), "Buffer_detach returns the ByteBuffer's array");
            // A direct ByteBuffer lends its capacity: Bsend works; there is no array to return.
            ByteBuffer direct = ByteBuffer.allocateDirect(2 * (3 * 4 + MPI.BSEND_OVERHEAD));
            MPI.Buffer_attach(direct);
            expectError(MPI.ERR_BUFFER, () -> MPI.Buffer_attach(ByteBuffer.allocate(64)));
            MPI.COMM_WORLD.Bsend(data, 0, 3, MPI.INT, other, 2);
            MPI.COMM_WORLD.Ibsend(data, 0, 3, MPI.INT, other, 3).Wait();
            MPI.COMM_WORLD.Recv(in, 0, 3, MPI.INT, other, 2);
            MPI.COMM_WORLD.Recv(in, 0, 3, MPI.INT, other, 3);
            check(in[1] == other + 10, "Bsend through a direct ByteBuffer");
            check(MPI.Buffer_detach() == null, "a direct ByteBuffer has no array to return");
            // The byte[] form of mpiJava 1.2 stays.
            byte[] bytes = new byte[3 * 4 + MPI.BSEND_OVERHEAD];
            MPI.Buffer_attach(bytes);
            check(MPI.Buffer_detach() == bytes, "Buffer_detach returns the byte[] attached");
            MPI.Finalize();
        }
    }

    /** The null handles, the empty group, clone, Is_null, Attr_delete, and the lower-case free methods of MPJ Express. */
    public static class Handles {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int me = world.Rank();
            int n = world.Size();
            check(MPI.GROUP_EMPTY.Size() == 0 && MPI.GROUP_EMPTY.Rank() == MPI.UNDEFINED, "GROUP_EMPTY");
            check(Group.Union(MPI.GROUP_EMPTY, world.Group()).Rank() == me, "Union with GROUP_EMPTY keeps this rank");
            check(Group.Compare(Group.Intersection(world.Group(), MPI.GROUP_EMPTY), MPI.GROUP_EMPTY) == MPI.IDENT,
                "Intersection with GROUP_EMPTY is empty");
            check(MPI.GROUP_NULL.Size() == 0, "GROUP_NULL has no members");
            check(MPI.COMM_NULL.Is_null(), "COMM_NULL.Is_null()");
            expectError(MPI.ERR_COMM, () -> MPI.COMM_NULL.Rank());
            check(!world.Is_null(), "COMM_WORLD is not null");

            Intracomm copy = (Intracomm) world.clone();
            Object asObject = ((Comm) world).clone();
            check(asObject instanceof Intracomm && asObject != world, "Comm.clone() returns a new Intracomm");
            check(Comm.Compare(copy, world) == MPI.CONGRUENT, "clone is congruent");
            // Messages on the clone do not match receives on COMM_WORLD.
            int[] in = new int[1];
            if (me == 0) {
                copy.Send(new int[] {7}, 0, 1, MPI.INT, 1, 3);
                world.Send(new int[] {8}, 0, 1, MPI.INT, 1, 3);
            } else if (me == 1) {
                world.Recv(in, 0, 1, MPI.INT, 0, 3);
                check(in[0] == 8, "COMM_WORLD received the clone's message");
                copy.Recv(in, 0, 1, MPI.INT, 0, 3);
                check(in[0] == 7, "the clone received " + in[0]);
            }
            copy.Free();
            check(copy.Is_null(), "a freed communicator is null");
            ((Comm) asObject).Free();
            expectError(MPI.ERR_ARG, () -> world.Attr_delete(MPI.TAG_UB));
            check((Integer) world.Attr_get(MPI.TAG_UB) == MPI.TAG_UB_VALUE, "TAG_UB stays after a refused delete");

            // An intercommunicator's clone: the same two groups on a context of their own.
            Intracomm half = world.Split(me % 2, me);
            Intercomm inter = world.Create_intercomm(half, 0, me % 2 == 0 ? 1 : 0, 4);
            Intercomm twin = inter.clone();
            check(twin.Remote_size() == inter.Remote_size() && twin.Size() == inter.Size(), "intercomm clone has both groups");
            // Each rank of a group talks with the rank of the same number in the other group.
            int peer = twin.Rank();
            int[] got = new int[2];
            Request r1 = twin.Irecv(got, 0, 1, MPI.INT, peer, 6);
            Request r2 = inter.Irecv(got, 1, 1, MPI.INT, peer, 6);
            inter.Send(new int[] {100 + me}, 0, 1, MPI.INT, peer, 6);
            twin.Send(new int[] {200 + me}, 0, 1, MPI.INT, peer, 6);
            Request.Waitall(new Request[] {r1, r2});
            int sender = me % 2 == 0 ? me + 1 : me - 1;
            check(got[0] == 200 + sender && got[1] == 100 + sender, "intercomm clone kept its messages apart: "
                + got[0] + ", " + got[1]);
            twin.Free();
            inter.Free();

            world.Group().free();
            Op mine = new Op(new mpi.User_function() {
                @Override
                public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, mpi.Datatype datatype) {
                    int[] a = (int[]) invec;
                    int[] b = (int[]) inoutvec;
                    for (int i = 0; i < count; i++) {
                        b[inoutoffset + i] += a[inoffset + i];
                    }
                }
            }, true);
            int[] sum = new int[1];
            world.Allreduce(new int[] {1}, 0, sum, 0, 1, MPI.INT, mine);
            check(sum[0] == n, "user Op");
            mine.free();
            MPIException plain = new MPIException();
            check(plain.getErrorClass() == MPI.ERR_OTHER, "new MPIException() is ERR_OTHER");
            MPI.Finalize();
        }
    }

    /** REQUEST_NULL and null entries are skipped by every completion call; only-null arrays give index UNDEFINED. */
    public static class NullRequests {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int me = world.Rank();
            int other = 1 - me;
            check(MPI.REQUEST_NULL.Is_null(), "REQUEST_NULL.Is_null()");
            Status s = MPI.REQUEST_NULL.Wait();
            check(s != null && s.index == MPI.UNDEFINED, "Wait on REQUEST_NULL");
            check(MPI.REQUEST_NULL.Test() != null, "Test on REQUEST_NULL completes at once");
            MPI.REQUEST_NULL.Cancel();

            Request[] onlyNull = {MPI.REQUEST_NULL, null, MPI.REQUEST_NULL};
            check(Request.Waitany(onlyNull).index == MPI.UNDEFINED, "Waitany over null requests");
            check(Request.Testany(onlyNull).index == MPI.UNDEFINED, "Testany over null requests");
            check(Request.Waitsome(onlyNull) == null, "Waitsome over null requests");
            check(Request.Testsome(onlyNull) == null, "Testsome over null requests");
            check(Request.Waitall(onlyNull).length == 3, "Waitall over null requests");
            check(Request.Testall(onlyNull).length == 3, "Testall over null requests");

            int[] in = new int[4];
            for (int round = 0; round < 6; round++) {
                Request recv = world.Irecv(in, round % 4, 1, MPI.INT, other, round);
                world.Send(new int[] {round}, 0, 1, MPI.INT, other, round);
                Request[] mixed = {MPI.REQUEST_NULL, null, recv, MPI.REQUEST_NULL};
                switch (round) {
                    case 0 -> {
                        Status[] all = Request.Waitall(mixed);
                        check(all.length == 4 && all[2].tag == 0 && all[0].index == 0, "Waitall with null requests");
                    }
                    case 1 -> check(Request.Waitany(mixed).index == 2, "Waitany skips null requests");
                    case 2 -> {
                        Status[] some = Request.Waitsome(mixed);
                        check(some.length == 1 && some[0].index == 2, "Waitsome skips null requests");
                    }
                    case 3 -> {
                        Status[] all;
                        while ((all = Request.Testall(mixed)) == null) {
                            Thread.onSpinWait();
                        }
                        check(all[2].tag == 3, "Testall with null requests");
                    }
                    case 4 -> {
                        Status one;
                        while ((one = Request.Testany(mixed)) == null) {
                            Thread.onSpinWait();
                        }
                        check(one.index == 2, "Testany skips null requests, gave index " + one.index);
                    }
                    default -> {
                        Status[] some;
                        while ((some = Request.Testsome(mixed)) == null || some.length == 0) {
                            Thread.onSpinWait();
                        }
                        check(some.length == 1 && some[0].index == 2, "Testsome skips null requests");
                    }
                }
                check(in[round % 4] == round, "round " + round + " received " + in[round % 4]);
            }
            // Startall skips null entries; the completion calls skip them and REQUEST_NULL.
            int[] ping = new int[1];
            mpi.Prequest send = world.Send_init(new int[] {me}, 0, 1, MPI.INT, other, 9);
            mpi.Prequest recv = world.Recv_init(ping, 0, 1, MPI.INT, other, 9);
            mpi.Prequest.Startall(new mpi.Prequest[] {null, send, recv});
            Request.Waitall(new Request[] {send, MPI.REQUEST_NULL, recv, null});
            check(ping[0] == other, "persistent exchange among null requests gave " + ping[0]);
            world.Barrier();
            MPI.Finalize();
        }
    }

    /** A process outside a group has rank MPI.UNDEFINED in it. */
    public static class OutsideTheGroup {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            Group first = MPI.COMM_WORLD.Group().Incl(new int[] {0});
            int rank = first.Rank();
            check(me == 0 ? rank == 0 : rank == MPI.UNDEFINED && rank == -1, "rank " + me + " has rank " + rank + " in {0}");
            int[] there = Group.Translate_ranks(MPI.COMM_WORLD.Group(), new int[] {me}, first);
            check(there[0] == (me == 0 ? 0 : MPI.UNDEFINED), "Translate_ranks outside the group");
            Intracomm none = MPI.COMM_WORLD.Split(me == 0 ? 0 : MPI.UNDEFINED, 0);
            check((none == null) == (me != 0), "Split with MPI.UNDEFINED gives null");
            MPI.Finalize();
        }
    }

    /**
     * A derived type's errors name the call that made it, as the program wrote it: an MPJ Express program that
     * sends a {@code Vector} it did not commit reads "Vector", not the {@code Hvector} HyMPJ builds it from.
     */
    public static class DerivedTypeNames {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            int other = 1 - MPI.COMM_WORLD.Rank();
            expectNamed("Contiguous", mpi.Datatype.Contiguous(2, MPI.INT), other);
            expectNamed("Vector", mpi.Datatype.Vector(2, 1, 2, MPI.INT), other);
            expectNamed("Hvector", mpi.Datatype.Hvector(2, 1, 2, MPI.INT), other);
            expectNamed("Indexed", mpi.Datatype.Indexed(new int[] {1, 1}, new int[] {0, 2}, MPI.INT), other);
            expectNamed("Hindexed", mpi.Datatype.Hindexed(new int[] {1, 1}, new int[] {0, 2}, MPI.INT), other);
            try {
                mpi.Datatype.Vector(-1, 1, 2, MPI.INT);
                throw new AssertionError("Vector with a negative count did not raise MPIException");
            } catch (MPIException e) {
                check(e.getErrorClass() == MPI.ERR_ARG && e.getMessage().contains("Vector: count must not be negative"),
                    "a negative count in Vector raised " + e);
            }
            MPI.Finalize();
        }

        static void expectNamed(String call, mpi.Datatype uncommitted, int other) {
            try {
                MPI.COMM_WORLD.Send(new int[4], 0, 1, uncommitted, other, 0);
            } catch (MPIException e) {
                check(e.getErrorClass() == MPI.ERR_TYPE && e.getMessage().contains("datatype " + call + " of MPI.INT"),
                    "sending an uncommitted " + call + " raised " + e);
                return;
            }
            throw new AssertionError("sending an uncommitted " + call + " did not raise MPIException");
        }
    }

    @Test
    void mpjExpressConstantsHaveItsValues() {
        RankJobs.runOk(2, Constants.class);
    }

    @Test
    void environmentMembersWorkOnThreadRanks() {
        RankJobs.runOk(2, Environment.class);
    }

    @Test
    void environmentMembersWorkInTwoJvms() {
        ProcessJobs.runOk(2, 2, Environment.class);
    }

    @Test
    void nullHandlesCloneAndFreeWorkOnThreadRanks() {
        RankJobs.runOk(4, Handles.class);
    }

    @Test
    void nullHandlesCloneAndFreeWorkInTwoJvms() {
        ProcessJobs.runOk(4, 2, Handles.class);
    }

    @Test
    void requestNullIsSkippedByEveryCompletionCall() {
        RankJobs.runOk(2, NullRequests.class);
    }

    @Test
    void aProcessOutsideAGroupHasRankUndefined() {
        RankJobs.runOk(3, OutsideTheGroup.class);
    }

    @Test
    void derivedTypeErrorsNameTheCallThatMadeTheTypeOnThreadRanks() {
        RankJobs.runOk(2, DerivedTypeNames.class);
    }

    @Test
    void derivedTypeErrorsNameTheCallThatMadeTheTypeInTwoJvms() {
        ProcessJobs.runOk(2, 2, DerivedTypeNames.class);
    }
}
