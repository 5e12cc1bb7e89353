package org.hympj.examples;

import mpi.MPI;
import mpi.Status;

/** The classic mpiJava Hello: rank 0 sends "Hello, there" as a char[] to rank 1. */
public class Hello {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int me = MPI.COMM_WORLD.Rank();
        int tag = 50;
        if (me == 0) {
            char[] message = "Hello, there".toCharArray();
            MPI.COMM_WORLD.Send(message, 0, message.length, MPI.CHAR, 1, tag);
        } else if (me == 1) {
            char[] message = new char[20];
            Status status = MPI.COMM_WORLD.Recv(message, 0, 20, MPI.CHAR, 0, tag);
            System.out.println("received: " + new String(message, 0, status.Get_count(MPI.CHAR)) + ":");
        }
        MPI.Finalize();
    }
}
