package mpi;

/**
 * A Cartesian communicator with Open MPI's names ({@code getTopo}, {@code shift},
 * {@code sub} ...) next to mpiJava's, which it inherits from {@link Cartcomm}: every
 * Cartesian communicator, made by {@code createCart} or by mpiJava's {@code Create_cart}, is
 * of this class. A rank outside the grid gets from {@code createCart} a communicator that is
 * null ({@code Is_null()} is true), as Open MPI gives it {@code MPI_COMM_NULL}.
 */
public final class CartComm extends Cartcomm {
    CartComm(Intracomm grid, int[] dims, boolean[] periods) {
        super(grid, dims, periods);
    }

    private CartComm(String name) {
        super(name);
    }

    /** The null communicator of a rank that is not in the grid. */
    static CartComm outsideTheGrid() {
        return asNull(new CartComm("MPI.COMM_NULL (createCart's result on a rank outside the grid)"));
    }

    /** A duplicate with the same grid and a context of its own. Collective. */
    @Override
    public CartComm clone() {
        return (CartComm) super.clone();
    }

    /** A duplicate with the same grid, a context of its own and a copy of the attributes. Collective. */
    @Override
    public CartComm dup() {
        return withAttributesOf(clone());
    }

    /** {@link #dup}; {@link #getRequest} of the result is a request that is already complete. Collective. */
    @Override
    public CartComm iDup() {
        return completedCreation(dup());
    }

    /** As {@link #dup}: HyMPJ's communicators take no hints, so {@code info} has no effect. Collective. */
    @Override
    public CartComm dupWithInfo(Info info) {
        return dup();
    }

    /** The grid's dimensions and periods, and this rank's coordinates. */
    public CartParms getTopo() {
        return Get();
    }

    /** The rank at {@code coords}; coordinates of periodic dimensions wrap around. */
    public int getRank(int[] coords) {
        return rankAt("getRank", coords);
    }

    /** The coordinates of {@code rank}. */
    public int[] getCoords(int rank) {
        return coordinatesOf("getCoords", rank);
    }

    /**
     * The ranks {@code disp} steps along dimension {@code direction}: the one to receive from
     * and the one to send to; {@code MPI.PROC_NULL} past the border of a non-periodic dimension.
     */
    public ShiftParms shift(int direction, int disp) {
        return shifted("shift", direction, disp);
    }

    /** The sub-grids that keep the dimensions marked in {@code remainDims}; this rank's one. Collective. */
    public CartComm sub(boolean[] remainDims) {
        return subGrid("sub", remainDims);
    }

    /** The rank this process would have in a grid of {@code dims} over this communicator's group, or UNDEFINED. */
    public int map(int[] dims, boolean[] periods) {
        return Map(dims, periods);
    }

    /**
     * Fills the zero entries of {@code dims} so that all entries multiply to {@code nnodes},
     * as balanced as possible, in non-increasing order.
     */
    public static void createDims(int nnodes, int[] dims) {
        balance("createDims", nnodes, dims);
    }
}
