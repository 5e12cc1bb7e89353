package mpi;

import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.ReductionOps;

/**
 * A communicator within one group of ranks, the type of {@code MPI.COMM_WORLD} and
 * {@code MPI.COMM_SELF}, with the core collective operations.
 *
 * <p>Collectives travel as point-to-point messages on the communicator's collective context,
 * so they work on every path and never match a user's receive. Algorithms: dissemination
 * barrier; binomial-tree broadcast and reduction; all-reduce as a reduction to rank 0 then
 * a broadcast, so every rank gets the same bits; linear gather and scatter; ring all-gather;
 * pairwise all-to-all. Every rank must call the same collectives in the same order with
 * matching arguments, as MPI requires; mismatched sizes or types surface as
 * {@code ERR_TRUNCATE} or {@code ERR_TYPE}. (The v-variants, scan, reduce-scatter, MAXLOC,
 * user ops and size- and node-aware algorithm choice come with issue #4.)
 */
public class Intracomm extends Comm {
    private static final int BARRIER = 1;
    private static final int BCAST = 2;
    private static final int REDUCE = 3;
    private static final int GATHER = 4;
    private static final int SCATTER = 5;
    private static final int ALLGATHER = 6;
    private static final int ALLTOALL = 7;

    Intracomm(String name) {
        super(name);
    }

    /** Returns once every rank of the communicator has entered the barrier. */
    public void Barrier() {
        MPI.checkActive();
        for (int k = 1; k < size; k <<= 1) {
            collectiveExchange(null, 0, 0, MPI.BYTE, (rank + k) % size,
                null, 0, 0, MPI.BYTE, (rank - k + size) % size, BARRIER);
        }
    }

    /** Copies {@code count} elements of {@code buf} at {@code root} to {@code buf} at every rank. */
    public void Bcast(Object buf, int offset, int count, Datatype datatype, int root) {
        MPI.checkActive();
        checkBuffer("Bcast", buf, offset, count, datatype);
        checkRoot("Bcast", root);
        broadcast(buf, offset, count, datatype, root);
    }

    private void broadcast(Object buf, int offset, int count, Datatype datatype, int root) {
        int relative = (rank - root + size) % size;
        int mask = 1;
        while (mask < size) {
            if ((relative & mask) != 0) {
                collectiveExchange(null, 0, 0, datatype, MPI.PROC_NULL,
                    buf, offset, count, datatype, (relative - mask + root) % size, BCAST);
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (relative + mask < size) {
                collectiveExchange(buf, offset, count, datatype, (relative + mask + root) % size,
                    null, 0, 0, datatype, MPI.PROC_NULL, BCAST);
            }
        }
    }

    /** Combines every rank's {@code sendbuf} element by element with {@code op} into {@code recvbuf} at {@code root}. */
    public void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                       Op op, int root) {
        MPI.checkActive();
        checkBuffer("Reduce", sendbuf, sendoffset, count, datatype);
        checkRoot("Reduce", root);
        checkOp("Reduce", op, datatype);
        if (rank == root) {
            checkBuffer("Reduce", recvbuf, recvoffset, count, datatype);
        }
        Object result = reduce(sendbuf, sendoffset, count, datatype, op, root);
        if (rank == root && count > 0) {
            System.arraycopy(result, 0, recvbuf, recvoffset, count);
        }
    }

    /** As {@link #Reduce}, with the result in {@code recvbuf} at every rank, the same bits everywhere. */
    public void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype, Op op) {
        MPI.checkActive();
        checkBuffer("Allreduce", sendbuf, sendoffset, count, datatype);
        checkBuffer("Allreduce", recvbuf, recvoffset, count, datatype);
        checkOp("Allreduce", op, datatype);
        Object result = reduce(sendbuf, sendoffset, count, datatype, op, 0);
        if (rank == 0 && count > 0) {
            System.arraycopy(result, 0, recvbuf, recvoffset, count);
        }
        broadcast(recvbuf, recvoffset, count, datatype, 0);
    }

    /**
     * Binomial-tree reduction towards {@code root}; returns the combined result at the root
     * (the partial result elsewhere). Each rank combines its accumulator, which covers the
     * ranks just above it (relative to the root), with its children's in rank order.
     */
    private Object reduce(Object sendbuf, int sendoffset, int count, Datatype datatype, Op op, int root) {
        ElementType type = datatype.base;
        Object accumulator = type.newArray(count);
        if (count > 0) {
            System.arraycopy(sendbuf, sendoffset, accumulator, 0, count);
        }
        Object incoming = size > 1 ? type.newArray(count) : null;
        int relative = (rank - root + size) % size;
        for (int mask = 1; mask < size; mask <<= 1) {
            if ((relative & mask) != 0) {
                collectiveExchange(accumulator, 0, count, datatype, (relative - mask + root) % size,
                    null, 0, 0, datatype, MPI.PROC_NULL, REDUCE);
                break;
            }
            if (relative + mask < size) {
                collectiveExchange(null, 0, 0, datatype, MPI.PROC_NULL,
                    incoming, 0, count, datatype, (relative + mask + root) % size, REDUCE);
                ReductionOps.combine(op.code, type, incoming, 0, accumulator, 0, count);
            }
        }
        return accumulator;
    }

    /** Collects {@code sendcount} elements from every rank into {@code recvbuf} at {@code root}, in rank order. */
    public void Gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                       Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        MPI.checkActive();
        checkBuffer("Gather", sendbuf, sendoffset, sendcount, sendtype);
        checkRoot("Gather", root);
        if (rank != root) {
            collectiveExchange(sendbuf, sendoffset, sendcount, sendtype, root, null, 0, 0, sendtype, MPI.PROC_NULL, GATHER);
            return;
        }
        checkBlocks("Gather", recvbuf, recvoffset, recvcount, recvtype);
        copyOwnBlock("Gather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset + rank * recvcount, recvcount, recvtype);
        for (int r = 0; r < size; r++) {
            if (r != rank) {
                collectiveExchange(null, 0, 0, recvtype, MPI.PROC_NULL, recvbuf, recvoffset + r * recvcount, recvcount,
                    recvtype, r, GATHER);
            }
        }
    }

    /** Sends the {@code r}-th block of {@code sendcount} elements of {@code sendbuf} at {@code root} to rank {@code r}. */
    public void Scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        MPI.checkActive();
        checkBuffer("Scatter", recvbuf, recvoffset, recvcount, recvtype);
        checkRoot("Scatter", root);
        if (rank != root) {
            collectiveExchange(null, 0, 0, recvtype, MPI.PROC_NULL, recvbuf, recvoffset, recvcount, recvtype, root, SCATTER);
            return;
        }
        checkBlocks("Scatter", sendbuf, sendoffset, sendcount, sendtype);
        for (int r = 0; r < size; r++) {
            if (r != rank) {
                collectiveExchange(sendbuf, sendoffset + r * sendcount, sendcount, sendtype, r, null, 0, 0, sendtype,
                    MPI.PROC_NULL, SCATTER);
            }
        }
        copyOwnBlock("Scatter", sendbuf, sendoffset + rank * sendcount, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype);
    }

    /** Every rank gets every rank's {@code sendcount} elements, in rank order (a ring of exchanges). */
    public void Allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                          Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        MPI.checkActive();
        checkBuffer("Allgather", sendbuf, sendoffset, sendcount, sendtype);
        checkBlocks("Allgather", recvbuf, recvoffset, recvcount, recvtype);
        copyOwnBlock("Allgather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset + rank * recvcount, recvcount, recvtype);
        int right = (rank + 1) % size;
        int left = (rank - 1 + size) % size;
        for (int step = 0; step < size - 1; step++) {
            int outgoing = (rank - step + size) % size;
            int incoming = (rank - step - 1 + size) % size;
            collectiveExchange(recvbuf, recvoffset + outgoing * recvcount, recvcount, recvtype, right,
                recvbuf, recvoffset + incoming * recvcount, recvcount, recvtype, left, ALLGATHER);
        }
    }

    /** Rank {@code i}'s {@code j}-th block goes to rank {@code j}'s {@code i}-th block (pairwise exchanges). */
    public void Alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        MPI.checkActive();
        checkBlocks("Alltoall", sendbuf, sendoffset, sendcount, sendtype);
        checkBlocks("Alltoall", recvbuf, recvoffset, recvcount, recvtype);
        copyOwnBlock("Alltoall", sendbuf, sendoffset + rank * sendcount, sendcount, sendtype,
            recvbuf, recvoffset + rank * recvcount, recvcount, recvtype);
        for (int i = 1; i < size; i++) {
            int dest = (rank + i) % size;
            int source = (rank - i + size) % size;
            collectiveExchange(sendbuf, sendoffset + dest * sendcount, sendcount, sendtype, dest,
                recvbuf, recvoffset + source * recvcount, recvcount, recvtype, source, ALLTOALL);
        }
    }

    /** This rank's own block goes straight from its send buffer to its receive buffer. */
    private static void copyOwnBlock(String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                                     Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        if (sendtype.base != recvtype.base) {
            throw new MPIException(MPI.ERR_TYPE, call + ": send datatype " + sendtype + " and receive datatype "
                + recvtype + " differ");
        }
        if (sendcount > recvcount) {
            throw new MPIException(MPI.ERR_TRUNCATE, call + ": a block of " + sendcount + " elements does not fit a receive"
                + " block of " + recvcount);
        }
        if (sendcount > 0) {
            System.arraycopy(sendbuf, sendoffset, recvbuf, recvoffset, sendcount);
        }
    }

    /** A buffer holding one block of {@code count} elements per rank. */
    private void checkBlocks(String call, Object buf, int offset, int count, Datatype datatype) {
        if (count < 0) {
            throw new MPIException(MPI.ERR_COUNT, call + ": count must not be negative, got " + count);
        }
        checkBuffer(call, buf, offset, count * size, datatype);
    }

    private void checkRoot(String call, int root) {
        if (root < 0 || root >= size) {
            throw new MPIException(MPI.ERR_ROOT, call + ": root " + root + " is out of range for " + this
                + " of size " + size + " (valid: 0.." + (size - 1) + ")");
        }
    }

    private static void checkOp(String call, Op op, Datatype datatype) {
        if (op == null) {
            throw new MPIException(MPI.ERR_OP, call + ": op is null");
        }
        if (!ReductionOps.appliesTo(op.code, datatype.base)) {
            throw new MPIException(MPI.ERR_OP, call + ": " + op + " does not apply to " + datatype);
        }
    }
}
