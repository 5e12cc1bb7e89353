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
        while (echoOnce(buf)) {
            // One method call per message: C2 compiles echoOnce by its call count, so the echo
            // rank is compiled (and its Status scalar-replaced) even at sizes too large for the
            // loop itself to run often enough to be compiled within a benchmark run.
        }
        MPI.Finalize();
    }

    private static boolean echoOnce(byte[] buf) {
        Status s = MPI.COMM_WORLD.Recv(buf, 0, buf.length, MPI.BYTE, 0, MPI.ANY_TAG);
        if (s.tag == STOP) {
            return false;
        }
        MPI.COMM_WORLD.Send(buf, 0, s.Get_count(MPI.BYTE), MPI.BYTE, 0, s.tag);
        return true;
    }
}
