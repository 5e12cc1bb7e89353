package org.hympj.comm.match;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import org.agrona.UnsafeApi;
import org.junit.jupiter.api.Test;

/**
 * The objects that a rank's threads write for every message keep their fields 64 bytes from
 * any neighbour, as the JVM lays them out (JDK 15 and later fill a superclass's gaps with a
 * subclass's fields, so the padding is checked, not assumed); and the matching lock's word and
 * sleeper count, written and read by different threads, never share a line.
 */
class CacheLinePaddingTest {
    @Test
    void theLockWordAndTheSleeperCountHaveLinesOfTheirOwn() {
        long held = UnsafeApi.objectFieldOffset(MatchingLockWord.class, "held");
        long sleepers = UnsafeApi.objectFieldOffset(MatchingLockSleepers.class, "sleepers");
        long size = instanceSize(MatchingLock.class);
        assertAlone("held", held, 4, size);
        assertAlone("sleepers", sleepers, 4, size);
        assertTrue(sleepers - (held + 3) >= 64, "the lock word at " + held + " and the sleeper count at " + sleepers
            + " could share a cache line");
    }

    @Test
    void anArrivalsFieldsShareNoLineWithANeighbour() {
        assertFieldsAlone(Arrival.class, ArrivalFields.class);
    }

    @Test
    void anOperationsFieldsShareNoLineWithANeighbour() {
        assertFieldsAlone(SendOperation.class, SendOperationFields.class, Operation.class);
        assertFieldsAlone(ReceiveOperation.class, ReceiveOperationFields.class, Operation.class);
    }

    /** Every instance field that {@code holders} declare keeps 64 bytes from the edges of a {@code type}. */
    private static void assertFieldsAlone(Class<?> type, Class<?>... holders) {
        long size = instanceSize(type);
        for (Class<?> holder : holders) {
            for (Field f : holder.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    assertAlone(type.getSimpleName() + "." + f.getName(), UnsafeApi.objectFieldOffset(f), bytes(f.getType()), size);
                }
            }
        }
    }

    /** A field of {@code bytes} at {@code offset} shares no 64-byte line with whatever lies before or after the object. */
    private static void assertAlone(String field, long offset, int bytes, long instanceSize) {
        assertTrue(offset >= 63, field + " at offset " + offset + " may share a line with the object before");
        assertTrue(instanceSize - (offset + bytes - 1) >= 64,
            field + " at offset " + offset + " may share a line with the object after (instance size " + instanceSize + ")");
    }

    /** The instance size as the JVM lays it out: the end of its last field, rounded to the 8-byte object alignment. */
    private static long instanceSize(Class<?> type) {
        long end = 12;
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    end = Math.max(end, UnsafeApi.objectFieldOffset(f) + bytes(f.getType()));
                }
            }
        }
        return (end + 7) & -8;
    }

    private static int bytes(Class<?> type) {
        if (type == long.class || type == double.class) {
            return 8;
        }
        if (type == byte.class || type == boolean.class) {
            return 1;
        }
        if (type == short.class || type == char.class) {
            return 2;
        }
        // int, float, and references: 4 bytes with compressed pointers; where they take 8, counting 4 only makes the checks stricter.
        return 4;
    }
}
