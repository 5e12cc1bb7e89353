package org.hympj.examples.nbody;

import java.util.Locale;
import mpi.Intracomm;
import mpi.MPI;
import org.hympj.examples.ProgramArguments;
import org.hympj.nested.LongRangeFunction;
import org.hympj.nested.Reduction;
import org.hympj.nested.Team;

/**
 * A Gadget-style collisionless N-body code: a Plummer sphere evolved with kick-drift-kick
 * leapfrog steps, gravity from a Barnes-Hut octree. Every step the particles are
 * redistributed along the Morton curve ({@link CurveDecomposition}: {@code Alltoallv} of
 * packed records), the whole system is gathered ({@code Allgatherv}) and each rank builds
 * the same tree and walks it for its own particles, sharing them among its {@link Team}.
 *
 * <pre>hympjrun -np RANKS nbody [particles] [steps] [threads per rank] [--theta T] [--dt DT] [--softening EPS] [--seed S]</pre>
 *
 * Verification, each printed and all required for exit status 0:
 * <ul>
 *   <li>forces: on a sample of up to 1024 particles, the tree's accelerations against a
 *       direct sum over all particles; RMS relative error at most {@link #forceBound};</li>
 *   <li>energy: |E_end - E_start| / |E_start| at most 1e-3 (leapfrog with these steps and
 *       softening conserves energy to ~1e-5; the tree's force errors add the rest);</li>
 *   <li>momentum: |P_end - P_start| at most 1e-3 of the total of m |v| at the start (a tree
 *       breaks Newton's third law by about its force error);</li>
 *   <li>the state digest (a sum over particles of a hash of id, position and velocity bits)
 *       is printed: it is the same on any number of ranks and threads, bit for bit, because
 *       the tree and every particle's arithmetic do not depend on the split.</li>
 * </ul>
 */
public final class NBody {
    private static final int STACK = 256;
    private static final double ENERGY_BOUND = 1e-3;
    private static final double MOMENTUM_BOUND = 1e-3;
    private static final int FORCE_SAMPLE = 1024;

    private NBody() {
    }

    /** What the command line asks for. */
    record Options(int particles, int steps, int threads, double theta, double dt, double softening, long seed, int leafSize) {
        static Options parse(String[] args) {
            ProgramArguments arguments = new ProgramArguments(problem -> new IllegalArgumentException(problem
                + "; usage: nbody [particles] [steps] [threads per rank] [--theta T] [--dt DT] [--softening EPS] [--seed S] [--leaf L]"));
            java.util.List<String> positional = new java.util.ArrayList<>();
            double theta = 0.5;
            double dt = 0.005;
            double softening = 0.02;
            long seed = 42;
            int leaf = 8;
            for (int i = 0; i < args.length; i++) {
                if (!args[i].startsWith("--")) {
                    positional.add(args[i]);
                    continue;
                }
                String value = arguments.valueOf(args, i);
                switch (args[i++]) {
                    case "--theta" -> theta = arguments.positiveReal(value, "--theta");
                    case "--dt" -> dt = arguments.positiveReal(value, "--dt");
                    case "--softening" -> softening = arguments.positiveReal(value, "--softening");
                    case "--seed" -> seed = arguments.positiveInt(value, "--seed");
                    case "--leaf" -> leaf = arguments.positiveInt(value, "--leaf");
                    default -> throw arguments.error("unknown option " + args[i - 1]);
                }
            }
            if (positional.size() > 3) {
                throw arguments.error("too many arguments");
            }
            int particles = positional.size() > 0 ? arguments.positiveInt(positional.get(0), "particles") : 16384;
            int steps = positional.size() > 1 ? arguments.positiveInt(positional.get(1), "steps") : 20;
            int threads = positional.size() > 2 ? arguments.positiveInt(positional.get(2), "threads") : 1;
            if (theta > 1) {
                throw arguments.error("--theta must be in (0, 1], got " + theta);
            }
            if (particles < 2) {
                throw arguments.error("at least 2 particles are needed, got " + particles);
            }
            return new Options(particles, steps, threads, theta, dt, softening, seed, leaf);
        }
    }

    /** What a run found; the same on every rank. */
    record Result(boolean verified, long digest, double forceRms, double forceMax, double energyDrift, double momentumDrift,
                  double seconds, double decomposeSeconds, double treeSeconds, double walkSeconds, double interactionsPerParticle) {
    }

    /** The RMS relative force error allowed for opening angle {@code theta}: about 4 theta^2 percent (0.01 at theta 0.5). */
    static double forceBound(double theta) {
        return 0.04 * theta * theta;
    }

    public static void main(String[] args) {
        MPI.Init_thread(args, MPI.THREAD_FUNNELED);
        Options options = Options.parse(args);
        Result result = run(options);
        MPI.Finalize();
        if (!result.verified()) {
            throw new IllegalStateException(String.format(Locale.ROOT, "N-body did not verify: force RMS error %.2e,"
                + " energy drift %.2e, momentum drift %.2e", result.forceRms(), result.energyDrift(), result.momentumDrift()));
        }
    }

    /** Runs the simulation on COMM_WORLD; prints the report on rank 0. */
    static Result run(Options o) {
        Intracomm world = MPI.COMM_WORLD;
        int ranks = world.Size();
        int me = world.Rank();
        int firstId = (int) ((long) o.particles() * me / ranks);
        int count = (int) ((long) o.particles() * (me + 1) / ranks) - firstId;
        Particles local = new Particles(Math.max(16, count + count / 4));
        Particles spare = new Particles(Math.max(16, count + count / 4));
        PlummerModel.draw(o.particles(), o.seed(), firstId, count, local);
        CurveDecomposition domain = new CurveDecomposition(world);
        Octree tree = new Octree(o.leafSize());
        double eps2 = o.softening() * o.softening();
        double[] phases = new double[3];
        try (Team team = Team.create(o.threads())) {
            long interactions = forces(o, local, spare, domain, tree, team, eps2, phases);
            double[] force = forceError(local, domain, eps2, world);
            double[] start = conserved(local, world);
            java.util.Arrays.fill(phases, 0);
            interactions = 0;
            double half = 0.5 * o.dt();
            world.Barrier();
            double begin = MPI.Wtime();
            for (int step = 0; step < o.steps(); step++) {
                kick(local, half);
                for (int i = 0; i < 3 * local.count; i++) {
                    local.position[i] += o.dt() * local.velocity[i];
                }
                interactions += forces(o, local, spare, domain, tree, team, eps2, phases);
                kick(local, half);
            }
            world.Barrier();
            double seconds = MPI.Wtime() - begin;
            double[] end = conserved(local, world);
            long[] sums = {digest(local), interactions};
            long[] total = new long[2];
            world.Allreduce(sums, 0, total, 0, 2, MPI.LONG, MPI.SUM);
            double energyDrift = Math.abs(end[0] - start[0]) / Math.abs(start[0]);
            double momentumDrift = Math.sqrt(sq(end[1] - start[1]) + sq(end[2] - start[2]) + sq(end[3] - start[3])) / start[4];
            double bound = forceBound(o.theta());
            boolean verified = force[0] <= bound && energyDrift <= ENERGY_BOUND && momentumDrift <= MOMENTUM_BOUND;
            double perParticle = o.steps() == 0 ? 0 : (double) total[1] / o.steps() / o.particles();
            Result result = new Result(verified, total[0], force[0], force[1], energyDrift, momentumDrift,
                seconds, phases[0], phases[1], phases[2], perParticle);
            if (me == 0) {
                report(o, ranks, result, start[0], end[0], bound, (int) force[2]);
            }
            return result;
        }
    }

    private static double sq(double x) {
        return x * x;
    }

    private static void kick(Particles p, double dt) {
        for (int i = 0; i < 3 * p.count; i++) {
            p.velocity[i] += dt * p.acceleration[i];
        }
    }

    /**
     * Redistributes, gathers, builds the tree and computes every local particle's
     * acceleration and potential; adds the seconds of the three phases to {@code phases};
     * returns this rank's interactions.
     */
    private static long forces(Options o, Particles local, Particles spare, CurveDecomposition domain, Octree tree,
                               Team team, double eps2, double[] phases) {
        double t0 = MPI.Wtime();
        domain.decompose(local, spare);
        domain.gather(local);
        double t1 = MPI.Wtime();
        tree.build(domain.all, domain.globalKeys, domain.total, domain.min, domain.side, o.theta());
        double t2 = MPI.Wtime();
        int offset = domain.offset;
        LongRangeFunction walk = (lo, hi) -> {
            int[] stack = new int[STACK];
            long n = 0;
            for (int i = lo; i < hi; i++) {
                int k = tree.accelerate(offset + i, eps2, stack, local.acceleration, 3 * i, local.potential, i);
                local.work[i] = k;
                n += k;
            }
            return n;
        };
        long interactions = team.parallelReduceLong(0, local.count, Reduction.SUM, walk);
        double t3 = MPI.Wtime();
        phases[0] += t1 - t0;
        phases[1] += t2 - t1;
        phases[2] += t3 - t2;
        return interactions;
    }

    /**
     * The tree's accelerations against a direct sum over all particles, for the particles
     * whose id is a multiple of N / 1024: {RMS relative error, largest, particles checked}.
     */
    private static double[] forceError(Particles local, CurveDecomposition domain, double eps2, Intracomm world) {
        int n = domain.total;
        long stride = Math.max(1, n / FORCE_SAMPLE);
        double[] all = domain.all;
        double sumSquares = 0;
        double largest = 0;
        double checked = 0;
        for (int i = 0; i < local.count; i++) {
            if (local.id[i] % stride != 0) {
                continue;
            }
            int self = domain.offset + i;
            double px = all[4 * self];
            double py = all[4 * self + 1];
            double pz = all[4 * self + 2];
            double ax = 0;
            double ay = 0;
            double az = 0;
            for (int p = 0; p < n; p++) {
                if (p == self) {
                    continue;
                }
                double dx = all[4 * p] - px;
                double dy = all[4 * p + 1] - py;
                double dz = all[4 * p + 2] - pz;
                double inv = 1.0 / Math.sqrt(dx * dx + dy * dy + dz * dz + eps2);
                double f = all[4 * p + 3] * inv * inv * inv;
                ax += f * dx;
                ay += f * dy;
                az += f * dz;
            }
            double error = Math.sqrt(sq(local.acceleration[3 * i] - ax) + sq(local.acceleration[3 * i + 1] - ay)
                + sq(local.acceleration[3 * i + 2] - az)) / Math.sqrt(ax * ax + ay * ay + az * az);
            sumSquares += error * error;
            largest = Math.max(largest, error);
            checked++;
        }
        double[] sums = {sumSquares, checked};
        double[] totals = new double[2];
        world.Allreduce(sums, 0, totals, 0, 2, MPI.DOUBLE, MPI.SUM);
        double[] max = {largest};
        double[] globalMax = new double[1];
        world.Allreduce(max, 0, globalMax, 0, 1, MPI.DOUBLE, MPI.MAX);
        return new double[] {Math.sqrt(totals[0] / totals[1]), globalMax[0], totals[1]};
    }

    /** {total energy, momentum x, y, z, sum of m |v|}: kinetic plus half the sum of m phi. Collective. */
    private static double[] conserved(Particles p, Intracomm world) {
        double[] sums = new double[5];
        for (int i = 0; i < p.count; i++) {
            double m = p.mass[i];
            double vx = p.velocity[3 * i];
            double vy = p.velocity[3 * i + 1];
            double vz = p.velocity[3 * i + 2];
            double v2 = vx * vx + vy * vy + vz * vz;
            sums[0] += 0.5 * m * v2 + 0.5 * m * p.potential[i];
            sums[1] += m * vx;
            sums[2] += m * vy;
            sums[3] += m * vz;
            sums[4] += m * Math.sqrt(v2);
        }
        double[] totals = new double[5];
        world.Allreduce(sums, 0, totals, 0, 5, MPI.DOUBLE, MPI.SUM);
        return totals;
    }

    /** A wrapping sum over particles of a hash of each one's id, position and velocity bits: order-free, exact. */
    private static long digest(Particles p) {
        long sum = 0;
        for (int i = 0; i < p.count; i++) {
            long h = p.id[i] * 0x9E3779B97F4A7C15L;
            for (int d = 0; d < 3; d++) {
                h = (h ^ Double.doubleToRawLongBits(p.position[3 * i + d])) * 0x100000001B3L;
                h = (h ^ Double.doubleToRawLongBits(p.velocity[3 * i + d])) * 0x100000001B3L;
            }
            sum += h ^ (h >>> 29);
        }
        return sum;
    }

    private static void report(Options o, int ranks, Result r, double energyStart, double energyEnd, double bound, int checked) {
        System.out.printf(Locale.ROOT, "%n N-body (Barnes-Hut tree, leapfrog), Plummer sphere%n");
        System.out.printf(Locale.ROOT, " Particles       = %d%n", o.particles());
        System.out.printf(Locale.ROOT, " Steps           = %d of dt %.4g, softening %.4g, theta %.3g%n", o.steps(), o.dt(), o.softening(), o.theta());
        System.out.printf(Locale.ROOT, " Ranks           = %d, threads per rank %d%n", ranks, o.threads());
        System.out.printf(Locale.ROOT, " Time in seconds = %.3f (decomposition and gather %.3f, tree %.3f, walk %.3f)%n",
            r.seconds(), r.decomposeSeconds(), r.treeSeconds(), r.walkSeconds());
        System.out.printf(Locale.ROOT, " Interactions    = %.0f per particle per step, %.1f million per second%n",
            r.interactionsPerParticle(), r.interactionsPerParticle() * o.particles() * o.steps() / r.seconds() / 1e6);
        System.out.printf(Locale.ROOT, " Force error     = RMS %.3e, largest %.3e over %d particles (bound %.1e RMS)%n",
            r.forceRms(), r.forceMax(), checked, bound);
        System.out.printf(Locale.ROOT, " Energy          = %.12f -> %.12f, drift %.3e (bound %.0e)%n", energyStart, energyEnd,
            r.energyDrift(), ENERGY_BOUND);
        System.out.printf(Locale.ROOT, " Momentum drift  = %.3e of sum m|v| (bound %.0e)%n", r.momentumDrift(), MOMENTUM_BOUND);
        System.out.printf(Locale.ROOT, " State digest    = %016x%n", r.digest());
        System.out.printf(Locale.ROOT, " Verification    = %s%n", r.verified() ? "SUCCESSFUL" : "UNSUCCESSFUL");
    }
}
