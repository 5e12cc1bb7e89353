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
        /** An accessor of no pair yet; {@link Struct#getData} makes the ones a program uses. */
        public Data() {
        }

        /** {@return the value of the pair} */
        public int getValue() {
            return getInt(0);
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
        public void putValue(int v) {
            putInt(0, v);
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
