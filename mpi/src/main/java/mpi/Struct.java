package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A C struct laid out in bytes, for the datatypes of Open MPI's face: a subclass adds its
 * fields in order ({@link #addInt}, {@link #addDouble}, {@link #addStruct}, ...), each
 * right after the previous one unless {@link #setOffset} moves the next further on, and
 * reads and writes them through its {@link Data} class on a {@code ByteBuffer} or a
 * {@code byte[]}, which is also what it sends and receives with {@link #getType}.
 *
 * <p>The type is made on first use of {@link #getType}, {@link #getExtent} or
 * {@link #getData}, with {@link Datatype#createStruct}: its extent is the fields' end
 * rounded up to their largest alignment, as C pads a struct, so that the items of an array of
 * structs keep their fields aligned. No field may be added after that.
 *
 * <p>Invariant: before the type is made, {@code extent} is where the next field goes; after,
 * it is the type's extent in bytes. Fields are kept in order of their offsets.
 */
public abstract class Struct {
    private final List<Field> fields = new ArrayList<>();
    private int extent;
    private Datatype datatype;

    /** A struct of no fields; the subclass's constructor adds them. */
    public Struct() {
    }

    /**
     * {@return the struct's datatype, committed, made on first use}
     */
    public final synchronized Datatype getType() {
        if (datatype == null) {
            int n = fields.size();
            int[] lengths = new int[n];
            int[] offsets = new int[n];
            Datatype[] types = new Datatype[n];
            for (int i = 0; i < n; i++) {
                Field f = fields.get(i);
                lengths[i] = f.length;
                offsets[i] = f.offset;
                types[i] = f.type;
            }
            Datatype made = Datatype.createStruct(lengths, offsets, types);
            made.commit();
            extent = made.getExtent();
            datatype = made;
        }
        return datatype;
    }

    /**
     * {@return the bytes from one struct of an array to the next}
     */
    public final int getExtent() {
        getType();
        return extent;
    }

    /**
     * {@return a new accessor of this struct's fields; the subclass returns an instance of its own {@link Data} class}
     */
    protected abstract Data newData();

    @SuppressWarnings("unchecked")
    private <T extends Data> T newData(ByteBuffer buffer, int offset) {
        Data d = newData();
        d.buffer = buffer;
        d.offset = offset;
        return (T) d;
    }

    /**
     * {@return the accessor of the struct at the start of {@code buffer}}
     *
     * @param buffer the buffer that holds the structs
     * @param <T> the {@code Data} class of this struct
     * @throws MPIException {@code MPI.ERR_BUFFER} if {@code buffer} is null
     */
    public final <T extends Data> T getData(ByteBuffer buffer) {
        return getData(buffer, 0);
    }

    /**
     * {@return the accessor of struct {@code index} of the array of structs in {@code buffer}}
     *
     * @param buffer the buffer that holds the structs
     * @param index the index of the struct, from 0
     * @param <T> the {@code Data} class of this struct
     * @throws MPIException {@code MPI.ERR_BUFFER} if {@code buffer} is null
     */
    public final <T extends Data> T getData(ByteBuffer buffer, int index) {
        if (buffer == null) {
            throw new MPIException(MPI.ERR_BUFFER, "Struct.getData: the buffer is null");
        }
        return newData(buffer, index * getExtent());
    }

    /**
     * {@return the accessor of the struct at the start of {@code array}, in the platform's byte order}
     *
     * @param array the array that holds the structs
     * @param <T> the {@code Data} class of this struct
     * @throws MPIException {@code MPI.ERR_BUFFER} if {@code array} is null
     */
    public final <T extends Data> T getData(byte[] array) {
        return getData(array, 0);
    }

    /**
     * {@return the accessor of struct {@code index} of the array of structs in {@code array}, in the platform's byte
     * order}
     *
     * @param array the array that holds the structs
     * @param index the index of the struct, from 0
     * @param <T> the {@code Data} class of this struct
     * @throws MPIException {@code MPI.ERR_BUFFER} if {@code array} is null
     */
    public final <T extends Data> T getData(byte[] array, int index) {
        if (array == null) {
            throw new MPIException(MPI.ERR_BUFFER, "Struct.getData: the array is null");
        }
        return getData(ByteBuffer.wrap(array).order(ByteOrder.nativeOrder()), index);
    }

    /**
     * Places the next field at {@code offset} bytes, which must not be below the end of the fields so far.
     *
     * @param offset the offset of the next field, in bytes from the start of the struct
     * @return this struct
     * @throws MPIException {@code MPI.ERR_ARG} if {@code offset} lies inside the fields added so far;
     *     {@code MPI.ERR_TYPE} once the struct's datatype has been made ({@link #getType}, {@link #getExtent} or
     *     {@code getData})
     */
    public final synchronized Struct setOffset(int offset) {
        checkOpen();
        if (offset < extent) {
            throw new MPIException(MPI.ERR_ARG, "Struct.setOffset: offset " + offset + " lies inside the fields added so far,"
                + " which end at " + extent);
        }
        extent = offset;
        return this;
    }

    /**
     * Adds a byte field; returns its offset in bytes.
     *
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} once the struct's datatype has been made ({@link #getType},
     *     {@link #getExtent} or {@code getData})
     */
    public final int addByte() {
        return addByte(1);
    }

    /**
     * Adds an array of {@code length} byte values; returns its offset in bytes.
     *
     * @param length the number of values in the array field
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} once the struct's datatype has been made ({@link #getType},
     *     {@link #getExtent} or {@code getData})
     */
    public final int addByte(int length) {
        return addField(MPI.BYTE, 1, length);
    }

    /**
     * Adds a char field; returns its offset in bytes.
     *
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} once the struct's datatype has been made ({@link #getType},
     *     {@link #getExtent} or {@code getData})
     */
    public final int addChar() {
        return addChar(1);
    }

    /**
     * Adds an array of {@code length} char values; returns its offset in bytes.
     *
     * @param length the number of values in the array field
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} once the struct's datatype has been made ({@link #getType},
     *     {@link #getExtent} or {@code getData})
     */
    public final int addChar(int length) {
        return addField(MPI.CHAR, 2, length);
    }

    /**
     * Adds a short field; returns its offset in bytes.
     *
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} once the struct's datatype has been made ({@link #getType},
     *     {@link #getExtent} or {@code getData})
     */
    public final int addShort() {
        return addShort(1);
    }

    /**
     * Adds an array of {@code length} short values; returns its offset in bytes.
     *
     * @param length the number of values in the array field
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} once the struct's datatype has been made ({@link #getType},
     *     {@link #getExtent} or {@code getData})
     */
    public final int addShort(int length) {
        return addField(MPI.SHORT, 2, length);
    }

    /**
     * Adds an int field; returns its offset in bytes.
     *
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} once the struct's datatype has been made ({@link #getType},
     *     {@link #getExtent} or {@code getData})
     */
    public final int addInt() {
        return addInt(1);
    }

    /**
     * Adds an array of {@code length} int values; returns its offset in bytes.
     *
     * @param length the number of values in the array field
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} once the struct's datatype has been made ({@link #getType},
     *     {@link #getExtent} or {@code getData})
     */
    public final int addInt(int length) {
        return addField(MPI.INT, 4, length);
    }

    /**
     * Adds a long field; returns its offset in bytes.
     *
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} once the struct's datatype has been made ({@link #getType},
     *     {@link #getExtent} or {@code getData})
     */
    public final int addLong() {
        return addLong(1);
    }

    /**
     * Adds an array of {@code length} long values; returns its offset in bytes.
     *
     * @param length the number of values in the array field
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} once the struct's datatype has been made ({@link #getType},
     *     {@link #getExtent} or {@code getData})
     */
    public final int addLong(int length) {
        return addField(MPI.LONG, 8, length);
    }

    /**
     * Adds a float field; returns its offset in bytes.
     *
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} once the struct's datatype has been made ({@link #getType},
     *     {@link #getExtent} or {@code getData})
     */
    public final int addFloat() {
        return addFloat(1);
    }

    /**
     * Adds an array of {@code length} float values; returns its offset in bytes.
     *
     * @param length the number of values in the array field
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} once the struct's datatype has been made ({@link #getType},
     *     {@link #getExtent} or {@code getData})
     */
    public final int addFloat(int length) {
        return addField(MPI.FLOAT, 4, length);
    }

    /**
     * Adds a double field; returns its offset in bytes.
     *
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} once the struct's datatype has been made ({@link #getType},
     *     {@link #getExtent} or {@code getData})
     */
    public final int addDouble() {
        return addDouble(1);
    }

    /**
     * Adds an array of {@code length} double values; returns its offset in bytes.
     *
     * @param length the number of values in the array field
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} once the struct's datatype has been made ({@link #getType},
     *     {@link #getExtent} or {@code getData})
     */
    public final int addDouble(int length) {
        return addField(MPI.DOUBLE, 8, length);
    }

    /**
     * Adds a field of another struct; returns its offset in bytes.
     *
     * @param struct a struct of the kind of the field
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_ARG} if {@code struct} is null; {@code MPI.ERR_TYPE} once the struct's
     *     datatype has been made ({@link #getType}, {@link #getExtent} or {@code getData})
     */
    public final int addStruct(Struct struct) {
        return addStruct(struct, 1);
    }

    /**
     * Adds an array of {@code length} structs of {@code struct}'s kind; returns its offset in bytes.
     *
     * @param struct a struct of the kind of the field
     * @param length the number of values in the array field
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_ARG} if {@code struct} is null; {@code MPI.ERR_TYPE} once the struct's
     *     datatype has been made ({@link #getType}, {@link #getExtent} or {@code getData})
     */
    public final int addStruct(Struct struct, int length) {
        if (struct == null) {
            throw new MPIException(MPI.ERR_ARG, "Struct.addStruct: the struct is null");
        }
        return addField(struct.getType(), struct.getExtent(), length);
    }

    /**
     * Adds a field of {@code type}; returns its offset in bytes.
     *
     * @param type the datatype of the field
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code type} is null; {@code MPI.ERR_TYPE} once the struct's
     *     datatype has been made ({@link #getType}, {@link #getExtent} or {@code getData})
     */
    public final int addData(Datatype type) {
        return addData(type, 1);
    }

    /**
     * Adds an array of {@code length} items of {@code type}; returns its offset in bytes.
     *
     * @param type the datatype of the field
     * @param length the number of values in the array field
     * @return the offset of the field in bytes, which the {@code Data} accessors take
     * @throws MPIException {@code MPI.ERR_TYPE} if {@code type} is null; {@code MPI.ERR_TYPE} once the struct's
     *     datatype has been made ({@link #getType}, {@link #getExtent} or {@code getData})
     */
    public final int addData(Datatype type, int length) {
        if (type == null) {
            throw new MPIException(MPI.ERR_TYPE, "Struct.addData: the datatype is null");
        }
        int size = type.map.base.size();
        if (size == 0) {
            throw new MPIException(MPI.ERR_TYPE, "Struct.addData: " + type + " moves Java objects, which have no size in bytes");
        }
        return addField(type, type.map.extent * size, length);
    }

    private synchronized int addField(Datatype type, int typeExtent, int length) {
        checkOpen();
        if (length < 0) {
            throw new MPIException(MPI.ERR_ARG, "Struct: a field's length must not be negative, got " + length);
        }
        int offset = extent;
        extent += typeExtent * length;
        fields.add(new Field(type, offset, length));
        return offset;
    }

    private void checkOpen() {
        if (datatype != null) {
            throw new MPIException(MPI.ERR_TYPE, "Struct: the struct's datatype has been made (getType, getExtent or getData);"
                + " no field can be added after that");
        }
    }

    /** The field at offset {@code field}, or null if none starts there. */
    private Field field(int field) {
        for (Field f : fields) {
            if (f.offset == field) {
                return f;
            }
        }
        return null;
    }

    private static final class Field {
        final Datatype type;
        final int offset;
        final int length;

        Field(Datatype type, int offset, int length) {
            this.type = type;
            this.offset = offset;
            this.length = length;
        }
    }

    /**
     * Reads and writes the fields of one struct in a buffer: a subclass names its fields'
     * accessors and calls the protected ones here with the offsets its struct's {@code add}
     * methods returned.
     */
    public abstract class Data {
        private ByteBuffer buffer;
        private int offset;

        /** An accessor on no buffer yet; {@link Struct#getData} places it on one. */
        public Data() {
        }

        /**
         * {@return the buffer from this struct on: what a send or receive of the struct's type takes}
         */
        public final ByteBuffer getBuffer() {
            return offset == 0 ? buffer : MPI.slice(buffer, offset);
        }

        /** Raises ERR_ARG for an index outside the array field at {@code field}. */
        private void checkIndex(int field, int index) {
            Field f = field(field);
            if (f != null && (index < 0 || index >= f.length)) {
                throw new MPIException(MPI.ERR_ARG, "Struct.Data: index " + index + " is outside the array field at offset "
                    + field + " of " + f.length + " values");
            }
        }

        /**
         * {@return the byte of the field at offset {@code field}}
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         */
        protected final byte getByte(int field) {
            return buffer.get(offset + field);
        }

        /**
         * {@return the byte at {@code index} of the array field at offset {@code field}}
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final byte getByte(int field, int index) {
            checkIndex(field, index);
            return buffer.get(offset + field + index);
        }

        /**
         * Writes the byte of the field at offset {@code field}.
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param v the value
         */
        protected final void putByte(int field, byte v) {
            buffer.put(offset + field, v);
        }

        /**
         * Writes the byte at {@code index} of the array field at offset {@code field}.
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @param v the value
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final void putByte(int field, int index, byte v) {
            checkIndex(field, index);
            buffer.put(offset + field + index, v);
        }

        /**
         * {@return the char of the field at offset {@code field}}
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         */
        protected final char getChar(int field) {
            return buffer.getChar(offset + field);
        }

        /**
         * {@return the char at {@code index} of the array field at offset {@code field}}
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final char getChar(int field, int index) {
            checkIndex(field, index);
            return buffer.getChar(offset + field + index * 2);
        }

        /**
         * Writes the char of the field at offset {@code field}.
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param v the value
         */
        protected final void putChar(int field, char v) {
            buffer.putChar(offset + field, v);
        }

        /**
         * Writes the char at {@code index} of the array field at offset {@code field}.
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @param v the value
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final void putChar(int field, int index, char v) {
            checkIndex(field, index);
            buffer.putChar(offset + field + index * 2, v);
        }

        /**
         * {@return the short of the field at offset {@code field}}
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         */
        protected final short getShort(int field) {
            return buffer.getShort(offset + field);
        }

        /**
         * {@return the short at {@code index} of the array field at offset {@code field}}
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final short getShort(int field, int index) {
            checkIndex(field, index);
            return buffer.getShort(offset + field + index * 2);
        }

        /**
         * Writes the short of the field at offset {@code field}.
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param v the value
         */
        protected final void putShort(int field, short v) {
            buffer.putShort(offset + field, v);
        }

        /**
         * Writes the short at {@code index} of the array field at offset {@code field}.
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @param v the value
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final void putShort(int field, int index, short v) {
            checkIndex(field, index);
            buffer.putShort(offset + field + index * 2, v);
        }

        /**
         * {@return the int of the field at offset {@code field}}
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         */
        protected final int getInt(int field) {
            return buffer.getInt(offset + field);
        }

        /**
         * {@return the int at {@code index} of the array field at offset {@code field}}
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final int getInt(int field, int index) {
            checkIndex(field, index);
            return buffer.getInt(offset + field + index * 4);
        }

        /**
         * Writes the int of the field at offset {@code field}.
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param v the value
         */
        protected final void putInt(int field, int v) {
            buffer.putInt(offset + field, v);
        }

        /**
         * Writes the int at {@code index} of the array field at offset {@code field}.
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @param v the value
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final void putInt(int field, int index, int v) {
            checkIndex(field, index);
            buffer.putInt(offset + field + index * 4, v);
        }

        /**
         * {@return the long of the field at offset {@code field}}
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         */
        protected final long getLong(int field) {
            return buffer.getLong(offset + field);
        }

        /**
         * {@return the long at {@code index} of the array field at offset {@code field}}
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final long getLong(int field, int index) {
            checkIndex(field, index);
            return buffer.getLong(offset + field + index * 8);
        }

        /**
         * Writes the long of the field at offset {@code field}.
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param v the value
         */
        protected final void putLong(int field, long v) {
            buffer.putLong(offset + field, v);
        }

        /**
         * Writes the long at {@code index} of the array field at offset {@code field}.
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @param v the value
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final void putLong(int field, int index, long v) {
            checkIndex(field, index);
            buffer.putLong(offset + field + index * 8, v);
        }

        /**
         * {@return the float of the field at offset {@code field}}
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         */
        protected final float getFloat(int field) {
            return buffer.getFloat(offset + field);
        }

        /**
         * {@return the float at {@code index} of the array field at offset {@code field}}
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final float getFloat(int field, int index) {
            checkIndex(field, index);
            return buffer.getFloat(offset + field + index * 4);
        }

        /**
         * Writes the float of the field at offset {@code field}.
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param v the value
         */
        protected final void putFloat(int field, float v) {
            buffer.putFloat(offset + field, v);
        }

        /**
         * Writes the float at {@code index} of the array field at offset {@code field}.
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @param v the value
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final void putFloat(int field, int index, float v) {
            checkIndex(field, index);
            buffer.putFloat(offset + field + index * 4, v);
        }

        /**
         * {@return the double of the field at offset {@code field}}
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         */
        protected final double getDouble(int field) {
            return buffer.getDouble(offset + field);
        }

        /**
         * {@return the double at {@code index} of the array field at offset {@code field}}
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final double getDouble(int field, int index) {
            checkIndex(field, index);
            return buffer.getDouble(offset + field + index * 8);
        }

        /**
         * Writes the double of the field at offset {@code field}.
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param v the value
         */
        protected final void putDouble(int field, double v) {
            buffer.putDouble(offset + field, v);
        }

        /**
         * Writes the double at {@code index} of the array field at offset {@code field}.
         *
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @param v the value
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final void putDouble(int field, int index, double v) {
            checkIndex(field, index);
            buffer.putDouble(offset + field + index * 8, v);
        }

        /**
         * {@return the accessor of the struct field of kind {@code struct} at offset {@code field}}
         *
         * @param struct a struct of the kind of the field
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param <S> the kind of struct the field holds
         * @param <D> the {@code Data} class of that struct
         */
        protected final <S extends Struct, D extends Struct.Data> D getData(S struct, int field) {
            return ((Struct) struct).newData(buffer, offset + field);
        }

        /**
         * {@return the accessor of struct {@code index} of the array field of kind {@code struct} at offset
         * {@code field}}
         *
         * @param struct a struct of the kind of the field
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @param <S> the kind of struct the field holds
         * @param <D> the {@code Data} class of that struct
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final <S extends Struct, D extends Struct.Data> D getData(S struct, int field, int index) {
            checkIndex(field, index);
            return ((Struct) struct).newData(buffer, offset + field + index * struct.getExtent());
        }

        /**
         * {@return the buffer from the field at offset {@code field} on, to send or receive it with {@code type}}
         *
         * @param type the datatype of the field
         * @param field the offset of the field in the struct, as its {@code add} method returned
         */
        protected final ByteBuffer getBuffer(Datatype type, int field) {
            int position = offset + field;
            return position == 0 ? buffer : MPI.slice(buffer, position);
        }

        /**
         * {@return the buffer from item {@code index} of the array field of {@code type} at offset {@code field} on}
         *
         * @param type the datatype of the field
         * @param field the offset of the field in the struct, as its {@code add} method returned
         * @param index the index in the array field, from 0
         * @throws MPIException {@code MPI.ERR_ARG} if {@code index} is outside the array field
         */
        protected final ByteBuffer getBuffer(Datatype type, int field, int index) {
            checkIndex(field, index);
            int position = offset + field + index * type.map.extent * type.map.base.size();
            return position == 0 ? buffer : MPI.slice(buffer, position);
        }
    }
}
