package mpi;

/**
 * Moves Open MPI face buffers (arrays from element 0, heap and direct {@code java.nio}
 * buffers) through the mpiJava calls, resolved by {@link BufferArgument} as the Open MPI
 * face's own calls resolve them: for the tests of datatypes, structs and reductions, which
 * need whole transfers but are not the tests of point-to-point or collective calls.
 */
public final class OmpiTransfers {
    private OmpiTransfers() {
    }

    public static void send(Comm comm, Object buf, int count, Datatype type, int dest, int tag) {
        Object array = BufferArgument.forSend("send", buf, count, type);
        comm.Send(array, BufferArgument.offset(buf, array), count, type, dest, tag);
    }

    /** Receives into {@code buf}; a staged buffer is read in first, so the bytes a datatype skips stay as they were. */
    public static Status recv(Comm comm, Object buf, int count, Datatype type, int source, int tag) {
        Object array = BufferArgument.forUpdate("recv", buf, count, type);
        Status status = comm.Recv(array, BufferArgument.offset(buf, array), count, type, source, tag);
        BufferArgument.copyBack(buf, array, type);
        return status;
    }

    public static void allReduce(Intracomm comm, Object sendbuf, Object recvbuf, int count, Datatype type, Op op) {
        Object in = BufferArgument.forSend("allReduce", sendbuf, count, type);
        Object out = BufferArgument.forUpdate("allReduce", recvbuf, count, type);
        comm.Allreduce(in, BufferArgument.offset(sendbuf, in), out, BufferArgument.offset(recvbuf, out), count, type, op);
        BufferArgument.copyBack(recvbuf, out, type);
    }
}
