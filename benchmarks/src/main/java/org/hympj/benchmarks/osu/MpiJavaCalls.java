package org.hympj.benchmarks.osu;

import mpi.MPI;
import mpi.Request;

/** OSU-lite's calls through the mpiJava 1.2 API, on Java arrays (the form its programs use). */
final class MpiJavaCalls implements OsuCalls {
    private final byte[] a;
    private final byte[] b;
    private final float[] fa;
    private final float[] fb;

    MpiJavaCalls(int max, int ranks) {
        a = new byte[max * ranks];
        b = new byte[max * ranks];
        java.util.Arrays.fill(a, (byte) 1);
        fa = new float[max / 4 + 1];
        fb = new float[max / 4 + 1];
    }

    @Override
    public void send(int bytes, int dest, int tag) {
        MPI.COMM_WORLD.Send(a, 0, bytes, MPI.BYTE, dest, tag);
    }

    @Override
    public void recv(int bytes, int source, int tag) {
        MPI.COMM_WORLD.Recv(b, 0, bytes, MPI.BYTE, source, tag);
    }

    @Override
    public Request isend(int bytes, int dest, int tag) {
        return MPI.COMM_WORLD.Isend(a, 0, bytes, MPI.BYTE, dest, tag);
    }

    @Override
    public Request irecv(int bytes, int source, int tag) {
        return MPI.COMM_WORLD.Irecv(b, 0, bytes, MPI.BYTE, source, tag);
    }

    @Override
    public void waitAll(Request[] requests) {
        Request.Waitall(requests);
    }

    @Override
    public void bcast(int bytes) {
        MPI.COMM_WORLD.Bcast(a, 0, bytes, MPI.BYTE, 0);
    }

    @Override
    public void allreduce(int floats) {
        MPI.COMM_WORLD.Allreduce(fa, 0, fb, 0, floats, MPI.FLOAT, MPI.SUM);
    }

    @Override
    public void allgather(int bytes) {
        MPI.COMM_WORLD.Allgather(a, 0, bytes, MPI.BYTE, b, 0, bytes, MPI.BYTE);
    }

    @Override
    public void alltoall(int bytes) {
        MPI.COMM_WORLD.Alltoall(a, 0, bytes, MPI.BYTE, b, 0, bytes, MPI.BYTE);
    }

    @Override
    public void barrier() {
        MPI.COMM_WORLD.Barrier();
    }
}
