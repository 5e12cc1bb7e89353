package org.hympj.benchmarks.osu;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import mpi.MPI;
import mpi.Request;

/**
 * OSU-lite's calls through Open MPI's Java API, on {@code java.nio} buffers: direct ones from
 * {@code MPI.newByteBuffer} (the form that API's non-blocking calls were written for, and
 * what its benchmark programs allocate), or heap buffers wrapping arrays.
 */
final class OpenMpiCalls implements OsuCalls {
    private final ByteBuffer a;
    private final ByteBuffer b;
    private final FloatBuffer fa;
    private final FloatBuffer fb;

    OpenMpiCalls(int max, int ranks, boolean direct) {
        a = direct ? MPI.newByteBuffer(max * ranks) : ByteBuffer.wrap(new byte[max * ranks]);
        b = direct ? MPI.newByteBuffer(max * ranks) : ByteBuffer.wrap(new byte[max * ranks]);
        for (int i = 0; i < a.capacity(); i++) {
            a.put(i, (byte) 1);
        }
        fa = direct ? MPI.newFloatBuffer(max / 4 + 1) : FloatBuffer.wrap(new float[max / 4 + 1]);
        fb = direct ? MPI.newFloatBuffer(max / 4 + 1) : FloatBuffer.wrap(new float[max / 4 + 1]);
    }

    @Override
    public void send(int bytes, int dest, int tag) {
        MPI.COMM_WORLD.send(a, bytes, MPI.BYTE, dest, tag);
    }

    @Override
    public void recv(int bytes, int source, int tag) {
        MPI.COMM_WORLD.recv(b, bytes, MPI.BYTE, source, tag);
    }

    @Override
    public Request isend(int bytes, int dest, int tag) {
        return MPI.COMM_WORLD.iSend(a, bytes, MPI.BYTE, dest, tag);
    }

    @Override
    public Request irecv(int bytes, int source, int tag) {
        return MPI.COMM_WORLD.iRecv(b, bytes, MPI.BYTE, source, tag);
    }

    @Override
    public void waitAll(Request[] requests) {
        Request.waitAll(requests);
    }

    @Override
    public void bcast(int bytes) {
        MPI.COMM_WORLD.bcast(a, bytes, MPI.BYTE, 0);
    }

    @Override
    public void allreduce(int floats) {
        MPI.COMM_WORLD.allReduce(fa, fb, floats, MPI.FLOAT, MPI.SUM);
    }

    @Override
    public void allgather(int bytes) {
        MPI.COMM_WORLD.allGather(a, bytes, MPI.BYTE, b, bytes, MPI.BYTE);
    }

    @Override
    public void alltoall(int bytes) {
        MPI.COMM_WORLD.allToAll(a, bytes, MPI.BYTE, b, bytes, MPI.BYTE);
    }

    @Override
    public void barrier() {
        MPI.COMM_WORLD.barrier();
    }
}
