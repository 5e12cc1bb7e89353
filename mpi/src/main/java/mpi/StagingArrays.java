package mpi;

import java.lang.reflect.Array;
import org.hympj.comm.data.ElementType;

/**
 * The arrays in which a thread stages the buffers of its one-sided operations that the engine
 * cannot use in place (an accumulate's origin and result, a ByteBuffer seen as elements of
 * another type, a datatype with gaps), kept from one operation to the next, so that a warm
 * operation makes no array. A window's operation is complete at the origin when its engine
 * call returns, so the engine is done with the array by then, and a thread makes one call at a
 * time.
 *
 * <p>Invariant: a thread's array of one slot and element type serves one call at a time, its
 * own; a call that stages two buffers at once (an origin and a result) takes them from two
 * slots. Arrays of more than {@link #KEPT_BYTES} bytes are made for their call and not kept,
 * so a thread keeps at most that much per slot and element type.
 */
final class StagingArrays {
    /** The slot of an operation's origin buffer. */
    static final int ORIGIN = 0;
    /** The slot of an operation's result buffer. */
    static final int RESULT = 1;
    private static final int SLOTS = 2;
    private static final int KEPT_BYTES = 64 << 10;
    private static final ThreadLocal<Object[]> ARRAYS = ThreadLocal.withInitial(() -> new Object[SLOTS * ElementType.COUNT]);

    private StagingArrays() {
    }

    /** An array of at least {@code length} elements of {@code type}, the calling thread's of {@code slot} if it keeps one. */
    static Object array(int slot, ElementType type, int length) {
        if ((long) length * type.size() > KEPT_BYTES) {
            return type.newArray(length);
        }
        Object[] kept = ARRAYS.get();
        int at = slot * ElementType.COUNT + type.ordinal();
        Object array = kept[at];
        if (array == null || Array.getLength(array) < length) {
            array = type.newArray(length);
            kept[at] = array;
        }
        return array;
    }
}
