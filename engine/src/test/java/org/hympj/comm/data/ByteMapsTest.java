package org.hympj.comm.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;
import org.junit.jupiter.api.Test;

/** Open MPI's byte-displacement structs, the C-layout value-index pairs and complex numbers, as typemaps and in reductions. */
class ByteMapsTest {
    private static final TypeMap INT = TypeMap.basic(ElementType.INT, 1, "INT");
    private static final TypeMap DOUBLE = TypeMap.basic(ElementType.DOUBLE, 1, "DOUBLE");
    private static final TypeMap CHAR = TypeMap.basic(ElementType.CHAR, 1, "CHAR");

    @Test
    void aStructOfOneBaseOnWholeElementsIsAnElementMap() {
        TypeMap ints = TypeMap.cStruct(new int[] {2, 1}, new int[] {0, 12}, new TypeMap[] {INT, INT});
        assertSame(ElementType.INT, ints.base);
        assertEquals(4, ints.extent);
        assertEquals(3, ints.width);
    }

    @Test
    void aStructOfMixedBasesIsAMapOfBytesPaddedToItsAlignment() {
        TypeMap mixed = TypeMap.cStruct(new int[] {1, 1}, new int[] {0, 8}, new TypeMap[] {INT, DOUBLE});
        assertSame(ElementType.BYTE, mixed.base);
        assertEquals(16, mixed.extent);
        assertEquals(12, mixed.width);
        assertEquals(8, mixed.alignment);
        assertEquals(4, mixed.basicElements(24), "two items of an int and a double");
        assertEquals(3, mixed.basicElements(16), "an item and the next one's int");
        assertEquals(-1, mixed.basicElements(14), "the bytes end inside the double");
        assertEquals(3, INT.basicElements(3), "an element map's elements are its basic elements");
        TypeMap intAndChar = TypeMap.cStruct(new int[] {1, 1}, new int[] {0, 4}, new TypeMap[] {INT, CHAR});
        assertEquals(8, intAndChar.extent, "the int's alignment pads the 6 bytes to 8");
        TypeMap unaligned = TypeMap.cStruct(new int[] {1}, new int[] {2}, new TypeMap[] {INT});
        assertSame(ElementType.BYTE, unaligned.base, "an int between two ints lies in bytes");
        assertEquals(2, unaligned.lb);
        EngineException objects = assertThrows(EngineException.class, () -> TypeMap.cStruct(new int[] {1}, new int[] {0},
            new TypeMap[] {TypeMap.basic(ElementType.OBJECT, 1, "OBJECT")}));
        assertEquals(ErrorClass.ERR_TYPE, objects.errorClass());
    }

    @Test
    void valueIndexPairsHaveTheirCLayout() {
        TypeMap doubleInt = TypeMap.valueIndexPair(Compound.DOUBLE_INT, "DOUBLE_INT");
        assertEquals(16, doubleInt.extent);
        assertEquals(12, doubleInt.width);
        assertEquals(4, doubleInt.basicElements(24));
        assertEquals(4, TypeMap.hvector("Contiguous", 2, 1, 16, doubleInt).basicElements(24));
        TypeMap shortInt = TypeMap.valueIndexPair(Compound.SHORT_INT, "SHORT_INT");
        assertEquals(8, shortInt.extent);
        assertEquals(6, shortInt.width);
        assertFalse(shortInt.contiguous);
        assertTrue(TypeMap.valueIndexPair(Compound.FLOAT_INT, "FLOAT_INT").contiguous);
        assertSame(Compound.DOUBLE_INT, doubleInt.packedForm().compound);
        TypeMap two = TypeMap.hvector("Contiguous", 2, 1, 16, doubleInt);
        assertSame(Compound.DOUBLE_INT, two.compound, "a type made of one pair type reduces as pairs");
        assertNull(TypeMap.cStruct(new int[] {1, 1}, new int[] {0, 16}, new TypeMap[] {doubleInt, INT}).compound);
    }

    @Test
    void maxlocAndMinlocComparePackedBytePairsByValueThenIndex() {
        TypeMap packed = TypeMap.valueIndexPair(Compound.SHORT_INT, "SHORT_INT").packedForm();
        assertTrue(ReductionOps.appliesTo(ReductionOps.MAXLOC, packed));
        assertFalse(ReductionOps.appliesTo(ReductionOps.SUM, packed));
        byte[] acc = pairs((short) 5, 3, (short) -2, 4);
        byte[] in = pairs((short) 5, 1, (short) -9, 0);
        ReductionOps.combine(ReductionOps.MAXLOC, packed, in, 0, acc, 0, 2);
        assertPair(acc, 0, (short) 5, 1);
        assertPair(acc, 1, (short) -2, 4);
        ReductionOps.combine(ReductionOps.MINLOC, packed, in, 0, acc, 0, 2);
        assertPair(acc, 1, (short) -9, 0);
    }

    @Test
    void complexNumbersMultiplyAsComplexNumbers() {
        TypeMap complex = TypeMap.complex(ElementType.DOUBLE, "DOUBLE_COMPLEX");
        assertTrue(ReductionOps.appliesTo(ReductionOps.PROD, complex));
        assertFalse(ReductionOps.appliesTo(ReductionOps.MAX, complex));
        double[] acc = {1, 2, 3, 0};
        ReductionOps.combine(ReductionOps.PROD, complex, new double[] {3, 4, 0, 1}, 0, acc, 0, 2);
        assertEquals(-5, acc[0]);
        assertEquals(10, acc[1]);
        assertEquals(0, acc[2]);
        assertEquals(3, acc[3]);
        assertFalse(ReductionOps.appliesTo(ReductionOps.REPLACE, INT));
    }

    private static byte[] pairs(short v0, int i0, short v1, int i1) {
        ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.nativeOrder());
        b.putShort(0, v0).putInt(2, i0).putShort(6, v1).putInt(8, i1);
        return b.array();
    }

    private static void assertPair(byte[] packed, int p, short value, int index) {
        ByteBuffer b = ByteBuffer.wrap(packed).order(ByteOrder.nativeOrder());
        assertEquals(value, b.getShort(p * 6));
        assertEquals(index, b.getInt(p * 6 + 2));
    }
}
