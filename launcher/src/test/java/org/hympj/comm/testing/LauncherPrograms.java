package org.hympj.comm.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import mpi.MPI;

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
}
