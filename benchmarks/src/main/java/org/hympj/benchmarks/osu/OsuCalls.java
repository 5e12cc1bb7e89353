package org.hympj.benchmarks.osu;

import mpi.Request;

/**
 * The MPI calls OSU-lite times, made through one of package {@code mpi}'s two APIs on buffers
 * allocated once at the largest size: {@code send}, {@code isend}, {@code bcast},
 * {@code allgather} and {@code alltoall} read the send buffer; {@code recv}, {@code irecv},
 * {@code allgather} and {@code alltoall} write the receive buffer; {@code allreduce} reduces floats into floats.
 * Sizes are in bytes except for the reductions, which count floats.
 */
interface OsuCalls {
    void send(int bytes, int dest, int tag);

    void recv(int bytes, int source, int tag);

    Request isend(int bytes, int dest, int tag);

    Request irecv(int bytes, int source, int tag);

    void waitAll(Request[] requests);

    void bcast(int bytes);

    void allreduce(int floats);

    void allgather(int bytes);

    void alltoall(int bytes);

    void barrier();
}
