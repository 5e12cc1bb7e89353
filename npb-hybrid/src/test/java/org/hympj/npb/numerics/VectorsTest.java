package org.hympj.npb.numerics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When the numerics use vectors, and what the report says when they do not. */
class VectorsTest {
    private static final java.util.function.IntSupplier NOT_ASKED = () -> {
        throw new AssertionError("the lanes are asked only when the module is there");
    };

    @Test
    void withoutTheModuleTheLanesAreNotAsked() {
        assertEquals("java --add-modules jdk.incubator.vector for vectors", Vectors.offReason(false, null, NOT_ASKED));
        assertEquals("java --add-modules jdk.incubator.vector for vectors", Vectors.offReason(false, "true", NOT_ASKED));
    }

    @Test
    void thePropertyTurnsThemOff() {
        assertEquals("-Dhympj.npb.vectors=false", Vectors.offReason(true, "false", NOT_ASKED));
    }

    @Test
    void vectorsOfTwoDoublesAreTooNarrow() {
        assertEquals("this CPU's vectors hold 2 doubles, too few to pay", Vectors.offReason(true, null, () -> 2));
        assertNull(Vectors.offReason(true, null, () -> 4));
        assertNull(Vectors.offReason(true, "true", () -> 8));
    }

    @Test
    void thisJvmHasThemAsSurefireStartsIt() {
        assertTrue(Vectors.ON, "surefire gives npb-hybrid's tests the module, and this CPU's vectors are wide: " + Vectors.offReason());
        assertNull(Vectors.offReason());
    }
}
