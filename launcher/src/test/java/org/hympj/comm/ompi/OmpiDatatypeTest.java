package org.hympj.comm.ompi;

import static org.hympj.comm.ompi.OmpiEnvironmentTest.raises;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import mpi.Datatype;
import mpi.MPI;
import mpi.OmpiTransfers;
import mpi.Status;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Open MPI's datatype constructors and queries: units (elements of the base, bytes for
 * structs and C-layout pairs), byte displacements and strides, resizing, names, dup and
 * free, and derived types sent across ranks from arrays, heap and direct buffers.
 */
@Timeout(120)
public class OmpiDatatypeTest {

    public static class Datatypes {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            predefinedQueries();
            constructors();
            namesAndLifecycle();
            strided(rank);
            mixedStruct(rank);
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }

        private static void predefinedQueries() {
            assertEquals(1, MPI.INT.getExtent());
            assertEquals(1, MPI.DOUBLE.getSize());
            assertEquals(0, MPI.INT.getLb());
            assertEquals(8, MPI.INT2.getExtent(), "INT2 is a struct of two ints: its queries count bytes");
            assertEquals(8, MPI.INT2.getSize());
            assertEquals(2, MPI.INT2.Extent(), "mpiJava's Extent of INT2 counts ints");
            assertEquals(8, MPI.SHORT_INT.getExtent());
            assertEquals(6, MPI.SHORT_INT.getSize());
            assertEquals(16, MPI.LONG_INT.getExtent());
            assertEquals(12, MPI.LONG_INT.getSize());
            assertEquals(8, MPI.FLOAT_INT.getExtent());
            assertEquals(8, MPI.FLOAT_INT.getSize());
            assertEquals(16, MPI.DOUBLE_INT.getExtent());
            assertEquals(12, MPI.DOUBLE_INT.getSize());
            assertEquals(12, MPI.DOUBLE_INT.getTrueExtent());
            assertEquals(2, MPI.FLOAT_COMPLEX.getExtent());
            assertEquals(2, MPI.DOUBLE_COMPLEX.getSize());
            assertEquals(MPI.doubleInt.getExtent(), MPI.DOUBLE_INT.getExtent());
            assertEquals(MPI.shortInt.getExtent(), MPI.SHORT_INT.getExtent());
            assertEquals(MPI.longInt.getExtent(), MPI.LONG_INT.getExtent());
            assertEquals(MPI.floatInt.getExtent(), MPI.FLOAT_INT.getExtent());
            assertEquals(MPI.int2.getExtent(), MPI.INT2.getExtent());
        }

        private static void constructors() {
            assertEquals(3, Datatype.createContiguous(3, MPI.INT).getExtent());
            Datatype vector = Datatype.createVector(2, 2, 3, MPI.DOUBLE);
            assertEquals(5, vector.getExtent());
            assertEquals(4, vector.getSize());
            assertEquals(0, vector.getTrueLb());
            assertEquals(5, vector.getTrueExtent());
            Datatype hvector = Datatype.createHVector(2, 1, 16, MPI.DOUBLE);
            assertEquals(3, hvector.getExtent(), "a stride of 16 bytes is 2 doubles");
            raises(MPI.ERR_ARG, "stride of 12 bytes", () -> Datatype.createHVector(2, 1, 12, MPI.DOUBLE));
            Datatype indexed = Datatype.createIndexed(new int[] {1, 2}, new int[] {0, 3}, MPI.INT);
            assertEquals(5, indexed.getExtent());
            assertEquals(3, indexed.getSize());
            Datatype hindexed = Datatype.createHIndexed(new int[] {1, 2}, new int[] {4, 12}, MPI.INT);
            assertEquals(1, hindexed.getLb());
            assertEquals(4, hindexed.getExtent());
            raises(MPI.ERR_ARG, "displacement 1 of 6 bytes", () -> Datatype.createHIndexed(new int[] {1, 1}, new int[] {0, 6},
                MPI.INT));
            Datatype resized = Datatype.createResized(MPI.INT, 0, 16);
            assertEquals(4, resized.getExtent());
            assertEquals(1, resized.getSize());
            assertEquals(1, resized.getTrueExtent());
            raises(MPI.ERR_ARG, "extent of 6 bytes", () -> Datatype.createResized(MPI.INT, 0, 6));
            // Pairs in derived types keep counting bytes.
            assertEquals(24, Datatype.createContiguous(3, MPI.INT2).getExtent());

            Datatype mixed = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.DOUBLE});
            assertEquals(16, mixed.getExtent());
            assertEquals(12, mixed.getSize());
            assertEquals(0, mixed.getLb());
            Datatype padded = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 4}, new Datatype[] {MPI.INT, MPI.CHAR});
            assertEquals(8, padded.getExtent(), "the extent is rounded up to the int's alignment, as C pads the struct");
            assertEquals(6, padded.getSize());
            Datatype ints = Datatype.createStruct(new int[] {2, 1}, new int[] {0, 12}, new Datatype[] {MPI.INT, MPI.INT});
            assertEquals(16, ints.getExtent(), "a struct of one base type still counts bytes");
            assertEquals(12, ints.getSize());
            Datatype unaligned = Datatype.createStruct(new int[] {1}, new int[] {2}, new Datatype[] {MPI.SHORT});
            assertEquals(2, unaligned.getLb());
            raises(MPI.ERR_TYPE, "Java objects", () -> Datatype.createStruct(new int[] {1}, new int[] {0},
                new Datatype[] {MPI.OBJECT}));
            raises(MPI.ERR_ARG, "differ in number", () -> Datatype.createStruct(new int[] {1}, new int[] {0, 4},
                new Datatype[] {MPI.INT}));
        }

        private static void namesAndLifecycle() {
            assertEquals("MPI_INT", MPI.INT.getName());
            assertEquals("MPI_DOUBLE_INT", MPI.DOUBLE_INT.getName());
            Datatype row = Datatype.createContiguous(4, MPI.DOUBLE);
            assertEquals("", row.getName());
            row.setName("row");
            assertEquals("row", row.getName());
            raises(MPI.ERR_ARG, "MPI.MAX_OBJECT_NAME", () -> row.setName("n".repeat(MPI.MAX_OBJECT_NAME + 1)));

            raises(MPI.ERR_TYPE, "committed", () -> MPI.COMM_WORLD.Send(new double[4], 0, 1, row, MPI.PROC_NULL, 0));
            Datatype uncommittedCopy = row.dup();
            row.commit();
            Datatype copy = row.dup();
            MPI.COMM_WORLD.Send(new double[4], 0, 1, copy, MPI.PROC_NULL, 0);
            raises(MPI.ERR_TYPE, "committed", () -> MPI.COMM_WORLD.Send(new double[4], 0, 1, uncommittedCopy, MPI.PROC_NULL, 0));
            assertEquals(4, row.clone().getExtent());

            int key = Datatype.createKeyval();
            assertEquals(null, row.getAttr(key));
            row.setAttr(key, "halo row");
            assertEquals("halo row", row.getAttr(key));
            assertEquals("halo row", row.dup().getAttr(key), "a duplicate starts with the attributes");
            row.deleteAttr(key);
            assertEquals(null, row.getAttr(key));
            Datatype.freeKeyval(key);
            raises(MPI.ERR_KEYVAL, "keyval " + key, () -> row.setAttr(key, 1));
            raises(MPI.ERR_KEYVAL, "keyval " + key, () -> Datatype.freeKeyval(key));
            raises(MPI.ERR_KEYVAL, "keyval " + MPI.KEYVAL_INVALID, () -> MPI.INT.getAttr(MPI.KEYVAL_INVALID));

            assertFalse(copy.isNull());
            copy.free();
            assertTrue(copy.isNull());
            raises(MPI.ERR_TYPE, "freed", () -> MPI.COMM_WORLD.Send(new double[4], 0, 1, copy, MPI.PROC_NULL, 0));
            raises(MPI.ERR_TYPE, "predefined", MPI.INT::free);
            assertTrue(MPI.DATATYPE_NULL.isNull());
            assertFalse(MPI.INT.isNull());
            raises(MPI.ERR_TYPE, "DATATYPE_NULL", () -> Datatype.createContiguous(2, MPI.DATATYPE_NULL));
            raises(MPI.ERR_TYPE, "DATATYPE_NULL", () -> MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.DATATYPE_NULL, 0, 0));
        }

        /** Every fourth int, by a stride of 16 bytes: from an int[] and from a direct IntBuffer, into a direct one whose gaps stay. */
        private static void strided(int rank) {
            Datatype column = Datatype.createHVector(3, 1, 16, MPI.INT);
            column.commit();
            if (rank == 0) {
                int[] matrix = new int[12];
                IntBuffer direct = MPI.newIntBuffer(12);
                for (int i = 0; i < 12; i++) {
                    matrix[i] = i;
                    direct.put(i, 100 + i);
                }
                OmpiTransfers.send(MPI.COMM_WORLD, matrix, 1, column, 1, 1);
                OmpiTransfers.send(MPI.COMM_WORLD, direct, 1, column, 1, 2);
            } else if (rank == 1) {
                int[] packed = new int[3];
                Status s = MPI.COMM_WORLD.Recv(packed, 0, 3, MPI.INT, 0, 1);
                assertArrayEquals(new int[] {0, 4, 8}, packed);
                assertEquals(3, s.getCount(MPI.INT));
                IntBuffer into = MPI.newIntBuffer(12);
                for (int i = 0; i < 12; i++) {
                    into.put(i, -1);
                }
                s = OmpiTransfers.recv(MPI.COMM_WORLD, into, 1, column, 0, 2);
                assertEquals(1, s.getCount(column));
                assertEquals(3, s.getElements(column));
                for (int i = 0; i < 12; i++) {
                    assertEquals(i % 4 == 0 ? 100 + i : -1, into.get(i), "int " + i);
                }
            }
        }

        /** An int and a double 8 bytes on, two items in a direct ByteBuffer and in a byte[]; the padding stays the receiver's. */
        private static void mixedStruct(int rank) {
            Datatype pair = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.DOUBLE});
            pair.commit();
            int extent = pair.getExtent();
            if (rank == 0) {
                ByteBuffer out = MPI.newByteBuffer(2 * extent);
                for (int i = 0; i < 2; i++) {
                    out.putInt(i * extent, 40 + i);
                    out.putInt(i * extent + 4, 0x7777);
                    out.putDouble(i * extent + 8, 2.5 + i);
                }
                OmpiTransfers.send(MPI.COMM_WORLD, out, 2, pair, 1, 3);
                byte[] heap = new byte[2 * extent];
                MPI.slice(heap, 0).putInt(extent, 9).putDouble(extent + 8, -1.5);
                MPI.COMM_WORLD.Send(heap, 0, 2, pair, 1, 4);
            } else if (rank == 1) {
                ByteBuffer in = MPI.newByteBuffer(2 * extent);
                for (int b = 0; b < in.capacity(); b++) {
                    in.put(b, (byte) 0x55);
                }
                Status s = OmpiTransfers.recv(MPI.COMM_WORLD, in, 2, pair, 0, 3);
                assertEquals(2, s.getCount(pair));
                assertEquals(24, s.getCount(MPI.BYTE));
                assertEquals(4, s.getElements(pair), "two ints and two doubles, as C counts the struct's elements");
                for (int i = 0; i < 2; i++) {
                    assertEquals(40 + i, in.getInt(i * extent));
                    assertEquals(2.5 + i, in.getDouble(i * extent + 8));
                    assertEquals((byte) 0x55, in.get(i * extent + 4), "the gap after the int is not part of the type");
                    assertEquals((byte) 0x55, in.get(i * extent + 7));
                }
                byte[] heap = new byte[2 * extent];
                MPI.COMM_WORLD.Recv(heap, 0, 2, pair, 0, 4);
                ByteBuffer view = MPI.slice(heap, extent);
                assertEquals(9, view.getInt(0));
                assertEquals(-1.5, view.getDouble(8));
                raises(MPI.ERR_TYPE, "byte[]", () -> MPI.COMM_WORLD.Recv(new int[8], 0, 2, pair, 0, 5));
            }
        }
    }

    @Test
    void datatypesAreBuiltAndMovedAsOpenMpiUsersBuildThemOnThreadRanks() {
        RankJobs.runOk(2, Datatypes.class);
    }

    @Test
    void datatypesAreBuiltAndMovedAsOpenMpiUsersBuildThemAcrossJvms() {
        ProcessJobs.runOk(2, 2, Datatypes.class);
    }
}
