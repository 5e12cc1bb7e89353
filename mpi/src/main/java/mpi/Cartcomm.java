package mpi;

import java.util.ArrayList;
import java.util.List;
import org.hympj.comm.coll.Neighbourhood;

/**
 * A communicator whose ranks form a Cartesian grid, ranks numbered in row-major order of
 * their coordinates (HyMPJ does not reorder ranks; {@code reorder} is accepted and has no
 * effect, as MPI allows). This class has mpiJava's names; every Cartesian communicator is a
 * {@link CartComm}, which adds Open MPI's, so one object serves both APIs.
 *
 * <p>Invariant: the grid, this rank's coordinates and its neighbours never change.
 */
public abstract class Cartcomm extends Intracomm {
    private final int[] dims;
    private final boolean[] periods;
    private final int[] coords;
    /** The neighbourhood collectives' neighbours: for each dimension, one step back and one step forward. */
    private final Neighbourhood neighbours;

    Cartcomm(Intracomm grid, int[] dims, boolean[] periods) {
        super("Cartesian communicator " + java.util.Arrays.toString(dims), false);
        bind(grid.rt, grid.context, grid.rank, grid.size, grid.worldRanks());
        inheritFrom(grid);
        this.dims = dims.clone();
        this.periods = periods.clone();
        this.coords = coordinates(grid.rank);
        int[] shifts = new int[2 * dims.length];
        for (int d = 0; d < dims.length; d++) {
            shifts[2 * d] = neighbour(d, -1);
            shifts[2 * d + 1] = neighbour(d, 1);
        }
        this.neighbours = Neighbourhood.cartesian(shifts);
    }

    /** A communicator that is null from the start: what a rank outside a grid gets from {@code createCart}. */
    Cartcomm(String name) {
        super(name, false);
        this.dims = new int[0];
        this.periods = new boolean[0];
        this.coords = new int[0];
        this.neighbours = null;
    }

    /**
     * Checks the arguments of a grid's creation ({@code call} names it in the error) and
     * returns the number of ranks the grid takes.
     */
    static int cells(String call, int[] dims, boolean[] periods, Comm parent) {
        // No dimensions is a grid of one cell (MPI-2.1): rank 0 alone, with no coordinates.
        if (dims == null || periods == null || dims.length != periods.length) {
            throw new MPIException(MPI.ERR_DIMS, call + ": dims and periods must be of one length");
        }
        long cells = 1;
        for (int d : dims) {
            if (d < 1) {
                throw new MPIException(MPI.ERR_DIMS, call + ": every dimension must be at least 1, got " + d);
            }
            cells *= d;
        }
        if (cells > parent.size) {
            throw new MPIException(MPI.ERR_DIMS, call + ": a grid of " + cells + " ranks does not fit " + parent
                + " of size " + parent.size);
        }
        return (int) cells;
    }

    /**
     * A duplicate with the same grid and a context of its own. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public Cartcomm clone() {
        checkUsable();
        return new CartComm(Dup(), dims, periods);
    }

    @Override
    final Neighbourhood neighbourhood(String call) {
        return neighbours;
    }

    /**
     * Fills the zero entries of {@code dims} so that all entries multiply to {@code nnodes},
     * as balanced as possible, in non-increasing order.
     *
     * @param nnodes the number of ranks to place
     * @param dims the number of ranks along each dimension
     * @throws MPIException {@code MPI.ERR_DIMS} if the dimensions do not make a grid that fits the ranks;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public static void Dims_create(int nnodes, int[] dims) {
        balance("Dims_create", nnodes, dims);
    }

    static void balance(String call, int nnodes, int[] dims) {
        if (dims == null) {
            throw new MPIException(MPI.ERR_DIMS, call + ": dims is null");
        }
        if (nnodes < 1) {
            throw new MPIException(MPI.ERR_DIMS, call + ": nnodes must be at least 1, got " + nnodes);
        }
        int fixed = 1;
        int free = 0;
        for (int d : dims) {
            if (d < 0) {
                throw new MPIException(MPI.ERR_DIMS, call + ": a dimension is negative (" + d + ")");
            }
            if (d > 0) {
                fixed *= d;
            } else {
                free++;
            }
        }
        if (nnodes % fixed != 0) {
            throw new MPIException(MPI.ERR_DIMS, call + ": the given dimensions multiply to " + fixed
                + ", which does not divide " + nnodes);
        }
        if (free == 0) {
            if (fixed != nnodes) {
                throw new MPIException(MPI.ERR_DIMS, call + ": the dimensions multiply to " + fixed + ", not " + nnodes);
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

    /**
     * {@return the grid's dimensions and periods, and this rank's coordinates in it}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public CartParms Get() {
        checkUsable();
        return new CartParms(dims.clone(), periods.clone(), coords.clone());
    }

    /**
     * {@return the rank at {@code coords}; coordinates of periodic dimensions wrap around}
     *
     * @param coords the coordinates, one per dimension
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_ARG} if there is not one coordinate per dimension, or one lies outside a non-periodic
     *     dimension; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public int Rank(int[] coords) {
        return rankAt("Rank", coords);
    }

    final int rankAt(String call, int[] coords) {
        checkUsable();
        if (coords == null || coords.length != dims.length) {
            throw new MPIException(MPI.ERR_ARG, call + ": needs " + dims.length + " coordinates, got "
                + (coords == null ? "null" : coords.length));
        }
        int r = 0;
        for (int i = 0; i < dims.length; i++) {
            int c = coords[i];
            if (periods[i]) {
                c = Math.floorMod(c, dims[i]);
            } else if (c < 0 || c >= dims[i]) {
                throw new MPIException(MPI.ERR_ARG, call + ": coordinate " + c + " is outside dimension " + i
                    + " of size " + dims[i] + ", which is not periodic");
            }
            r = r * dims[i] + c;
        }
        return r;
    }

    /**
     * {@return the coordinates of {@code rank}}
     *
     * @param rank a rank of this communicator
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_RANK} if {@code rank} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public int[] Coords(int rank) {
        return coordinatesOf("Coords", rank);
    }

    final int[] coordinatesOf(String call, int rank) {
        checkUsable();
        if (rank < 0 || rank >= size) {
            throw new MPIException(MPI.ERR_RANK, call + ": rank " + rank + " is out of range for a grid of " + size);
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
     * {@return the neighbours {@code disp} steps along {@code direction}: the rank to receive from and the rank to
     * send to; {@code MPI.PROC_NULL} past the edge of a non-periodic dimension}
     *
     * @param direction the dimension to shift along
     * @param disp the number of steps: positive towards higher coordinates, negative towards lower ones
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_DIMS} if {@code direction} is not a dimension of the grid; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public ShiftParms Shift(int direction, int disp) {
        return shifted("Shift", direction, disp);
    }

    final ShiftParms shifted(String call, int direction, int disp) {
        checkUsable();
        if (direction < 0 || direction >= dims.length) {
            throw new MPIException(MPI.ERR_DIMS, call + ": direction " + direction + " is not one of the grid's "
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

    /**
     * {@return the sub-grids that keep the dimensions marked in {@code remain_dims}} Collective.
     *
     * @param remain_dims for each dimension, whether the sub-grids keep it
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Cartcomm Sub(boolean[] remain_dims) {
        return subGrid("Sub", remain_dims);
    }

    final CartComm subGrid(String call, boolean[] remain_dims) {
        checkUsable();
        // As MPI's C binding, only the first flag of each dimension is read; a longer array is not an error.
        if (remain_dims == null || remain_dims.length < dims.length) {
            throw new MPIException(MPI.ERR_ARG, call + ": needs one flag for each of the " + dims.length + " dimensions");
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
        return new CartComm(part, d, p);
    }

    /**
     * {@return the rank this process would have in a grid of {@code dims} over this communicator's group, or UNDEFINED}
     *
     * @param dims the number of ranks along each dimension
     * @param periods for each dimension, whether it wraps around
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_DIMS} if the dimensions do not make a grid that fits the ranks; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public int Map(int[] dims, boolean[] periods) {
        checkUsable();
        cells("Map", dims, periods, this);
        return Intracomm.mapToGrid(dims, rank, size);
    }

    @Override
    public int Topo_test() {
        checkUsable();
        return MPI.CART;
    }
}
