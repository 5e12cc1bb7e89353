package mpi;

/**
 * A Cartesian communicator's grid as {@code Cartcomm.Get} and {@code CartComm.getTopo} report
 * it: mpiJava's public fields and Open MPI's getters read the same arrays.
 */
public class CartParms {
    /** The number of ranks along each dimension. */
    public int[] dims;
    /** For each dimension, whether it wraps around. */
    public boolean[] periods;
    /** This rank's coordinate along each dimension. */
    public int[] coords;

    CartParms(int[] dims, boolean[] periods, int[] coords) {
        this.dims = dims;
        this.periods = periods;
        this.coords = coords;
    }

    /**
     * {@return the number of dimensions}
     */
    public int getDimCount() {
        return dims.length;
    }

    /**
     * {@return the number of ranks along dimension {@code i}}
     *
     * @param i a dimension, from 0
     */
    public int getDim(int i) {
        return dims[i];
    }

    /**
     * {@return whether dimension {@code i} is periodic}
     *
     * @param i a dimension, from 0
     */
    public boolean getPeriod(int i) {
        return periods[i];
    }

    /**
     * {@return this rank's coordinate along dimension {@code i}}
     *
     * @param i a dimension, from 0
     */
    public int getCoord(int i) {
        return coords[i];
    }
}
