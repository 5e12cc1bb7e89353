package org.hympj.npb;

import mpi.MPI;
import org.hympj.nested.Team;

/**
 * The NAS Parallel Benchmarks on HyMPJ. {@code hympjrun -np 2 -cp npb-hybrid/target/classes
 * org.hympj.npb.Npb ep A [threads]}: runs the kernel on every rank (with a thread team of
 * {@code threads} per rank in the hybrid form), prints the NPB report on rank 0, and fails
 * (exit status 1) if verification fails. Kernels so far: EP.
 */
public final class Npb {
    private Npb() {
    }

    public static void main(String[] args) {
        MPI.Init_thread(args, MPI.THREAD_FUNNELED);
        String[] own = args;
        if (own.length < 2 || !own[0].equalsIgnoreCase("ep")) {
            throw new IllegalArgumentException("usage: Npb ep S|W|A|B|C [threads per rank]   (kernels so far: ep)");
        }
        Ep.Size size;
        try {
            size = Ep.Size.valueOf(own[1].toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("class '" + own[1] + "' is not one of S, W, A, B, C");
        }
        int threads = own.length > 2 ? Integer.parseInt(own[2]) : 1;
        Ep.Result result;
        if (threads > 1) {
            try (Team team = Team.create(threads)) {
                result = Ep.run(size, team);
            }
        } else {
            result = Ep.run(size, null);
        }
        if (MPI.COMM_WORLD.Rank() == 0) {
            report(result);
        }
        MPI.Finalize();
        if (!result.verified()) {
            throw new IllegalStateException("EP class " + size + " did not verify: sx = " + result.sx() + ", sy = " + result.sy());
        }
    }

    private static void report(Ep.Result r) {
        double mops = r.randomNumbers() / r.seconds() / 1e6;
        System.out.printf("%n EP Benchmark Completed.%n");
        System.out.printf(" Class           =                        %s%n", r.size());
        System.out.printf(" Size            =             %12d%n", r.randomNumbers());
        System.out.printf(" Iterations      =                        0%n");
        System.out.printf(" Time in seconds =             %12.2f%n", r.seconds());
        System.out.printf(" Total processes =             %12d%n", r.ranks());
        System.out.printf(" Threads/process =             %12d%n", r.threads());
        System.out.printf(" Mop/s total     =             %12.2f%n", mops);
        System.out.printf(" Mop/s/process   =             %12.2f%n", mops / r.ranks());
        System.out.printf(" Operation type  = Random numbers generated%n");
        System.out.printf(" Verification    =               %s%n", r.verified() ? "SUCCESSFUL" : "UNSUCCESSFUL");
        System.out.printf(" sx = %.15e (reference %.15e)%n sy = %.15e (reference %.15e)%n", r.sx(), r.size().sx, r.sy(), r.size().sy);
        long peak = java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        System.out.printf(" Heap in use     =             %9d MiB%n", peak >> 20);
    }
}
