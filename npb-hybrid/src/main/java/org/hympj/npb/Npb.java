package org.hympj.npb;

import mpi.MPI;
import org.hympj.nested.Team;
import org.hympj.npb.numerics.GaussianBatches;
import org.hympj.npb.numerics.Vectors;

/**
 * The NAS Parallel Benchmarks on HyMPJ. {@code hympjrun -np 2 -cp npb-hybrid/target/classes
 * org.hympj.npb.Npb ep A [threads]}: runs the kernel on every rank (with a thread team of
 * {@code threads} per rank in the hybrid form), prints the NPB report on rank 0, and fails
 * (exit status 1) if verification fails. Kernels: IS, EP, CG, MG and FT.
 */
public final class Npb {
    private Npb() {
    }

    public static void main(String[] args) {
        MPI.Init_thread(args, MPI.THREAD_FUNNELED);
        String[] own = args;
        String kernel = own.length > 0 ? own[0].toLowerCase(java.util.Locale.ROOT) : "";
        if (own.length < 2 || !java.util.List.of("ep", "is", "cg", "mg", "ft").contains(kernel)) {
            throw new IllegalArgumentException("usage: Npb is|ep|cg|mg|ft S|W|A|B|C [threads per rank]");
        }
        String sizeName = own[1].toUpperCase(java.util.Locale.ROOT);
        if (!java.util.List.of("S", "W", "A", "B", "C").contains(sizeName)) {
            throw new IllegalArgumentException("class '" + own[1] + "' is not one of S, W, A, B, C");
        }
        int threads = own.length > 2 ? Integer.parseInt(own[2]) : 1;
        boolean verified;
        try (Team team = threads > 1 ? Team.create(threads) : null) {
            verified = switch (kernel) {
                case "ep" -> finish(Ep.run(Ep.Size.valueOf(sizeName), team), Npb::report, Ep.Result::verified);
                case "mg" -> finish(Mg.run(Mg.Size.valueOf(sizeName), team), Npb::report, Mg.Result::verified);
                case "ft" -> finish(Ft.run(Ft.Size.valueOf(sizeName), team), Npb::report, Ft.Result::verified);
                case "cg" -> finish(Cg.run(Cg.Size.valueOf(sizeName), team), Npb::report, Cg.Result::verified);
                default -> finish(Is.run(Is.Size.valueOf(sizeName), team), Npb::report, Is.Result::verified);
            };
        }
        MPI.Finalize();
        if (!verified) {
            throw new IllegalStateException(kernel.toUpperCase(java.util.Locale.ROOT) + " class " + sizeName + " did not verify");
        }
    }

    /** Prints a kernel's report on rank 0 and returns whether it verified. */
    private static <R> boolean finish(R result, java.util.function.Consumer<R> report, java.util.function.Predicate<R> verified) {
        if (MPI.COMM_WORLD.Rank() == 0) {
            report.accept(result);
        }
        return verified.test(result);
    }

    private static void report(Mg.Result r) {
        Mg.Size size = r.size();
        System.out.printf("%n MG Benchmark Completed.%n");
        System.out.printf(" Class           =                        %s%n", size);
        System.out.printf(" Size            =            %4dx%4dx%4d%n", size.n, size.n, size.n);
        System.out.printf(" Iterations      =             %12d%n", size.iterations);
        double n = size.n;
        timing(r.seconds(), r.ranks(), r.threads(), 58.0 * size.iterations * n * n * n / r.seconds() / 1e6);
        System.out.printf(" Operation type  =           floating point%n");
        vectors();
        System.out.printf(" Verification    =               %s%n", r.verified() ? "SUCCESSFUL" : "UNSUCCESSFUL");
        System.out.printf(" L2 norm         =    %.13e (reference %.13e)%n", r.rnm2(), size.rnm2);
        heap();
    }

    private static void report(Ft.Result r) {
        Ft.Size size = r.size();
        System.out.printf("%n FT Benchmark Completed.%n");
        System.out.printf(" Class           =                        %s%n", size);
        System.out.printf(" Size            =            %4dx%4dx%4d%n", size.nx, size.ny, size.nz);
        System.out.printf(" Iterations      =             %12d%n", size.iterations());
        timing(r.seconds(), r.ranks(), r.threads(), size.operations() / r.seconds() / 1e6);
        System.out.printf(" Operation type  =           floating point%n");
        vectors();
        System.out.printf(" Verification    =               %s%n", r.verified() ? "SUCCESSFUL" : "UNSUCCESSFUL");
        for (int it = 1; it <= size.iterations(); it++) {
            System.out.printf(" T =%3d  Checksum = %22.12e %22.12e%n", it, r.checksums()[2 * it - 2], r.checksums()[2 * it - 1]);
        }
        heap();
    }

    private static void report(Cg.Result r) {
        System.out.printf("%n   iteration           ||r||                 zeta%n");
        for (int it = 1; it <= r.zetas().length; it++) {
            System.out.printf("    %5d       %20.14e%20.13f%n", it, r.residualNorms()[it - 1], r.zetas()[it - 1]);
        }
        System.out.printf("%n CG Benchmark Completed.%n");
        System.out.printf(" Class           =                        %s%n", r.size());
        System.out.printf(" Size            =             %12d%n", r.size().na);
        System.out.printf(" Iterations      =             %12d%n", r.size().niter);
        timing(r.seconds(), r.ranks(), r.threads(), r.size().operations() / r.seconds() / 1e6);
        System.out.printf(" Operation type  =           floating point%n");
        System.out.printf(" Verification    =               %s%n", r.verified() ? "SUCCESSFUL" : "UNSUCCESSFUL");
        System.out.printf(" Zeta            =    %.13e (reference %.13e)%n", r.zeta(), r.size().zeta);
        heap();
    }

    private static void report(Is.Result r) {
        long keys = r.size().totalKeys();
        double mops = (double) Is.MAX_ITERATIONS * keys / r.seconds() / 1e6;
        System.out.printf("%n IS Benchmark Completed.%n");
        System.out.printf(" Class           =                        %s%n", r.size());
        System.out.printf(" Size            =             %12d%n", keys);
        System.out.printf(" Iterations      =             %12d%n", Is.MAX_ITERATIONS);
        timing(r.seconds(), r.ranks(), r.threads(), mops);
        System.out.printf(" Operation type  =              keys ranked%n");
        System.out.printf(" Verification    =               %s%n", r.verified() ? "SUCCESSFUL" : "UNSUCCESSFUL");
        System.out.printf(" Partial checks  =             %9d of %d, keys sorted: %s%n", r.partialPassed(), 5 * Is.MAX_ITERATIONS, r.sorted());
        heap();
    }

    private static void report(Ep.Result r) {
        double mops = r.randomNumbers() / r.seconds() / 1e6;
        System.out.printf("%n EP Benchmark Completed.%n");
        System.out.printf(" Class           =                        %s%n", r.size());
        System.out.printf(" Size            =             %12d%n", r.randomNumbers());
        System.out.printf(" Iterations      =                        0%n");
        timing(r.seconds(), r.ranks(), r.threads(), mops);
        System.out.printf(" Operation type  = Random numbers generated%n");
        System.out.printf(" Verification    =               %s%n", r.verified() ? "SUCCESSFUL" : "UNSUCCESSFUL");
        System.out.printf(" sx = %.15e (reference %.15e)%n sy = %.15e (reference %.15e)%n", r.sx(), r.size().sx, r.sy(), r.size().sy);
        if (r.vectorBatches() > 0) {
            System.out.printf(" SIMD            =   %d doubles a vector (Vector API), %d of %d batches%n",
                Vectors.lanes(), r.vectorBatches(), r.batches());
        } else if (Vectors.ON) {
            System.out.printf(" SIMD            =   none (every batch scalar: fewer than %d a thread, or the vector loop never the faster)%n",
                GaussianBatches.FEWEST_BATCHES_FOR_VECTORS);
        } else {
            vectors();
        }
        heap();
    }

    /** MG's and FT's line: whether their loops ran in vectors ({@link Vectors}). */
    private static void vectors() {
        int lanes = Vectors.lanes();
        System.out.printf(" SIMD            =   %s%n", lanes > 1 ? lanes + " doubles a vector (Vector API)"
            : "none (" + Vectors.offReason() + ")");
    }

    /** The report lines every kernel prints the same way. */
    private static void timing(double seconds, int ranks, int threads, double mops) {
        System.out.printf(" Time in seconds =             %12.2f%n", seconds);
        System.out.printf(" Total processes =             %12d%n", ranks);
        System.out.printf(" Threads/process =             %12d%n", threads);
        System.out.printf(" Mop/s total     =             %12.2f%n", mops);
        System.out.printf(" Mop/s/process   =             %12.2f%n", mops / ranks);
    }

    /**
     * The peak heap use of this JVM (rank 0's; on thread ranks, the whole job's): the heap
     * pools' peaks, which G1 updates at collections, or the heap in use at the end if larger (a run
     * that never collected).
     */
    private static void heap() {
        long peak = 0;
        for (java.lang.management.MemoryPoolMXBean pool : java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        peak = Math.max(peak, Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory());
        System.out.printf(" Peak heap       =             %9d MiB (this JVM)%n", peak >> 20);
    }
}
