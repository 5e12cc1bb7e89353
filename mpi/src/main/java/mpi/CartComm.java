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

    /**
     * A duplicate with the same grid and a context of its own. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public CartComm clone() {
        return (CartComm) super.clone();
    }

    /**
     * A duplicate with the same grid, a context of its own and a copy of the attributes. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public CartComm dup() {
        return withAttributesOf(clone());
    }

    /**
     * {@link #dup}; {@link #getRequest} of the result is a request that is already complete. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public CartComm iDup() {
        return completedCreation(dup());
    }

    /**
     * As {@link #dup}: HyMPJ's communicators take no hints, so {@code info} has no effect. Collective.
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    @Override
    public CartComm dupWithInfo(Info info) {
        return dup();
    }

    /**
     * {@return the grid's dimensions and periods, and this rank's coordinates}
     *
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public CartParms getTopo() {
        return Get();
    }

    /**
     * {@return the rank at {@code coords}; coordinates of periodic dimensions wrap around}
     *
     * @param coords the coordinates, one per dimension
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_ARG} if there is not one coordinate per dimension, or one lies outside a non-periodic
     *     dimension; {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public int getRank(int[] coords) {
        return rankAt("getRank", coords);
    }

    /**
     * {@return the coordinates of {@code rank}}
     *
     * @param rank a rank of this communicator
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_RANK} if {@code rank} is not a rank of this communicator; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public int[] getCoords(int rank) {
        return coordinatesOf("getCoords", rank);
    }

    /**
     * {@return the ranks {@code disp} steps along dimension {@code direction}: the one to receive from and the one to
     * send to; {@code MPI.PROC_NULL} past the border of a non-periodic dimension}
     *
     * @param direction the dimension to shift along
     * @param disp the number of steps: positive towards higher coordinates, negative towards lower ones
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_DIMS} if {@code direction} is not a dimension of the grid; {@code MPI.ERR_OTHER} before
     *     {@code Init} or after {@code Finalize}
     */
    public ShiftParms shift(int direction, int disp) {
        return shifted("shift", direction, disp);
    }

    /**
     * {@return the sub-grids that keep the dimensions marked in {@code remainDims}; this rank's one} Collective.
     *
     * @param remainDims for each dimension, whether the sub-grids keep it
     * @throws MPIException {@code MPI.ERR_COMM} if this communicator is {@code MPI.COMM_NULL} or has been freed;
     *     {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public CartComm sub(boolean[] remainDims) {
        return subGrid("sub", remainDims);
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
    public int map(int[] dims, boolean[] periods) {
        return Map(dims, periods);
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
    public static void createDims(int nnodes, int[] dims) {
        balance("createDims", nnodes, dims);
    }
}
