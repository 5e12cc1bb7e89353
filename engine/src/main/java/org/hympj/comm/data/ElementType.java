package org.hympj.comm.data;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The element types a message can carry, each bound to the Java array type that holds it.
 * Typed copies between arrays of one type use {@link System#arraycopy}; packing to bytes (for
 * the buffered-send buffer, and later for the rings) uses native byte order.
 */
public enum ElementType {
    BYTE(byte[].class, 1),
    CHAR(char[].class, 2),
    SHORT(short[].class, 2),
    BOOLEAN(boolean[].class, 1),
    INT(int[].class, 4),
    LONG(long[].class, 8),
    FLOAT(float[].class, 4),
    DOUBLE(double[].class, 8),
    /** Serializable objects in an {@code Object[]}; sent as Java serialization bytes. */
    OBJECT(Object[].class, 0);

    public static final int COUNT = values().length;
    private static final ElementType[] VALUES = values();

    private final Class<?> arrayClass;
    private final int size;

    ElementType(Class<?> arrayClass, int size) {
        this.arrayClass = arrayClass;
        this.size = size;
    }

    public static ElementType of(int ordinal) {
        return VALUES[ordinal];
    }

    /** The primitive type whose arrays {@code array}'s class is, or null if it is no primitive array. */
    public static ElementType ofPrimitiveArray(Object array) {
        for (ElementType t : VALUES) {
            if (!t.isObject() && array.getClass() == t.arrayClass) {
                return t;
            }
        }
        return null;
    }

    /** Bytes per element; 0 for OBJECT, whose size is only known once serialized. */
    public int size() {
        return size;
    }

    public boolean isObject() {
        return this == OBJECT;
    }

    /** True if {@code buffer} is an array this type can be read from and written to. */
    public boolean accepts(Object buffer) {
        // A primitive array class has no subclasses, so one compare of classes decides; only
        // OBJECT needs the subtype test (a String[] is an Object[]). isInstance on a class that
        // is not a constant is a full subtype check on every send and receive.
        return buffer.getClass() == arrayClass || (this == OBJECT && buffer instanceof Object[]);
    }

    /** The Java type name of the arrays this type accepts, for error messages. */
    public String arrayTypeName() {
        return arrayClass.getSimpleName();
    }

    public Object newArray(int length) {
        switch (this) {
            case BYTE: return new byte[length];
            case CHAR: return new char[length];
            case SHORT: return new short[length];
            case BOOLEAN: return new boolean[length];
            case INT: return new int[length];
            case LONG: return new long[length];
            case FLOAT: return new float[length];
            case DOUBLE: return new double[length];
            default: return new Object[length];
        }
    }

    /** Writes {@code count} elements of {@code src} from {@code offset} into {@code dst} at {@code dstOffset}. */
    public void pack(Object src, int offset, int count, byte[] dst, int dstOffset) {
        ByteBuffer bytes = ByteBuffer.wrap(dst, dstOffset, count * size).slice().order(ByteOrder.nativeOrder());
        switch (this) {
            case BYTE: bytes.put((byte[]) src, offset, count); break;
            case CHAR: bytes.asCharBuffer().put((char[]) src, offset, count); break;
            case SHORT: bytes.asShortBuffer().put((short[]) src, offset, count); break;
            case BOOLEAN:
                boolean[] b = (boolean[]) src;
                for (int i = 0; i < count; i++) {
                    dst[dstOffset + i] = (byte) (b[offset + i] ? 1 : 0);
                }
                break;
            case INT: bytes.asIntBuffer().put((int[]) src, offset, count); break;
            case LONG: bytes.asLongBuffer().put((long[]) src, offset, count); break;
            case FLOAT: bytes.asFloatBuffer().put((float[]) src, offset, count); break;
            case DOUBLE: bytes.asDoubleBuffer().put((double[]) src, offset, count); break;
            default: throw new IllegalStateException("OBJECT is packed by serialization");
        }
    }

    /** Reads {@code count} elements packed by {@link #pack} into {@code dst} at {@code dstOffset}. */
    public void unpack(byte[] src, int srcOffset, Object dst, int dstOffset, int count) {
        ByteBuffer bytes = ByteBuffer.wrap(src, srcOffset, count * size).slice().order(ByteOrder.nativeOrder());
        switch (this) {
            case BYTE: bytes.get((byte[]) dst, dstOffset, count); break;
            case CHAR: bytes.asCharBuffer().get((char[]) dst, dstOffset, count); break;
            case SHORT: bytes.asShortBuffer().get((short[]) dst, dstOffset, count); break;
            case BOOLEAN:
                boolean[] b = (boolean[]) dst;
                for (int i = 0; i < count; i++) {
                    b[dstOffset + i] = src[srcOffset + i] != 0;
                }
                break;
            case INT: bytes.asIntBuffer().get((int[]) dst, dstOffset, count); break;
            case LONG: bytes.asLongBuffer().get((long[]) dst, dstOffset, count); break;
            case FLOAT: bytes.asFloatBuffer().get((float[]) dst, dstOffset, count); break;
            case DOUBLE: bytes.asDoubleBuffer().get((double[]) dst, dstOffset, count); break;
            default: throw new IllegalStateException("OBJECT is unpacked by deserialization");
        }
    }
}
