package mpi;

/**
 * The struct of {@code MPI.SHORT_INT}: a short value and an int index, laid out as C lays out such a struct (the
 * index at byte 4), for MAXLOC and MINLOC on a {@code ByteBuffer}. Its one instance is
 * {@code MPI.shortInt}; {@code MPI.SHORT_INT} is the datatype to reduce with.
 */
public final class ShortInt extends Struct {
    private final int indexOffset;

    ShortInt() {
        addShort();
        setOffset(4);
        indexOffset = addInt();
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** The value and index of one pair in a buffer. */
    public final class Data extends Struct.Data {
        public short getValue() {
            return getShort(0);
        }

        public int getIndex() {
            return getInt(indexOffset);
        }

        public void putValue(short v) {
            putShort(0, v);
        }

        public void putIndex(int v) {
            putInt(indexOffset, v);
        }
    }
}
