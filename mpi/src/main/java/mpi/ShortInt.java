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
        /** An accessor of no pair yet; {@link Struct#getData} makes the ones a program uses. */
        public Data() {
        }

        /** {@return the value of the pair} */
        public short getValue() {
            return getShort(0);
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
        public void putValue(short v) {
            putShort(0, v);
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
