package mpi;

import java.util.ArrayList;
import java.util.List;

/**
 * A communicator whose ranks form a Cartesian grid, ranks numbered in row-major order of
 * their coordinates (HyMPJ does not reorder ranks; {@code reorder} is accepted and has no
 * effect, as MPI allows).
 */
public class Cartcomm extends Intracomm {
    private final int[] dims;
    private final boolean[] periods;
    private final int[] coords;

    Cartcomm(Intracomm grid, int[] dims, boolean[] periods) {
        super("Cartesian communicator " + java.util.Arrays.toString(dims), false);
        bind(grid.rt, grid.context, grid.rank, grid.size, grid.worldRanks());
        inheritFrom(grid);
        this.dims = dims.clone();
        this.periods = periods.clone();
        this.coords = coordinates(grid.rank);
    }

    /** A duplicate with the same grid and a context of its own. Collective. */
    @Override
    public Cartcomm clone() {
        return new Cartcomm(Dup(), dims, periods);
    }

    /**
     * Fills the zero entries of {@code dims} so that all entries multiply to {@code nnodes},
     * as balanced as possible, in non-increasing order.
     */
    public static void Dims_create(int nnodes, int[] dims) {
        if (nnodes < 1) {
            throw new MPIException(MPI.ERR_DIMS, "Dims_create: nnodes must be at least 1, got " + nnodes);
        }
        int fixed = 1;
        int free = 0;
        for (int d : dims) {
            if (d < 0) {
                throw new MPIException(MPI.ERR_DIMS, "Dims_create: a dimension is negative (" + d + ")");
            }
            if (d > 0) {
                fixed *= d;
            } else {
                free++;
            }
        }
        if (nnodes % fixed != 0) {
            throw new MPIException(MPI.ERR_DIMS, "Dims_create: the given dimensions multiply to " + fixed
                + ", which does not divide " + nnodes);
        }
        if (free == 0) {
            if (fixed != nnodes) {
                throw new MPIException(MPI.ERR_DIMS, "Dims_create: the dimensions multiply to " + fixed + ", not " + nnodes);
            }
            return;
        }
        int[] chosen = new int[free];
        java.util.Arrays.fill(chosen, 1);
        List<Integer> factors = new ArrayList<>();
        int rest = nnodes / fixed;
        for (int p = 2; (long) p * p <= rest; p++) {
            while (rest % p == 0) {
                factors.add(p);
                rest /= p;
            }
        }
        if (rest > 1) {
            factors.add(rest);
        }
        // Largest factors first, each onto the currently smallest dimension.
        factors.sort(java.util.Comparator.reverseOrder());
        for (int f : factors) {
            int smallest = 0;
            for (int i = 1; i < free; i++) {
                if (chosen[i] < chosen[smallest]) {
                    smallest = i;
                }
            }
            chosen[smallest] *= f;
        }
        java.util.Arrays.sort(chosen);
        for (int i = 0, k = free - 1; i < dims.length; i++) {
            if (dims[i] == 0) {
                dims[i] = chosen[k--];
            }
        }
    }

    public CartParms Get() {
        checkUsable();
        return new CartParms(dims.clone(), periods.clone(), coords.clone());
    }

    /** The rank at {@code coords}; coordinates of periodic dimensions wrap around. */
    public int Rank(int[] coords) {
        checkUsable();
        if (coords == null || coords.length != dims.length) {
            throw new MPIException(MPI.ERR_ARG, "Rank: needs " + dims.length + " coordinates");
        }
        int r = 0;
        for (int i = 0; i < dims.length; i++) {
            int c = coords[i];
            if (periods[i]) {
                c = Math.floorMod(c, dims[i]);
            } else if (c < 0 || c >= dims[i]) {
                throw new MPIException(MPI.ERR_ARG, "Rank: coordinate " + c + " is outside dimension " + i
                    + " of size " + dims[i] + ", which is not periodic");
            }
            r = r * dims[i] + c;
        }
        return r;
    }

    /** The coordinates of {@code rank}. */
    public int[] Coords(int rank) {
        checkUsable();
        if (rank < 0 || rank >= size) {
            throw new MPIException(MPI.ERR_RANK, "Coords: rank " + rank + " is out of range for a grid of " + size);
        }
        return coordinates(rank);
    }

    private int[] coordinates(int rank) {
        int[] c = new int[dims.length];
        for (int i = dims.length - 1; i >= 0; i--) {
            c[i] = rank % dims[i];
            rank /= dims[i];
        }
        return c;
    }

    /**
     * The neighbours {@code disp} steps along {@code direction}: the rank to receive from and
     * the rank to send to; {@code MPI.PROC_NULL} past the edge of a non-periodic dimension.
     */
    public ShiftParms Shift(int direction, int disp) {
        checkUsable();
        if (direction < 0 || direction >= dims.length) {
            throw new MPIException(MPI.ERR_DIMS, "Shift: direction " + direction + " is not one of the grid's "
                + dims.length + " dimensions");
        }
        return new ShiftParms(neighbour(direction, -disp), neighbour(direction, disp));
    }

    private int neighbour(int direction, int disp) {
        int[] c = coords.clone();
        c[direction] += disp;
        if (!periods[direction] && (c[direction] < 0 || c[direction] >= dims[direction])) {
            return MPI.PROC_NULL;
        }
        c[direction] = Math.floorMod(c[direction], dims[direction]);
        int r = 0;
        for (int i = 0; i < dims.length; i++) {
            r = r * dims[i] + c[i];
        }
        return r;
    }

    /** The sub-grids that keep the dimensions marked in {@code remain_dims}. Collective. */
    public Cartcomm Sub(boolean[] remain_dims) {
        checkUsable();
        if (remain_dims == null || remain_dims.length != dims.length) {
            throw new MPIException(MPI.ERR_ARG, "Sub: needs one flag for each of the " + dims.length + " dimensions");
        }
        int color = 0;
        int key = 0;
        List<Integer> keptDims = new ArrayList<>();
        List<Boolean> keptPeriods = new ArrayList<>();
        for (int i = 0; i < dims.length; i++) {
            if (remain_dims[i]) {
                key = key * dims[i] + coords[i];
                keptDims.add(dims[i]);
                keptPeriods.add(periods[i]);
            } else {
                color = color * dims[i] + coords[i];
            }
        }
        Intracomm part = Split(color, key);
        int[] d = keptDims.stream().mapToInt(Integer::intValue).toArray();
        boolean[] p = new boolean[keptPeriods.size()];
        for (int i = 0; i < p.length; i++) {
            p[i] = keptPeriods.get(i);
        }
        if (d.length == 0) {
            d = new int[] {1};
            p = new boolean[] {false};
        }
        return new Cartcomm(part, d, p);
    }

    /** The rank this process would have in a grid of {@code dims} over this communicator's group, or UNDEFINED. */
    public int Map(int[] dims, boolean[] periods) {
        checkUsable();
        return Intracomm.mapToGrid(dims, rank, size);
    }

    @Override
    public int Topo_test() {
        checkUsable();
        return MPI.CART;
    }
}
