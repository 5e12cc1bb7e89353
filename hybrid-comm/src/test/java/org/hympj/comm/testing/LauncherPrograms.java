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

    /** Writes a file with a relative name: it must land in the -wdir directory. */
    public static class WritesRelative {
        public static void main(String[] args) throws IOException {
            MPI.Init(args);
            Files.writeString(Path.of("rank-" + MPI.COMM_WORLD.Rank() + ".txt"), "hello");
            MPI.Finalize();
        }
    }
}
