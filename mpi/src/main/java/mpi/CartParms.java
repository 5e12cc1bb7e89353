package mpi;

/**
 * A Cartesian communicator's grid as {@code Cartcomm.Get} and {@code CartComm.getTopo} report
 * it: mpiJava's public fields and Open MPI's getters read the same arrays.
 */
public class CartParms {
    public int[] dims;
    public boolean[] periods;
    public int[] coords;

    CartParms(int[] dims, boolean[] periods, int[] coords) {
        this.dims = dims;
        this.periods = periods;
        this.coords = coords;
    }

    /** The number of dimensions. */
    public int getDimCount() {
        return dims.length;
    }

    /** The number of ranks along dimension {@code i}. */
    public int getDim(int i) {
        return dims[i];
    }

    /** Whether dimension {@code i} is periodic. */
    public boolean getPeriod(int i) {
        return periods[i];
    }

    /** This rank's coordinate along dimension {@code i}. */
    public int getCoord(int i) {
        return coords[i];
    }
}
