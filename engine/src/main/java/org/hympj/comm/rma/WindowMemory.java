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
 * <p>Holds no state that changes: each access works on a view of its own, so threads may read
 * and write at once; making a read-modify-write atomic is its window's business (its
 * {@code applying} lock, and a shared window's lock words).
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

    ElementType held() {
        return held;
    }

    long bytes() {
        return bytes;
    }

    /** {@code count} elements of {@code type} from byte {@code offset}, in a new array. */
    Object read(ElementType type, long offset, int count) {
        Object values = type.newArray(count);
        read(type, offset, values, 0, count);
        return values;
    }

    /** Reads {@code count} elements of {@code type} from byte {@code offset} into {@code into}, an array of {@code type}, from {@code at}. */
    void read(ElementType type, long offset, Object into, int at, int count) {
        Buffer view = view(type, offset);
        switch (type) {
            case BYTE -> ((ByteBuffer) view).get(0, (byte[]) into, at, count);
            case CHAR -> ((CharBuffer) view).get(0, (char[]) into, at, count);
            case SHORT -> ((ShortBuffer) view).get(0, (short[]) into, at, count);
            case INT -> ((IntBuffer) view).get(0, (int[]) into, at, count);
            case LONG -> ((LongBuffer) view).get(0, (long[]) into, at, count);
            case FLOAT -> ((FloatBuffer) view).get(0, (float[]) into, at, count);
            case DOUBLE -> ((DoubleBuffer) view).get(0, (double[]) into, at, count);
            case BOOLEAN -> {
                boolean[] b = (boolean[]) into;
                ByteBuffer memory = (ByteBuffer) view;
                for (int i = 0; i < count; i++) {
                    b[at + i] = memory.get(i) != 0;
                }
            }
            default -> throw new IllegalArgumentException("a window holds no " + type);
        }
    }

    /** Writes {@code count} elements of {@code values}, an array of {@code type}, from {@code from}, at byte {@code offset}. */
    void write(ElementType type, long offset, Object values, int from, int count) {
        Buffer view = view(type, offset);
        switch (type) {
            case BYTE -> ((ByteBuffer) view).put(0, (byte[]) values, from, count);
            case CHAR -> ((CharBuffer) view).put(0, (char[]) values, from, count);
            case SHORT -> ((ShortBuffer) view).put(0, (short[]) values, from, count);
            case INT -> ((IntBuffer) view).put(0, (int[]) values, from, count);
            case LONG -> ((LongBuffer) view).put(0, (long[]) values, from, count);
            case FLOAT -> ((FloatBuffer) view).put(0, (float[]) values, from, count);
            case DOUBLE -> ((DoubleBuffer) view).put(0, (double[]) values, from, count);
            case BOOLEAN -> {
                boolean[] b = (boolean[]) values;
                ByteBuffer memory = (ByteBuffer) view;
                for (int i = 0; i < count; i++) {
                    memory.put(i, b[from + i] ? (byte) 1 : (byte) 0);
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
