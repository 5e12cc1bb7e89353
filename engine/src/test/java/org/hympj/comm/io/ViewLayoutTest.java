package org.hympj.comm.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;
import org.junit.jupiter.api.Test;

/** A view's bytes: where each data byte lies in the file, how far a run goes, and the views MPI refuses. */
class ViewLayoutTest {
    private static final TypeMap INT = TypeMap.basic(ElementType.INT, 1, "int");
    private static final TypeMap DOUBLE = TypeMap.basic(ElementType.DOUBLE, 1, "double");

    /** Two blocks of 3 ints, 5 ints apart, tiled every 10 ints: data bytes 0..11 and 12..23 of each tile. */
    private static ViewLayout strided(long displacement) {
        TypeMap vector = TypeMap.hvector("test", 2, 3, 5, INT).resized(0, 10);
        return ViewLayout.of("test", displacement, INT, vector, DataRepresentation.NATIVE);
    }

    @Test
    void dataBytesMapThroughTheRunsOfEachTile() {
        ViewLayout v = strided(100);
        assertEquals(100, v.fileOffset(0));
        assertEquals(108, v.fileOffset(8));
        assertEquals(120, v.fileOffset(12), "the second run starts 5 ints into the tile");
        assertEquals(140, v.fileOffset(24), "the second tile starts 10 ints after the first");
        assertEquals(168, v.fileOffset(44), "data byte 20 of the second tile is 8 bytes into its second run");
        assertEquals(8, v.contiguousFrom(4));
        assertEquals(12, v.contiguousFrom(12));
        assertEquals(4, v.etypeBytes());
    }

    @Test
    void theEndOfAFileCountsTheDataBytesBelowIt() {
        ViewLayout v = strided(100);
        assertEquals(0, v.dataBelow(50));
        assertEquals(0, v.dataBelow(100));
        assertEquals(8, v.dataBelow(108));
        assertEquals(12, v.dataBelow(119), "bytes in the gap between runs are no data");
        assertEquals(24, v.dataBelow(140));
        assertEquals(36, v.dataBelow(152));
    }

    @Test
    void aContiguousViewIsTheFileFromItsDisplacement() {
        ViewLayout v = ViewLayout.of("test", 16, INT, INT, DataRepresentation.NATIVE);
        assertEquals(16 + 4_000_000_000L, v.fileOffset(4_000_000_000L));
        assertEquals(Long.MAX_VALUE - 64, v.contiguousFrom(64));
        assertEquals(84, v.dataBelow(100));
        assertEquals(5, ViewLayout.BYTES.fileOffset(5));
    }

    private static void refused(int errorClass, Runnable view) {
        EngineException e = assertThrows(EngineException.class, view::run);
        assertEquals(errorClass, e.errorClass(), e.getMessage());
    }

    @Test
    void viewsMpiDoesNotAllowAreRefusedWithTheirClass() {
        refused(ErrorClass.ERR_ARG, () -> strided(-4));
        refused(ErrorClass.ERR_TYPE, () -> ViewLayout.of("test", 0, DOUBLE, TypeMap.hvector("test", 1, 3, 3, INT),
            DataRepresentation.NATIVE));
        refused(ErrorClass.ERR_TYPE, () -> ViewLayout.of("test", 0, INT, TypeMap.hindexed("test", new int[] {1, 1},
            new int[] {4, 0}, INT), DataRepresentation.NATIVE));
        refused(ErrorClass.ERR_TYPE, () -> ViewLayout.of("test", 0, INT, TypeMap.hvector("test", 2, 3, 5, INT).resized(0, 6),
            DataRepresentation.NATIVE));
        refused(ErrorClass.ERR_TYPE, () -> ViewLayout.of("test", 0, INT, TypeMap.hindexed("test", new int[] {1},
            new int[] {-1}, INT).resized(0, 1), DataRepresentation.NATIVE));
        refused(ErrorClass.ERR_UNSUPPORTED_DATAREP, () -> DataRepresentation.named("test", "big-endian"));
    }
}
