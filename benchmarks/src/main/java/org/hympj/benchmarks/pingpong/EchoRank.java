package org.hympj.benchmarks.pingpong;

import mpi.MPI;
import mpi.Status;

/** Rank 1 of the ping-pong: sends every message back to rank 0 until it gets the stop tag. */
public class EchoRank {
    static final int STOP = 1;

    public static void main(String[] args) {
        MPI.Init(args);
        int capacity = Integer.parseInt(args[0]);
        byte[] buf = new byte[capacity];
        while (true) {
            Status s = MPI.COMM_WORLD.Recv(buf, 0, capacity, MPI.BYTE, 0, MPI.ANY_TAG);
            if (s.tag == STOP) {
                break;
            }
            MPI.COMM_WORLD.Send(buf, 0, s.Get_count(MPI.BYTE), MPI.BYTE, 0, s.tag);
        }
        MPI.Finalize();
    }
}
