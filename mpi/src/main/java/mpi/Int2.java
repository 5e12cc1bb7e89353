package mpi;

/**
 * The struct of {@code MPI.INT2}: two ints, a value and an index, laid out as C lays out such a struct (the
 * index at byte 4), for MAXLOC and MINLOC on a {@code ByteBuffer}. Its one instance is
 * {@code MPI.int2}; {@code MPI.INT2} is the datatype to reduce with.
 */
public final class Int2 extends Struct {
    private final int indexOffset;

    Int2() {
        addInt();
        setOffset(4);
        indexOffset = addInt();
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** The value and index of one pair in a buffer. */
    public final class Data extends Struct.Data {
        public int getValue() {
            return getInt(0);
        }

        public int getIndex() {
            return getInt(indexOffset);
        }

        public void putValue(int v) {
            putInt(0, v);
        }

        public void putIndex(int v) {
            putInt(indexOffset, v);
        }
    }
}
