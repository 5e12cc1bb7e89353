package org.hympj.comm.rma;

import java.lang.reflect.Array;
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
 * <p>Its views of the memory, one per element type it holds, are made once and their position
 * and limit never change: every access is an absolute bulk operation on them, so threads read
 * and write at once and an access makes no object (but one at a byte offset that is no
 * multiple of its element's size, which makes a view of its own). Making a read-modify-write atomic is its
 * window's business (its {@code applying} lock, and a shared window's lock words); the
 * {@link #scratch} array of a read-modify-write is used under that lock only.
 */
final class WindowMemory {
    /** The largest scratch array, in elements, kept for the next read-modify-write; a longer one is made for its operation. */
    private static final int KEPT_SCRATCH = 4096;

    private final Buffer base;
    /** The element type the buffer holds: BYTE for a ByteBuffer, which holds any. */
    private final ElementType held;
    private final long bytes;
    /** The memory from byte 0 seen as elements of each type it holds, by ordinal; null for the others. */
    private final Buffer[] views = new Buffer[ElementType.COUNT];
    /** The arrays of small read-modify-writes, by element type's ordinal; guarded by the window's lock for them. */
    private final Object[] scratch = new Object[ElementType.COUNT];

    WindowMemory(Buffer base) {
        this.base = base;
        this.held = elementTypeOf(base);
        this.bytes = base == null ? 0 : (long) base.capacity() * held.size();
        if (base instanceof ByteBuffer) {
            for (int t = 0; t < ElementType.COUNT; t++) {
                views[t] = ElementType.of(t).isObject() ? null : view(ElementType.of(t), 0);
            }
        } else if (base != null) {
            views[held.ordinal()] = view(held, 0);
        }
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

    /**
     * An array of at least {@code count} elements of {@code type} for a read-modify-write of
     * this memory, by a thread that holds the lock that makes it atomic: the same array for
     * every small one.
     */
    Object scratch(ElementType type, int count) {
        Object kept = scratch[type.ordinal()];
        if (kept != null && Array.getLength(kept) >= count) {
            return kept;
        }
        Object made = type.newArray(count);
        if (count <= KEPT_SCRATCH) {
            scratch[type.ordinal()] = made;
        }
        return made;
    }

    /**
     * Reads {@code count} elements of {@code type} from byte {@code offset} into {@code into}
     * from its element {@code at}: an array of {@code type}, or a buffer of it (a ByteBuffer for
     * bytes), whose position and limit the read leaves as they are.
     */
    void read(ElementType type, long offset, Object into, int at, int count) {
        boolean aligned = offset % type.size() == 0;
        Buffer view = aligned ? views[type.ordinal()] : view(type, offset);
        int index = aligned ? (int) (offset / type.size()) : 0;
        if (into instanceof Buffer buffer) {
            copy(type, view, index, buffer, at, count);
        } else {
            get(type, view, index, into, at, count);
        }
    }

    /**
     * Writes {@code count} elements of {@code values} from its element {@code from} at byte
     * {@code offset}: an array of {@code type}, or a buffer of it (a ByteBuffer for bytes).
     */
    void write(ElementType type, long offset, Object values, int from, int count) {
        boolean aligned = offset % type.size() == 0;
        Buffer view = aligned ? views[type.ordinal()] : view(type, offset);
        int index = aligned ? (int) (offset / type.size()) : 0;
        if (values instanceof Buffer buffer) {
            copy(type, buffer, from, view, index, count);
        } else {
            put(type, view, index, values, from, count);
        }
    }

    /**
     * Reads {@code count} elements of {@code type} from {@code buffer}'s element {@code index}
     * (a ByteBuffer for bytes and booleans, else a buffer of {@code type}) into the array
     * {@code into} from {@code at}, by an absolute bulk copy.
     */
    static void get(ElementType type, Buffer buffer, int index, Object into, int at, int count) {
        switch (type) {
            case BYTE -> ((ByteBuffer) buffer).get(index, (byte[]) into, at, count);
            case CHAR -> ((CharBuffer) buffer).get(index, (char[]) into, at, count);
            case SHORT -> ((ShortBuffer) buffer).get(index, (short[]) into, at, count);
            case INT -> ((IntBuffer) buffer).get(index, (int[]) into, at, count);
            case LONG -> ((LongBuffer) buffer).get(index, (long[]) into, at, count);
            case FLOAT -> ((FloatBuffer) buffer).get(index, (float[]) into, at, count);
            case DOUBLE -> ((DoubleBuffer) buffer).get(index, (double[]) into, at, count);
            case BOOLEAN -> {
                boolean[] b = (boolean[]) into;
                ByteBuffer memory = (ByteBuffer) buffer;
                for (int i = 0; i < count; i++) {
                    b[at + i] = memory.get(index + i) != 0;
                }
            }
            default -> throw new IllegalArgumentException("a window holds no " + type);
        }
    }

    /** Writes {@code count} elements of the array {@code values} from {@code from} into {@code buffer} from its element {@code index}; as {@link #get}. */
    static void put(ElementType type, Buffer buffer, int index, Object values, int from, int count) {
        switch (type) {
            case BYTE -> ((ByteBuffer) buffer).put(index, (byte[]) values, from, count);
            case CHAR -> ((CharBuffer) buffer).put(index, (char[]) values, from, count);
            case SHORT -> ((ShortBuffer) buffer).put(index, (short[]) values, from, count);
            case INT -> ((IntBuffer) buffer).put(index, (int[]) values, from, count);
            case LONG -> ((LongBuffer) buffer).put(index, (long[]) values, from, count);
            case FLOAT -> ((FloatBuffer) buffer).put(index, (float[]) values, from, count);
            case DOUBLE -> ((DoubleBuffer) buffer).put(index, (double[]) values, from, count);
            case BOOLEAN -> {
                boolean[] b = (boolean[]) values;
                ByteBuffer memory = (ByteBuffer) buffer;
                for (int i = 0; i < count; i++) {
                    memory.put(index + i, b[from + i] ? (byte) 1 : (byte) 0);
                }
            }
            default -> throw new IllegalArgumentException("a window holds no " + type);
        }
    }

    /** Copies {@code count} elements of {@code type} from {@code from}'s element {@code at} into {@code to}'s element {@code index}. */
    private static void copy(ElementType type, Buffer from, int at, Buffer to, int index, int count) {
        switch (type) {
            case BYTE -> ((ByteBuffer) to).put(index, (ByteBuffer) from, at, count);
            case CHAR -> ((CharBuffer) to).put(index, (CharBuffer) from, at, count);
            case SHORT -> ((ShortBuffer) to).put(index, (ShortBuffer) from, at, count);
            case INT -> ((IntBuffer) to).put(index, (IntBuffer) from, at, count);
            case LONG -> ((LongBuffer) to).put(index, (LongBuffer) from, at, count);
            case FLOAT -> ((FloatBuffer) to).put(index, (FloatBuffer) from, at, count);
            case DOUBLE -> ((DoubleBuffer) to).put(index, (DoubleBuffer) from, at, count);
            default -> throw new IllegalArgumentException("no buffer of " + type + " is copied in place");
        }
    }

    /**
     * The memory from byte {@code offset} on, seen as elements of {@code type}: made once for
     * offset 0, and for an access whose offset is no multiple of its element's size.
     */
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
