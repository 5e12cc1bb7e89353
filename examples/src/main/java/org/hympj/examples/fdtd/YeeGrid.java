package org.hympj.examples.fdtd;

import mpi.Cartcomm;
import mpi.MPI;
import org.hympj.nested.Team;

/**
 * A rank's block of a Yee grid in normalised units (cell size 1, Courant number
 * {@link #courant}), with one halo cell on each side of every dimension. The block of global
 * cells {@code [from[d], from[d] + size[d])} is local cells {@code 1..size[d]}; the grid is
 * split into near-equal blocks over the {@link Cartcomm}'s coordinates.
 *
 * <p>Boundaries are periodic (the Cartesian communicator wraps) or absorbing: a layer of
 * {@link #layer} cells along every edge where the electric field is damped with a cubically
 * graded loss, in front of a perfect conductor (the zero halo past the last rank). Every
 * cell's arithmetic depends only on global coordinates and neighbouring values, never on the
 * split, so any split into ranks and threads gives the same field bit for bit.
 */
abstract class YeeGrid {
    /** The damping at the outer edge of the absorbing layer; a corner sums three. */
    private static final double MAX_LOSS = 0.3;

    final Cartcomm grid;
    final Team team;
    final int[] global;
    final int[] from;
    final int[] size;
    final boolean periodic;
    final int layer;
    final double courant;
    final int[] source;

    YeeGrid(Cartcomm grid, Team team, int[] global, boolean periodic, int layer, double courant) {
        this.grid = grid;
        this.team = team;
        this.global = global.clone();
        this.periodic = periodic;
        this.layer = layer;
        this.courant = courant;
        int dims = global.length;
        int[] ranksPerDim = grid.Get().dims;
        int[] coords = grid.Coords(grid.Rank());
        from = new int[dims];
        size = new int[dims];
        source = new int[dims];
        for (int d = 0; d < dims; d++) {
            from[d] = blockStart(global[d], ranksPerDim[d], coords[d]);
            size[d] = blockStart(global[d], ranksPerDim[d], coords[d] + 1) - from[d];
            // Off centre, so that a block placed at a mirrored position would show.
            source[d] = global[d] * 2 / 5;
        }
    }

    /** The first global cell of block {@code coord} of {@code ranks} along a dimension of {@code n} cells. */
    static int blockStart(int n, int ranks, int coord) {
        return (int) ((long) n * coord / ranks);
    }

    /** The loss of global cell {@code g} along a dimension of {@code n} cells: zero inside, growing as the cube of the depth in the layer. */
    final double loss(int n, int g) {
        if (periodic) {
            return 0;
        }
        int depth = Math.max(Math.max(layer - g, g - (n - 1 - layer)), 0);
        double x = (double) depth / layer;
        return MAX_LOSS * x * x * x;
    }

    /**
     * The electric update's per-cell coefficients {@code {ca, cb}} for a block whose cell
     * (l0, l1, ...) is at {@code sum l_d * strides[d]}: {@code ca = (1 - loss) / (1 + loss)},
     * {@code cb = S / (1 + loss)} with the losses of the cell's coordinates added; null when
     * periodic (no loss anywhere).
     */
    final double[][] lossCoefficients(int cells, int... strides) {
        if (periodic) {
            return null;
        }
        double[][] coefficients = new double[2][cells];
        fillCoefficients(coefficients, strides, 0, 0, 0.0);
        return coefficients;
    }

    private void fillCoefficients(double[][] coefficients, int[] strides, int d, int index, double lossSoFar) {
        for (int l = 1; l <= size[d]; l++) {
            double loss = lossSoFar + loss(global[d], from[d] + l - 1);
            int at = index + l * strides[d];
            if (d + 1 < strides.length) {
                fillCoefficients(coefficients, strides, d + 1, at, loss);
            } else {
                coefficients[0][at] = (1 - loss) / (1 + loss);
                coefficients[1][at] = courant / (1 + loss);
            }
        }
    }

    /** The soft source: a Ricker wavelet of about 20 cells per wavelength, peaking near step 20. */
    final double sourceAt(int step) {
        double arg = Math.PI * (courant * step / 20.0 - 1.0);
        arg *= arg;
        return (1.0 - 2.0 * arg) * Math.exp(-arg);
    }

    /** True when this rank holds the source cell. */
    final boolean holdsSource() {
        for (int d = 0; d < global.length; d++) {
            if (source[d] < from[d] || source[d] >= from[d] + size[d]) {
                return false;
            }
        }
        return true;
    }

    /** Advances every field by one time step: magnetic, then electric, then the source. */
    abstract void step(int step);

    /** The names of the fields, in the order of {@link #interior}. */
    abstract String[] fieldNames();

    /** Field {@code f}'s interior cells in (x, y[, z]) order, halos left out. */
    abstract double[] interior(int f);

    /** This block's sum over all fields of the squared field values (twice the energy in normalised units). */
    abstract double localEnergy();

    /** Frees the block's persistent requests, if any. */
    abstract void free();

    /** The energy of the whole grid: a collective over the grid's communicator. */
    final double energy() {
        double[] local = {localEnergy()};
        double[] sum = new double[1];
        grid.Allreduce(local, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);
        return sum[0];
    }

    /** Cells of the whole grid. */
    final long cells() {
        long cells = 1;
        for (int n : global) {
            cells *= n;
        }
        return cells;
    }
}
