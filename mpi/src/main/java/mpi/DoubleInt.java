package mpi;

/**
 * The struct of {@code MPI.DOUBLE_INT}: a double value and an int index, laid out as C lays out such a struct (the
 * index at byte 8), for MAXLOC and MINLOC on a {@code ByteBuffer}. Its one instance is
 * {@code MPI.doubleInt}; {@code MPI.DOUBLE_INT} is the datatype to reduce with.
 */
public final class DoubleInt extends Struct {
    private final int indexOffset;

    DoubleInt() {
        addDouble();
        setOffset(8);
        indexOffset = addInt();
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** The value and index of one pair in a buffer. */
    public final class Data extends Struct.Data {
        /** An accessor of no pair yet; {@link Struct#getData} makes the ones a program uses. */
        public Data() {
        }

        /** {@return the value of the pair} */
        public double getValue() {
            return getDouble(0);
        }

        /** {@return the index of the pair} */
        public int getIndex() {
            return getInt(indexOffset);
        }

        /**
         * Sets the value of the pair.
         *
         * @param v the value
         */
        public void putValue(double v) {
            putDouble(0, v);
        }

        /**
         * Sets the index of the pair.
         *
         * @param v the index
         */
        public void putIndex(int v) {
            putInt(indexOffset, v);
        }
    }
}
