package org.hympj.comm.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;

/**
 * How elements of Java arrays lie in a file: MPI's data representations. {@code "native"}
 * and {@code "internal"} write each element's bytes in the machine's order, as a C program
 * of this machine holds them in memory, so a file is the same bytes that Open MPI writes here
 * and C programs read it as they read their own; {@code "external32"} writes them big-endian,
 * MPI's portable form. Every element type the engine moves has the size external32 gives it
 * (a char, a Java UTF-16 unit, is two bytes), so the representations differ in byte order only.
 * A boolean is one byte, 1 or 0.
 */
public enum DataRepresentation {
    NATIVE("native", ByteOrder.nativeOrder()),
    INTERNAL("internal", ByteOrder.nativeOrder()),
    EXTERNAL32("external32", ByteOrder.BIG_ENDIAN);

    private final String mpiName;
    private final ByteOrder order;

    DataRepresentation(String mpiName, ByteOrder order) {
        this.mpiName = mpiName;
        this.order = order;
    }

    /** The representation MPI names {@code name}; ERR_UNSUPPORTED_DATAREP for any other. */
    public static DataRepresentation named(String call, String name) {
        for (DataRepresentation r : values()) {
            if (r.mpiName.equals(name)) {
                return r;
            }
        }
        throw new EngineException(ErrorClass.ERR_UNSUPPORTED_DATAREP, call + ": data representation \"" + name
            + "\" is not supported; use \"native\", \"internal\" or \"external32\"");
    }

    /**
     * Refuses a memory datatype this representation cannot convert: objects have no bytes, and
     * a map of bytes that stand for other elements (a C struct) cannot be put in another byte
     * order without knowing which bytes form which element.
     */
    void checkConvertible(String call, TypeMap memtype) {
        if (memtype.base.isObject()) {
            throw new EngineException(ErrorClass.ERR_TYPE, call + ": datatype " + memtype + " moves Java objects, which have no"
                + " bytes to put in a file");
        }
        if (order != ByteOrder.nativeOrder() && memtype.base == ElementType.BYTE && memtype.basicElements(memtype.width)
            != memtype.width) {
            throw new EngineException(ErrorClass.ERR_CONVERSION, call + ": datatype " + memtype + " holds elements of several"
                + " sizes in bytes, which \"" + mpiName + "\" cannot convert; use \"native\"");
        }
    }

    /** Writes {@code count} elements of {@code array} from {@code offset} into {@code dst} at its position, advancing it. */
    void encode(ElementType type, Object array, int offset, int count, ByteBuffer dst) {
        ByteBuffer bytes = dst.order(order);
        int at = bytes.position();
        switch (type) {
            case BYTE -> bytes.put((byte[]) array, offset, count);
            case BOOLEAN -> {
                boolean[] b = (boolean[]) array;
                for (int i = 0; i < count; i++) {
                    bytes.put(b[offset + i] ? (byte) 1 : (byte) 0);
                }
            }
            case CHAR -> bytes.asCharBuffer().put((char[]) array, offset, count);
            case SHORT -> bytes.asShortBuffer().put((short[]) array, offset, count);
            case INT -> bytes.asIntBuffer().put((int[]) array, offset, count);
            case LONG -> bytes.asLongBuffer().put((long[]) array, offset, count);
            case FLOAT -> bytes.asFloatBuffer().put((float[]) array, offset, count);
            case DOUBLE -> bytes.asDoubleBuffer().put((double[]) array, offset, count);
            default -> throw new IllegalStateException("objects have no bytes");
        }
        bytes.position(at + count * type.size());
    }

    /** Reads {@code count} elements from {@code src} at its position into {@code array} from {@code offset}, advancing it. */
    void decode(ByteBuffer src, ElementType type, Object array, int offset, int count) {
        ByteBuffer bytes = src.order(order);
        int at = bytes.position();
        switch (type) {
            case BYTE -> bytes.get((byte[]) array, offset, count);
            case BOOLEAN -> {
                boolean[] b = (boolean[]) array;
                for (int i = 0; i < count; i++) {
                    b[offset + i] = bytes.get() != 0;
                }
            }
            case CHAR -> bytes.asCharBuffer().get((char[]) array, offset, count);
            case SHORT -> bytes.asShortBuffer().get((short[]) array, offset, count);
            case INT -> bytes.asIntBuffer().get((int[]) array, offset, count);
            case LONG -> bytes.asLongBuffer().get((long[]) array, offset, count);
            case FLOAT -> bytes.asFloatBuffer().get((float[]) array, offset, count);
            case DOUBLE -> bytes.asDoubleBuffer().get((double[]) array, offset, count);
            default -> throw new IllegalStateException("objects have no bytes");
        }
        bytes.position(at + count * type.size());
    }
}
