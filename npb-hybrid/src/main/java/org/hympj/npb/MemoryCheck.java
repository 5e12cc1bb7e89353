package org.hympj.npb;

import mpi.MPI;

/**
 * Refuses, with a sentence that says what to do, a class and rank count whose arrays cannot
 * fit the heap: before anything is allocated, not as an OutOfMemoryError deep in a loop.
 * The ranks sharing this JVM (all of them on thread ranks; a JVM's block with --jvms) share
 * its heap; hympjrun says how many in {@code hympj.jvm.ranks}.
 */
final class MemoryCheck {
    private MemoryCheck() {
    }

    static void require(String kernel, Object size, double bytesPerRank) {
        int ranksHere = Integer.getInteger("hympj.jvm.ranks", MPI.COMM_WORLD.Size());
        double needed = bytesPerRank * ranksHere;
        double available = Runtime.getRuntime().maxMemory() * 0.9;
        if (needed > available) {
            throw new IllegalStateException(String.format(java.util.Locale.ROOT,
                "%s class %s needs about %.1f GiB per rank, %.1f GiB for the %d rank(s) of this JVM, but its heap is %.1f GiB:"
                    + " give more with HYMPJ_JVM_OPTS=-Xmx%dg, or spread the ranks over more JVMs (--jvms)",
                kernel, size, bytesPerRank / (1 << 30), needed / (1 << 30), ranksHere, Runtime.getRuntime().maxMemory() / (double) (1 << 30),
                (long) Math.ceil(needed / 0.9 / (1 << 30))));
        }
    }
}
