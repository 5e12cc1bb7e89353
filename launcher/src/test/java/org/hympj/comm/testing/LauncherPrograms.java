package org.hympj.comm.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import mpi.MPI;
import mpi.Request;

/** Programs the launcher tests run; outside the runtime's packages, as every program must be. */
public final class LauncherPrograms {
    private LauncherPrograms() {
    }

    public static class Ok {
        public static void main(String[] args) {
            MPI.Init(args);
            MPI.Finalize();
        }
    }

    public static class Fails {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                throw new ArithmeticException("deliberate failure of rank 1");
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
        }
    }

    /**
     * The classic deadlock: rank 1 sends a message with tag 5 and finalizes, rank 0 waits for
     * tag 6 from rank 1, which never comes; the message with tag 5 stays queued unmatched.
     */
    public static class Deadlock {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                MPI.COMM_WORLD.Send(new int[] {1, 2, 3}, 0, 3, MPI.INT, 0, 5);
            } else if (MPI.COMM_WORLD.Rank() == 0) {
                MPI.COMM_WORLD.Recv(new int[3], 0, 3, MPI.INT, 1, 6);
            }
            MPI.Finalize();
        }
    }

    /** After a Barrier, so that they park together, every rank waits forever in a Recv from the next rank. */
    public static class AllWait {
        public static void main(String[] args) {
            MPI.Init(args);
            var w = MPI.COMM_WORLD;
            w.Barrier();
            w.Recv(new int[1], 0, 1, MPI.INT, (w.Rank() + 1) % w.Size(), 8);
            MPI.Finalize();
        }
    }

    /** Each rank waits forever in another kind of call: a request's Wait, a Probe, a collective, a synchronous send. */
    public static class WaitsOfEveryKind {
        public static void main(String[] args) {
            MPI.Init(args);
            var w = MPI.COMM_WORLD;
            switch (w.Rank()) {
                case 0 -> w.Irecv(new int[1], 0, 1, MPI.INT, 1, 3).Wait();
                case 1 -> w.Probe(MPI.ANY_SOURCE, 9);
                case 2 -> w.Barrier();
                default -> w.Ssend(new int[1], 0, 1, MPI.INT, 0, 4);
            }
            MPI.Finalize();
        }
    }

    /** Writes a file with a relative name: it must land in the -wdir directory. */
    public static class WritesRelative {
        public static void main(String[] args) throws IOException {
            MPI.Init(args);
            Files.writeString(Path.of("rank-" + MPI.COMM_WORLD.Rank() + ".txt"), "hello");
            MPI.Finalize();
        }
    }

    /**
     * Rank 0 sends {@code args[0]} windows of 64 non-blocking 8-byte messages to rank 1, which
     * receives each window into non-blocking receives, checks it and acknowledges it, as OSU's
     * message-rate test does; rank 1 then prints how many windows it received.
     */
    public static class AcknowledgedWindows {
        private static final int WINDOW = 64;

        public static void main(String[] args) {
            MPI.Init(args);
            int windows = Integer.parseInt(args[0]);
            int rank = MPI.COMM_WORLD.Rank();
            long[][] messages = new long[WINDOW][1];
            int[] ack = new int[1];
            Request[] window = new Request[WINDOW];
            for (int w = 0; w < windows; w++) {
                for (int k = 0; k < WINDOW; k++) {
                    if (rank == 0) {
                        messages[k][0] = (long) w * WINDOW + k;
                        window[k] = MPI.COMM_WORLD.Isend(messages[k], 0, 1, MPI.LONG, 1, 2);
                    } else {
                        window[k] = MPI.COMM_WORLD.Irecv(messages[k], 0, 1, MPI.LONG, 0, 2);
                    }
                }
                Request.Waitall(window);
                if (rank == 0) {
                    MPI.COMM_WORLD.Recv(ack, 0, 1, MPI.INT, 1, 3);
                } else {
                    for (int k = 0; k < WINDOW; k++) {
                        if (messages[k][0] != (long) w * WINDOW + k) {
                            throw new IllegalStateException("window " + w + ", message " + k + " holds " + messages[k][0]);
                        }
                    }
                    MPI.COMM_WORLD.Send(ack, 0, 1, MPI.INT, 0, 3);
                }
            }
            if (rank == 1) {
                System.out.println("received " + windows + " windows");
            }
            MPI.Finalize();
        }
    }
}
