package org.hympj.examples.fdtd;

import java.util.Locale;
import mpi.Cartcomm;
import mpi.Intracomm;
import mpi.MPI;
import org.hympj.examples.ProgramArguments;
import org.hympj.nested.Team;

/**
 * A finite-difference time-domain electromagnetic solver (Yee scheme), 2-D TM or 3-D, with a
 * point source and periodic or absorbing boundaries. The grid is split into blocks on a
 * {@link Cartcomm}; halos move with {@code Isend}/{@code Irecv} (or persistent requests) and
 * {@code Vector} datatypes; inside a rank a {@link Team} shares the slabs of the block.
 *
 * <pre>hympjrun -np RANKS fdtd 2d|3d [n] [steps] [threads per rank] [--periodic] [--persistent] [--no-verify] [--layer L]</pre>
 *
 * Verification: rank 0 gathers every field and runs the same problem as a one-rank job (on
 * {@code COMM_SELF}); the fields must agree to 1e-12 relative to their largest value, and
 * bit for bit is what the scheme gives (each cell's arithmetic does not depend on the split).
 * Exit status 1 when they do not.
 */
public final class Fdtd {
    private static final double TOLERANCE = 1e-12;

    private Fdtd() {
    }

    /** What the command line asks for. */
    record Options(int dims, int n, int steps, int threads, boolean periodic, boolean persistent, boolean verify, int layer) {
        static Options parse(String[] args) {
            ProgramArguments arguments = new ProgramArguments(problem -> new IllegalArgumentException(problem
                + "; usage: fdtd 2d|3d [n] [steps] [threads per rank] [--periodic] [--persistent] [--no-verify] [--layer L]"));
            java.util.List<String> positional = new java.util.ArrayList<>();
            boolean periodic = false;
            boolean persistent = false;
            boolean verify = true;
            int layer = -1;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--periodic" -> periodic = true;
                    case "--persistent" -> persistent = true;
                    case "--no-verify" -> verify = false;
                    case "--layer" -> layer = arguments.positiveInt(arguments.valueOf(args, i++), "--layer");
                    default -> {
                        if (args[i].startsWith("--")) {
                            throw arguments.error("unknown option " + args[i]);
                        }
                        positional.add(args[i]);
                    }
                }
            }
            if (positional.isEmpty() || !positional.get(0).matches("(?i)[23]d")) {
                throw arguments.error("the first argument must be 2d or 3d");
            }
            int dims = positional.get(0).charAt(0) - '0';
            int n = positional.size() > 1 ? arguments.positiveInt(positional.get(1), "n") : dims == 2 ? 512 : 64;
            int steps = positional.size() > 2 ? arguments.positiveInt(positional.get(2), "steps") : 200;
            int threads = positional.size() > 3 ? arguments.positiveInt(positional.get(3), "threads") : 1;
            if (positional.size() > 4) {
                throw arguments.error("too many arguments");
            }
            if (layer < 0) {
                layer = Math.max(2, Math.min(16, n / 8));
            }
            if (!periodic && 2 * layer >= n) {
                throw arguments.error("an absorbing layer of " + layer + " cells does not fit a grid of " + n);
            }
            return new Options(dims, n, steps, threads, periodic, persistent, verify, layer);
        }
    }

    /** What a run found, as rank 0 reports it. */
    record Result(boolean verified, boolean bitwise, double maxRelativeDifference, double seconds,
                  double injectedEnergy, double finalEnergy) {
    }

    public static void main(String[] args) {
        MPI.Init_thread(args, MPI.THREAD_FUNNELED);
        Options options = Options.parse(args);
        Result result = run(options);
        MPI.Finalize();
        if (!result.verified()) {
            throw new IllegalStateException("FDTD did not verify: the fields differ from a one-rank run by up to "
                + result.maxRelativeDifference() + " relative");
        }
    }

    /** Runs the solver on COMM_WORLD, reports on rank 0, and verifies if asked; every rank returns rank 0's verdict. */
    static Result run(Options o) {
        Intracomm world = MPI.COMM_WORLD;
        int[] dims = new int[o.dims()];
        Cartcomm.Dims_create(world.Size(), dims);
        for (int d : dims) {
            if (d > o.n()) {
                throw new IllegalArgumentException(world.Size() + " ranks split " + o.dims() + "-D as "
                    + java.util.Arrays.toString(dims) + " leave some rank without a cell of a grid of " + o.n());
            }
        }
        boolean[] periods = new boolean[o.dims()];
        java.util.Arrays.fill(periods, o.periodic());
        Cartcomm grid = world.Create_cart(dims, periods, false);
        try (Team team = Team.create(o.threads())) {
            YeeGrid solver = solver(o, grid, team, o.persistent());
            int sourceOver = (int) Math.ceil(40 / solver.courant);
            double injected = 0;
            grid.Barrier();
            double start = MPI.Wtime();
            for (int t = 0; t < o.steps(); t++) {
                solver.step(t);
                if (t == sourceOver) {
                    injected = solver.energy();
                }
            }
            grid.Barrier();
            double seconds = MPI.Wtime() - start;
            double end = solver.energy();
            boolean[] bitwise = {true};
            double[] difference = {0};
            if (o.verify()) {
                compareWithOneRank(o, solver, grid, team, bitwise, difference);
            }
            solver.free();
            boolean verified = difference[0] <= TOLERANCE;
            if (grid.Rank() == 0) {
                report(o, dims, solver, seconds, injected, end, bitwise[0], difference[0], verified);
            }
            // Every rank leaves with rank 0's verdict, so all exit alike.
            double[] verdict = {verified ? 1 : 0, bitwise[0] ? 1 : 0, difference[0]};
            grid.Bcast(verdict, 0, verdict.length, MPI.DOUBLE, 0);
            grid.Free();
            return new Result(verdict[0] == 1, verdict[1] == 1, verdict[2], seconds, injected, end);
        }
    }

    private static YeeGrid solver(Options o, Cartcomm grid, Team team, boolean persistent) {
        return o.dims() == 2
            ? new Yee2D(grid, team, o.n(), o.periodic(), o.layer(), persistent)
            : new Yee3D(grid, team, o.n(), o.periodic(), o.layer(), persistent);
    }

    /**
     * Gathers every field on rank 0 and compares it with the same run on one rank; leaves in
     * {@code bitwise[0]} whether all fields are identical and in {@code difference[0]} the
     * largest difference relative to the field's largest magnitude.
     */
    private static void compareWithOneRank(Options o, YeeGrid solver, Cartcomm grid, Team team,
                                           boolean[] bitwise, double[] difference) {
        double[][] gathered = new double[solver.fieldNames().length][];
        for (int f = 0; f < gathered.length; f++) {
            gathered[f] = gather(solver, grid, f);
        }
        if (grid.Rank() != 0) {
            return;
        }
        int[] one = new int[o.dims()];
        java.util.Arrays.fill(one, 1);
        boolean[] periods = new boolean[o.dims()];
        java.util.Arrays.fill(periods, o.periodic());
        Cartcomm self = MPI.COMM_SELF.Create_cart(one, periods, false);
        YeeGrid reference = solver(o, self, team, false);
        for (int t = 0; t < o.steps(); t++) {
            reference.step(t);
        }
        for (int f = 0; f < gathered.length; f++) {
            double[] expected = reference.interior(f);
            double largest = 0;
            double worst = 0;
            for (int c = 0; c < expected.length; c++) {
                largest = Math.max(largest, Math.abs(expected[c]));
                worst = Math.max(worst, Math.abs(expected[c] - gathered[f][c]));
                if (Double.doubleToRawLongBits(expected[c]) != Double.doubleToRawLongBits(gathered[f][c])) {
                    bitwise[0] = false;
                }
            }
            double relative = largest == 0 ? worst : worst / largest;
            // NaN compares false: a field gone NaN counts as the largest difference.
            difference[0] = Math.max(difference[0], Double.isNaN(relative) ? Double.POSITIVE_INFINITY : relative);
        }
        self.Free();
    }

    /** Field {@code f} of the whole grid on rank 0 (x-major order); null elsewhere. */
    private static double[] gather(YeeGrid solver, Cartcomm grid, int f) {
        double[] mine = solver.interior(f);
        int ranks = grid.Size();
        int[] counts = new int[ranks];
        int[] displacements = new int[ranks];
        int[] dims = grid.Get().dims;
        for (int r = 0; r < ranks; r++) {
            int[] coords = grid.Coords(r);
            counts[r] = 1;
            for (int d = 0; d < dims.length; d++) {
                counts[r] *= extent(solver.global[d], dims[d], coords[d]);
            }
            displacements[r] = r == 0 ? 0 : displacements[r - 1] + counts[r - 1];
        }
        boolean root = grid.Rank() == 0;
        double[] blocks = root ? new double[(int) solver.cells()] : null;
        grid.Gatherv(mine, 0, mine.length, MPI.DOUBLE, blocks, 0, counts, displacements, MPI.DOUBLE, 0);
        if (!root) {
            return null;
        }
        double[] whole = new double[blocks.length];
        for (int r = 0; r < ranks; r++) {
            int[] coords = grid.Coords(r);
            int[] lo = new int[dims.length];
            int[] len = new int[dims.length];
            for (int d = 0; d < dims.length; d++) {
                lo[d] = YeeGrid.blockStart(solver.global[d], dims[d], coords[d]);
                len[d] = extent(solver.global[d], dims[d], coords[d]);
            }
            // A block's rows (its innermost dimension) are contiguous in the whole grid too.
            int row = len[dims.length - 1];
            int rows = counts[r] / Math.max(row, 1);
            for (int q = 0; q < rows; q++) {
                int target = 0;
                int rest = q;
                int[] index = new int[dims.length - 1];
                for (int d = dims.length - 2; d >= 0; d--) {
                    index[d] = rest % len[d];
                    rest /= len[d];
                }
                for (int d = 0; d < dims.length - 1; d++) {
                    target = target * solver.global[d] + lo[d] + index[d];
                }
                target = target * solver.global[dims.length - 1] + lo[dims.length - 1];
                System.arraycopy(blocks, displacements[r] + q * row, whole, target, row);
            }
        }
        return whole;
    }

    private static int extent(int n, int ranks, int coord) {
        return YeeGrid.blockStart(n, ranks, coord + 1) - YeeGrid.blockStart(n, ranks, coord);
    }

    private static void report(Options o, int[] dims, YeeGrid solver, double seconds, double injected, double end,
                               boolean bitwise, double difference, boolean verified) {
        String shape = o.dims() == 2 ? o.n() + " x " + o.n() : o.n() + " x " + o.n() + " x " + o.n();
        StringBuilder split = new StringBuilder();
        for (int d : dims) {
            split.append(split.length() == 0 ? "" : " x ").append(d);
        }
        System.out.printf(Locale.ROOT, "%n FDTD %s Yee scheme%n", o.dims() == 2 ? "2-D TM" : "3-D");
        System.out.printf(Locale.ROOT, " Grid            = %s cells, %s boundaries%s%n", shape,
            o.periodic() ? "periodic" : "absorbing (" + o.layer() + "-cell layer)", "");
        System.out.printf(Locale.ROOT, " Steps           = %d%n", o.steps());
        System.out.printf(Locale.ROOT, " Ranks           = %d (%s), threads per rank %d%n", solver.grid.Size(), split, o.threads());
        System.out.printf(Locale.ROOT, " Halos           = %s%n", o.persistent() ? "persistent requests" : "Isend/Irecv");
        System.out.printf(Locale.ROOT, " Time in seconds = %.3f%n", seconds);
        System.out.printf(Locale.ROOT, " Mcell-steps/s   = %.1f%n", solver.cells() * (double) o.steps() / seconds / 1e6);
        System.out.printf(Locale.ROOT, " Field energy    = %.6e after the source, %.6e at the end (ratio %.4f)%n",
            injected, end, injected == 0 ? 0 : end / injected);
        if (!o.verify()) {
            System.out.printf(Locale.ROOT, " Verification    = NOT PERFORMED (--no-verify)%n");
        } else if (verified) {
            System.out.printf(Locale.ROOT, " Verification    = SUCCESSFUL (%s a one-rank run)%n",
                bitwise ? "bitwise identical to" : String.format(Locale.ROOT, "within %.1e of", difference));
        } else {
            System.out.printf(Locale.ROOT, " Verification    = UNSUCCESSFUL (differs from a one-rank run by %.3e relative)%n", difference);
        }
    }
}
