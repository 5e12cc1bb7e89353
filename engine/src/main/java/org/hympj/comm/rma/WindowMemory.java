package org.hympj.comm.rma;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import org.hympj.comm.data.ElementType;

/**
 * One rank's part of a window: the {@code java.nio} buffer the program gave, from its start
 * (its position and limit ignored), read and written at byte offsets. A {@code ByteBuffer} is
 * memory of any element type, in the platform's byte order, as a C program's memory is; a
 * buffer of another element type holds elements of that type only. Direct and heap buffers
 * behave alike.
 *
 * <p>Only the window's service thread writes through this class, so element accesses need no
 * atomics: requests applied one at a time are atomic with respect to each other.
 */
final class WindowMemory {
    private final Buffer base;
    /** The element type the buffer holds: BYTE for a ByteBuffer, which holds any. */
    private final ElementType held;
    private final long bytes;

    WindowMemory(Buffer base) {
        this.base = base;
        this.held = elementTypeOf(base);
        this.bytes = base == null ? 0 : (long) base.capacity() * held.size();
    }

    /** The element type of {@code buffer}'s elements (BYTE for a ByteBuffer); null for none given. */
    static ElementType elementTypeOf(Buffer buffer) {
        if (buffer == null || buffer instanceof ByteBuffer) {
            return ElementType.BYTE;
        }
        if (buffer instanceof IntBuffer) {
            return ElementType.INT;
        }
        if (buffer instanceof LongBuffer) {
            return ElementType.LONG;
        }
        if (buffer instanceof DoubleBuffer) {
            return ElementType.DOUBLE;
        }
        if (buffer instanceof FloatBuffer) {
            return ElementType.FLOAT;
        }
        if (buffer instanceof ShortBuffer) {
            return ElementType.SHORT;
        }
        if (buffer instanceof CharBuffer) {
            return ElementType.CHAR;
        }
        throw new IllegalArgumentException("no element type for " + buffer.getClass().getName());
    }

    Buffer base() {
        return base;
    }

    ElementType held() {
        return held;
    }

    long bytes() {
        return bytes;
    }

    /** {@code count} elements of {@code type} from byte {@code offset}, in a new array. */
    Object read(ElementType type, long offset, int count) {
        Object values = type.newArray(count);
        Buffer view = view(type, offset);
        switch (type) {
            case BYTE -> ((ByteBuffer) view).get(0, (byte[]) values, 0, count);
            case CHAR -> ((CharBuffer) view).get(0, (char[]) values, 0, count);
            case SHORT -> ((ShortBuffer) view).get(0, (short[]) values, 0, count);
            case INT -> ((IntBuffer) view).get(0, (int[]) values, 0, count);
            case LONG -> ((LongBuffer) view).get(0, (long[]) values, 0, count);
            case FLOAT -> ((FloatBuffer) view).get(0, (float[]) values, 0, count);
            case DOUBLE -> ((DoubleBuffer) view).get(0, (double[]) values, 0, count);
            case BOOLEAN -> {
                boolean[] b = (boolean[]) values;
                ByteBuffer memory = (ByteBuffer) view;
                for (int i = 0; i < count; i++) {
                    b[i] = memory.get(i) != 0;
                }
            }
            default -> throw new IllegalArgumentException("a window holds no " + type);
        }
        return values;
    }

    /** Writes the first {@code count} elements of {@code values}, an array of {@code type}, from byte {@code offset}. */
    void write(ElementType type, long offset, Object values, int count) {
        Buffer view = view(type, offset);
        switch (type) {
            case BYTE -> ((ByteBuffer) view).put(0, (byte[]) values, 0, count);
            case CHAR -> ((CharBuffer) view).put(0, (char[]) values, 0, count);
            case SHORT -> ((ShortBuffer) view).put(0, (short[]) values, 0, count);
            case INT -> ((IntBuffer) view).put(0, (int[]) values, 0, count);
            case LONG -> ((LongBuffer) view).put(0, (long[]) values, 0, count);
            case FLOAT -> ((FloatBuffer) view).put(0, (float[]) values, 0, count);
            case DOUBLE -> ((DoubleBuffer) view).put(0, (double[]) values, 0, count);
            case BOOLEAN -> {
                boolean[] b = (boolean[]) values;
                ByteBuffer memory = (ByteBuffer) view;
                for (int i = 0; i < count; i++) {
                    memory.put(i, b[i] ? (byte) 1 : (byte) 0);
                }
            }
            default -> throw new IllegalArgumentException("a window holds no " + type);
        }
    }

    /** The memory from byte {@code offset} on, seen as elements of {@code type}. */
    private Buffer view(ElementType type, long offset) {
        if (base instanceof ByteBuffer) {
            ByteBuffer bytesFrom = ((ByteBuffer) base).duplicate().clear().position((int) offset).slice()
                .order(ByteOrder.nativeOrder());
            return switch (type) {
                case BYTE, BOOLEAN -> bytesFrom;
                case CHAR -> bytesFrom.asCharBuffer();
                case SHORT -> bytesFrom.asShortBuffer();
                case INT -> bytesFrom.asIntBuffer();
                case LONG -> bytesFrom.asLongBuffer();
                case FLOAT -> bytesFrom.asFloatBuffer();
                case DOUBLE -> bytesFrom.asDoubleBuffer();
                default -> throw new IllegalArgumentException("a window holds no " + type);
            };
        }
        return base.duplicate().clear().position((int) (offset / held.size())).slice();
    }
}
