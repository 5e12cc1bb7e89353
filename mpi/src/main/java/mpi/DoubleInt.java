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
        public double getValue() {
            return getDouble(0);
        }

        public int getIndex() {
            return getInt(indexOffset);
        }

        public void putValue(double v) {
            putDouble(0, v);
        }

        public void putIndex(int v) {
            putInt(indexOffset, v);
        }
    }
}
