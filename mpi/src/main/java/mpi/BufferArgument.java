package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import org.hympj.comm.data.ArrayMemory;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.TypeMap;

/**
 * A buffer argument of the Open MPI face, resolved to the Java array and element offset that
 * the engine moves elements of. The engine works on arrays only (it addresses elements the way
 * {@code Unsafe} addresses array memory), and Open MPI's API takes arrays and {@code java.nio}
 * buffers alike:
 *
 * <ul>
 *   <li>an array of the datatype's element type is used in place, from element 0;</li>
 *   <li>a heap buffer of that element type is used in place: its backing array, from its
 *       array offset;</li>
 *   <li>any other buffer (a direct buffer, or a {@code ByteBuffer} used with a datatype that is
 *       not of bytes) is staged: the elements the items span are copied into a new array
 *       before the call ({@link #forSend}, {@link #forUpdate}), or into an array the calling
 *       thread keeps for a window's operation ({@link #forWindow}, {@link StagingArrays}), and
 *       back into the buffer after a call that writes it completes ({@link #copyBack}); a
 *       window's put or get of a contiguous datatype copies a direct buffer of bytes or of the
 *       datatype's own element type in place instead ({@link #inPlace}).</li>
 *   <li>a primitive array of another element type is staged too, byte for byte: Open MPI's
 *       Java treats an array as the memory it occupies, so {@code recv(ints, 8, MPI.BYTE, ...)}
 *       writes the bytes of an {@code int[]}. An {@code Object[]}, or an array used with a
 *       datatype of objects, is not memory and is left to the type check (ERR_TYPE).</li>
 * </ul>
 *
 * <p>As in Open MPI, a buffer is used from its start to its capacity, and its position and
 * limit are ignored: a program shifts the start with {@code MPI.slice}. A {@code ByteBuffer}'s bytes are read and written
 * in the platform's order, as the memory of a C program would be, whatever order the buffer
 * object was given.
 *
 * <p>Invariant: {@link #forSend}, {@link #forUpdate} and {@link #forWindow} return {@code buf}
 * itself, a buffer's own backing array, or a staging array (fresh, or the thread's own for a
 * window); {@link #inPlace} returns {@code buf} or null; {@link #copyBack} writes to {@code buf}
 * only when it was handed a staging array for that buffer, so calling it for an in-place
 * argument does nothing.
 */
final class BufferArgument {
    private BufferArgument() {
    }

    /** The array whose elements a send of {@code count} items of {@code type} from {@code buf} reads. */
    static Object forSend(String call, Object buf, int count, Datatype type) {
        return resolve(call, buf, count, type, -1);
    }

    /**
     * The array that a call writes, or reads and writes: a receive's buffer, an in-place or a
     * root's. A staged buffer is copied in too, so that copying it back after the call leaves
     * the elements the call did not write (gaps of a derived type, the rest of a buffer that
     * a shorter message did not fill) as they were.
     */
    static Object forUpdate(String call, Object buf, int count, Datatype type) {
        return resolve(call, buf, count, type, -1);
    }

    /**
     * As {@link #forUpdate}, for a call that is done with the array when it returns (a window's
     * operation): a buffer it stages goes into the calling thread's array of {@code slot} of
     * {@link StagingArrays}, which may be longer than the items span.
     */
    static Object forWindow(String call, Object buf, int count, Datatype type, int slot) {
        return resolve(call, buf, count, type, slot);
    }

    /**
     * {@code buf} itself (with its limit at its capacity), for a call that copies the elements
     * of {@code count} items of a contiguous {@code type} to or from it in place (a window's put
     * or get): a buffer with no array of the type's elements that holds them without a view, a
     * ByteBuffer for bytes or a buffer of the type's own element type. Null for any other
     * argument, which the call resolves to an array.
     */
    static Buffer inPlace(String call, Object buf, int count, Datatype type) {
        if (!(buf instanceof Buffer) || type == null || !type.map.contiguous) {
            return null;
        }
        Buffer b = (Buffer) buf;
        ElementType base = type.map.base;
        if (b.hasArray() && type.map.accepts(b.array()) || base == ElementType.BOOLEAN
            || (b instanceof ByteBuffer ? base != ElementType.BYTE : typedView(b, base) == null)) {
            return null;
        }
        checkSpan(call, count, type, b.capacity());
        return whole(b);
    }

    /** The element offset, in {@code array(buf)}, at which {@code buf}'s item 0 starts. */
    static int offset(Object buf, Object resolved) {
        if (resolved != buf && buf instanceof Buffer && ((Buffer) buf).hasArray() && ((Buffer) buf).array() == resolved) {
            return ((Buffer) buf).arrayOffset();
        }
        return 0;
    }

    /** True when a call must copy {@code resolved} back into {@code buf} after receiving into it. */
    static boolean staged(Object buf, Object resolved) {
        return resolved != buf && !(buf instanceof Buffer && ((Buffer) buf).hasArray() && ((Buffer) buf).array() == resolved);
    }

    /** Copies the elements a receive wrote into a staging array back into the buffer it stands for. */
    static void copyBack(Object buf, Object resolved, Datatype type) {
        copyBack(buf, resolved, type, java.lang.reflect.Array.getLength(resolved));
    }

    /** As above, for the first {@code n} elements of {@code resolved}: the span of {@link #forWindow}'s items. */
    static void copyBack(Object buf, Object resolved, Datatype type, int n) {
        if (!staged(buf, resolved)) {
            return;
        }
        ElementType base = type.map.base;
        if (!(buf instanceof Buffer)) {
            ArrayMemory.copyBytes(resolved, base, buf, ElementType.ofPrimitiveArray(buf), (long) n * base.size());
            return;
        }
        Buffer view = typedView((Buffer) buf, base);
        switch (base) {
            case BYTE -> ((ByteBuffer) view).put(0, (byte[]) resolved, 0, n);
            case CHAR -> ((CharBuffer) view).put(0, (char[]) resolved, 0, n);
            case SHORT -> ((ShortBuffer) view).put(0, (short[]) resolved, 0, n);
            case INT -> ((IntBuffer) view).put(0, (int[]) resolved, 0, n);
            case LONG -> ((LongBuffer) view).put(0, (long[]) resolved, 0, n);
            case FLOAT -> ((FloatBuffer) view).put(0, (float[]) resolved, 0, n);
            case DOUBLE -> ((DoubleBuffer) view).put(0, (double[]) resolved, 0, n);
            case BOOLEAN -> {
                boolean[] b = (boolean[]) resolved;
                ByteBuffer bytes = (ByteBuffer) view;
                for (int i = 0; i < n; i++) {
                    bytes.put(i, b[i] ? (byte) 1 : (byte) 0);
                }
            }
            default -> throw new IllegalStateException("no buffer holds " + base);
        }
    }

    /** The array for {@code buf}; one it stages is new, or the calling thread's of {@code slot} of {@link StagingArrays} unless it is -1. */
    private static Object resolve(String call, Object buf, int count, Datatype type, int slot) {
        if (type == null) {
            throw new MPIException(MPI.ERR_TYPE, call + ": datatype is null");
        }
        TypeMap map = type.map;
        if (!(buf instanceof Buffer)) {
            return buf == null || map.accepts(buf) ? buf : arrayAsMemory(call, buf, count, type);
        }
        Buffer b = (Buffer) buf;
        if (b.hasArray() && map.accepts(b.array())) {
            return b.array();
        }
        ElementType base = map.base;
        if (base.isObject()) {
            throw new MPIException(MPI.ERR_TYPE, call + ": datatype " + type + " moves Java objects, which only an Object[] holds, not a "
                + buf.getClass().getSimpleName());
        }
        Buffer view = typedView(b, base);
        if (view == null) {
            throw new MPIException(MPI.ERR_TYPE, call + ": datatype " + type + " needs a ByteBuffer or a buffer or array of "
                + base.arrayTypeName() + " elements, got " + buf.getClass().getSimpleName());
        }
        int span = checkSpan(call, count, type, view.capacity());
        Object staging = slot < 0 ? base.newArray(span) : StagingArrays.array(slot, base, span);
        switch (base) {
            case BYTE -> ((ByteBuffer) view).get(0, (byte[]) staging, 0, span);
            case CHAR -> ((CharBuffer) view).get(0, (char[]) staging, 0, span);
            case SHORT -> ((ShortBuffer) view).get(0, (short[]) staging, 0, span);
            case INT -> ((IntBuffer) view).get(0, (int[]) staging, 0, span);
            case LONG -> ((LongBuffer) view).get(0, (long[]) staging, 0, span);
            case FLOAT -> ((FloatBuffer) view).get(0, (float[]) staging, 0, span);
            case DOUBLE -> ((DoubleBuffer) view).get(0, (double[]) staging, 0, span);
            case BOOLEAN -> {
                boolean[] s = (boolean[]) staging;
                ByteBuffer bytes = (ByteBuffer) view;
                for (int i = 0; i < span; i++) {
                    s[i] = bytes.get(i) != 0;
                }
            }
            default -> throw new IllegalStateException("no buffer holds " + base);
        }
        return staging;
    }

    /**
     * A staging array of {@code type}'s element type holding the bytes of the primitive array
     * {@code buf} that {@code count} items span; {@code buf} itself if it is no primitive array
     * or the datatype moves objects, so that the type check refuses it.
     */
    private static Object arrayAsMemory(String call, Object buf, int count, Datatype type) {
        ElementType held = ElementType.ofPrimitiveArray(buf);
        ElementType base = type.map.base;
        if (held == null || base.isObject()) {
            return buf;
        }
        int span = span(call, count, type);
        long bytes = (long) span * base.size();
        long capacity = (long) java.lang.reflect.Array.getLength(buf) * held.size();
        if (bytes > capacity) {
            throw new MPIException(MPI.ERR_BUFFER, call + ": " + count + " items of " + type + " span " + bytes
                + " bytes but the " + held.arrayTypeName() + " buffer holds " + capacity + " bytes");
        }
        Object staging = base.newArray(span);
        ArrayMemory.copyBytes(buf, held, staging, base, bytes);
        return staging;
    }

    /** The span of {@code count} items of {@code type}; {@code ERR_BUFFER} if it exceeds a buffer's {@code capacity} elements. */
    private static int checkSpan(String call, int count, Datatype type, int capacity) {
        int span = span(call, count, type);
        if (span > capacity) {
            throw new MPIException(MPI.ERR_BUFFER, call + ": " + count + " items of " + type + " span " + span + " elements of "
                + type.map.base.arrayTypeName() + " but the buffer holds " + capacity);
        }
        return span;
    }

    /** The elements of the base type that {@code count} items of {@code type} reach, from item 0's start. */
    static int span(String call, int count, Datatype type) {
        TypeMap map = type.map;
        if (count < 0) {
            throw new MPIException(MPI.ERR_COUNT, call + ": count must not be negative, got " + count);
        }
        if (count == 0 || map.width == 0) {
            return 0;
        }
        if (map.low < 0) {
            throw new MPIException(MPI.ERR_BUFFER, call + ": datatype " + type + " reaches before the start of a buffer; "
                + "a buffer argument is used from its start and cannot be addressed below it (pass MPI.slice(buf, offset))");
        }
        long end = (long) (count - 1) * map.extent + map.high;
        if (end > Integer.MAX_VALUE) {
            throw new MPIException(MPI.ERR_COUNT, call + ": " + count + " items of " + type + " reach beyond 2^31 elements");
        }
        return (int) end;
    }

    /**
     * {@code b} seen as a buffer of {@code base} elements from its start (its position and limit
     * ignored), or null if it cannot be: a ByteBuffer can be seen as any element type, in the
     * platform's byte order; another buffer only as its own element type.
     */
    private static Buffer typedView(Buffer b, ElementType base) {
        if (b instanceof ByteBuffer) {
            if (base == ElementType.BYTE || base == ElementType.BOOLEAN) {
                return whole(b);
            }
            ByteBuffer bytes = ((ByteBuffer) b).duplicate().clear().order(ByteOrder.nativeOrder());
            return switch (base) {
                case CHAR -> bytes.asCharBuffer();
                case SHORT -> bytes.asShortBuffer();
                case INT -> bytes.asIntBuffer();
                case LONG -> bytes.asLongBuffer();
                case FLOAT -> bytes.asFloatBuffer();
                case DOUBLE -> bytes.asDoubleBuffer();
                default -> null;
            };
        }
        boolean same = switch (base) {
            case CHAR -> b instanceof CharBuffer;
            case SHORT -> b instanceof ShortBuffer;
            case INT -> b instanceof IntBuffer;
            case LONG -> b instanceof LongBuffer;
            case FLOAT -> b instanceof FloatBuffer;
            case DOUBLE -> b instanceof DoubleBuffer;
            default -> false;
        };
        return same ? whole(b) : null;
    }

    /**
     * {@code b} with its limit at its capacity, for the absolute bulk operations that read and
     * write a buffer from its start: {@code b} itself if it has its limit there (the buffer is
     * not changed, so other threads may use it at once), else a duplicate.
     */
    private static Buffer whole(Buffer b) {
        return b.limit() == b.capacity() ? b : b.duplicate().clear();
    }
}
